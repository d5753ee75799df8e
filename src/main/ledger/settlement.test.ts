import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerResult } from '../../shared';
import { emptyBalances, type Balances } from './balances';
import { bankerTransfers, fewestTransfers, nightResults, type Transfer } from './settlement';

function balances(rows: Record<string, { stack: number; bought: number; out?: number }>): Balances {
  const b = emptyBalances();
  for (const [id, r] of Object.entries(rows)) {
    b.stacks[id] = r.stack;
    b.boughtIn[id] = r.bought;
    b.cashedOut[id] = r.out ?? 0;
  }
  return b;
}

const result = (playerId: string, netMoney: number): PlayerResult => ({
  playerId,
  boughtIn: 0,
  finalChips: 0,
  netChips: 0,
  netMoney,
  isWinner: false,
});

/** Each player's money after applying the transfers, in cents. */
function afterTransfers(results: PlayerResult[], transfers: Transfer[]): Map<string, number> {
  const owed = new Map(results.map((r) => [r.playerId, Math.round(r.netMoney * 100)]));
  for (const t of transfers) {
    owed.set(t.from, (owed.get(t.from) ?? 0) + Math.round(t.amount * 100));
    owed.set(t.to, (owed.get(t.to) ?? 0) - Math.round(t.amount * 100));
  }
  return owed;
}

describe('nightResults', () => {
  it('R23: final chips count the stack and what was cashed out; money is net chips x chip value', () => {
    const b = balances({ ann: { stack: 35, bought: 20 }, bo: { stack: 0, bought: 20, out: 5 }, cy: { stack: 0, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 0.25)).toEqual([
      { playerId: 'ann', boughtIn: 20, finalChips: 35, netChips: 15, netMoney: 3.75, isWinner: true },
      { playerId: 'bo', boughtIn: 20, finalChips: 5, netChips: -15, netMoney: -3.75, isWinner: false },
      { playerId: 'cy', boughtIn: 10, finalChips: 0, netChips: -10, netMoney: -2.5, isWinner: false },
    ]);
  });

  it('R23: players tied on the most chips are all winners', () => {
    const b = balances({ ann: { stack: 12, bought: 10 }, bo: { stack: 12, bought: 10 }, cy: { stack: 6, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 1).map((r) => r.isWinner)).toEqual([true, true, false]);
  });

  it('rounds money to cents without binary noise', () => {
    const b = balances({ ann: { stack: 1, bought: 0 }, bo: { stack: 0, bought: 1 } });
    const [ann, bo] = nightResults(b, [{ id: 'ann' }, { id: 'bo' }], 1.005);
    expect(ann?.netMoney).toBe(1.01); // 1.005 * 100 is 100.4999... in binary; a naive round gives 1.00
    expect(bo?.netMoney).toBe(-1.01);
  });

  it('a player no entry names has all zeros', () => {
    expect(nightResults(emptyBalances(), [{ id: 'ghost' }], 1)).toEqual([
      { playerId: 'ghost', boughtIn: 0, finalChips: 0, netChips: 0, netMoney: 0, isWinner: true },
    ]);
  });
});

describe('fewestTransfers', () => {
  it('the largest debtor pays the largest creditor first', () => {
    const results = [result('ann', 30), result('bo', -20), result('cy', -10), result('dee', 0)];
    expect(fewestTransfers(results)).toEqual([
      { from: 'bo', to: 'ann', amount: 20 },
      { from: 'cy', to: 'ann', amount: 10 },
    ]);
  });

  it('squares everyone exactly in cents, with fewer transfers than players', () => {
    const cents = fc.integer({ min: -50_000, max: 50_000 });
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 11 }), (nets) => {
        const all = [...nets, -nets.reduce((a, b) => a + b, 0)];
        const results = all.map((c, i) => result(`p${i}`, c / 100));
        const transfers = fewestTransfers(results);
        // Math.abs: a balancing entry of -0 cents is square too.
        for (const owed of afterTransfers(results, transfers).values()) expect(Math.abs(owed)).toBe(0);
        expect(transfers.length).toBeLessThan(Math.max(results.length, 2));
        for (const t of transfers) {
          expect(t.amount).toBeGreaterThan(0);
          expect(Number.isInteger(Math.round(t.amount * 100))).toBe(true);
          expect(Math.abs(t.amount * 100 - Math.round(t.amount * 100))).toBeLessThan(1e-6);
        }
      }),
    );
  });

  it('leaves a remainder unassigned when nets do not sum to zero (a carried pot)', () => {
    expect(fewestTransfers([result('ann', 5), result('bo', -8)])).toEqual([{ from: 'bo', to: 'ann', amount: 5 }]);
  });
});

describe('bankerTransfers', () => {
  it('everyone settles with the banker', () => {
    const results = [result('ann', 12.5), result('bo', -20), result('cy', 7.5), result('dee', 0)];
    expect(bankerTransfers(results, 'cy')).toEqual([
      { from: 'cy', to: 'ann', amount: 12.5 },
      { from: 'bo', to: 'cy', amount: 20 },
    ]);
  });
});
