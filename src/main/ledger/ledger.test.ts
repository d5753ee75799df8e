import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChipMove, LedgerEntry } from '../../shared';
import { foldEntries } from './balances';
import { checkConservation } from './invariants';
import { Ledger, LedgerError, reversalOf, type LedgerItem } from './ledger';

const P = (id: string) => `player:${id}` as const;
const buyIn = (player: string, amount: number): ChipMove => ({ code: 'buy-in', player, amount, from: 'bank', to: P(player) });
const cashOut = (player: string, amount: number): ChipMove => ({ code: 'cash-out', player, amount, from: P(player), to: 'bank' });
const ante = (player: string, amount: number): ChipMove => ({ code: 'ante', player, amount, from: P(player), to: 'pot' });
const betLost = (player: string, amount: number): ChipMove => ({ code: 'bet-lost', player, amount, from: P(player), to: 'pot' });
const win = (player: string, amount: number): ChipMove => ({ code: 'win', player, amount, from: 'pot', to: P(player) });
const carryIn = (amount: number): ChipMove => ({ code: 'carry-in', player: null, amount, from: 'bank', to: 'pot' });
const carryOut = (amount: number): ChipMove => ({ code: 'carry-out', player: null, amount, from: 'pot', to: 'bank' });

let nextId = 0;
const item = (move: ChipMove, turn: number | null = null): LedgerItem => ({ id: `e${nextId++}`, move, turn });

/** Two players bought 10 each and anted 1 each: stacks 9/9, pot 2. */
function startedNight(): Ledger {
  const ledger = Ledger.empty();
  ledger.append([item(buyIn('ann', 10)), item(buyIn('bo', 10)), item(ante('ann', 1)), item(ante('bo', 1))]);
  return ledger;
}

function expectRefused(ledger: Ledger, batch: LedgerItem[], message: RegExp): void {
  const entriesBefore = [...ledger.entries];
  const balancesBefore = ledger.balances();
  expect(() => ledger.append(batch)).toThrow(message);
  expect(() => ledger.append(batch)).toThrow(LedgerError);
  expect(ledger.entries).toEqual(entriesBefore);
  expect(ledger.balances()).toEqual(balancesBefore);
}

