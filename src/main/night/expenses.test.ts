import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runningTab, settleUp, shareExpense, type NightTransfer } from '../ledger';
import { chainedJournal, decodeJournal, type JournalEntry, type RecordedCommand } from './format';
import { nightBalances } from './money';
import { replayJournal, replayPrefix } from './play';
import { nightSummary } from './summary';

/** A night written by version 1 of the journal: 4 players, ended, the pot carried out (R22). */
const FIXTURE = fs.readFileSync(new URL('./fixtures/night-journal-v1.jsonl', import.meta.url), 'utf8');
const { entries: played } = decodeJournal(FIXTURE);
const base = replayJournal(played);
const players = base.state.players.map((p) => p.id);
const seating = players;
const total = (record: Readonly<Record<string, number>>): number => Object.values(record).reduce((a, b) => a + b, 0);

const at = '2026-01-01T23:00:00.000Z';
const line = (command: RecordedCommand): JournalEntry => ({ at, command });

/** A random expense of the fixture's night, its shares fixed as the session fixes them. */
const expenseArb = fc
  .record({
    payer: fc.nat(players.length - 1),
    amount: fc.integer({ min: 1, max: 1_000_000 }),
    sharers: fc.uniqueArray(fc.nat(players.length - 1), { minLength: 1, maxLength: players.length }),
  })
  .map(({ payer, amount, sharers }) => {
    const payerId = players[payer] as string;
    const sharerIds = sharers.map((i) => players[i] as string);
    return { payer: payerId, amount, description: '', sharers: sharerIds, shares: shareExpense(amount, sharerIds, payerId, seating) };
  });

/** Random expense lines: adds, then some edited or removed. */
const linesArb = fc
  .tuple(fc.array(expenseArb, { maxLength: 6 }), fc.array(fc.tuple(fc.nat(), fc.boolean(), expenseArb), { maxLength: 4 }))
  .map(([adds, changes]) => {
    const lines: JournalEntry[] = adds.map((e, i) => line({ type: 'expense-add', id: `e${i}`, ...e }));
    const alive = adds.map((_, i) => `e${i}`);
    for (const [pick, remove, e] of changes) {
      if (alive.length === 0) break;
      const id = alive[pick % alive.length] as string;
      if (remove) {
        lines.push(line({ type: 'expense-remove', id }));
        alive.splice(alive.indexOf(id), 1);
      } else lines.push(line({ type: 'expense-edit', id, ...e }));
    }
    return lines;
  });

describe('expense lines in the night journal (M4)', () => {
  it('M4: any night with random expenses: shares add up to each amount, balances of players and bank add up to 0, and the tab equals the unpaid transfers', () => {
    fc.assert(
      fc.property(linesArb, fc.array(fc.boolean(), { maxLength: 8 }), (lines, marks) => {
        const night = replayJournal([...played, ...lines]);
        for (const e of night.expenses) expect(total(e.shares)).toBe(e.amount);
        const balances = nightBalances(night);
        if (!balances) throw new Error('the fixture night has ended');
        expect(total(balances)).toBe(0);
        // The expenses move money between the players and nothing else: the chips' balances plus the expenses' effect.
        const chipsOnly = nightBalances({ ...night, expenses: [] }) ?? {};
        for (const id of players) {
          const effect = night.expenses.reduce((sum, e) => sum + (e.payer === id ? e.amount : 0) - (e.shares[id] ?? 0), 0);
          expect(balances[id]).toBe((chipsOnly[id] ?? 0) + effect);
        }
        // The night's transfers as the index line keeps its balances (history/tab.ts), some marked paid (M3).
        const summary = nightSummary(night, 1);
        const transfers = settleUp(summary.balances ?? {});
        const marked: NightTransfer[] = transfers.map((t, i) => ({
          ...t,
          id: `${summary.id}:${t.from}>${t.to}`,
          nightId: summary.id,
          paid: marks[i] ?? false,
        }));
        const owed = (list: readonly { from: string; to: string; amount: number }[], party: string) =>
          list.reduce((sum, t) => sum + (t.to === party ? t.amount : 0) - (t.from === party ? t.amount : 0), 0);
        const tab = runningTab(marked);
        for (const party of [...players, 'bank'])
          expect(owed(tab, party)).toBe(
            owed(
              marked.filter((t) => !t.paid),
              party,
            ),
          );
        for (const party of [...players, 'bank']) expect(owed(transfers, party)).toBe(balances[party] ?? 0);
      }),
      { numRuns: 60 },
    );
  });

  it('M4: expense lines are written and read back unchanged, and leave the chips, the turns and the state id alone', () => {
    const lines = [
      line({
        type: 'expense-add',
        id: 'e1',
        payer: players[1] as string,
        amount: 1000,
        description: 'Pizza 🍕',
        sharers: players.slice(0, 3),
        shares: shareExpense(1000, players.slice(0, 3), players[1] as string, seating),
      }),
      line({ type: 'expense-remove', id: 'e1' }),
    ];
    const { text } = chainedJournal(base.state.nightId, [...played, ...lines]);
    const decoded = decodeJournal(text);
    expect(decoded.damage).toBeNull();
    expect(decoded.entries.slice(-2)).toEqual(lines);
    const night = replayJournal(decoded.entries);
    expect(night.state).toEqual(base.state);
    expect(night.ledger.entries).toEqual(base.ledger.entries);
    expect(night.expenses).toEqual([]);
  });

  it('M4: an expense line that does not hold (shares not adding up, an unknown player or expense) stops the replay at that line', () => {
    const payer = players[0] as string;
    const bad: RecordedCommand[] = [
      { type: 'expense-add', id: 'e1', payer, amount: 100, description: '', sharers: [payer], shares: { [payer]: 99 } },
      { type: 'expense-add', id: 'e1', payer: 'p-stranger', amount: 100, description: '', sharers: [payer], shares: { [payer]: 100 } },
      { type: 'expense-add', id: 'e1', payer, amount: 100, description: '', sharers: [payer], shares: { 'p-other': 100 } },
      { type: 'expense-edit', id: 'e9', payer, amount: 100, description: '', sharers: [payer], shares: { [payer]: 100 } },
      { type: 'expense-remove', id: 'e9' },
    ];
    for (const command of bad) {
      const { night, failure } = replayPrefix([...played, line(command)]);
      expect(failure?.line, JSON.stringify(command)).toBe(played.length + 2);
      expect(night.expenses).toEqual([]);
    }
  });
});
