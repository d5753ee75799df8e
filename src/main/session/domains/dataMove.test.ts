import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accepted, ask, closeNight, countingBytes, currentNight, playNight, sessionFolderPerTest } from '../testing/kit';
import { createConfBackend } from '../../store';
import { GameSession } from '../gameSession';

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

  it('the pointer to a moved folder lost: a notice names both folders and waits for the host to choose; the choice is handed to the shell', () => {
    const chosen: string[] = [];
    const inUse = folder.root;
    const other = path.join(path.dirname(folder.root), 'default-data');
    const start = () =>
      new GameSession({
        storage: createConfBackend(folder.root),
        now: folder.clock.now,
        dataFolderChoice: { pointer: '/user/data-location.json', inUse, other, choose: (to) => chosen.push(to) },
      });
    let session = start();
    const notices = session.getView().storageNotices.filter((n) => n.kind === 'data-location');
    expect(notices).toEqual([expect.objectContaining({ file: '/user/data-location.json', dataFolders: { inUse, other } })]);
    const id = notices[0]?.id ?? '';
    // A plain dismiss is not an answer, nor another notice's.
    expect(session.runNow('dismissNotice', { id })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(session.runNow('dismissNotice', { id, keep: 'index' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(chosen).toEqual([]);
    accepted(session.runNow('dismissNotice', { id, keep: 'other-folder' }));
    expect(chosen).toEqual([other]);
    expect(session.getView().storageNotices.filter((n) => n.kind === 'data-location')).toEqual([]);
    session.close();
    // Still lost at the next start (the host kept this folder): asked again, and "this folder" is written down.
    session = start();
    const again = session.getView().storageNotices.find((n) => n.kind === 'data-location');
    accepted(session.runNow('dismissNotice', { id: again?.id ?? '', keep: 'this-folder' }));
    expect(chosen).toEqual([other, inUse]);
    session.close();
  });
});
