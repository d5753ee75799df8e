import { rankOf, type CardCode } from '../../shared/cards';
import type { Odds } from '../../shared/view';

/**
 * R25: the exact chance that the next card falls strictly between the posts,
 * counted from the cards still in the deck (not a fresh-deck estimate).
 * `low` and `high` are numeric ranks; an ace called low counts as 1 (R1).
 */
export function oddsBetween(low: number, high: number, remaining: readonly CardCode[]): Odds {
  let winners = 0;
  for (const card of remaining) {
    const rank = rankOf(card);
    if (rank > low && rank < high) winners++;
  }
  return { winners, remaining: remaining.length };
}
