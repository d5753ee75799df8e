import { playerAccount } from '../../shared/chips';
import type { BetLimits } from '../../shared/view';
import { limitsFor } from './limits';
import type { EngineState } from './state';

/**
 * R21 with R17 and R27: the bet a correction of the last turn may set. A
 * correction first reverses the turn's chip entries, so the pot and the
 * player's stack are what they were when the bet was made (a buy-in since
 * then included), and the limits the bet had (a first round's half-pot cap,
 * maxBet) still apply. Null when the last action is not a turn with a bet
 * (the engine's correctBet refuses it then).
 */
export function correctionLimits(state: EngineState): BetLimits | null {
  const last = state.lastAction;
  const turn = state.turn;
  if (!last || last.settled || last.kind !== 'turn' || !turn || turn.n !== last.turn || turn.bet === null) return null;
  const account = playerAccount(turn.playerId);
  let pot = state.pot;
  let stack = state.stacks[turn.playerId] ?? 0;
  for (const { move } of last.entries) {
    if (move.to === 'pot') pot -= move.amount;
    if (move.from === 'pot') pot += move.amount;
    if (move.to === account) stack -= move.amount;
    if (move.from === account) stack += move.amount;
  }
  return limitsFor(state, pot, stack, turn.halfPot);
}
