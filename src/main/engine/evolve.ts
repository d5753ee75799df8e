import type { ChipMove } from '../../shared/chips';
import type { Announcement } from '../../shared/view';
import { DEFAULT_RULES } from '../../shared/settings';
import { shuffledDeck, cutDeck } from './deck';
import type { EngineEvent, EventOf } from './events';
import { halfPotRound, limitsFor } from './limits';
import type { DeckState, EngineState, LastAction, Phase, PlayedInDeal, SeatedPlayer, TurnState } from './state';

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
 * The nested parts of a draft that its owner has already copied (within one
 * command, or one replay), so later events change them in place instead of
 * copying them again. A part the draft shares with an earlier state is
 * copied once, on its first change, and recorded here.
 */
export interface DraftCopies {
  turn: TurnState | null;
  deck: DeckState | null;
  stacks: Record<string, number> | null;
  boughtIn: Record<string, number> | null;
  cashedOut: Record<string, number> | null;
  announcements: Announcement[] | null;
}

export function noDraftCopies(): DraftCopies {
  return { turn: null, deck: null, stacks: null, boughtIn: null, cashedOut: null, announcements: null };
}

/**
 * `evolve` on a draft the caller owns: its top-level fields are assigned in
 * place. Nested objects are replaced, never changed, unless `copies` says the
 * draft already holds its own copy of them (see DraftCopies); so a command or
 * a replay copies the state once instead of once per event.
 */
