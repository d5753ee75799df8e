import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../shared';
import { shareExpense, type Expense } from './expenses';
import { BANK, moneyBalances, paidChipsOf, type NightMoney, type PlayerMoneyChips } from './money';
import type { Transfer } from './settlement';
import { settleUp, zeroSumGroups } from './settleUp';
import { markTabTransferPaid, markTransfers, runningTab, type NightTransfer } from './tab';

const total = (record: Readonly<Record<string, number>>) => Object.values(record).reduce((a, b) => a + b, 0);

/** Each party's balance after the transfers are paid. */
function after(balances: Readonly<Record<string, number>>, transfers: readonly Transfer[]): Record<string, number> {
  const left: Record<string, number> = { ...balances };
  for (const t of transfers) {
    left[t.from] = (left[t.from] ?? 0) + t.amount;
    left[t.to] = (left[t.to] ?? 0) - t.amount;
  }
  return left;
}

/** The net effect of transfers on each party (paid out negative), zero parties left out. */
function netEffect(transfers: readonly Transfer[]): Record<string, number> {
  const net: Record<string, number> = {};
  for (const t of transfers) {
    net[t.from] = (net[t.from] ?? 0) - t.amount;
    net[t.to] = (net[t.to] ?? 0) + t.amount;
  }
  return Object.fromEntries(
    Object.entries(net)
      .filter(([, v]) => v !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const chip = (playerId: string, chips: Partial<PlayerMoneyChips>): PlayerMoneyChips => ({
  playerId,
  held: 0,
  boughtCash: 0,
  boughtCredit: 0,
  cashedOutCash: 0,
  cashedOutOwed: 0,
  ...chips,
});

/**
 * A random ended night that keeps R24: chips out of the bank (buy-ins, cash or
 * credit, and a carried pot) equal chips on the table, cashed out and carried on.
 */
const nightArb: fc.Arbitrary<NightMoney> = fc
  .record({
    chipValue: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
    players: fc.array(
      fc.record({
        held: fc.nat(200),
        boughtCash: fc.nat(100),
        boughtCredit: fc.nat(100),
        cashedOutCash: fc.nat(60),
        cashedOutOwed: fc.nat(60),
      }),
      { minLength: 2, maxLength: 10 },
    ),
    carriedIn: fc.nat(30),
    carriedOut: fc.nat(30),
    expenses: fc.array(
      fc.record({
        amount: fc.integer({ min: 1, max: 100_000 }),
        payer: fc.nat(9),
        sharers: fc.uniqueArray(fc.nat(9), { minLength: 1, maxLength: 10 }),
      }),
      {
        maxLength: 3,
      },
    ),
  })
  .map((r) => {
    const players = r.players.map((p, i) => chip(`p${i}`, p));
    const chipsOut = players.reduce((s, p) => s + p.held + p.cashedOutCash + p.cashedOutOwed, 0) + r.carriedOut;
    const chipsIn = players.reduce((s, p) => s + p.boughtCash + p.boughtCredit, 0) + r.carriedIn;
    const first = players[0] as PlayerMoneyChips;
    if (chipsOut > chipsIn) first.boughtCredit += chipsOut - chipsIn;
    else first.held += chipsIn - chipsOut;
    const ids = players.map((p) => p.playerId);
    const expenses: Expense[] = r.expenses.map((e, i) => ({
      id: `e${i}`,
      payer: ids[e.payer % ids.length] as string,
      amount: e.amount,
      sharers: [...new Set(e.sharers.map((s) => ids[s % ids.length] as string))],
    }));
    return { chipValue: r.chipValue, players, carriedIn: r.carriedIn, carriedOut: r.carriedOut, expenses };
  });

describe('balances of a night (M2)', () => {
  it('M2: balances of players and bank add up to 0 on any night', () => {
    fc.assert(
      fc.property(nightArb, (night) => {
        const balances = moneyBalances(night);
        expect(total(balances)).toBe(0);
        expect(Object.keys(balances)).toEqual([...night.players.map((p) => p.playerId), BANK]);
        for (const amount of Object.values(balances)) expect(Number.isSafeInteger(amount) && !Object.is(amount, -0)).toBe(true);
      }),
    );
  });

  it('M2: a player is owed their chips and owed cash-outs, and owes what they bought on credit; the bank owes back the cash it holds', () => {
    const balances = moneyBalances({
      chipValue: 25,
      players: [chip('ann', { held: 30, boughtCash: 20 }), chip('bo', { held: 5, boughtCredit: 20, cashedOutOwed: 5 })],
      carriedIn: 0,
      carriedOut: 0,
    });
    // Ann paid 5.00 cash for 20 chips and holds 30: the bank pays her 7.50. Bo owes 20 x 0.25 on credit, has 10 chips' worth.
    expect(balances).toEqual({ ann: 750, bo: -250, [BANK]: -500 });
  });

  it('M2: with every buy-in on credit and nothing cashed out in cash, the bank is square and settling up is between players alone', () => {
    const balances = moneyBalances({
      chipValue: 10,
      players: [chip('ann', { held: 35, boughtCredit: 20 }), chip('bo', { held: 5, boughtCredit: 20 })],
      carriedIn: 0,
      carriedOut: 0,
    });
    expect(balances[BANK]).toBe(0);
    expect(settleUp(balances)).toEqual([{ from: 'bo', to: 'ann', amount: 150 }]);
  });

  it('M2: the bank keeps a carried pot for the next night: carried out is owed to it, carried in is owed by it', () => {
    const carriedOut = moneyBalances({
      chipValue: 5,
      players: [chip('ann', { held: 15, boughtCredit: 20 }), chip('bo', { held: 20, boughtCredit: 20 })],
      carriedIn: 0,
      carriedOut: 5,
    });
    expect(carriedOut).toEqual({ ann: -25, bo: 0, [BANK]: 25 });
    const carriedIn = moneyBalances({
      chipValue: 5,
      players: [chip('ann', { held: 25, boughtCredit: 20 }), chip('bo', { held: 20, boughtCredit: 20 })],
      carriedIn: 5,
      carriedOut: 0,
    });
    expect(carriedIn).toEqual({ ann: 25, bo: 0, [BANK]: -25 });
  });

  it('M4: an expense is part of the balances: the payer is owed the amount, each sharer owes their share', () => {
    const balances = moneyBalances({
      chipValue: 0,
      players: [chip('ann', {}), chip('bo', {}), chip('cy', {})],
      carriedIn: 0,
      carriedOut: 0,
      expenses: [{ id: 'pizza', payer: 'ann', amount: 1000, sharers: ['ann', 'bo', 'cy'] }],
    });
    // 1000 / 3 = 333, and the unit left over goes to the payer's left, Bo.
    expect(balances).toEqual({ ann: 667, bo: -334, cy: -333, [BANK]: 0 });
  });
});

describe('settling up (M3)', () => {
  const balancesArb = fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 1, maxLength: 12 }).map((amounts) => {
    const all = [...amounts, -amounts.reduce((a, b) => a + b, 0) || 0];
    return Object.fromEntries(all.map((a, i) => [i === all.length - 1 ? BANK : `p${i}`, a]));
  });

  it('M3: the transfers square every party, never more than parties - 1, never two between the same pair', () => {
    fc.assert(
      fc.property(balancesArb, (balances) => {
        const transfers = settleUp(balances);
        for (const left of Object.values(after(balances, transfers))) expect(left).toBe(0);
        const parties = Object.values(balances).filter((a) => a !== 0).length;
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, parties - 1));
        const pairs = transfers.map((t) => [t.from, t.to].sort().join('|'));
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const t of transfers) expect(Number.isSafeInteger(t.amount) && t.amount > 0).toBe(true);
      }),
    );
  });

  it('M3: parties that square among themselves settle apart, so k such groups need k fewer transfers', () => {
    const groupArb = fc
      .array(fc.integer({ min: 1, max: 9_999 }), { minLength: 1, maxLength: 3 })
      .map((owed) => [...owed, -owed.reduce((a, b) => a + b, 0)]);
    fc.assert(
      fc.property(fc.array(groupArb, { minLength: 1, maxLength: 3 }), (groups) => {
        const amounts = groups.flat();
        const balances = Object.fromEntries(amounts.map((a, i) => [`p${i}`, a]));
        expect(settleUp(balances).length).toBeLessThanOrEqual(amounts.length - groups.length);
      }),
    );
  });

  it('M3: finds groups the largest-first rule misses', () => {
    // Largest first needs 4 (b pays c 5, a pays d 4, b pays e 2, a pays e 1); {a, c} and {b, d, e} square apart: 3.
    expect(zeroSumGroups([-5, -7, 5, 4, 3])).toEqual([
      [0, 2],
      [1, 3, 4],
    ]);
    expect(settleUp({ a: -5, b: -7, c: 5, d: 4, e: 3 })).toHaveLength(3);
  });

  it('M3: in banker mode every party settles with the bank alone', () => {
    fc.assert(
      fc.property(balancesArb, (balances) => {
        const transfers = settleUp(balances, 'banker');
        for (const left of Object.values(after(balances, transfers))) expect(left).toBe(0);
        for (const t of transfers) expect(t.from === BANK || t.to === BANK).toBe(true);
      }),
    );
  });

  it('M3: balances that do not add up to 0 are refused', () => {
    expect(() => settleUp({ ann: 5, bo: -4 })).toThrow(/add up to 0/);
    expect(() => settleUp({ ann: 0.5, bo: -0.5 })).toThrow(/whole number/);
  });
});

