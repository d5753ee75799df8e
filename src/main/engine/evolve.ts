import type { Announcement } from '../../shared/view';
import { DEFAULT_RULES } from '../../shared/settings';
import type { EngineEvent, EventOf } from './events';
import { noDraftCopies, type DraftCopies } from './facts/copies';
import { moveChips } from './facts/chips';
import { dealerChosen, deckCut, deckLost, deckNeeded, deckRetired, deckSealed, deckShuffled, drawCard, drawRound } from './facts/decks';
import { cardDrawn, shoeRetired, shoeStarted } from './facts/tableDraw';
import { nightStarted, playerFlagged, playerMoved, playerSeated, playerUnseated } from './facts/seating';
import {
  betCorrected,
  cardTurned,
  NOBODY_PLAYED,
  oddsShown,
  ownTurn,
  postsRedealt,
  turnResolved,
  turnStarted,
  turnVoided,
} from './facts/turns';
import type { EngineState, LastAction, Phase } from './state';

export { type DraftCopies } from './facts/copies';

/**
 * Applies one event to the state and returns the next state; the old state
 * is never changed. Events are facts already decided (decide.ts), so this
 * only records them; it throws only on an event that contradicts the state,
 * which means a corrupted or tampered history.
 */
export function evolve(state: EngineState, event: EngineEvent): EngineState {
  return applyEvent(copyOfState(state), event);
}

/**
 * A new top level sharing every nested part: `{ ...state }` written out, in
 * emptyState's key order. Every command starts with one, and in V8 a
 * literal of one fixed shape is several times quicker to build than a
 * spread of an object that was itself made by a spread.
 */
export function copyOfState(s: EngineState): EngineState {
  return {
    stateId: s.stateId,
    nightId: s.nightId,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    settings: s.settings,
    chipValue: s.chipValue,
    currency: s.currency,
    revision: s.revision,
    players: s.players,
    stacks: s.stacks,
    pot: s.pot,
    boughtIn: s.boughtIn,
    cashedOut: s.cashedOut,
    carriedIn: s.carriedIn,
    carriedOut: s.carriedOut,
    phase: s.phase,
    deck: s.deck,
    witnesses: s.witnesses,
    lastRetiredDeck: s.lastRetiredDeck,
    decksMade: s.decksMade,
    decksRetired: s.decksRetired,
    draw: s.draw,
    dealerSeat: s.dealerSeat,
    dealNumber: s.dealNumber,
    dealNeedsDeck: s.dealNeedsDeck,
    toActSeat: s.toActSeat,
    playedInDeal: s.playedInDeal,
    turnCount: s.turnCount,
    turn: s.turn,
    firstRound: s.firstRound,
    reopened: s.reopened,
    lastAction: s.lastAction,
    announcements: s.announcements,
  };
}

/**
 * `evolve` on a draft the caller owns: its top-level fields are assigned in
 * place. Nested objects are replaced, never changed, unless `copies` says the
 * draft already holds its own copy of them (see DraftCopies); so a command or
 * a replay copies the state once instead of once per event. Each concern's
 * facts are applied by its own module (facts/): turns, decks and the draw,
 * the seating, the chips.
 */
export function applyEvent(state: EngineState, event: EngineEvent, copies?: DraftCopies): EngineState {
  // The events of every turn come first: each case is one more comparison for the events after it.
  switch (event.type) {
    case 'card-turned':
      return cardTurned(state, event, copies);
    case 'phase':
      state.phase = phaseOf(event);
      return state;
    case 'announce':
      return announce(state, event.announcement, copies);
    case 'chips':
      return moveChips(state, event.move, copies);
    case 'command':
      state.stateId = event.stateId;
      state.announcements = [];
      if (copies) copies.announcements = state.announcements;
      return state;
    case 'rotation':
      state.dealerSeat = event.dealerSeat;
      state.dealNumber = event.dealNumber;
      state.dealNeedsDeck = event.dealNeedsDeck;
      state.toActSeat = event.toActSeat;
      return state;
    case 'turn-started':
      return turnStarted(state, event, copies);
    case 'odds-shown':
      return oddsShown(state, event, copies);
    case 'bet-placed':
      ownTurn(state, copies).bet = event.amount;
      return state;
    case 'turn-resolved':
      return turnResolved(state, event, copies);
    case 'last-action':
      state.lastAction = lastActionOf(event);
      return state;
    case 'night-started':
      return nightStarted(state, event, copies);
    case 'player-left':
      return playerFlagged(state, event.playerId, { left: true });
    case 'player-returned':
      return playerFlagged(state, event.playerId, { left: false });
    case 'player-sat-out':
      return playerFlagged(state, event.playerId, { sittingOut: true });
    case 'player-came-back':
      return playerFlagged(state, event.playerId, { sittingOut: false });
    case 'player-seated':
      return playerSeated(state, event, copies);
    case 'player-unseated':
      return playerUnseated(state, event, copies);
    case 'player-moved':
      return playerMoved(state, event);
    case 'first-round':
      state.firstRound = event.waiting;
      return state;
    case 'night-reopened':
      state.endedAt = null;
      state.reopened = state.reopened + 1;
      return state;
    case 'shoe-started':
      return shoeStarted(state, event, copies);
    case 'card-drawn':
      return cardDrawn(state, event, copies);
    case 'shoe-retired':
      return shoeRetired(state, event);
    case 'deck-needed':
      return deckNeeded(state, event);
    case 'deck-shuffled':
      return deckShuffled(state, event, copies);
    case 'deck-cut':
      return deckCut(state, event, copies);
    case 'deck-sealed':
      return deckSealed(state, event, copies);
    case 'deck-lost':
      return deckLost(state, event);
    case 'deck-retired':
      return deckRetired(state, event);
    case 'draw-round':
      return drawRound(state, event);
    case 'draw-card':
      return drawCard(state, event, copies);
    case 'dealer-chosen':
      return dealerChosen(state, event);
    case 'posts-redealt':
      return postsRedealt(state, copies);
    case 'ace-called':
      ownTurn(state, copies).aceCall = event.call;
      return state;
    case 'turn-voided':
      return turnVoided(state, event, copies);
    case 'pair-called':
      ownTurn(state, copies).call = event.call;
      return state;
    case 'bet-corrected':
      return betCorrected(state, event, copies);
    case 'action-settled':
      if (state.lastAction) state.lastAction = { ...state.lastAction, settled: true };
      return state;
    case 'night-ended':
      state.endedAt = event.at;
      return state;
  }
}

