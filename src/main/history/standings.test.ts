import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TurnOutcome, TurnView } from '../../shared';
import { playerNightFigures, type NightSummary } from '../night';
import { standings } from './standings';

const PLAYERS = ['ana', 'bo', 'cy'] as const;
const OUTCOMES: TurnOutcome[] = ['win', 'lose', 'post', 'pair', 'consecutive', 'push', 'redeal', 'pass'];

const turnArb = fc.record({
  playerId: fc.constantFrom(...PLAYERS),
  outcome: fc.constantFrom(...OUTCOMES),
  chips: fc.integer({ min: 1, max: 30 }),
  void: fc.boolean(),
});

/** A night's turns as the history shows them, from random draws (the pot is not kept consistent: the figures do not need it). */
interface TurnDraw {
  playerId: string;
  outcome: TurnOutcome;
  chips: number;
  void: boolean;
}

function turnsOf(draws: readonly TurnDraw[]): TurnView[] {
  return draws.map((d, i) => {
    const tookChips = d.outcome === 'win' || d.outcome === 'pair';
    const betOn = d.outcome === 'win' || d.outcome === 'lose' || d.outcome === 'post';
    return {
      n: i + 1,
      deal: 1,
      dealerId: 'ana',
      playerId: d.playerId,
      cards: [],
      posts: d.outcome === 'pair' ? ['9S', '9D'] : ['2S', 'KD'],
      aceCall: null,
      redealtAceCalls: [],
      call: null,
      third: null,
      bet: betOn ? d.chips : null,
      limit: null,
      outcome: d.outcome,
      odds: null,
      potBefore: 100,
      potAfter: tookChips ? 100 - d.chips : 100 + (betOn ? d.chips : 0),
      stackBefore: 50,
      stackAfter: 50,
      void: d.void,
      corrected: false,
    };
  });
}

const nightArb = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  turns: fc.array(turnArb, { maxLength: 40 }),
  nets: fc.tuple(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: -5000, max: 5000 })),
  seated: fc.subarray([...PLAYERS], { minLength: 1 }),
});

/** The night's index line as nightSummary makes it: each seated player's result with the figures of their turns. */
interface NightDraw {
  day: number;
  turns: TurnDraw[];
  nets: [number, number, number];
  seated: string[];
}

function indexLine(night: NightDraw, k: number): NightSummary {
  const turns = turnsOf(night.turns);
  const day = `2026-02-${String(night.day).padStart(2, '0')}`;
  return {
    id: `n${k}`,
    startedAt: `${day}T20:00:${String(k % 60).padStart(2, '0')}.000Z`,
    endedAt: `${day}T23:00:00.000Z`,
    playerIds: night.seated,
    turns: turns.length,
    biggestPot: 100,
    winnerIds: [],
    results: night.seated.map((playerId) => ({
      playerId,
      boughtIn: 20,
      finalChips: 20,
      netChips: 0,
      netMoney: night.nets[PLAYERS.indexOf(playerId as (typeof PLAYERS)[number])] ?? 0,
      ...playerNightFigures(playerId, turns),
    })),
    chipValue: 25,
    currency: 'EUR',
    file: `nights/n${k}`,
    carriedOut: 0,
  };
}

describe('all-time figures folded from the nights index', () => {
  it("R23: a player's all-time net is the sum of their nights' nets; win rate in [0, 1]; posts and streaks add up", () => {
    fc.assert(
      fc.property(fc.array(nightArb, { maxLength: 12 }), (nights) => {
        const index = nights.map(indexLine);
        const { rows } = standings(index, []);
        for (const row of rows) {
          const mine = index.flatMap((line) => line.results.filter((r) => r.playerId === row.playerId));
          expect(row.nights).toBe(mine.length);
          expect(row.netMoney).toBe(mine.reduce((sum, r) => sum + r.netMoney, 0));
          expect(row.postsHit).toBe(mine.reduce((sum, r) => sum + (r.postsHit ?? 0), 0));
          expect(row.longestWinStreak).toBe(Math.max(0, ...mine.map((r) => r.longestWinStreak ?? 0)));
          expect(row.betsWon).toBeLessThanOrEqual(row.bets);
          if (row.bets === 0) expect(row.winRate).toBeNull();
          else {
            expect(row.winRate).toBeGreaterThanOrEqual(0);
            expect(row.winRate).toBeLessThanOrEqual(1);
          }
          // A streak is made of winning turns, and no single win is bigger than the biggest.
          expect(row.longestWinStreak).toBeLessThanOrEqual(row.betsWon + row.pairs);
        }
      }),
    );
  });

  it('filters the figures by date and by player as the leaderboard does', () => {
    const base = { turns: [], nets: [100, -50, -50] as [number, number, number], seated: ['ana', 'bo', 'cy'] };
    const early = indexLine({ ...base, day: 2 }, 0);
    const late = indexLine({ ...base, day: 20, turns: [{ playerId: 'ana', outcome: 'post', chips: 3, void: false }] }, 1);
    expect(standings([early, late], [], { from: '2026-02-10' }).rows.find((r) => r.playerId === 'ana')).toMatchObject({
      nights: 1,
      postsHit: 1,
      netMoney: 100,
      winRate: 0,
    });
    expect(standings([early, late], [], { to: '2026-02-10' }).rows.find((r) => r.playerId === 'ana')).toMatchObject({
      nights: 1,
      postsHit: 0,
      winRate: null,
    });
    expect(standings([early, late], [], { playerIds: ['bo'] }).rows.map((r) => r.playerId)).toEqual(['bo']);
  });
});

describe('luck on the all-time board', () => {
  const luckArb = fc.record({
    luck: fc.integer({ min: -5000, max: 5000 }),
    luckSpread: fc.integer({ min: 0, max: 3000 }),
    bets: fc.integer({ min: 0, max: 60 }),
  });

  it("R25: a player's luck is the nights' luck added up, their spreads added as variances, and the verdict judged on those totals", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(nightArb, fc.array(luckArb, { minLength: 3, maxLength: 3 })), { maxLength: 12 }), (drawn) => {
        const index = drawn.map(([night, lucks], k) => {
          const line = indexLine(night, k);
          return {
            ...line,
            results: line.results.map((r) => ({ ...r, ...lucks[PLAYERS.indexOf(r.playerId as (typeof PLAYERS)[number])] })),
          };
        });
        for (const row of standings(index, []).rows) {
          const mine = index.flatMap((line) => line.results.filter((r) => r.playerId === row.playerId));
          const luck = mine.reduce((sum, r) => sum + (r.luck ?? 0), 0);
          const variance = mine.reduce((sum, r) => sum + (r.luckSpread ?? 0) ** 2, 0);
          // In hundredths of a chip: beyond one spread (luck^2 > variance) is kind or unkind, within it even.
          const verdict = luck * luck <= variance ? 'even' : luck > 0 ? 'kind' : 'unkind';
          expect(row.luck).toEqual({
            playerId: row.playerId,
            bets: mine.reduce((sum, r) => sum + (r.bets ?? 0), 0),
            luck,
            spread: Math.round(Math.sqrt(variance)),
            verdict,
          });
        }
      }),
    );
  });
});
