import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type RuleSettings, type TurnView } from '../../shared';
import { add, toNumber, ZERO, type Fraction } from '../night/fraction';
import { betsOfNight, nightLuck, sumLuck, type BetLuck } from '../night/luck';
import { Bot } from '../simulation/bot';
import { endNight, playTurns, sessionTable, startNight } from '../simulation/playNight';
import { SeededStream } from '../simulation/seededStream';
import { ask, closeNight, currentNight, playNight, sessionFolderPerTest } from './testing/kit';

/**
 * Luck against the odds over long simulated runs: the simulator's bots play
 * whole nights through the real GameSession, and every bet's luck is its
 * result less what the odds shown made it worth. Luck is fair by
 * construction, so over many bets it must add up to about 0: within four
 * standard deviations of the sum (the square root of the bets' variances
 * added up), a bound a correct count breaks about once in 16,000 runs, and a
 * count that forgets the post (R18, R30) or the called pair's chances (R29)
 * breaks at once.
 */

const folder = sessionFolderPerTest('dealer-luck-');

const rulesArb: fc.Arbitrary<RuleSettings> = fc
  .record({
    decks: fc.integer({ min: 1, max: 4 }),
    aceLowChoice: fc.boolean(),
    pair: fc.constantFrom('pays-2', 'redeal', 'high-low'),
    consecutive: fc.constantFrom('lose-minimum', 'redeal'),
    postPays: fc.constantFrom(1, 2, 3),
    pass: fc.boolean(),
  })
  .map((house) => ({ ...DEFAULT_RULES, ...house }));

const NIGHTS_PER_RUN = 6;
const TURNS_PER_NIGHT = 60;

/** Plays `NIGHTS_PER_RUN` nights by these rules and returns every bet, judged. */
function simulatedRun(rules: RuleSettings, seed: number): BetLuck[] {
  const session = folder.start();
  const table = sessionTable(session);
  const run: BetLuck[] = [];
  for (let night = 0; night < NIGHTS_PER_RUN; night++) {
    const bot = new Bot(new SeededStream(Buffer.from(`luck/${seed}/${night}`), 'bots'));
    const plan = { players: ['Ann', 'Bo', 'Cy', 'Di'], startingChips: 30, rules, turns: TURNS_PER_NIGHT };
    startNight(table, plan);
    playTurns(table, bot, plan);
    endNight(table);
    const nightId = session.getView().night?.id ?? '';
    const { turns } = ask(session, 'getNight', { nightId });
    const bets = betsOfNight(turns, rules);
    expectTheTablesFigures(bets, turns);
    run.push(...bets);
    closeNight(session);
  }
  folder.closeLast();
  return run;
}

/** Each bet's chances are the odds the table showed, and its actual result the chips that moved. */
function expectTheTablesFigures(bets: readonly BetLuck[], turns: readonly TurnView[]): void {
  const byTurn = new Map(turns.map((t) => [t.n, t]));
  for (const bet of bets) {
    const turn = byTurn.get(bet.n);
    // What the table showed (R25, R29's call) is the win count judged here, out of the same cards.
    if (turn?.odds && turn.odds.remaining > 0)
      expect(`${bet.chances.win}/${bet.chances.remaining}`).toBe(`${turn.odds.winners}/${turn.odds.remaining}`);
    // What the bet actually won or lost is the chips that moved, the post capped at the stack (R30).
    expect(bet.actual).toBe((turn?.stackAfter ?? Number.NaN) - (turn?.stackBefore ?? 0));
  }
}

describe('luck against the odds over many simulated nights', () => {
  it("R25, R29, R30: the sum of everyone's luck stays within 4 standard deviations of 0, and each bet's chances are the odds shown", () => {
    let allLuck: Fraction = ZERO;
    let allVariance: Fraction = ZERO;
    let bets = 0;
    let moved = 0;
    fc.assert(
      fc.property(rulesArb, fc.nat(), (rules, seed) => {
        const judged = simulatedRun(rules, seed);
        const { luck, variance } = sumLuck(judged);
        expect(judged.length).toBeGreaterThan(NIGHTS_PER_RUN * 10);
        expect(Math.abs(toNumber(luck))).toBeLessThanOrEqual(4 * Math.sqrt(toNumber(variance)));
        allLuck = add(allLuck, luck);
        allVariance = add(allVariance, variance);
        bets += judged.length;
        moved += judged.reduce((sum, b) => sum + Math.abs(b.actual), 0);
      }),
      { numRuns: 6, seed: 20261126 },
    );
    // All runs together: the longest run of all, with the same bound.
    expect(bets).toBeGreaterThan(1000);
    expect(Math.abs(toNumber(allLuck))).toBeLessThanOrEqual(4 * Math.sqrt(toNumber(allVariance)));
    // The bound means something: four standard deviations are a small part of the chips the bets moved.
    expect(4 * Math.sqrt(toNumber(allVariance))).toBeLessThan(moved / 5);
  }, 240_000);
});

describe('luck on the screens and in the history', () => {
  it("R25: the ended night's view, its history page and the all-time standings carry the same luck, added up over nights", () => {
    const session = folder.start();
    const players = ['Ana', 'Ben', 'Cleo'];
    const first = playNight(session, folder.clock, { players, day: '2026-02-01', turns: 40 });
    const firstLuck = currentNight(session).luck ?? [];
    closeNight(session);
    const second = playNight(session, folder.clock, { players, day: '2026-02-08', turns: 40 });
    const secondLuck = currentNight(session).luck ?? [];
    const detail = ask(session, 'getNight', { nightId: second });
    expect(detail.luck).toEqual(secondLuck);
    expect(secondLuck).toEqual(
      nightLuck(
        detail.players.map((p) => p.id),
        detail.turns,
        DEFAULT_RULES,
      ),
    );
    expect(ask(session, 'getNight', { nightId: first }).luck).toEqual(firstLuck);
    expect(firstLuck.reduce((sum, l) => sum + l.bets, 0)).toBeGreaterThan(10);
    const rows = ask(session, 'getStandings', {}).rows;
    for (const player of detail.players) {
      const [a, b] = [firstLuck, secondLuck].map((night) => night.find((l) => l.playerId === player.id));
      const row = rows.find((r) => r.playerId === player.id);
      expect(row?.luck).toMatchObject({ luck: (a?.luck ?? 0) + (b?.luck ?? 0), bets: (a?.bets ?? 0) + (b?.bets ?? 0) });
      // Two nights' spreads add as variances: the whole is wider than either night, narrower than both added.
      expect(row?.luck.spread ?? 0).toBeGreaterThanOrEqual(Math.max(a?.spread ?? 0, b?.spread ?? 0));
      expect(row?.luck.spread ?? 0).toBeLessThanOrEqual((a?.spread ?? 0) + (b?.spread ?? 0) + 1);
    }
  });
});