describe('Ledger.append', () => {
  it('numbers entries from 0 and keeps stacks, pot and buy-ins', () => {
    const ledger = startedNight();
    expect(ledger.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(ledger.balances()).toEqual({
      pot: 2,
      stacks: { ann: 9, bo: 9 },
      boughtIn: { ann: 10, bo: 10 },
      cashedOut: { ann: 0, bo: 0 },
      carriedIn: 0,
      carriedOut: 0,
    });
  });

  it('records the turn an entry belongs to', () => {
    const ledger = startedNight();
    const [entry] = ledger.append([item(betLost('ann', 2), 1)]);
    expect(entry).toMatchObject({ seq: 4, code: 'bet-lost', turn: 1, amount: 2 });
  });

  it('R3: refuses a move larger than the stack, and the whole batch with it', () => {
    const ledger = startedNight();
    expectRefused(ledger, [item(win('ann', 1)), item(betLost('bo', 10))], /player bo has only 9 chips.*R3/);
  });

  it('refuses taking more than the pot holds', () => {
    expectRefused(startedNight(), [item(win('ann', 3))], /pot holds only 2/);
  });

  it('R3: refuses amounts that are not whole positive chips', () => {
    for (const amount of [0, -1, 1.5, Number.NaN, Infinity]) {
      expectRefused(startedNight(), [item(buyIn('ann', amount))], /whole and positive \(R3\)/);
    }
  });

  it('refuses malformed moves with a clear message', () => {
    const ledger = startedNight();
    expectRefused(ledger, [item({ ...ante('ann', 1), to: P('ann') })], /from player:ann to itself/);
    expectRefused(ledger, [item({ ...ante('ann', 1), to: 'bank' })], /"ante" moves chips from the player to the pot/);
    expectRefused(ledger, [item({ ...win('ann', 1), from: 'bank' })], /"win" moves chips from the pot to the player/);
    expectRefused(ledger, [item({ ...ante('ann', 1), from: 'player:' as never })], /not an account/);
    expectRefused(ledger, [item({ ...ante('ann', 1), player: 'bo' })], /about ann but names player "bo"/);
    expectRefused(ledger, [item({ ...carryIn(1), player: 'ann' })], /about no player/);
    expectRefused(ledger, [item({ ...ante('ann', 1), code: 'bribe' as never })], /unknown code "bribe"/);
    expectRefused(ledger, [item(ante('ann', 1), 0)], /turn must be a whole number/);
    expectRefused(ledger, [{ id: '', move: ante('ann', 1), turn: null }], /non-empty id/);
  });

  it('skips ids already recorded, so a retried command appends nothing twice', () => {
    const ledger = startedNight();
    const batch = [item(betLost('ann', 2), 1), item(betLost('bo', 1), 2)];
    expect(ledger.append(batch)).toHaveLength(2);
    const after = ledger.balances();
    expect(ledger.append(batch)).toEqual([]);
    expect(ledger.entries).toHaveLength(6);
    expect(ledger.balances()).toEqual(after);

    const third = item(win('ann', 1), 3);
    const added = ledger.append([...batch, third]);
    expect(added.map((e) => e.id)).toEqual([third.id]);
    expect(added[0]?.seq).toBe(6);
  });

  it('refuses an id that is reused for a different move, or twice in one batch', () => {
    const ledger = startedNight();
    const first = ledger.entries[0] as LedgerEntry;
    expectRefused(ledger, [{ id: first.id, move: buyIn('ann', 11), turn: null }], /already records a different move/);
    const twice = item(ante('ann', 1));
    expectRefused(ledger, [twice, twice], /the id is used twice/);
  });
});

describe('reversals (R21)', () => {
  it('R21: undoing a buy-in takes it off the bought-in total and the stack', () => {
    const ledger = Ledger.empty();
    const [entry] = ledger.append([item(buyIn('ann', 20))]);
    ledger.append([item(reversalOf(entry as LedgerEntry))]);
    expect(ledger.balances()).toMatchObject({ stacks: { ann: 0 }, boughtIn: { ann: 0 }, cashedOut: { ann: 0 } });
    expect(ledger.isReversed(entry?.id ?? '')).toBe(true);
  });

  it('R21: undoing a cash-out and a carried pot nets them out', () => {
    const ledger = startedNight();
    const [out] = ledger.append([item(cashOut('bo', 9))]);
    const [carry] = ledger.append([item(carryOut(2))]);
    ledger.append([item(reversalOf(out as LedgerEntry)), item(reversalOf(carry as LedgerEntry))]);
    expect(ledger.balances()).toMatchObject({ pot: 2, stacks: { bo: 9 }, cashedOut: { bo: 0 }, carriedOut: 0 });
  });

  it('R21: a corrected bet is a reversal plus the new move; nothing is edited', () => {
    const ledger = startedNight();
    const [lost] = ledger.append([item(betLost('ann', 5), 1)]);
    const before = [...ledger.entries];
    ledger.append([item(reversalOf(lost as LedgerEntry), 1), item(betLost('ann', 3), 1)]);
    expect(ledger.entries.slice(0, before.length)).toEqual(before);
    expect(ledger.balances()).toMatchObject({ pot: 5, stacks: { ann: 6 } });
  });

  it('a reversal may follow its original in the same batch', () => {
    const ledger = startedNight();
    const lost = item(betLost('ann', 4), 1);
    const undo: LedgerItem = { id: 'undo-1', move: { ...reversalOf({ ...lost.move, id: lost.id, seq: 0, turn: 1 }) }, turn: 1 };
    ledger.append([lost, undo]);
    expect(ledger.balances().stacks.ann).toBe(9);
  });

  it('refuses reversing an unknown entry, twice, a reversal, or with other chips', () => {
    const ledger = startedNight();
    const [lost] = ledger.append([item(betLost('ann', 5), 1)]);
    const original = lost as LedgerEntry;
    expectRefused(ledger, [item({ ...reversalOf(original), reverses: 'nope' })], /reverses "nope", which is not in the ledger/);
    expectRefused(ledger, [item({ ...reversalOf(original), amount: 4 })], /must move 5 from pot to player:ann/);
    expectRefused(ledger, [item({ ...betLost('ann', 1), reverses: original.id })], /only a reversal names/);
    const [undo] = ledger.append([item(reversalOf(original))]);
    expectRefused(ledger, [item(reversalOf(original))], /already been reversed/);
    expectRefused(ledger, [item(reversalOf(undo as LedgerEntry))], /is itself a reversal/);
  });
});

describe('R24 conservation', () => {
  it('R24: holds after every kind of move', () => {
    const ledger = startedNight();
    ledger.append([item(carryIn(3)), item(win('bo', 4), 1), item(cashOut('bo', 13)), item(carryOut(1))]);
    expect(checkConservation(ledger.balances())).toBeNull();
  });

  it('R24: names the rule and the numbers when it breaks', () => {
    const message = checkConservation({
      pot: 3,
      stacks: { ann: 9, bo: 9 },
      boughtIn: { ann: 10, bo: 10 },
      cashedOut: { ann: 0, bo: 0 },
      carriedIn: 0,
      carriedOut: 0,
    });
    expect(message).toMatch(/R24/);
    expect(message).toMatch(/20 bought in/);
    expect(message).toMatch(/= 21/);
  });
});

describe('Ledger.fromEntries', () => {
  it('a reload changes nothing: same entries, same balances', () => {
    const ledger = startedNight();
    const [lost] = ledger.append([item(betLost('ann', 3), 1), item(carryIn(2))]);
    ledger.append([item(reversalOf(lost as LedgerEntry), 1)]);
    const reloaded = Ledger.fromEntries(JSON.parse(JSON.stringify(ledger.entries)) as LedgerEntry[]);
    expect(reloaded.entries).toEqual(ledger.entries);
    expect(reloaded.balances()).toEqual(ledger.balances());
    expect(reloaded.isReversed(lost?.id ?? '')).toBe(true);
  });

  it('refuses seq numbers out of order', () => {
    const entries = startedNight().entries.map((e, i) => ({ ...e, seq: i === 2 ? 3 : i === 3 ? 2 : i }));
    expect(() => Ledger.fromEntries(entries)).toThrow(/entry 2 .* has seq 3/);
  });

  it('refuses repeated ids', () => {
    const base = startedNight().entries;
    const dup = base.map((e, i) => (i === 1 ? { ...e, id: base[0]?.id ?? '' } : e));
    expect(() => Ledger.fromEntries(dup)).toThrow(/the id is used twice/);
  });

  it('refuses a reversal of an unknown entry', () => {
    const base = [...startedNight().entries];
    const bad: LedgerEntry = { id: 'r', seq: base.length, turn: null, ...reversalOf(base[2] as LedgerEntry), reverses: 'ghost' };
    expect(() => Ledger.fromEntries([...base, bad])).toThrow(/reverses "ghost", which is not in the ledger/);
  });

  it('R3: refuses a stored ledger that overdraws a stack', () => {
    const base = [...startedNight().entries];
    const bad: LedgerEntry = { id: 'x', seq: base.length, turn: 1, ...betLost('ann', 50) };
    expect(() => Ledger.fromEntries([...base, bad])).toThrow(/player ann has only 9 chips/);
  });
});

// ---- property tests -------------------------------------------------------

const players = ['ann', 'bo', 'cy'];
const playerArb = fc.constantFrom(...players);
const amountArb = fc.integer({ min: 1, max: 12 });

/**
 * Plausible moves: buy-ins are common and spends small, so most batches are
 * accepted; the rest overdraw a stack or the pot and must be refused cleanly.
 */
const spendArb = fc.integer({ min: 1, max: 4 });
const plausibleMove = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(playerArb, amountArb).map(([p, a]) => buyIn(p, a)) },
  { weight: 1, arbitrary: fc.tuple(playerArb, spendArb).map(([p, a]) => cashOut(p, a)) },
  { weight: 2, arbitrary: fc.tuple(playerArb, spendArb).map(([p, a]) => ante(p, a)) },
  { weight: 2, arbitrary: fc.tuple(playerArb, spendArb).map(([p, a]) => betLost(p, a)) },
  { weight: 2, arbitrary: fc.tuple(playerArb, spendArb).map(([p, a]) => win(p, a)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(playerArb, spendArb)
      .map(([p, a]): ChipMove => ({ code: 'pot-split', player: p, amount: a, from: 'pot', to: P(p) })),
  },
  { weight: 1, arbitrary: spendArb.map(carryIn) },
  { weight: 1, arbitrary: spendArb.map(carryOut) },
);

