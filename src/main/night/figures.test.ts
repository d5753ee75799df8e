import { describe, expect, it } from 'vitest';
import type { CardCode, TurnOutcome, TurnView } from '../../shared';
import { nightAwards, playerNightFigures } from './figures';

let n = 0;
/** One finished turn as the history shows it: who played, what came of it, and the pot before and after. */
function turn(playerId: string, outcome: TurnOutcome, pot: [number, number], extra: Partial<TurnView> = {}): TurnView {
  n += 1;
  const posts: [CardCode, CardCode] = outcome === 'pair' ? ['7S', '7H'] : ['3S', 'QH'];
  return {
    n,
    deal: 1,
    dealerId: 'dealer',
    playerId,
    cards: [],
    posts,
    aceCall: null,
    redealtAceCalls: [],
    call: null,
    third: null,
    bet: outcome === 'win' || outcome === 'lose' || outcome === 'post' ? Math.abs(pot[0] - pot[1]) : null,
    limit: null,
    outcome,
    odds: null,
    potBefore: pot[0],
    potAfter: pot[1],
    stackBefore: 20,
    stackAfter: 20,
    void: false,
    corrected: false,
    ...extra,
  };
}

describe("a player's figures of one night", () => {
  it('R18, R30: counts two posts hit and a 3-turn winning streak on a hand-built night', () => {
    const turns = [
      turn('ana', 'win', [10, 7]),
      turn('bo', 'lose', [7, 9]),
      turn('ana', 'post', [9, 13]),
      turn('ana', 'win', [13, 9]),
      turn('ana', 'pair', [9, 7]),
      turn('bo', 'post', [7, 8]),
      turn('ana', 'win', [7, 1]),
      turn('ana', 'post', [1, 3]),
      turn('ana', 'lose', [3, 4]),
    ];
    expect(playerNightFigures('ana', turns)).toEqual({
      biggestWin: 6,
      postsHit: 2,
      pairs: 1,
      bets: 6,
      betsWon: 3,
      longestWinStreak: 3,
    });
    expect(playerNightFigures('bo', turns)).toEqual({ biggestWin: 0, postsHit: 1, pairs: 0, bets: 2, betsWon: 0, longestWinStreak: 0 });
  });

  it('R21: a voided turn counts for nothing and does not break a streak; the turn in progress is not counted', () => {
    const turns = [
      turn('ana', 'win', [10, 8]),
      turn('ana', 'post', [8, 12], { void: true }),
      turn('ana', 'win', [12, 2]),
      turn('ana', 'lose', [2, 2], { outcome: null, potAfter: null }),
    ];
    expect(playerNightFigures('ana', turns)).toMatchObject({ postsHit: 0, bets: 2, betsWon: 2, longestWinStreak: 2, biggestWin: 10 });
  });

  it('R26, R16: a pass and a consecutive are no bets and end a streak; a redeal neither counts nor ends it', () => {
    const turns = [
      turn('ana', 'win', [10, 8]),
      turn('ana', 'redeal', [8, 8]),
      turn('ana', 'win', [8, 6]),
      turn('ana', 'pass', [6, 6]),
      turn('ana', 'win', [6, 4]),
      turn('ana', 'consecutive', [4, 5]),
    ];
    expect(playerNightFigures('ana', turns)).toMatchObject({ bets: 3, betsWon: 3, longestWinStreak: 2, pairs: 0 });
  });

  it('R29: a pair called higher or lower counts as a pair, and its bet as a bet', () => {
    const turns = [
      turn('ana', 'win', [10, 6], { posts: ['8S', '8D'], call: 'higher' }),
      turn('ana', 'post', [6, 10], { posts: ['8S', '8D'], call: 'lower' }),
    ];
    expect(playerNightFigures('ana', turns)).toMatchObject({ pairs: 2, bets: 2, betsWon: 1, postsHit: 1 });
  });
});

describe("the night's awards", () => {
  it('names the biggest win, the most posts and the longest streak, sharing ties', () => {
    const turns = [
      turn('ana', 'win', [20, 14]),
      turn('bo', 'win', [14, 8]),
      turn('cy', 'post', [8, 10]),
      turn('ana', 'post', [10, 12]),
      turn('bo', 'win', [12, 10]),
      turn('cy', 'post', [10, 11]),
    ];
    expect(nightAwards(['ana', 'bo', 'cy'], turns)).toEqual({
      biggestWin: { playerIds: ['ana', 'bo'], value: 6 },
      mostPosts: { playerIds: ['cy'], value: 2 },
      longestStreak: { playerIds: ['bo'], value: 2 },
    });
  });

  it('gives no award nobody earned (no post hit, no streak of 2)', () => {
    const turns = [turn('ana', 'lose', [4, 6]), turn('bo', 'win', [6, 5])];
    expect(nightAwards(['ana', 'bo'], turns)).toEqual({
      biggestWin: { playerIds: ['bo'], value: 1 },
      mostPosts: null,
      longestStreak: null,
    });
  });
});
