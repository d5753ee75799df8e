import type { EngineState, SeatedPlayer } from './state';

/**
 * Who acts and who deals (RULES.md R6, R8). Seats are numbered clockwise, so
 * "the player on the left" is the next seat number, wrapping.
 */

/** R6: seated, not gone home, and holding chips. */
export function isActive(state: EngineState, player: SeatedPlayer | undefined): player is SeatedPlayer {
  return player !== undefined && !player.left && (state.stacks[player.id] ?? 0) > 0;
}

export function activePlayers(state: EngineState): SeatedPlayer[] {
  return state.players.filter((p) => isActive(state, p));
}

/** `activePlayers(state).length >= 2`, without building the list: it is asked before every turn. */
export function hasTwoActive(state: EngineState): boolean {
  let count = 0;
  for (const player of state.players) if (isActive(state, player) && ++count === 2) return true;
  return false;
}

/** The first active seat strictly after `seat`, clockwise, or null. */
export function nextActiveSeat(state: EngineState, seat: number): number | null {
  const count = state.players.length;
  for (let step = 1; step <= count; step++) {
    const candidate = (seat + step) % count;
    if (isActive(state, state.players[candidate])) return candidate;
  }
  return null;
}

export interface NextTurn {
  dealerSeat: number | null;
  toActSeat: number | null;
  dealPassed: boolean;
}

/**
 * R8: after the player at `fromSeat` (whose turn just ended, or who left),
 * the next active player clockwise acts, the dealer last. Once the turn would
 * go past the dealer's seat, every player has had a turn in this deal and the
 * deal passes to the next active player on the dealer's left.
 */
export function nextTurnAfter(state: EngineState, fromSeat: number): NextTurn {
  const dealerSeat = state.dealerSeat;
  const count = state.players.length;
  if (dealerSeat === null) return { dealerSeat, toActSeat: null, dealPassed: false };
  if (fromSeat !== dealerSeat) {
    for (let step = 1; step <= count; step++) {
      const seat = (fromSeat + step) % count;
      if (isActive(state, state.players[seat])) return { dealerSeat, toActSeat: seat, dealPassed: false };
      if (seat === dealerSeat) break;
    }
  }
  const newDealer = nextActiveSeat(state, dealerSeat);
  if (newDealer === null) return { dealerSeat, toActSeat: null, dealPassed: true };
  const toAct = nextActiveSeat(state, newDealer);
  return { dealerSeat: newDealer, toActSeat: toAct === newDealer && !hasTwoActive(state) ? null : toAct, dealPassed: true };
}