export function applyEvent(state: EngineState, event: EngineEvent, copies?: DraftCopies): EngineState {
  // The events of every turn come first: each case is one more comparison for the events after it.
  switch (event.type) {
    case 'card-turned': {
      takeCard(state, event.deckId, event.card, copies);
      const turn = ownTurn(state, copies);
      turn.cards.push({ deck: event.deckId, card: event.card });
      if (event.role === 'post') turn.posts.push(event.card);
      else turn.third = event.card;
      return state;
    }
    case 'phase':
      state.phase = phaseOf(event);
      return state;
    case 'announce':
      if (copies && copies.announcements === state.announcements) state.announcements.push(event.announcement);
      else {
        state.announcements = [...state.announcements, event.announcement];
        if (copies) copies.announcements = state.announcements;
      }
      return state;
    case 'chips':
      return moveChips(state, event.move, copies);
    case 'command': {
      const announcements: Announcement[] = [];
      state.stateId = event.stateId;
      state.announcements = announcements;
      if (copies) copies.announcements = announcements;
      return state;
    }
    case 'rotation':
      state.dealerSeat = event.dealerSeat;
      state.dealNumber = event.dealNumber;
      state.dealNeedsDeck = event.dealNeedsDeck;
      state.toActSeat = event.toActSeat;
      return state;
    case 'turn-started': {
      const turn: TurnState = {
        n: event.n,
        deal: event.deal,
        dealerId: event.dealerId,
        playerId: event.playerId,
        cards: [],
        posts: [],
        aceCall: null,
        call: null,
        third: null,
        odds: null,
        bet: null,
        limit: null,
        halfPot: false,
        outcome: null,
        potBefore: event.potBefore,
        stackBefore: event.stackBefore,
        potAfter: null,
        stackAfter: null,
        void: false,
        corrected: false,
        rotationBefore: {
          dealerSeat: state.dealerSeat,
          dealNumber: state.dealNumber,
          dealNeedsDeck: state.dealNeedsDeck,
          toActSeat: state.toActSeat,
        },
        firstRoundBefore: state.firstRound,
      };
      state.turnCount = event.n;
      state.turn = turn;
      if (copies) copies.turn = turn;
      return state;
    }
    case 'odds-shown': {
      // The bet is asked now: its limit is recorded with the turn (R27).
      const turn = ownTurn(state, copies);
      const halfPot = halfPotRound(state);
      turn.odds = { winners: event.winners, remaining: event.remaining };
      turn.halfPot = halfPot;
      turn.limit = limitsFor(state, state.pot, state.stacks[turn.playerId] ?? 0, halfPot).max;
      return state;
    }
    case 'bet-placed':
      ownTurn(state, copies).bet = event.amount;
      return state;
    case 'turn-resolved': {
      const turn = ownTurn(state, copies);
      turn.outcome = event.outcome;
      turn.potAfter = event.potAfter;
      turn.stackAfter = event.stackAfter;
      if (state.firstRound.length > 0) state.firstRound = state.firstRound.filter((id) => id !== turn.playerId);
      const played = state.playedInDeal;
      state.playedInDeal = { deal: turn.deal, playerIds: played.deal === turn.deal ? [...played.playerIds, turn.playerId] : [turn.playerId] };
      return state;
    }
    case 'last-action': {
      const lastAction: LastAction = { kind: event.kind, turn: event.turn, entries: event.entries, settled: false };
      if (event.playerId !== undefined) lastAction.playerId = event.playerId;
      if (event.rotationChange !== undefined) lastAction.rotationChange = event.rotationChange;
      if (event.seating !== undefined) lastAction.seating = event.seating;
      state.lastAction = lastAction;
      return state;
    }
    case 'night-started':
      state.nightId = event.nightId;
      state.startedAt = event.at;
      state.settings = event.settings;
      state.chipValue = event.chipValue;
      state.currency = event.currency;
      state.revision = event.revision ?? 1;
      state.players = event.players.map((p, seat) => ({ id: p.id, name: p.name, seat, left: false, sittingOut: false, fromDeal: 0 }));
      state.stacks = Object.fromEntries(event.players.map((p) => [p.id, 0]));
      state.boughtIn = Object.fromEntries(event.players.map((p) => [p.id, 0]));
      state.cashedOut = Object.fromEntries(event.players.map((p) => [p.id, 0]));
      if (copies) {
        copies.stacks = state.stacks;
        copies.boughtIn = state.boughtIn;
        copies.cashedOut = state.cashedOut;
      }
      return state;
    case 'player-left':
    case 'player-returned': {
      const left = event.type === 'player-left';
      state.players = state.players.map((p) => (p.id === event.playerId ? { ...p, left } : p));
      return state;
    }
    case 'player-sat-out':
    case 'player-came-back': {
      const sittingOut = event.type === 'player-sat-out';
      state.players = state.players.map((p) => (p.id === event.playerId ? { ...p, sittingOut } : p));
      return state;
    }
    case 'player-seated': {
      const newcomer = { id: event.playerId, name: event.name, seat: event.seat, left: false, sittingOut: false, fromDeal: event.fromDeal };
      const order = [...state.players];
      order.splice(event.seat, 0, newcomer);
      state.stacks = { ...state.stacks, [event.playerId]: 0 };
      state.boughtIn = { ...state.boughtIn, [event.playerId]: 0 };
      state.cashedOut = { ...state.cashedOut, [event.playerId]: 0 };
      if (copies) {
        copies.stacks = state.stacks;
        copies.boughtIn = state.boughtIn;
        copies.cashedOut = state.cashedOut;
      }
      return reseat(state, order);
    }
    case 'player-unseated': {
      if (!state.players.some((p) => p.id === event.playerId)) throw new Error(`player ${event.playerId} unseated but is not seated`);
      const { [event.playerId]: _stack, ...stacks } = state.stacks;
      const { [event.playerId]: _bought, ...boughtIn } = state.boughtIn;
      const { [event.playerId]: _cashed, ...cashedOut } = state.cashedOut;
      state.stacks = stacks;
      state.boughtIn = boughtIn;
      state.cashedOut = cashedOut;
      if (copies) {
        copies.stacks = stacks;
        copies.boughtIn = boughtIn;
        copies.cashedOut = cashedOut;
      }
      return reseat(state, state.players.filter((p) => p.id !== event.playerId));
    }
    case 'player-moved': {
      const moving = state.players.find((p) => p.id === event.playerId);
      if (!moving) throw new Error(`player ${event.playerId} moved but is not seated`);
      const order = state.players.filter((p) => p.id !== event.playerId);
      order.splice(event.seat, 0, moving);
      return reseat(state, order);
    }
    case 'first-round':
      state.firstRound = event.waiting;
      return state;
    case 'night-reopened':
      state.endedAt = null;
      state.reopened = state.reopened + 1;
      return state;
    case 'deck-needed':
      state.phase = { kind: 'shuffle', purpose: event.purpose, resume: event.resume ?? (event.purpose === 'draw' ? 'draw' : 'deal') };
      return state;
    case 'deck-shuffled': {
      const deck: DeckState = {
        id: event.deckId,
        purpose: event.purpose,
        copies: event.copies,
        seed: event.seed,
        commitment: event.commitment,
        cut: null,
        cards: shuffledDeck(event.seed, event.copies),
        position: 0,
      };
      state.decksMade = state.decksMade + 1;
      state.deck = deck;
      if (copies) copies.deck = deck;
      return state;
    }
    case 'deck-cut': {
      const deck = ownDeck(state, event.deckId, copies);
      deck.cut = event.cut;
      deck.cards = cutDeck(deck.cards, event.cut);
      return state;
    }
    case 'deck-retired': {
      const deck = requireDeck(state, event.deckId);
      if (deck.seed !== event.seed) throw new Error(`deck ${deck.id} retired with a seed that is not its own`);
      state.deck = null;
      state.decksRetired = state.decksRetired + 1;
      state.lastRetiredDeck = {
        id: deck.id,
        purpose: deck.purpose,
        copies: deck.copies,
        seed: deck.seed,
        commitment: deck.commitment,
        cut: deck.cut,
        size: deck.cards.length,
        dealt: deck.position,
      };
      return state;
    }
    case 'draw-round': {
      const draw = state.draw ?? { deckId: state.deck?.id ?? '', round: 0, contenders: [], rounds: [], winnerId: null };
      state.draw = { ...draw, round: event.round, contenders: event.contenders, rounds: [...draw.rounds, { round: event.round, cards: [] }] };
      return state;
    }
    case 'draw-card': {
      takeCard(state, event.deckId, event.card, copies);
      const draw = state.draw;
      if (!draw) throw new Error('a draw card without a draw');
      const rounds = draw.rounds.map((r) =>
        r.round === event.round ? { ...r, cards: [...r.cards, { playerId: event.playerId, card: event.card }] } : r,
      );
      state.draw = { ...draw, deckId: event.deckId, rounds };
      return state;
    }
    case 'dealer-chosen':
      if (state.draw) state.draw = { ...state.draw, winnerId: event.playerId };
      return state;
    case 'posts-redealt': {
      const turn = ownTurn(state, copies);
      turn.posts = [];
      turn.aceCall = null;
      return state;
    }
    case 'ace-called':
      ownTurn(state, copies).aceCall = event.call;
      return state;
    case 'turn-voided': {
      const turn = ownTurn(state, copies, event.n);
      turn.void = true;
      state.firstRound = turn.firstRoundBefore;
      state.playedInDeal = withoutLastTurnOf(state.playedInDeal, turn.deal, turn.playerId);
      return state;
    }
    case 'pair-called':
      ownTurn(state, copies).call = event.call;
      return state;
    case 'bet-corrected': {
      const turn = ownTurn(state, copies, event.n);
      turn.bet = event.amount;
      turn.corrected = true;
      turn.potAfter = event.potAfter;
      turn.stackAfter = event.stackAfter;
      return state;
    }
    case 'action-settled':
      if (state.lastAction) state.lastAction = { ...state.lastAction, settled: true };
      return state;
    case 'night-ended':
      state.endedAt = event.at;
      return state;
  }
}

