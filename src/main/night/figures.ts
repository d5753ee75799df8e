import type { NightAwards, TurnView } from '../../shared';

/**
 * A player's figures for one night, counted from the night's turns as played
 * (voided turns and the turn in progress do not count), so they are always
 * what the journal says, never a stored total.
 */
export interface PlayerNightFigures {
  /** The most chips taken from the pot in one turn (a bet won, or a pair paid under R15). */
  biggestWin: number;
  /** Turns where the third card hit a post (R18, R30; a high-low pair's own rank too, R29). */
  postsHit: number;
  /** Turns whose two cards were a pair (R15, or called high or low under R29). */
  pairs: number;
  /** Bets settled by a third card (won, lost or on the post); a pass (R26) is no bet. */
  bets: number;
  betsWon: number;
  /** The longest run of the player's own turns in a row that took chips from the pot (a win or a pair). */
  longestWinStreak: number;
}

const settledBet = (t: TurnView) => t.bet !== null && (t.outcome === 'win' || t.outcome === 'lose' || t.outcome === 'post');
const tookChips = (t: TurnView) => t.outcome === 'win' || t.outcome === 'pair';

/** The figures of one player's night, from the night's turns. */
export function playerNightFigures(playerId: string, turns: readonly TurnView[]): PlayerNightFigures {
  const figures: PlayerNightFigures = { biggestWin: 0, postsHit: 0, pairs: 0, bets: 0, betsWon: 0, longestWinStreak: 0 };
  let streak = 0;
  for (const t of turns) {
    if (t.void || t.playerId !== playerId || t.outcome === null) continue;
    // A redeal turned new cards for the same turn: nothing was won or lost yet, so a streak goes on through it.
    if (t.outcome === 'redeal') continue;
    if (t.outcome === 'post') figures.postsHit += 1;
    if (t.outcome === 'pair' || t.call !== null) figures.pairs += 1;
    if (settledBet(t)) {
      figures.bets += 1;
      if (t.outcome === 'win') figures.betsWon += 1;
    }
    if (tookChips(t)) {
      if (t.potAfter !== null) figures.biggestWin = Math.max(figures.biggestWin, t.potBefore - t.potAfter);
      streak += 1;
      figures.longestWinStreak = Math.max(figures.longestWinStreak, streak);
    } else {
      streak = 0;
    }
  }
  return figures;
}

/** Everyone at the top of a figure (ties shared), or null when nobody scored it at all. */
function leaders(figures: ReadonlyMap<string, PlayerNightFigures>, pick: (f: PlayerNightFigures) => number, atLeast: number) {
  let best = 0;
  for (const f of figures.values()) best = Math.max(best, pick(f));
  if (best < atLeast) return null;
  const playerIds = [...figures].filter(([, f]) => pick(f) === best).map(([id]) => id);
  return { playerIds, value: best };
}

/**
 * The night's awards shown on the TV when it ends: the biggest single win,
 * the most posts hit and the longest winning streak (of 2 or more turns).
 */
export function nightAwards(playerIds: readonly string[], turns: readonly TurnView[]): NightAwards {
  const figures = new Map(playerIds.map((id) => [id, playerNightFigures(id, turns)]));
  return {
    biggestWin: leaders(figures, (f) => f.biggestWin, 1),
    mostPosts: leaders(figures, (f) => f.postsHit, 1),
    longestStreak: leaders(figures, (f) => f.longestWinStreak, 2),
  };
}