describe('the running tab (M3)', () => {
  const parties = ['ann', 'bo', 'cy', 'dee', BANK];
  const transfersArb = fc
    .array(
      fc.record({
        from: fc.constantFrom(...parties),
        to: fc.constantFrom(...parties),
        amount: fc.integer({ min: 1, max: 5_000 }),
        night: fc.nat(4),
        paid: fc.boolean(),
      }),
      { maxLength: 25 },
    )
    .map((rows) =>
      rows
        .filter((r) => r.from !== r.to)
        .map((r, i): NightTransfer => ({
          id: `n${r.night}/${i}`,
          nightId: `n${r.night}`,
          from: r.from,
          to: r.to,
          amount: r.amount,
          paid: r.paid,
        })),
    );

  it('M3: the tab always equals the unpaid transfers, and each tab transfer equals the night transfers it covers', () => {
    fc.assert(
      fc.property(transfersArb, (transfers) => {
        const tab = runningTab(transfers);
        expect(netEffect(tab)).toEqual(netEffect(transfers.filter((t) => !t.paid)));
        const byId = new Map(transfers.map((t) => [t.id, t]));
        const covered = tab.flatMap((t) => t.covers);
        expect(new Set(covered).size).toBe(covered.length);
        for (const t of tab) {
          const covers = t.covers.map((id) => byId.get(id) as NightTransfer);
          expect(covers.every((c) => !c.paid)).toBe(true);
          expect(netEffect(covers)).toEqual(netEffect([t]));
          expect(t.nights).toEqual(
            [...new Set(covers.map((c) => c.nightId))].sort(
              (a, b) => transfers.findIndex((x) => x.nightId === a) - transfers.findIndex((x) => x.nightId === b),
            ),
          );
        }
        const pairs = tab.map((t) => [t.from, t.to].sort().join('|'));
        expect(new Set(pairs).size).toBe(pairs.length);
      }),
    );
  });

  it('M3: marking a tab transfer paid marks the night transfers it covers, and the rest of the tab stays as it was', () => {
    fc.assert(
      fc.property(transfersArb, fc.nat(), (transfers, pick) => {
        const tab = runningTab(transfers);
        if (tab.length === 0) return;
        const paying = tab[pick % tab.length];
        if (!paying) return;
        const after = markTabTransferPaid(transfers, paying);
        for (const t of after) expect(t.paid).toBe(paying.covers.includes(t.id) || (transfers.find((x) => x.id === t.id)?.paid ?? false));
        expect(runningTab(after)).toEqual(tab.filter((t) => t !== paying));
      }),
    );
  });

  it('M3: marking paid and unpaid any number of times returns the same tab', () => {
    fc.assert(
      fc.property(transfersArb, fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 30 }), (transfers, marks) => {
        if (transfers.length === 0) return;
        const tab = runningTab(transfers);
        let current = transfers;
        for (const [pick, paid] of marks) current = markTransfers(current, [transfers[pick % transfers.length]?.id as string], paid);
        // Whatever was marked in between, the tab depends only on the marks in force: put them back and it is the same tab.
        const restored = transfers.reduce((acc, t) => markTransfers(acc, [t.id], t.paid), current);
        expect(runningTab(restored)).toEqual(tab);
        // Marking twice is marking once.
        const once = markTransfers(
          transfers,
          transfers.map((t) => t.id),
          true,
        );
        expect(
          runningTab(
            markTransfers(
              once,
              transfers.map((t) => t.id),
              true,
            ),
          ),
        ).toEqual(runningTab(once));
        expect(runningTab(once)).toEqual([]);
      }),
    );
  });

  it('M3: a debt passed on unchanged goes straight through, and says which nights it comes from', () => {
    const transfers: NightTransfer[] = [
      { id: 'n1/0', nightId: 'n1', from: 'ann', to: 'bo', amount: 500, paid: false },
      { id: 'n2/0', nightId: 'n2', from: 'bo', to: 'cy', amount: 500, paid: false },
      { id: 'n2/1', nightId: 'n2', from: 'dee', to: 'ann', amount: 200, paid: true },
      { id: 'n3/0', nightId: 'n3', from: 'cy', to: 'ann', amount: 100, paid: false },
    ];
    expect(runningTab(transfers)).toEqual([
      { from: 'ann', to: 'cy', amount: 400, nights: ['n1', 'n2', 'n3'], covers: ['n1/0', 'n2/0', 'n3/0'] },
    ]);
    expect(() => markTransfers(transfers, ['nope'], true)).toThrow(/no night transfer nope/);
  });
});

