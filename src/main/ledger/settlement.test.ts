import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerResult } from '../../shared';
import { emptyBalances, type Balances } from './balances';
import { fewestTransfers, nightResults, type Transfer } from './settlement';

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

/** Each player's money after applying the transfers, in minor units. */
function afterTransfers(results: PlayerResult[], transfers: Transfer[]): Map<string, number> {
  const owed = new Map(results.map((r) => [r.playerId, r.netMoney]));
  for (const t of transfers) {
    owed.set(t.from, (owed.get(t.from) ?? 0) + t.amount);
    owed.set(t.to, (owed.get(t.to) ?? 0) - t.amount);
  }
  return owed;
}

describe('nightResults', () => {
  it('R23, M1: final chips count the stack and what was cashed out; money is net chips x chip value in minor units', () => {
    const b = balances({ ann: { stack: 35, bought: 20 }, bo: { stack: 0, bought: 20, out: 5 }, cy: { stack: 0, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 25)).toEqual([
      { playerId: 'ann', boughtIn: 20, finalChips: 35, netChips: 15, netMoney: 375, isWinner: true },
      { playerId: 'bo', boughtIn: 20, finalChips: 5, netChips: -15, netMoney: -375, isWinner: false },
      { playerId: 'cy', boughtIn: 10, finalChips: 0, netChips: -10, netMoney: -250, isWinner: false },
    ]);
  });

  it('M1: a night played for fun (chip value 0) is worth 0 to everyone, never -0', () => {
    const b = balances({ ann: { stack: 30, bought: 20 }, bo: { stack: 10, bought: 20 } });
    const money = nightResults(b, [{ id: 'ann' }, { id: 'bo' }], 0).map((r) => r.netMoney);
    expect(money.every((m) => Object.is(m, 0))).toBe(true);
  });

  it('M1: a chip value that is not whole minor units is refused', () => {
    expect(() => nightResults(emptyBalances(), [{ id: 'ann' }], 0.25)).toThrow(RangeError);
  });

  it('R23: players tied on the most chips are all winners', () => {
    const b = balances({ ann: { stack: 12, bought: 10 }, bo: { stack: 12, bought: 10 }, cy: { stack: 6, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 1).map((r) => r.isWinner)).toEqual([true, true, false]);
  });

  it('R23: the winner has the largest net chips: a player who rebought is not the winner while down on the night', () => {
    // Ann bought 10 and ends with 25 (+15); Bo bought 30 (rebought twice) and ends with 35 (+5): Bo has the most chips, Ann won.
    const b = balances({ ann: { stack: 25, bought: 10 }, bo: { stack: 35, bought: 30 }, cy: { stack: 0, bought: 10, out: 0 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 1).map((r) => r.isWinner)).toEqual([true, false, false]);
  });

  it('R23: net chips count chips cashed out; equal net chips share the win', () => {
    // Cy left early with 18 of 10 bought (+8); Ann ends with 18 of 10 (+8); Bo is down.
    const b = balances({ ann: { stack: 18, bought: 10 }, bo: { stack: 4, bought: 20 }, cy: { stack: 0, bought: 10, out: 18 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 1).map((r) => r.isWinner)).toEqual([true, false, true]);
  });

  it('R23: a night where every player ends even has no winner', () => {
    const b = balances({ ann: { stack: 10, bought: 10 }, bo: { stack: 20, bought: 20 }, cy: { stack: 0, bought: 10, out: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 25).map((r) => r.isWinner)).toEqual([false, false, false]);
  });

  it('R23: every net the same but below zero (the pot carried to the next night) has no winner either', () => {
    const b = balances({ ann: { stack: 9, bought: 10 }, bo: { stack: 9, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }], 1).map((r) => r.isWinner)).toEqual([false, false]);
  });

  it('R23: two players even and one down: the two even share the win (someone is behind them)', () => {
    const b = balances({ ann: { stack: 10, bought: 10 }, bo: { stack: 10, bought: 10 }, cy: { stack: 5, bought: 10 } });
    expect(nightResults(b, [{ id: 'ann' }, { id: 'bo' }, { id: 'cy' }], 1).map((r) => r.isWinner)).toEqual([true, true, false]);
  });

  it('a player no entry names has all zeros', () => {
    expect(nightResults(emptyBalances(), [{ id: 'ghost' }], 1)).toEqual([
      { playerId: 'ghost', boughtIn: 0, finalChips: 0, netChips: 0, netMoney: 0, isWinner: false },
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
        const results = all.map((c, i) => result(`p${i}`, c));
        const transfers = fewestTransfers(results);
        // Math.abs: a balancing entry of -0 cents is square too.
        for (const owed of afterTransfers(results, transfers).values()) expect(Math.abs(owed)).toBe(0);
        expect(transfers.length).toBeLessThan(Math.max(results.length, 2));
        for (const t of transfers) {
          expect(t.amount).toBeGreaterThan(0);
          expect(Number.isSafeInteger(t.amount)).toBe(true);
        }
      }),
    );
  });

  it('leaves a remainder unassigned when nets do not sum to zero (a carried pot)', () => {
    expect(fewestTransfers([result('ann', 5), result('bo', -8)])).toEqual([{ from: 'bo', to: 'ann', amount: 5 }]);
  });
});
