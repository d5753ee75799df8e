import { describe, expect, it } from 'vitest';
import { Findings } from './findings';
import { checkExpenses, checkSettlement } from './money';
import type { CheckedExport } from './schema';

type Expense = CheckedExport['expenses'][number];

function expenses(list: Expense[], order: string[]) {
  const f = new Findings();
  checkExpenses({ expenses: list } as CheckedExport, order, f);
  return f.list;
}

describe('the checker re-judges the money of a night', () => {
  const order = ['p-a', 'p-b', 'p-c', 'p-d'];

  it("M4: the units left over go one each from the payer's left, counted from the payer's place even after they left", () => {
    // p-c paid (and has gone home, keeping their place): 100 / 3 = 33 r 1, the first sharer on p-c's left is p-d.
    const fair: Expense = {
      id: 'e-1',
      payer: 'p-c',
      amount: 100,
      description: '',
      sharers: ['p-a', 'p-b', 'p-d'],
      shares: { 'p-a': 33, 'p-b': 33, 'p-d': 34 },
    };
    expect(expenses([fair], order)).toEqual([]);
    const fromTheFirstSeat = { ...fair, shares: { 'p-a': 34, 'p-b': 33, 'p-d': 33 } };
    expect(expenses([fromTheFirstSeat], order)).toEqual([expect.objectContaining({ rule: 'M4', kind: 'violation' })]);
  });

  it('M2, M3: balances from the chips and the expenses; transfers square them, never two between one pair', () => {
    const night = {
      night: { endedAt: '2026-01-01T22:00:00.000Z', chipValue: 10 },
      players: [{ id: 'p-a' }, { id: 'p-b' }],
      ledger: [
        { id: '1', code: 'buy-in', player: 'p-a', amount: 20, from: 'bank', to: 'player:p-a', reverses: null, turn: null, paid: 'credit' },
        { id: '2', code: 'buy-in', player: 'p-b', amount: 20, from: 'bank', to: 'player:p-b', reverses: null, turn: null, paid: 'credit' },
      ],
      final: { stacks: { 'p-a': 30, 'p-b': 10 }, pot: 0, boughtIn: {}, cashedOut: {}, carriedIn: 0, carriedOut: 0 },
      settlement: {
        mode: 'fewest',
        balances: { 'p-a': 100, 'p-b': -100, bank: 0 },
        transfers: [{ from: 'p-b', to: 'p-a', amount: 100, paid: false }],
      },
    } as unknown as CheckedExport;
    const f = new Findings();
    checkSettlement(night, new Map(), f);
    expect(f.list).toEqual([]);
    const twice = {
      ...night,
      settlement: {
        ...night.settlement,
        transfers: [
          { from: 'p-b', to: 'p-a', amount: 60, paid: false },
          { from: 'p-b', to: 'p-a', amount: 40, paid: false },
        ],
      },
    } as CheckedExport;
    const g = new Findings();
    checkSettlement(twice, new Map(), g);
    expect(g.list.map((x) => x.rule)).toContain('M3');
  });
});
