import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandsFor, type AppView } from '../../shared';
import { createConfBackend } from '../store/confBackend';
import { GameSession } from './gameSession';
import { ok, startNight as startNightOn } from './testing/kit';

/**
 * What both screens show lives in main's view (docs/design.md "Two windows, four
 * roles"): the settle-up mode and which screen the TV shows, pushed to the
 * console and the TV alike.
 */

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-screens-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function openSession(): { session: GameSession; pushed: AppView[] } {
  let n = 0;
  const session = new GameSession({
    storage: createConfBackend(root),
    randomBytes: (size) => Uint8Array.from({ length: size }, () => n++ % 256),
  });
  const pushed: AppView[] = [];
  session.onView((view) => pushed.push(view));
  return { session, pushed };
}

function startNight(session: GameSession): AppView {
  startNightOn(session);
  return session.getView();
}

describe("the settle-up mode is main's, so the console and the TV show the same list", () => {
  it('starts at the fewest transfers; setSettleMode switches it in the view every window is sent', () => {
    const { session, pushed } = openSession();
    expect(session.getView().settleMode).toBe('fewest');
    expect(ok(session.runNow('setSettleMode', { mode: 'banker' })).settleMode).toBe('banker');
    expect(pushed.at(-1)?.settleMode).toBe('banker');
    expect(ok(session.runNow('setSettleMode', { mode: 'fewest' })).settleMode).toBe('fewest');
  });

  it('refuses a mode that does not exist, saying which exist, and changes nothing', () => {
    const { session, pushed } = openSession();
    const refused = session.runNow('setSettleMode', { mode: 'everyone-pays-me' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('"fewest" or "banker"') },
    });
    expect(session.getView().settleMode).toBe('fewest');
    expect(pushed).toEqual([]);
  });

  it('only the host may switch it: the TV and phones read it', () => {
    expect(commandsFor('host').includes('setSettleMode')).toBe(true);
    expect(commandsFor('table').includes('setSettleMode')).toBe(false);
    expect(commandsFor('phone').includes('setSettleMode')).toBe(false);
  });
});

describe('the TV goes back to the live table when play resumes', () => {
  it('an accepted play at the table replaces the history on the TV; a refused one leaves it', () => {
    const { session } = openSession();
    const started = startNight(session);
    expect(ok(session.runNow('showOnTable', { screen: { kind: 'standings' } })).tableScreen).toEqual({ kind: 'standings' });

    const stale = session.runNow('drawForDealer', { stateId: (started.night?.stateId ?? 0) + 99 });
    expect(stale.ok).toBe(false);
    expect(session.getView().tableScreen).toEqual({ kind: 'standings' });

    const drawn = ok(session.runNow('drawForDealer', { stateId: session.getView().night?.stateId ?? 0 }));
    expect(drawn.tableScreen).toEqual({ kind: 'live' });
  });
});
