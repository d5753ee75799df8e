import { describe, expect, it } from 'vitest';
import { checkNight, formatFinding } from '../src/checker';
import { parseSeedHex } from '../src/main/simulation/seededStream';
import { DEFAULT_RULES } from '../src/shared/settings';
import { checkSimulatedNights, describeFindings } from './lib/checkedNights';
import { simulateNight } from './lib/simulation';
import { parseSimulateArgs } from './simulate';

/**
 * Single nights of the matrix (checkNightMatrix1.test.ts) where the engine
 * and the night checker once disagreed, each replayed and re-judged: quick
 * to run while the full matrix takes minutes.
 */
function judged(night: number) {
  const result = checkSimulatedNights(night, night + 1);
  return { count: result.withFindings.length, message: describeFindings(result) };
}

describe('matrix nights where the engine and the checker once disagreed', () => {
  it('R6: a player with no chips who buys in before the turn order reaches them plays in that deal (night 2)', () => {
    const { count, message } = judged(2);
    expect(count, message).toBe(0);
  });

  it('R8, R32: a dealer who sits out before their deal begins is passed over (night 41)', () => {
    const { count, message } = judged(41);
    expect(count, message).toBe(0);
  });

  it("R6, R28: a dealer whose last chips went in the deal's own ante still deals it (night 116)", () => {
    const { count, message } = judged(116);
    expect(count, message).toBe(0);
  });

  it("R28, R21: a newcomer seated and undone between turns that moved no chips does not hold back the next deal's ante (night 73)", () => {
    const { count, message } = judged(73);
    expect(count, message).toBe(0);
  });

  it('R27: a player whose re-ante took their last chip could not take a turn when the pot was made: the half-pot round does not wait for them (night 188)', () => {
    const { count, message } = judged(188);
    expect(count, message).toBe(0);
  });

  it("R6, R28: a player bought in after the deal's own ante took their last chips plays in that deal (night 152)", () => {
    const { count, message } = judged(152);
    expect(count, message).toBe(0);
  });

  it('R8, R6: a buy-in made after the next turn does not decide who that turn was due to (nights 1136, 1953)', () => {
    for (const night of [1136, 1953]) {
      const { count, message } = judged(night);
      expect(count, message).toBe(0);
    }
  });

  it("R27, R28: a player bought in after the deal's own ante took their last chip is not waited for by the half-pot round (night 1730)", () => {
    const { count, message } = judged(1730);
    expect(count, message).toBe(0);
  });

  it("R8, R28: the deal passing after its dealer cashed out goes to the player on their left even when its ante took that player's last chip (night 1119)", () => {
    const { count, message } = judged(1119);
    expect(count, message).toBe(0);
  });

  it('R1, R16: a redealt A-2 keeps the ace call it was redealt by (found by the simulator: seed e5f309dd, turn 4)', () => {
    const options = parseSimulateArgs([
      ...['--players', '11', '--turns', '4', '--seed', 'e5f309dd', '--host-moves', 'every', '--out', 'unused.json'],
      ...['--rules', '{"pair":"high-low","postPays":3,"aceLowChoice":true,"consecutive":"redeal","potAtEnd":"carry"}'],
    ]);
    const night = JSON.parse(JSON.stringify(simulateNight(options))) as {
      turns: { n: number; cards: { card: string }[]; aceCalls?: unknown }[];
    };
    const turn4 = night.turns.find((t) => t.n === 4);
    expect(turn4?.cards.slice(0, 2).map((c) => c.card)).toEqual(['AS', '2H']);
    expect(turn4?.aceCalls).toEqual(['low', null]);
    expect(checkNight(night).map(formatFinding)).toEqual([]);
    // Told the ace was called high, the same redeal is wrong.
    const called = { ...night, turns: night.turns.map((t) => (t.n === 4 ? { ...t, aceCalls: ['high', null] } : t)) };
    expect(checkNight(called).map((f) => `${f.rule} turn ${f.turn}`)).toContain('R16 turn 4');
  });
});

/** A night of `npm run simulate -- --players 6 --turns 300 --seed HEX --rules <below> --host-moves every`. */
const simulated = new Map<string, ReturnType<typeof simulateNight>>();
function simulatedTableNight(seedHex: string) {
  const known = simulated.get(seedHex);
  if (known) return known;
  const seed = parseSeedHex(seedHex);
  if (!seed) throw new Error(`bad seed ${seedHex}`);
  const rules = { ...DEFAULT_RULES, cards: 'table', pass: true, anteWhen: 'every-deal', pair: 'high-low', postPays: 2 } as const;
  const exported = simulateNight({ seed, players: 6, turns: 300, rules, startingChips: 50, hostMoves: 'every' });
  const night = JSON.parse(JSON.stringify(exported)) as typeof exported;
  simulated.set(seedHex, night);
  return night;
}

/** One 300-turn night takes seconds to play. */
const NIGHT_MS = 120_000;

const findingsOf = (night: unknown) => checkNight(night).map(formatFinding);

describe('nights the engine deals right, which the checker once had to guess about', () => {
  it(
    'R22, R33, R31: the end, its reopening and a seat move between turns 306 and 307 are recorded in that order; the first split starts left of the dealer in the seating before the move (7b0000df)',
    () => {
      const night = simulatedTableNight('7b0000df');
      const between = (night.hostActions ?? []).filter((a) => a.turnsBefore === 306);
      expect(between.map((a) => a.kind)).toEqual(['end', 'reopen', 'move']);
      const [end, , move] = between;
      expect(end?.kind === 'end' && move?.kind === 'move' && end.dealer === move.player).toBe(true);
      expect(findingsOf(night)).toEqual([]);
    },
    NIGHT_MS,
  );

  it(
    'R6, R8: deals passed over players who cannot deal are judged without a guess: no findings, nothing "cannot check" (7b0000ed)',
    () => {
      const night = simulatedTableNight('7b0000ed');
      const seatingAt = (n: number) => (night.seating ?? []).filter((s) => s.beforeTurn <= n).at(-1)?.order ?? [];
      const passedOver = night.turns.filter((t, i) => {
        const before = night.turns[i - 1];
        if (!before || before.deal === t.deal) return false;
        const order = seatingAt(t.n);
        return order[(order.indexOf(before.dealer) + 1) % order.length] !== t.dealer;
      });
      expect(passedOver.length).toBeGreaterThan(0);
      expect(findingsOf(night)).toEqual([]);
    },
    NIGHT_MS,
  );

  it(
    'R21, R35: a version 5 export leaves nothing "cannot check"; the same night without its host actions and record (version 3) says it cannot place them, nor say who wrote it',
    () => {
      const night = simulatedTableNight('7b0000df');
      expect(checkNight(night).filter((f) => f.kind === 'cannot-check')).toEqual([]);
      const { hostActions: _actions, record: _record, ...rest } = night;
      const version3 = { ...rest, format: 'in-between-night/3', turns: night.turns.map(({ atLedger: _at, ...turn }) => turn) };
      // And, from before nights were signed, no record (R35).
      expect(
        checkNight(version3)
          .filter((f) => f.kind === 'cannot-check')
          .map((f) => f.rule),
      ).toEqual(['R21', 'R35']);
    },
    NIGHT_MS,
  );
});