describe('shared expenses (M4)', () => {
  it("M4: expense shares add up to the amount, differ by at most one unit, leftovers from the payer's left", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.uniqueArray(fc.constantFrom<string>('s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7'), { minLength: 1 }),
        fc.nat(7),
        (amount, sharers, payerSeat) => {
          const seating = ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7'];
          const payer = seating[payerSeat] as string;
          const shares = shareExpense(amount, sharers, payer, seating);
          expect(Object.keys(shares).sort()).toEqual([...sharers].sort());
          expect(total(shares)).toBe(amount);
          const base = Math.floor(amount / sharers.length);
          const fromLeft = [...seating.slice(payerSeat + 1), ...seating.slice(0, payerSeat + 1)].filter((s) => sharers.includes(s));
          const leftover = amount - base * sharers.length;
          fromLeft.forEach((s, i) => expect(shares[s]).toBe(base + (i < leftover ? 1 : 0)));
        },
      ),
    );
  });

  it('M4: 10.00 among three, paid by the second seat: the one cent left over goes to the third seat', () => {
    expect(shareExpense(1000, ['a', 'b', 'c'], 'b', ['a', 'b', 'c'])).toEqual({ a: 333, b: 333, c: 334 });
    expect(shareExpense(1001, ['a', 'b', 'c'], 'c', ['a', 'b', 'c'])).toEqual({ a: 334, b: 334, c: 333 });
    expect(() => shareExpense(0, ['a'], 'a', ['a'])).toThrow(RangeError);
    expect(() => shareExpense(100, [], 'a', ['a'])).toThrow(RangeError);
    expect(() => shareExpense(100, ['a', 'a'], 'a', ['a'])).toThrow(RangeError);
  });
});