/** Moves that are wrong whatever the balances. */
const invalidMove: fc.Arbitrary<ChipMove> = fc.oneof(
  fc.tuple(playerArb, fc.constantFrom(0, -3, 2.5, Number.NaN)).map(([p, a]) => buyIn(p, a)),
  playerArb.map((p): ChipMove => ({ ...ante(p, 1), to: P(p) })),
  playerArb.map((p): ChipMove => ({ ...win(p, 1), from: 'bank' })),
  playerArb.map((p): ChipMove => ({ ...ante(p, 1), from: 'table' as never })),
  playerArb.map((p): ChipMove => ({ ...reversalOf({ ...ante(p, 1), id: 'ghost', seq: 0, turn: null }) })),
);

type Step =
  | { kind: 'moves'; moves: ChipMove[] }
  | { kind: 'reverse'; pick: number }
  | { kind: 'retry'; pick: number }
  | { kind: 'invalid'; prefix: ChipMove[]; bad: ChipMove };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.array(plausibleMove, { minLength: 1, maxLength: 3 }).map((moves): Step => ({ kind: 'moves', moves })) },
  { weight: 2, arbitrary: fc.nat().map((pick): Step => ({ kind: 'reverse', pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick): Step => ({ kind: 'retry', pick })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(plausibleMove, { maxLength: 2 }), invalidMove)
      .map(([prefix, bad]): Step => ({ kind: 'invalid', prefix, bad })),
  },
);

