import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackupsList } from '../../shared';
import {
  accepted,
  ask,
  closeNight,
  countingBytes,
  currentNight,
  playNight as playOn,
  seedsInPlay,
  type PlayedNight,
  type TestClock,
} from './testing/kit';
import { decodeJournal } from '../night';
import { BACKUP_FOLDER, backupFileName, createConfBackend } from '../store';
import { GameSession } from './gameSession';

/**
 * Backups that keep themselves: written after every night ends (after the
 * answer) and once a day while the app is open, rotated to 10, and one of
 * what a restore replaces so the restore can be undone.
 */
let root = '';
/** A clock that only moves forward: each night starts later the same day (TestClock goes back to 20:00). */
class ForwardClock {
  private t = 0;
  readonly now = (): Date => new Date((this.t += 1000));
  setDay(isoDay: string): void {
    this.t = Math.max(this.t, Date.parse(`${isoDay}T12:00:00.000Z`));
  }
}
let clock = new ForwardClock();
let jobs: (() => void)[] = [];
const open: GameSession[] = [];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-kept-'));
  clock = new ForwardClock();
  jobs = [];
});
afterEach(() => {
  for (const session of open.splice(0)) session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The app starting on the data folder, with automatic backups; deferred jobs wait for `settle`. */
function startApp(): GameSession {
  const session = new GameSession({
    storage: createConfBackend(root),
    randomBytes: countingBytes('kept'),
    now: clock.now,
    autoBackups: true,
    deferBackup: (job) => jobs.push(job),
  });
  open.push(session);
  return session;
}

/** Runs what was deferred until after the answers. */
function settle(): void {
  for (const job of jobs.splice(0)) job();
}

function quit(session: GameSession): void {
  session.close();
  open.splice(open.indexOf(session), 1);
}

const playNight = (session: GameSession, _clock: ForwardClock, plan: PlayedNight, seed?: string) =>
  playOn(session, clock as unknown as TestClock, plan, seed);
const list = (session: GameSession): BackupsList => ask(session, 'listBackups');
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;

describe('backups that keep themselves', () => {
  it("over a fortnight of nights and restarts: one after each night, the day's first while open, 3 of today and one per earlier day, 10 in all", () => {
    for (let n = 1; n <= 14; n++) {
      clock.setDay(day(n));
      let session = startApp();
      settle();
      // The day's first backup, from the start (none on the first day: there is nothing yet to back up).
      expect(list(session).backups.filter((b) => b.reason === 'daily' && b.createdAt.startsWith(day(n)))).toHaveLength(n === 1 ? 0 : 1);
      const nights = n === 14 ? 3 : n % 2 === 0 ? 2 : 1;
      for (let k = 0; k < nights; k++) {
        const before = list(session).backups.length;
        playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: day(n), turns: 4 }, `f${n}-${k}`);
        // The night-end backup is not written inside endNight's answer.
        expect(list(session).backups.length).toBe(before);
        settle();
        const newest = list(session).backups[0];
        expect(newest?.reason).toBe('night-end');
        closeNight(session);
        // A restart the same day writes no second daily backup.
        const beforeRestart = list(session).backups;
        quit(session);
        session = startApp();
        settle();
        expect(list(session).backups).toEqual(beforeRestart);
      }
      const kept = list(session).backups;
      expect(kept.length).toBeLessThanOrEqual(10);
      quit(session);
    }
    const session = startApp();
    const kept = list(session).backups;
    expect(kept).toHaveLength(10);
    // Today: the 3 newest, all after a night (the day's first, daily, rotated away); then one per day back to day 7.
    expect(kept.slice(0, 3).map((b) => [b.createdAt.slice(0, 10), b.reason])).toEqual(Array(3).fill([day(14), 'night-end']));
    expect(kept.slice(3).map((b) => b.createdAt.slice(0, 10))).toEqual([13, 12, 11, 10, 9, 8, 7].map(day));
    // Each is a backup of everything: the last holds every night played.
    expect(kept[0]?.nights).toBe(7 * 1 + 6 * 2 + 3);
    expect(fs.readdirSync(path.join(root, BACKUP_FOLDER))).toHaveLength(10);
  }, 30_000); // fourteen days of nights and restarts on disk: seconds on a busy machine, not a speed target

  it('a restore first backs up what it replaces, so it can be undone, and the undo undone', () => {
    const session = startApp();
    playNight(session, clock, { players: ['Ana', 'Ben'], day: day(1), turns: 6 });
    closeNight(session);
    const oneNight = ask(session, 'backup');
    playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: day(2), turns: 6 });
    closeNight(session);
    const twoNights = ask(session, 'listNights');
    expect(list(session).undoRestore).toBeNull();

    accepted(session.runNow('restore', { content: oneNight.content, replace: true }));
    expect(ask(session, 'listNights')).toHaveLength(1);
    const { undoRestore, backups } = list(session);
    expect(undoRestore).not.toBeNull();
    expect(backups.find((b) => b.id === undoRestore)).toMatchObject({ reason: 'before-restore', nights: 2 });

    // "Undo the restore": the two nights are back, as they were.
    accepted(session.runNow('restoreBackup', { id: undoRestore, replace: true }));
    expect(ask(session, 'listNights')).toEqual(twoNights);
    // The undo wrote its own backup first: undoing it brings the restore back.
    const redo = list(session).undoRestore;
    expect(redo).not.toBe(undoRestore);
    accepted(session.runNow('restoreBackup', { id: redo, replace: true }));
    expect(ask(session, 'listNights')).toHaveLength(1);
  });

  it('a backup that is not kept is refused and nothing changes; a name that could leave the folder is not a backup id', () => {
    const session = startApp();
    playNight(session, clock, { players: ['Ana', 'Ben'], day: day(1), turns: 4 });
    closeNight(session);
    const nights = ask(session, 'listNights');
    const gone = session.runNow('restoreBackup', { id: 'in-between-dealer-backup-2020-01-01-00-00-00-000-daily.json', replace: true });
    expect(gone).toMatchObject({ ok: false, error: { code: 'unknown-backup' } });
    const outside = session.runNow('restoreBackup', { id: '../settings.json', replace: true });
    expect(outside).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(ask(session, 'listNights')).toEqual(nights);
  });

  it('R12: a backup made while a night is open holds no seed of the deck still in play, and restores', () => {
    const session = startApp();
    playNight(session, clock, { players: ['Ana', 'Ben'], day: day(1), turns: 4 });
    closeNight(session);
    clock.setDay(day(2));
    accepted(session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 25 }));
    // Play on until a deck is in play: its seed is drawn, and not yet retired.
    let liveSeeds: string[] = [];
    for (let step = 0; liveSeeds.length === 0 && step < 6; step++) {
      const { phase, stateId } = currentNight(session);
      if (phase === 'draw') accepted(session.runNow('drawForDealer', { stateId }));
      else if (phase === 'ready') accepted(session.runNow('deal', { stateId }));
      else if (phase === 'cut') accepted(session.runNow('cut', { stateId, cut: 0 }));
      liveSeeds = seedsInPlay(session.currentNight);
    }
    expect(liveSeeds.length).toBeGreaterThan(0);
    const backup = ask(session, 'backup').content;
    for (const seed of liveSeeds) expect(backup).not.toContain(seed);
    // The ended night's retired seeds are kept (R12: anyone can check them).
    // Read with no key: an ended night reveals every seed in its file (its lines also hold commitments, which a backup in plain need not).
    const endedJournal = fs.readFileSync(path.join(root, 'nights', `${ask(session, 'listNights')[1]?.id}.jsonl`), 'utf8');
    const endedSeeds = decodeJournal(endedJournal).entries.flatMap((e) => e.seeds ?? []);
    expect(endedSeeds.length).toBeGreaterThan(0);
    for (const seed of endedSeeds) expect(backup).toContain(seed);
    // It restores elsewhere: the open night as it stood before the deck in play was shuffled.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-kept-elsewhere-'));
    try {
      const other = new GameSession({ storage: createConfBackend(elsewhere), now: clock.now });
      accepted(other.runNow('restore', { content: backup }));
      expect(ask(other, 'listNights').map((n) => n.endedAt === null)).toEqual([true, false]);
      expect(other.getView().night?.phase).toBeDefined();
      other.close();
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
    // The automatic backups too: the daily one written while this night is open.
    clock.setDay(day(3));
    const later = startApp();
    settle();
    const daily = list(later).backups.find((b) => b.reason === 'daily');
    expect(daily).toBeDefined();
    const text = fs.readFileSync(path.join(root, BACKUP_FOLDER, daily?.id ?? ''), 'utf8');
    for (const seed of liveSeeds) expect(text).not.toContain(seed);
  });
  it('a clock that was ahead: backups dated tomorrow are kept and named in a notice, and never push out a night-end backup or the undo of a restore', () => {
    let session = startApp();
    playNight(session, clock, { players: ['Ana', 'Ben'], day: day(1), turns: 4 });
    closeNight(session);
    settle();
    const oneNight = ask(session, 'backup');
    quit(session);
    // Three backups written while the clock said tomorrow.
    const future = ['08:00:00', '09:00:00', '10:00:00'].map((t) => backupFileName(new Date(`${day(2)}T${t}.000Z`), 'night-end'));
    for (const name of future) fs.writeFileSync(path.join(root, BACKUP_FOLDER, name), oneNight.content);

    session = startApp();
    settle();
    const notice = session.getView().storageNotices.find((n) => n.kind === 'future-backups');
    for (const name of future) expect(notice?.reason).toContain(name);
    playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: day(1), turns: 4 }, 'ahead');
    closeNight(session);
    settle();
    const today = list(session).backups.filter((b) => b.createdAt.startsWith(day(1)) && b.reason === 'night-end');
    expect(today.map((b) => b.nights)).toContain(2);

    accepted(session.runNow('restore', { content: oneNight.content, replace: true }));
    const { undoRestore, backups } = list(session);
    expect(backups.find((b) => b.id === undoRestore)).toMatchObject({ reason: 'before-restore', nights: 2 });
    for (const name of future) expect(backups.map((b) => b.id)).toContain(name);
  });
  it('a night-end backup lost to a crash is written at the next start, not only after the next night', () => {
    let session = startApp();
    playNight(session, clock, { players: ['Ana', 'Ben'], day: day(1), turns: 4 });
    closeNight(session);
    settle();
    playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: day(1), turns: 4 }, 'lost');
    closeNight(session);
    // Killed before the deferred backup ran.
    jobs = [];
    expect(list(session).backups[0]?.nights).toBe(1);
    quit(session);
    session = startApp();
    settle();
    expect(list(session).backups[0]).toMatchObject({ reason: 'night-end', nights: 2 });
  });
});
