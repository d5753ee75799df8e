import type { EventOf } from '../events';
import type { EngineState, SeatedPlayer } from '../state';
import { ownPlayerCounts, type DraftCopies } from './copies';

/** The seating's facts (R8, R31, R32): the night's first seating, newcomers, moves, leaving, sitting out. */

export function nightStarted(state: EngineState, event: EventOf<'night-started'>, copies: DraftCopies | undefined): EngineState {
  state.nightId = event.nightId;
  state.startedAt = event.at;
  state.settings = event.settings;
  state.chipValue = event.chipValue;
  state.currency = event.currency;
  state.revision = event.revision ?? 1;
  state.players = event.players.map((p, seat) => ({ id: p.id, name: p.name, seat, left: false, sittingOut: false, fromDeal: 0 }));
  const zero = () => Object.fromEntries(event.players.map((p) => [p.id, 0]));
  ownPlayerCounts(state, { stacks: zero(), boughtIn: zero(), cashedOut: zero() }, copies);
  return state;
}

/** A player cashed out (`left`) or came back with a buy-in; sat out or came back (R32). */
export function playerFlagged(state: EngineState, playerId: string, flag: Partial<Pick<SeatedPlayer, 'left' | 'sittingOut'>>): EngineState {
  state.players = state.players.map((p) => (p.id === playerId ? { ...p, ...flag } : p));
  return state;
}

export function playerSeated(state: EngineState, event: EventOf<'player-seated'>, copies: DraftCopies | undefined): EngineState {
  const newcomer = { id: event.playerId, name: event.name, seat: event.seat, left: false, sittingOut: false, fromDeal: event.fromDeal };
  const order = [...state.players];
  order.splice(event.seat, 0, newcomer);
  const id = event.playerId;
  ownPlayerCounts(
    state,
    { stacks: { ...state.stacks, [id]: 0 }, boughtIn: { ...state.boughtIn, [id]: 0 }, cashedOut: { ...state.cashedOut, [id]: 0 } },
    copies,
  );
  return reseat(state, order);
}

export function playerUnseated(state: EngineState, event: EventOf<'player-unseated'>, copies: DraftCopies | undefined): EngineState {
  if (!state.players.some((p) => p.id === event.playerId)) throw new Error(`player ${event.playerId} unseated but is not seated`);
  const { [event.playerId]: _stack, ...stacks } = state.stacks;
  const { [event.playerId]: _bought, ...boughtIn } = state.boughtIn;
  const { [event.playerId]: _cashed, ...cashedOut } = state.cashedOut;
  ownPlayerCounts(state, { stacks, boughtIn, cashedOut }, copies);
  return reseat(
    state,
    state.players.filter((p) => p.id !== event.playerId),
  );
}

export function playerMoved(state: EngineState, event: EventOf<'player-moved'>): EngineState {
  const moving = state.players.find((p) => p.id === event.playerId);
  if (!moving) throw new Error(`player ${event.playerId} moved but is not seated`);
  const order = state.players.filter((p) => p.id !== event.playerId);
  order.splice(event.seat, 0, moving);
  return reseat(state, order);
}

/**
 * R31: the players in their new clockwise order, seats renumbered; the
 * dealer and the player due to act stay the same people (or nobody, when
 * that player has just been unseated: the undo then says who acts).
 */
function reseat(state: EngineState, order: SeatedPlayer[]): EngineState {
  const dealerId = state.dealerSeat === null ? null : (state.players[state.dealerSeat]?.id ?? null);
  const toActId = state.toActSeat === null ? null : (state.players[state.toActSeat]?.id ?? null);
  state.players = order.map((p, seat) => (p.seat === seat ? p : { ...p, seat }));
  const seatOf = (id: string | null) => {
    const seat = id === null ? -1 : state.players.findIndex((p) => p.id === id);
    return seat < 0 ? null : seat;
  };
  state.dealerSeat = seatOf(dealerId);
  state.toActSeat = seatOf(toActId);
  return state;
}
