import type { BetLimits } from '../../../shared';

/**
 * What P bets (R17, R27): the largest bet allowed, which is the pot only when neither a house limit nor the player's
 * own chips are under it. The console names it as it is, so a host is never told "the pot" for a bet of a stack.
 * `pot`: P bets the whole pot; `largest`: it bets `max` chips, a house limit's or the player's stack.
 */
export function largestBet(limits: BetLimits, pot: number): { kind: 'pot' } | { kind: 'largest'; max: number } {
  return limits.cap !== null || limits.max < pot ? { kind: 'largest', max: limits.max } : { kind: 'pot' };
}
