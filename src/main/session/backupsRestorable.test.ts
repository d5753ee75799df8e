import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_FOLDER, createConfBackend } from '../store';
import { GameSession } from './gameSession';
import { accepted, ask, closeNight, countingBytes, playNight, TestClock } from './testing/kit';

/**
 * A backup the app wrote is always one it can restore, whatever damage the
 * data folder took before it was written: every kind (the host's own, the
 * day's first, after a night, before a restore) is restored into an empty
 * folder after each damage.
 */
let root = '';
let clock = new TestClock();
let jobs: (() => void)[] = [];
const open: GameSession[] = [];
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-restorable-'));
  clock = new TestClock();
  jobs = [];
});
afterEach(() => {
  for (const session of open.splice(0)) session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function startApp(folder = root): GameSession {
  const session = new GameSession({
    storage: createConfBackend(folder),
    randomBytes: countingBytes('restorable'),
    now: clock.now,
    autoBackups: true,
    deferBackup: (job) => jobs.push(job),
  });
  open.push(session);
  return session;
}
const settle = () => {
  for (const job of jobs.splice(0)) job();
};
const file = (...parts: string[]) => path.join(root, ...parts);
const rosterIds = (): string[] =>
  (JSON.parse(fs.readFileSync(file('roster.json'), 'utf8')) as { players: { id: string }[] }).players.map((p) => p.id);

const DAMAGES: Record<string, (nights: string[]) => void> = {
  'aliases.json merges a player the roster lacks': () => {
    const [into] = rosterIds();
    const merge = { from: 'p-ghost', into, at: '2026-03-06T23:00:00.000Z', wasArchived: false };
    fs.writeFileSync(file('aliases.json'), JSON.stringify({ format: 'in-between-dealer/aliases', version: 1, merges: [merge] }));
  },
  'roster.json deleted': () => fs.rmSync(file('roster.json')),
  'nights-index.json garbled': () => fs.writeFileSync(file('nights-index.json'), '{"format": "in-between'),
  'a journal cut inside its first command line': ([first]) => {
    const journal = file('nights', `${first}.jsonl`);
    const text = fs.readFileSync(journal, 'utf8');
    fs.writeFileSync(journal, text.slice(0, text.indexOf('\n') + 12));
  },
};

describe('every backup the app writes can be restored, after any damage', () => {
  for (const [damage, apply] of Object.entries(DAMAGES)) {
    it(
      damage,
      () => {
        let session = startApp();
        const nights = [
          playNight(session, clock, { players: ['Ana', 'Ben'], day: '2026-03-06', turns: 4 }),
          (closeNight(session), playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-07', turns: 4 })),
        ];
        closeNight(session);
        settle();
        session.close();
        open.splice(0);
        apply(nights);

        clock.setDay('2026-03-08');
        session = startApp();
        settle(); // the day's first backup
        expect(session.getView().storageNotices.length).toBeGreaterThan(0);
        const own = ask(session, 'backup').content;
        accepted(session.runNow('restore', { content: own, replace: true })); // the backup before a restore
        playNight(session, clock, { players: ['Ana', 'Dev'], day: '2026-03-08', turns: 4 }, 'after');
        closeNight(session);
        settle(); // the night-end backup

        const kept = fs.readdirSync(file(BACKUP_FOLDER)).map((name) => fs.readFileSync(file(BACKUP_FOLDER, name), 'utf8'));
        const kinds = ask(session, 'listBackups').backups.map((b) => b.reason);
        expect(new Set(kinds)).toEqual(new Set(['daily', 'before-restore', 'night-end']));
        for (const [n, content] of [own, ...kept].entries()) {
          const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-restorable-into-'));
          try {
            const fresh = startApp(elsewhere);
            expect(fresh.runNow('restore', { content }), `backup ${n}`).toMatchObject({ ok: true });
          } finally {
            fs.rmSync(elsewhere, { recursive: true, force: true });
          }
        }
      },
      60_000,
    );
  }
});