describe('ledger properties', () => {
  let acceptedTotal = 0;
  let refusedTotal = 0;
  it('R24: any sequence of moves keeps incremental balances equal to a fresh fold, R24 holding and no stack below 0', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const ledger = Ledger.empty();
        let n = 0;
        const fresh = (move: ChipMove): LedgerItem => ({ id: `p${n++}`, move, turn: null });
        for (const step of steps) {
          const entriesBefore = [...ledger.entries];
          const balancesBefore = ledger.balances();
          const count = ledger.entries.length;
          const pick = (i: number) => ledger.entries[i % Math.max(count, 1)];
          try {
            if (step.kind === 'moves') ledger.append(step.moves.map(fresh));
            if (step.kind === 'reverse' && count > 0) ledger.append([fresh(reversalOf(pick(step.pick) as LedgerEntry))]);
            if (step.kind === 'moves' || step.kind === 'reverse') acceptedTotal += 1;
            if (step.kind === 'retry' && count > 0) {
              const old = pick(step.pick) as LedgerEntry;
              const { id, seq: _seq, turn, ...move } = old;
              expect(ledger.append([{ id, move, turn }])).toEqual([]);
              expect(ledger.entries).toHaveLength(count);
            }
            if (step.kind === 'invalid') {
              expect(() => ledger.append([...step.prefix.map(fresh), fresh(step.bad)])).toThrow(LedgerError);
              expect(ledger.entries).toEqual(entriesBefore);
              expect(ledger.balances()).toEqual(balancesBefore);
            }
          } catch (error) {
            if (!(error instanceof LedgerError)) throw error;
            refusedTotal += 1;
            expect(ledger.entries).toEqual(entriesBefore);
            expect(ledger.balances()).toEqual(balancesBefore);
          }
          const balances = ledger.balances();
          expect(balances).toEqual(foldEntries(ledger.entries));
          expect(checkConservation(balances)).toBeNull();
          expect(balances.pot).toBeGreaterThanOrEqual(0);
          for (const chips of Object.values(balances.stacks)) expect(chips).toBeGreaterThanOrEqual(0);
        }
        expect(ledger.entries.map((e) => e.seq)).toEqual(ledger.entries.map((_, i) => i));
        expect(Ledger.fromEntries(ledger.entries).balances()).toEqual(ledger.balances());
      }),
      { numRuns: 300 },
    );
    // Guard against a generator so harsh that nearly everything is refused and little is really tested.
    expect(acceptedTotal * 2).toBeGreaterThan(refusedTotal);
  });

  it('any batch with an invalid move leaves entries and balances unchanged', () => {
    fc.assert(
      fc.property(fc.array(plausibleMove, { maxLength: 4 }), invalidMove, fc.nat(4), (prefix, bad, at) => {
        const ledger = startedNight();
        const entriesBefore = [...ledger.entries];
        const balancesBefore = ledger.balances();
        const batch = prefix.map((m) => item(m));
        batch.splice(Math.min(at, batch.length), 0, item(bad));
        expect(() => ledger.append(batch)).toThrow(LedgerError);
        expect(ledger.entries).toEqual(entriesBefore);
        expect(ledger.balances()).toEqual(balancesBefore);
      }),
    );
  });
});

