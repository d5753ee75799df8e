import { tableEdgeCrossing, type ChipMove } from '../../../shared/chips';
import type { EngineState } from '../state';
import type { DraftCopies } from './copies';

/** Chips moving between the bank, the stacks and the pot (R3, R24), as the `chips` event records them. */

export function moveChips(state: EngineState, move: ChipMove, copies: DraftCopies | undefined): EngineState {
  const { from, to, amount } = move;
  if (from === 'pot') state.pot -= amount;
  else if (from !== 'bank') changeStack(state, playerIdIn(from, move.player), -amount, copies);
  if (to === 'pot') state.pot += amount;
  else if (to !== 'bank') changeStack(state, playerIdIn(to, move.player), amount, copies);
  // Money crossing the table's edge is what R24 counts; reversals count against what they reverse.
  const crossing = tableEdgeCrossing(move);
  if (crossing === null) return state;
  const { sign, side: bankSide } = crossing;
  const originalIn = crossing.direction === 'in';
  if (bankSide === 'pot') {
    if (originalIn) state.carriedIn += sign * amount;
    else state.carriedOut += sign * amount;
  } else {
    const id = playerIdIn(bankSide, move.player);
    if (originalIn) {
      const boughtIn = copies && copies.boughtIn === state.boughtIn ? state.boughtIn : { ...state.boughtIn };
      boughtIn[id] = (boughtIn[id] ?? 0) + sign * amount;
      state.boughtIn = boughtIn;
      if (copies) copies.boughtIn = boughtIn;
    } else {
      const cashedOut = copies && copies.cashedOut === state.cashedOut ? state.cashedOut : { ...state.cashedOut };
      cashedOut[id] = (cashedOut[id] ?? 0) + sign * amount;
      state.cashedOut = cashedOut;
      if (copies) copies.cashedOut = cashedOut;
    }
  }
  return state;
}

/** `player:<id>` accounts: where the id starts. */
const PLAYER_PREFIX = 'player:'.length;

/**
 * The id in a `player:<id>` account. When it is the move's player, that
 * string is returned: it is already a key of the stacks, which V8 looks up
 * quicker than a string just cut from the account.
 */
function playerIdIn(account: string, player: string | null): string {
  const id = account.slice(PLAYER_PREFIX);
  return id === player ? player : id;
}

function changeStack(state: EngineState, playerId: string, chips: number, copies: DraftCopies | undefined): void {
  const stacks = copies && copies.stacks === state.stacks ? state.stacks : { ...state.stacks };
  stacks[playerId] = (stacks[playerId] ?? 0) + chips;
  state.stacks = stacks;
  if (copies) copies.stacks = stacks;
}