const NOBODY_PLAYED: PlayedInDeal = Object.freeze({ deal: 0, playerIds: Object.freeze([]) });

/** R21: a voided turn does not count as played: its player's place in the deal's order is theirs again. */
function withoutLastTurnOf(played: PlayedInDeal, deal: number, playerId: string): PlayedInDeal {
  const at = played.deal === deal ? played.playerIds.lastIndexOf(playerId) : -1;
  return at < 0 ? played : { deal, playerIds: played.playerIds.filter((_, i) => i !== at) };
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

/** Rebuilds a state from a night's events. */
export function replay(events: readonly EngineEvent[]): EngineState {
  const state = emptyState();
  const copies = noDraftCopies();
  for (const event of events) applyEvent(state, event, copies);
  return state;
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

function moveChips(state: EngineState, move: ChipMove, copies: DraftCopies | undefined): EngineState {
  const { from, to, amount } = move;
  if (from === 'pot') state.pot -= amount;
  else if (from !== 'bank') changeStack(state, playerIdIn(from, move.player), -amount, copies);
  if (to === 'pot') state.pot += amount;
  else if (to !== 'bank') changeStack(state, playerIdIn(to, move.player), amount, copies);
  // Money crossing the table's edge is what R24 counts; reversals count against what they reverse.
  const bankSide = from === 'bank' ? to : to === 'bank' ? from : null;
  if (bankSide === null) return state;
  const sign = move.code === 'reversal' ? -1 : 1;
  const originalIn = (from === 'bank') === (sign === 1);
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

function requireDeck(state: EngineState, deckId: string): DeckState {
  if (!state.deck || state.deck.id !== deckId) throw new Error(`event for deck ${deckId}, but the deck in play is ${state.deck?.id ?? 'none'}`);
  return state.deck;
}

/** The deck in play, as the draft's own copy. */
function ownDeck(state: EngineState, deckId: string, copies: DraftCopies | undefined): DeckState {
  const deck = requireDeck(state, deckId);
  if (copies && copies.deck === deck) return deck;
  const copy: DeckState = {
    id: deck.id,
    purpose: deck.purpose,
    copies: deck.copies,
    seed: deck.seed,
    commitment: deck.commitment,
    cut: deck.cut,
    cards: deck.cards,
    position: deck.position,
  };
  state.deck = copy;
  if (copies) copies.deck = copy;
  return copy;
}

function takeCard(state: EngineState, deckId: string, card: string, copies: DraftCopies | undefined): void {
  const deck = requireDeck(state, deckId);
  if (deck.cards[deck.position] !== card) throw new Error(`deck ${deckId} has ${deck.cards[deck.position] ?? 'no card'} on top, not ${card}`);
  ownDeck(state, deckId, copies).position = deck.position + 1;
}

/** The turn in play (checked against `n` when given), as the draft's own copy. */
function ownTurn(state: EngineState, copies: DraftCopies | undefined, n?: number): TurnState {
  const turn = state.turn;
  if (!turn) throw new Error('a turn event outside a turn');
  if (n !== undefined && turn.n !== n) throw new Error(`event for turn ${n}, but the last turn is ${turn.n}`);
  if (copies && copies.turn === turn) return turn;
  // Written out, as in copyOfState; the card lists change in place too, so they are copied with the turn.
  const copy: TurnState = {
    n: turn.n,
    deal: turn.deal,
    dealerId: turn.dealerId,
    playerId: turn.playerId,
    cards: turn.cards.slice(),
    posts: turn.posts.slice(),
    aceCall: turn.aceCall,
    call: turn.call,
    third: turn.third,
    odds: turn.odds,
    bet: turn.bet,
    limit: turn.limit,
    halfPot: turn.halfPot,
    outcome: turn.outcome,
    potBefore: turn.potBefore,
    stackBefore: turn.stackBefore,
    potAfter: turn.potAfter,
    stackAfter: turn.stackAfter,
    void: turn.void,
    corrected: turn.corrected,
    rotationBefore: turn.rotationBefore,
    firstRoundBefore: turn.firstRoundBefore,
  };
  state.turn = copy;
  if (copies) copies.turn = copy;
  return copy;
}
