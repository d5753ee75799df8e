import type { CardCode } from './cards';

/**
 * A turn as played and a player's result of a night: what both the live view
 * (view.ts) and the history (history.ts) show, apart so neither imports the other.
 */

/** `pass`: the player passed instead of betting (R26). */
export type TurnOutcome = 'win' | 'lose' | 'post' | 'pair' | 'consecutive' | 'push' | 'redeal' | 'pass';

interface TurnCard {
  deck: string;
  card: CardCode;
}

export interface Odds {
  /** Cards left in the deck strictly between the posts (R25). */
  winners: number;
  /** Cards left in the deck. */
  remaining: number;
}

export interface TurnView {
  /** 1-based number of the turn in the night (voided turns keep theirs). */
  n: number;
  deal: number;
  dealerId: string;
  playerId: string;
  /** Every card turned in this turn, in order, redeals included. */
  cards: TurnCard[];
  /** The two posts, low then high as ranked, once both are up. */
  posts: [CardCode, CardCode] | null;
  aceCall: 'low' | 'high' | null;
  /** R1 with R15/R16 `redeal`: the ace call of each pair of posts a redeal discarded, in order (null where none was asked). */
  redealtAceCalls: ('low' | 'high' | null)[];
  /** R29: a pair called higher or lower; null otherwise. */
  call: 'higher' | 'lower' | null;
  third: CardCode | null;
  bet: number | null;
  /** R27: the largest bet allowed when the bet was asked; null when no bet was asked. */
  limit: number | null;
  /** Null while the turn is in progress. */
  outcome: TurnOutcome | null;
  odds: Odds | null;
  potBefore: number;
  potAfter: number | null;
  stackBefore: number;
  stackAfter: number | null;
  void: boolean;
  corrected: boolean;
}

/**
 * How the cards treated a player against the odds shown (docs/rules.md,
 * "Luck against the odds"): `kind` when their luck is above one standard
 * deviation of what their bets could have done, `unkind` below minus one,
 * `even` in between (and with no bet at all).
 */
export type LuckVerdict = 'kind' | 'unkind' | 'even';

/** A player's luck over a night, or over nights in the history. */
export interface PlayerLuck {
  playerId: string;
  /** Bets settled by a third card (R18, R29); a pass (R26) bets nothing and has no luck. */
  bets: number;
  /** Hundredths of a chip: what their bets won or lost, less what the odds shown made them worth. */
  luck: number;
  /** Hundredths of a chip: one standard deviation of what their bets could have won or lost, the size their luck is judged against. */
  spread: number;
  verdict: LuckVerdict;
}

export interface PlayerResult {
  playerId: string;
  boughtIn: number;
  /** Chips at the end: stack after the pot split, plus chips cashed out. */
  finalChips: number;
  netChips: number;
  /** netChips x the night's chipValue, in whole minor units (M1). */
  netMoney: number;
  isWinner: boolean;
}
