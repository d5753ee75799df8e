import type { EngineState, SeatedPlayer } from './state';

/**
 * Who acts and who deals (docs/rules.md R6, R8). Seats are numbered clockwise, so
 * "the player on the left" is the next seat number, wrapping.
 */

/** R6, R32: seated, not gone home, not sitting out, and holding chips: antes, draws, can be dealt a turn. */
export function isActive(state: EngineState, player: SeatedPlayer | undefined): player is SeatedPlayer {
  return player !== undefined && !player.left && !player.sittingOut && (state.stacks[player.id] ?? 0) > 0;
}

/** R31: active, and seated before `deal` began (a newcomer seated mid-deal plays from the next one). */
export function playsIn(state: EngineState, player: SeatedPlayer | undefined, deal: number): player is SeatedPlayer {
  return isActive(state, player) && player.fromDeal <= deal;
}

/** R22, R32: still at the table with chips in front of them, sitting out or not: shares a pot split at the end. */
export function holdsChips(state: EngineState, player: SeatedPlayer): boolean {
  return !player.left && (state.stacks[player.id] ?? 0) > 0;
}

/** A turn whose cards are out and whose outcome is not known yet (it may be waiting for a new deck, R13). */
export function turnInProgress(state: EngineState): boolean {
  const turn = state.turn;
  return turn !== null && turn.outcome === null && !turn.void;
}

/** R31: a deal is under way from its first turn to its last: some turn of the current deal has been dealt. */
export function dealUnderWay(state: EngineState): boolean {
  return state.turn !== null && state.dealerSeat !== null && state.turn.deal === state.dealNumber;
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

/** The first seat strictly after `seat`, clockwise, whose player plays in `deal` (the current one unless said), or null. */
export function nextActiveSeat(state: EngineState, seat: number, deal = state.dealNumber): number | null {
  const count = state.players.length;
  for (let step = 1; step <= count; step++) {
    const candidate = (seat + step) % count;
    if (playsIn(state, state.players[candidate], deal)) return candidate;
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
      if (playsIn(state, state.players[seat], state.dealNumber)) return { dealerSeat, toActSeat: seat, dealPassed: false };
      if (seat === dealerSeat) break;
    }
  }
  // The next deal: newcomers seated during this one play in it (R31).
  const nextDeal = state.dealNumber + 1;
  const newDealer = nextActiveSeat(state, dealerSeat, nextDeal);
  if (newDealer === null) return { dealerSeat, toActSeat: null, dealPassed: true };
  const toAct = nextActiveSeat(state, newDealer, nextDeal);
  return { dealerSeat: newDealer, toActSeat: toAct === newDealer && !hasTwoActive(state) ? null : toAct, dealPassed: true };
}
