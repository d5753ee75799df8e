import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accepted, ask, closeNight, countingBytes, currentNight, playNight, sessionFolderPerTest } from './testing';
import { createConfBackend } from '../store';
import { GameSession } from './gameSession';

/** The host moves the data folder from the console: copied and checked, then the shell restarts on it. */
const folder = sessionFolderPerTest('dealer-datamove-');

function openMovable(root: string, moved: string[]): GameSession {
  return new GameSession({
    storage: createConfBackend(root),
    randomBytes: countingBytes('move'),
    now: folder.clock.now,
    onDataMoved: (to) => moved.push(to),
  });
}

describe('moving the data folder', () => {
  it('copies everything, checks it, then tells the shell; the copy opens with every night and player', () => {
    const moved: string[] = [];
    const session = openMovable(folder.root, moved);
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-03-06', turns: 6 });
    const nights = ask(session, 'listNights');
    const to = path.join(folder.root, '..', `${path.basename(folder.root)}-moved`);
    try {
      accepted(session.runNow('moveData', { to }));
      expect(moved).toEqual([to]);
      session.close();
      const there = new GameSession({ storage: createConfBackend(to), now: folder.clock.now });
      expect(ask(there, 'listNights')).toEqual(nights);
      expect(there.getView().roster).toEqual(session.getView().roster);
      there.close();
      // The old folder is left whole: the shell sets it aside once the app runs on the copy.
      expect(fs.readdirSync(path.join(folder.root, 'nights'))).toHaveLength(1);
    } finally {
      fs.rmSync(to, { recursive: true, force: true });
    }
  });

  it('is refused while a night is open, into a folder with files, and where the command line fixes the folder; nothing changes', () => {
    const moved: string[] = [];
    const session = openMovable(folder.root, moved);
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-03-06', turns: 4 });
    accepted(session.runNow('reopenNight', { stateId: currentNight(session).stateId }));
    const to = path.join(folder.root, '..', `${path.basename(folder.root)}-open`);
    expect(session.runNow('moveData', { to })).toMatchObject({ ok: false, error: { code: 'night-open' } });
    expect(fs.existsSync(to)).toBe(false);
    accepted(session.runNow('endNight', { stateId: currentNight(session).stateId }));
    closeNight(session);
    expect(session.runNow('moveData', { to: folder.root })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(moved).toEqual([]);

    const fixed = folder.start();
    expect(fixed.runNow('moveData', { to })).toMatchObject({ ok: false, error: { code: 'data-folder-fixed' } });
    expect(fs.existsSync(to)).toBe(false);
  });
});