/** What the table is told, added to the command's announcements (the draft's own list after its first). */
function announce(state: EngineState, announcement: Announcement, copies: DraftCopies | undefined): EngineState {
  if (copies && copies.announcements === state.announcements) state.announcements.push(announcement);
  else {
    state.announcements = [...state.announcements, announcement];
    if (copies) copies.announcements = state.announcements;
  }
  return state;
}

function lastActionOf(event: EventOf<'last-action'>): LastAction {
  const lastAction: LastAction = { kind: event.kind, turn: event.turn, entries: event.entries, settled: false };
  if (event.playerId !== undefined) lastAction.playerId = event.playerId;
  if (event.rotationChange !== undefined) lastAction.rotationChange = event.rotationChange;
  if (event.seating !== undefined) lastAction.seating = event.seating;
  return lastAction;
}

/** The phases that carry nothing, shared rather than rebuilt for every event. */
const DRAW: Phase = Object.freeze({ kind: 'draw' });
const SIMPLE_PHASES: Readonly<Record<'draw' | 'ready' | 'ace-call' | 'pair-call' | 'bet' | 'ended', Phase>> = {
  draw: DRAW,
  ready: Object.freeze({ kind: 'ready' }),
  'ace-call': Object.freeze({ kind: 'ace-call' }),
  'pair-call': Object.freeze({ kind: 'pair-call' }),
  bet: Object.freeze({ kind: 'bet' }),
  ended: Object.freeze({ kind: 'ended' }),
};

/** A `phase` event (its stored shape: a name and a resume) as the phase it starts. */
function phaseOf(event: EventOf<'phase'>): Phase {
  switch (event.phase) {
    case 'cut':
      return { kind: 'cut', resume: event.resume === 'continue-turn' ? 'continue-turn' : 'deal' };
    case 'shuffle':
      return { kind: 'shuffle', purpose: event.resume === 'draw' ? 'draw' : 'play', resume: event.resume ?? 'deal' };
    case 'reveal':
      return { kind: 'reveal', resume: event.resume ?? 'continue-turn' };
    default:
      return SIMPLE_PHASES[event.phase];
  }
}

/** The state before a night starts: the fold's starting point. */
export function emptyState(): EngineState {
  return {
    stateId: 0,
    nightId: '',
    startedAt: '',
    endedAt: null,
    settings: DEFAULT_RULES,
    chipValue: 0,
    currency: '',
    revision: 1,
    players: [],
    stacks: {},
    pot: 0,
    boughtIn: {},
    cashedOut: {},
    carriedIn: 0,
    carriedOut: 0,
    phase: DRAW,
    deck: null,
    witnesses: null,
    lastRetiredDeck: null,
    decksMade: 0,
    decksRetired: 0,
    draw: null,
    dealerSeat: null,
    dealNumber: 0,
    dealNeedsDeck: false,
    toActSeat: null,
    playedInDeal: NOBODY_PLAYED,
    turnCount: 0,
    turn: null,
    firstRound: [],
    reopened: 0,
    lastAction: null,
    announcements: [],
  };
}

/**
 * Rebuilds a state from a night's events.
 * @internal exported for tests only
 */
export function replay(events: readonly EngineEvent[]): EngineState {
  const state = emptyState();
  const copies = noDraftCopies();
  for (const event of events) applyEvent(state, event, copies);
  return state;
}