describe('paidChipsOf (M2)', () => {
  const entry = (
    id: string,
    seq: number,
    code: LedgerEntry['code'],
    from: LedgerEntry['from'],
    to: LedgerEntry['to'],
    amount: number,
    reverses?: string,
  ): LedgerEntry => ({
    id,
    seq,
    code,
    player: 'a',
    amount,
    from,
    to,
    ...(reverses ? { reverses } : {}),
    turn: null,
  });

  it('M2: buy-ins and cash-outs are split by how they were paid, and a reversal takes back from its original side', () => {
    const entries = [
      entry('b1', 0, 'buy-in', 'bank', 'player:a', 20),
      entry('b2', 1, 'buy-in', 'bank', 'player:a', 10),
      entry('r2', 2, 'reversal', 'player:a', 'bank', 10, 'b2'),
      entry('b3', 3, 'buy-in', 'bank', 'player:a', 5),
      entry('c1', 4, 'cash-out', 'player:a', 'bank', 25),
    ];
    const paid: Record<string, 'cash' | 'credit'> = { b1: 'cash', b2: 'cash', b3: 'credit', c1: 'credit' };
    expect(paidChipsOf(entries, [{ id: 'a' }], { a: 0 }, (id) => paid[id] ?? 'credit')).toEqual([
      { playerId: 'a', held: 0, boughtCash: 20, boughtCredit: 5, cashedOutCash: 0, cashedOutOwed: 25 },
    ]);
  });
});
