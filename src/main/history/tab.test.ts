import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SettleMode } from '../../shared';
import type { NightSummary } from '../store';
import { nightTransfers, tabOf } from './tab';

/**
 * The running tab made from the nights index (M3), with each night settled
 * in its own mode: made-up ended nights whose balances add up to 0, the bank
 * a party, random paid marks and random banker nights.
 */

const PARTIES = ['p-ann', 'p-bo', 'p-cy', 'p-dee'];

const nightArb = fc.record({
  owed: fc.array(fc.integer({ min: -20_000, max: 20_000 }), { minLength: PARTIES.length, maxLength: PARTIES.length }),
  banker: fc.boolean(),
});

function summary(i: number, owed: readonly number[]): NightSummary {
  const balances: Record<string, number> = {};
  PARTIES.forEach((id, k) => (balances[id] = owed[k] ?? 0));
  balances.bank = -owed.reduce((a, b) => a + b, 0) || 0;
  const day = `2026-01-${String(i + 1).padStart(2, '0')}`;
  return {
    id: `${day}-n${i}`,
    startedAt: `${day}T20:00:00.000Z`,
    endedAt: `${day}T23:00:00.000Z`,
    playerIds: PARTIES,
    turns: 10,
    biggestPot: 5,
    winnerIds: [],
    results: PARTIES.map((playerId, k) => ({ playerId, boughtIn: 20, finalChips: 20, netChips: 0, netMoney: owed[k] ?? 0, biggestWin: 0 })),
    chipValue: 25,
    currency: 'EUR',
    file: `nights/${day}-n${i}`,
    carriedOut: 0,
    balances,
  } as NightSummary;
}

/** Each party's net: what it receives minus what it pays. */
function net(transfers: readonly { from: string; to: string; amount: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of transfers) {
    out[t.from] = (out[t.from] ?? 0) - t.amount;
    out[t.to] = (out[t.to] ?? 0) + t.amount;
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const caseArb = fc.array(nightArb, { minLength: 1, maxLength: 5 }).chain((nights) => {
  const index = nights.map((n, i) => summary(i, n.owed));
  const modes: Record<string, SettleMode> = Object.fromEntries(
    nights.flatMap((n, i) => (n.banker ? [[index[i]!.id, 'banker' as const]] : [])),
  );
  const ids = nightTransfers(index, new Set(), modes).map((t) => t.id);
  return fc.record({
    index: fc.constant(index),
    modes: fc.constant(modes),
    paid: fc.subarray(ids),
    marks: fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 30 }),
  });
});

describe('the running tab over the history (M3)', () => {
  it('M3: the tab always equals the unpaid night transfers, each night in its own settle mode; banker nights settle with the bank alone', () => {
    fc.assert(
      fc.property(caseArb, ({ index, modes, paid }) => {
        const { tab, transfers } = tabOf(index, new Set(paid), modes);
        expect(net(tab)).toEqual(net(transfers.filter((t) => !t.paid)));
        expect(
          transfers
            .filter((t) => t.paid)
            .map((t) => t.id)
            .sort(),
        ).toEqual([...paid].sort());
        for (const t of transfers) if (modes[t.nightId] === 'banker') expect([t.from, t.to]).toContain('bank');
        // Every night's transfers square its balances, whatever its mode.
        for (const night of index) {
          const own = transfers.filter((t) => t.nightId === night.id);
          expect(net(own)).toEqual(
            Object.fromEntries(
              Object.entries(night.balances ?? {})
                .filter(([, v]) => v !== 0)
                .sort(([a], [b]) => a.localeCompare(b)),
            ),
          );
        }
      }),
    );
  });

  it('M3: marking paid and unpaid any number of times returns the same tab once the same marks are in force', () => {
    fc.assert(
      fc.property(caseArb, ({ index, modes, paid, marks }) => {
        const before = tabOf(index, new Set(paid), modes);
        const ids = before.transfers.map((t) => t.id);
        if (ids.length === 0) return;
        const current = new Set(paid);
        for (const [pick, mark] of marks) {
          const id = ids[pick % ids.length]!;
          if (mark) current.add(id);
          else current.delete(id);
          // Twice is once.
          if (mark) current.add(id);
        }
        const between = tabOf(index, current, modes);
        expect(net(between.tab)).toEqual(net(between.transfers.filter((t) => !t.paid)));
        for (const id of ids) {
          if (paid.includes(id)) current.add(id);
          else current.delete(id);
        }
        expect(tabOf(index, current, modes)).toEqual(before);
      }),
    );
  });
});
