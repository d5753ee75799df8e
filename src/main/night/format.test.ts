import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJournal, encodeEntry, headerLine, JOURNAL_VERSION, JournalHeaderError, type JournalEntry } from './format';
import { replayJournal, replayPrefix } from './play';

/** A night written by version 1 of the journal (25 turns, 4 players, the pot carried out): every later version must replay it. */
const FIXTURE = fs.readFileSync(new URL('./fixtures/night-journal-v1.jsonl', import.meta.url), 'utf8');

describe('the night journal', () => {
  it('replays a night written by version 1 exactly (fixture): every turn, the stacks, the pot and the carry (R22)', () => {
    const decoded = decodeJournal(FIXTURE);
    expect(decoded.header).toEqual({ format: 'in-between-dealer/night-journal', version: 1, night: '2026-01-01-6bc4e2' });
    expect(decoded.damage).toBeNull();
    expect(decoded.tornTail).toBe(false);
    const night = replayJournal(decoded.entries);
    expect(night.state.nightId).toBe('2026-01-01-6bc4e2');
    expect(night.state.phase.kind).toBe('ended');
    expect(night.turns).toHaveLength(25);
    expect(night.state.stateId).toBe(60);
    expect(night.state.stacks).toEqual({ 'p-de590541': 15, 'p-ce0f717e': 8, 'p-273056e3': 4, 'p-83a954ac': 5 });
    expect(night.state.pot).toBe(0);
    expect(night.ledger.balances().carriedOut).toBe(8);
    expect(night.ledger.entries).toHaveLength(36);
    expect(night.state.chipValue).toBe(25);
  });

  it('writes back exactly what it read: a line is its facts and nothing else', () => {
    const { entries } = decodeJournal(FIXTURE);
    expect(
      headerLine('2026-01-01-6bc4e2').replace(`"version":${JOURNAL_VERSION}`, '"version":1') +
        entries.map((entry) => encodeEntry(entry, null)).join(''),
    ).toBe(FIXTURE);
  });

  it('drops a last line cut short (never acknowledged), and says where the whole lines end', () => {
    const torn = `${FIXTURE}{"at":"2026-01-01T21:00:00.000Z","command":{"ty`;
    const decoded = decodeJournal(torn);
    expect(decoded.tornTail).toBe(true);
    expect(decoded.damage).toBeNull();
    expect(decoded.entries).toEqual(decodeJournal(FIXTURE).entries);
    expect(decoded.goodBytes).toBe(Buffer.byteLength(FIXTURE));
  });

  it('stops at a damaged line and keeps the lines before it', () => {
    const lines = FIXTURE.split('\n');
    lines[5] = '{"at":"x","command":{"type":"bet","amount":"lots"}}';
    const decoded = decodeJournal(lines.join('\n'));
    expect(decoded.damage).toEqual({ line: 6, reason: expect.stringMatching(/command/) });
    expect(decoded.entries).toHaveLength(4);
    lines[5] = '{"at": nope';
    expect(decodeJournal(lines.join('\n')).damage).toEqual({ line: 6, reason: expect.stringMatching(/not JSON/) });
  });

  it('R24: a line the engine refuses on replay ends the replay there, the night before it intact', () => {
    const { entries } = decodeJournal(FIXTURE);
    const betAt = entries.findIndex((e, i) => i >= 10 && e.command.type === 'bet');
    const changed: JournalEntry[] = entries.map((e, i) => (i === betAt ? { ...e, command: { type: 'bet', amount: 999 } } : e));
    const { night, failure } = replayPrefix(changed);
    expect(failure?.line).toBe(betAt + 2);
    expect(failure?.message).toMatch(/the engine refuses it/);
    expect(night.entries).toHaveLength(betAt);
    expect(night.state.stateId).toBeGreaterThan(0);
  });

  it('R9: a line must hold exactly the seeds its command used', () => {
    const { entries } = decodeJournal(FIXTURE);
    const withSeeds = entries.findIndex((e) => e.seeds !== undefined);
    const missing = entries.map((e, i) => (i === withSeeds ? { at: e.at, command: e.command } : e));
    expect(replayPrefix(missing).failure?.message).toMatch(/no seed for/);
    const extra = entries.map((e, i) => (i === withSeeds ? { ...e, seeds: [...(e.seeds ?? []), 'ab'.repeat(32)] } : e));
    expect(replayPrefix(extra).failure?.message).toMatch(/holds 2 seeds but the command used 1/);
  });

  it('refuses a file that is not a journal, or one written by a newer version', () => {
    expect(() => decodeJournal('')).toThrow(JournalHeaderError);
    expect(() => decodeJournal('{"format":"something-else","version":1,"night":"a"}\n')).toThrow(/does not name/);
    expect(() => decodeJournal(`{"format":"in-between-dealer/night-journal","version":${JOURNAL_VERSION + 1},"night":"a"}\n`)).toThrow(
      /newer version/,
    );
  });
});
