import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandName } from '../../shared';
import { accepted, currentNight, ok, run as runOn, sessionFolderPerTest, startNight } from './testing/kit';
import { JournalFiles } from '../store/journalFiles';
import { DealerRepository } from '../store/repository';
import type { GameSession } from './gameSession';

/**
 * What the last review of the journal and the store left: the
 * open night replayed once at start, damage repaired without a moment where
 * the night is missing, and a failed restore that answers with its refusal.
 */

const folder = sessionFolderPerTest('dealer-storage-safety-');

afterEach(() => {
  vi.restoreAllMocks();
});

function run(session: GameSession, command: CommandName, args: object = {}): void {
  ok(runOn(session, command, args));
}

/** A night with a few turns played, left open. */
function openNightWithTurns(session: GameSession): string {
  startNight(session, { players: [{ name: 'Ann' }, { name: 'Bob' }], chipValue: 10 });
  run(session, 'drawForDealer');
  for (let step = 0; currentNight(session).turnsPlayed < 3 && step < 30; step++) {
    const phase = currentNight(session).phase;
    if (phase === 'cut') run(session, 'cut', { cut: 4 });
    else if (phase === 'ready') run(session, 'deal');
    else if (phase === 'ace-call') run(session, 'callAce', { call: 'high' });
    else run(session, 'bet', { amount: 1 });
  }
  return currentNight(session).id;
}

describe('the night journal at start', () => {
  it('the open night is replayed once at start: reconciling the index hands it over to the session', () => {
    const session = folder.start();
    const id = openNightWithTurns(session);
    const view = session.getView();
    folder.closeLast();
    const reads = vi.spyOn(DealerRepository.prototype, 'readNight');
    const again = folder.start();
    expect(reads.mock.calls.filter(([night]) => night === id)).toHaveLength(1);
    expect(again.getView()).toEqual(view);
    // And it plays on from there.
    run(again, 'deal');
  });
});

describe('repairing a damaged journal', () => {
  it('a damaged journal is copied aside before its replacement is written: stopped in between, the whole night is still on disk', () => {
    const session = folder.start();
    const id = openNightWithTurns(session);
    folder.closeLast();
    const journal = path.join(folder.root, 'nights', `${id}.jsonl`);
    const lines = fs.readFileSync(journal, 'utf8').split('\n');
    const bet = lines.findLastIndex((line) => line.includes('"type":"bet"'));
    lines[bet] = '{"at":"2026-01-02T21:00:00.000Z","command":{"type":"bet","amount":-3}}';
    const damaged = lines.join('\n');
    fs.writeFileSync(journal, damaged);
    // The app is stopped while writing the repaired journal (here: the write fails).
    const write = vi.spyOn(JournalFiles.prototype, 'writeWhole').mockImplementationOnce(() => {
      throw new Error('stopped mid-repair');
    });
    expect(() => folder.start()).toThrow('stopped mid-repair');
    write.mockRestore();
    // Nothing lost: the journal is where it was, as it was, and a copy sits beside it.
    expect(fs.readFileSync(journal, 'utf8')).toBe(damaged);
    const copies = fs.readdirSync(path.dirname(journal)).filter((name) => name.startsWith(`${id}.jsonl.corrupt-`));
    expect(copies.map((name) => fs.readFileSync(path.join(path.dirname(journal), name), 'utf8'))).toEqual([damaged]);
    // The next start repairs it: the commands before the damage are the night, the damaged file kept beside it.
    const repaired = folder.start();
    expect(currentNight(repaired).id).toBe(id);
    expect(fs.readFileSync(journal, 'utf8').split('\n').length).toBe(bet + 1);
    const notice = repaired.getView().storageNotices.find((n) => n.kind === 'set-aside');
    expect(fs.readFileSync(notice?.setAsideAs ?? '', 'utf8')).toBe(damaged);
  });
});

describe('a restore that fails', () => {
  it('answers with its refusal even when cleaning up after it fails too; the data stays as it was', () => {
    const session = folder.start();
    openNightWithTurns(session);
    run(session, 'endNight');
    run(session, 'closeNight');
    const backup = accepted(session.runNow('backup', {})).data;
    openNightWithTurns(session);
    run(session, 'endNight');
    run(session, 'closeNight');
    const before = session.getView();
    const nightsBefore = accepted(session.runNow('listNights', {})).data;
    const staging = path.join(folder.root, 'restore-staging');
    // The disk fails while the backup is staged, and again when the staged files are thrown away.
    const realRename = fs.renameSync.bind(fs);
    const realRemove = fs.rmSync.bind(fs);
    let failed = false;
    const rename = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (!String(to).startsWith(staging)) return realRename(from, to);
      failed = true;
      throw new Error('disk full');
    });
    const remove = vi.spyOn(fs, 'rmSync').mockImplementation((target, options) => {
      if (failed && String(target) === staging) throw new Error('disk gone');
      realRemove(target, options);
    });
    const result = session.runNow('restore', { content: backup.content, replace: true });
    rename.mockRestore();
    remove.mockRestore();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code: 'storage', message: expect.stringContaining('disk full') });
    expect(session.getView()).toEqual(before);
    expect(accepted(session.runNow('listNights', {})).data).toEqual(nightsBefore);
    // At the next start the staged files are thrown away: the data is all as it was.
    folder.closeLast();
    const restarted = folder.start();
    expect(accepted(restarted.runNow('listNights', {})).data).toEqual(nightsBefore);
    expect(fs.existsSync(staging)).toBe(false);
  });
});
