import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readNightExport } from './exportReader';

const version1 = readFileSync(new URL('./fixtures/night-export-v1.json', import.meta.url), 'utf8');

describe('reading night exports of every version', () => {
  it('M1: an in-between-night/1 file (chip value 0.29 EUR as a float) reads as /2 with 29 cents and every turn kept', () => {
    const read = readNightExport(version1);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const original = JSON.parse(version1) as { turns: unknown[]; ledger: unknown[] };
    expect(read.upcastFrom).toBe('in-between-night/1');
    expect(read.night.format).toBe('in-between-night/5');
    expect(read.night.table).toBeNull();
    expect(read.night.night.chipValue).toBe(29);
    expect(read.night.turns).toHaveLength(original.turns.length);
    expect(read.night.ledger).toEqual(original.ledger);
    expect(read.night.turns.every((turn) => turn.call === null && turn.limit === null)).toBe(true);
  });

  it('R31, R32: an in-between-night/1 file (no seat changes then) reads with one seating entry, its players in seat order', () => {
    const read = readNightExport(version1);
    if (!read.ok) throw new Error(read.problem);
    const players = (JSON.parse(version1) as { players: { id: string; seat: number }[] }).players;
    const order = [...players].sort((a, b) => a.seat - b.seat).map((p) => p.id);
    expect(read.night.seating).toEqual([{ beforeTurn: 1, order, sittingOut: [] }]);
  });

  it('M4: an in-between-night/1 file (before shared expenses) reads with no expenses, and a /2 file without the field too', () => {
    const read = readNightExport(version1);
    if (!read.ok) throw new Error(read.problem);
    expect(read.night.expenses).toEqual([]);
    const { expenses: _none, ...withoutExpenses } = read.night;
    const older = readNightExport(JSON.stringify(withoutExpenses));
    expect(older).toMatchObject({ ok: true, night: { expenses: [] }, upcastFrom: null });
    const bad = readNightExport(
      JSON.stringify({ ...read.night, expenses: [{ id: 'e1', payer: 'p', amount: 0, description: '', sharers: ['p'], shares: { p: 0 } }] }),
    );
    expect(bad).toMatchObject({ ok: false, problem: expect.stringContaining('expenses.0.amount') });
  });

  it('R21, R31: an in-between-night/3 file (before the host actions were recorded) reads as /5 without them; one with them is refused', () => {
    const first = readNightExport(version1);
    if (!first.ok) throw new Error(first.problem);
    const { record: _none, ...withoutRecord } = first.night;
    const read = readNightExport(JSON.stringify({ ...withoutRecord, format: 'in-between-night/3' }));
    expect(read).toEqual({ ok: true, night: first.night, upcastFrom: 'in-between-night/3' });
    if (read.ok) expect(read.night.hostActions).toBeUndefined();
    const forged = readNightExport(JSON.stringify({ ...withoutRecord, format: 'in-between-night/3', hostActions: [] }));
    expect(forged).toMatchObject({ ok: false, problem: expect.stringContaining('hostActions') });
  });

  it('R35: an in-between-night/4 file (before nights were signed) reads as /5 with no record; one with a record is refused', () => {
    const first = readNightExport(version1);
    if (!first.ok) throw new Error(first.problem);
    const { record: _none, ...withoutRecord } = first.night;
    const read = readNightExport(JSON.stringify({ ...withoutRecord, format: 'in-between-night/4' }));
    expect(read).toEqual({ ok: true, night: first.night, upcastFrom: 'in-between-night/4' });
    if (read.ok) expect(read.night.record).toBeNull();
    const forged = readNightExport(JSON.stringify({ ...first.night, format: 'in-between-night/4' }));
    expect(forged).toMatchObject({ ok: false, problem: expect.stringContaining('record: a in-between-night/4 file has none') });
    // Version 5 always says whether it is signed: its record, or null.
    expect(readNightExport(JSON.stringify(withoutRecord))).toMatchObject({ ok: false, problem: expect.stringContaining('record') });
  });

  it('a /5 file reads as it is, and reading it again gives the same night', () => {
    const first = readNightExport(version1);
    if (!first.ok) throw new Error(first.problem);
    const again = readNightExport(JSON.stringify(first.night));
    expect(again).toEqual({ ok: true, night: first.night, upcastFrom: null });
  });

  it('R34: an in-between-night/2 file (before cards drawn by the table) reads as /5 with no table draws and its rules on the shuffled deck', () => {
    const first = readNightExport(version1);
    if (!first.ok) throw new Error(first.problem);
    const { table: _none, record: _unsigned, rules, ...rest } = first.night;
    const { cards: _deck, ...rulesOf2 } = rules;
    const read = readNightExport(JSON.stringify({ ...rest, rules: rulesOf2, format: 'in-between-night/2' }));
    expect(read).toEqual({ ok: true, night: first.night, upcastFrom: 'in-between-night/2' });
    if (read.ok) expect([read.night.table, read.night.rules.cards]).toEqual([null, 'deck']);
  });

  it('refuses what is not a night export with a reason, whatever the version', () => {
    expect(readNightExport('not json')).toEqual({ ok: false, problem: 'the file is not JSON' });
    expect(readNightExport('[]')).toMatchObject({ ok: false });
    expect(readNightExport(JSON.stringify({ format: 'in-between-night/9' }))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('unknown format'),
    });
    const badChipValue = JSON.parse(version1) as { night: { chipValue: unknown } };
    badChipValue.night.chipValue = 'lots';
    expect(readNightExport(JSON.stringify(badChipValue))).toMatchObject({ ok: false, problem: expect.stringContaining('chipValue') });
    const extraField = JSON.parse(version1) as Record<string, unknown>;
    extraField.surprise = true;
    expect(readNightExport(JSON.stringify(extraField))).toMatchObject({ ok: false });
  });
});