describe("the ledger checked against the table's counts in place (R24 in two places)", () => {
  /** What night/play.ts compared before: the copied balances, a count absent from one side being 0. */
  function sameAsCopied(ledger: Ledger, table: Parameters<Ledger['agreesWith']>[0]): boolean {
    const books = ledger.balances();
    const same = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
      [...new Set([...Object.keys(a), ...Object.keys(b)])].every((id) => (a[id] ?? 0) === (b[id] ?? 0));
    return (
      books.pot === table.pot &&
      books.carriedIn === table.carriedIn &&
      books.carriedOut === table.carriedOut &&
      Object.entries(table.stacks).every(([id, chips]) => ledger.stackOf(id) === chips) &&
      same(books.boughtIn, table.boughtIn) &&
      same(books.cashedOut, table.cashedOut)
    );
  }

  const nudgeArb = fc.record({
    field: fc.constantFrom('pot', 'carriedIn', 'carriedOut', 'stacks', 'boughtIn', 'cashedOut', 'none'),
    player: fc.constantFrom(...players, 'dee'),
    by: fc.constantFrom(-1, 1, 0),
  });

  it('R24: agreesWith says yes exactly when the copied balances equal the counts, whichever count differs', () => {
    fc.assert(
      fc.property(fc.array(plausibleMove, { maxLength: 30 }), nudgeArb, (moves, nudge) => {
        const ledger = Ledger.empty();
        let n = 0;
        for (const move of moves) {
          try {
            ledger.append([{ id: `m${n++}`, move, turn: null }]);
          } catch (error) {
            if (!(error instanceof LedgerError)) throw error;
          }
        }
        const books = ledger.balances();
        const table = { ...books, stacks: { ...books.stacks }, boughtIn: { ...books.boughtIn }, cashedOut: { ...books.cashedOut } };
        if (nudge.field === 'pot' || nudge.field === 'carriedIn' || nudge.field === 'carriedOut') table[nudge.field] += nudge.by;
        else if (nudge.field !== 'none') table[nudge.field][nudge.player] = (table[nudge.field][nudge.player] ?? 0) + nudge.by;
        expect(ledger.agreesWith(table)).toBe(sameAsCopied(ledger, table));
      }),
      { numRuns: 300 },
    );
  });
});
