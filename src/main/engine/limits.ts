import type { BetLimits } from '../../shared/view';
import { isActive } from './flow';
import type { EngineState } from './state';

/**
 * R17 and R27: the bet a player may make. At least 1; at most the pot and
 * their stack (R17), `maxBet` when set, and half the pot (rounded down, at
 * least 1) in a `half-pot` first round. The host's "pot" key bets `max`.
 */

/** R27 `half-pot`: a player who could play when the pot was made has not had their turn since. */
export function halfPotRound(state: EngineState): boolean {
  if (state.firstRound.length === 0) return false;
  for (const id of state.firstRound) {
    const player = state.players.find((p) => p.id === id);
    if (isActive(state, player)) return true;
  }
  return false;
}

export function limitsFor(state: EngineState, pot: number, stack: number, halfPot: boolean): BetLimits {
  let max = Math.min(pot, stack);
  let cap: BetLimits['cap'] = null;
  const { maxBet } = state.settings;
  if (maxBet !== null && maxBet < max) {
    max = maxBet;
    cap = 'max-bet';
  }
  if (halfPot) {
    const half = Math.max(1, Math.floor(pot / 2));
    if (half < max) {
      max = half;
      cap = 'half-pot';
    }
  }
  return { min: 1, max, cap };
}

/** The limits for the player whose turn it is, as the rules stand right now. */
export function currentLimits(state: EngineState, playerId: string): BetLimits {
  return limitsFor(state, state.pot, state.stacks[playerId] ?? 0, halfPotRound(state));
}
