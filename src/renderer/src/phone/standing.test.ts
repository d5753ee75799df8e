import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunningTab } from '../../../shared';
import { resultSoFar, tabPlace } from './standing';

describe("a player's result so far", () => {
  it('R23, M1: chips in front plus chips cashed out less chips bought, times the chip value in minor units', () => {
    expect(resultSoFar({ stack: 34, cashedOut: 0, boughtIn: 20 }, 25)).toEqual({ netChips: 14, netMoney: 350 });
    expect(resultSoFar({ stack: 0, cashedOut: 12, boughtIn: 40 }, 50)).toEqual({ netChips: -28, netMoney: -1400 });
    expect(resultSoFar({ stack: 19, cashedOut: 0, boughtIn: 20 }, 0)).toEqual({ netChips: -1, netMoney: 0 });
  });

  it('money is always the chips times the chip value, exactly (whole minor units)', () => {
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e6), fc.nat(1e6), fc.nat(1e4), (stack, cashedOut, boughtIn, chipValue) => {
        const r = resultSoFar({ stack, cashedOut, boughtIn }, chipValue);
        expect(Number.isSafeInteger(r.netMoney)).toBe(true);
        expect(r.netMoney === r.netChips * chipValue).toBe(true);
        expect(Object.is(r.netMoney, -0)).toBe(false);
      }),
    );
  });
});

describe("a player's place in the running tab (M3)", () => {
  const tab: RunningTab = {
    tab: [
      { from: 'ann', to: 'zoe', amount: 450, nights: ['n1'], covers: ['n1:ann>zoe'] },
      { from: 'bob', to: 'ann', amount: 125, nights: ['n2'], covers: ['n2:bob>ann'] },
      { from: 'ann', to: 'bank', amount: 900, nights: ['n2'], covers: ['n2:ann>bank'] },
      { from: 'bob', to: 'zoe', amount: 50, nights: ['n2'], covers: ['n2:bob>zoe'] },
    ],
    transfers: [],
  };

  it('lists who they owe and who owes them, largest first, and the net', () => {
    expect(tabPlace(tab, 'ann')).toEqual({
      owes: [
        { with: 'bank', amount: 900 },
        { with: 'zoe', amount: 450 },
      ],
      owed: [{ with: 'bob', amount: 125 }],
      net: 125 - 1350,
    });
    expect(tabPlace(tab, 'zoe')).toEqual({
      owes: [],
      owed: [
        { with: 'ann', amount: 450 },
        { with: 'bob', amount: 50 },
      ],
      net: 500,
    });
  });

  it('is even for someone the tab does not name', () => {
    expect(tabPlace(tab, 'cy')).toEqual({ owes: [], owed: [], net: 0 });
  });
});
