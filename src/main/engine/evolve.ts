import type { Account, ChipMove } from '../../shared/chips';
import { DEFAULT_RULES } from '../../shared/settings';
import { shuffledDeck, cutDeck } from './deck';
import type { EngineEvent } from './events';
import type { EngineState, TurnState } from './state';

/**
 * Applies one event to the state and returns the next state; the old state
 * is never changed. Events are facts already decided (decide.ts), so this
 * only records them; it throws only on an event that contradicts the state,
 * which means a corrupted or tampered history.
 */
export function evolve(state: EngineState, event: EngineEvent): EngineState {
  return applyEvent({ ...state }, event);
}

/**
 * `evolve` on a draft the caller owns: its top-level fields are assigned in
 * place (nested objects are still replaced, never changed), so a command or
 * a replay copies the state once instead of once per event.
 */
export function applyEvent(state: EngineState, event: EngineEvent): EngineState {
  switch (event.type) {
    case 'command':
      return Object.assign(state, { stateId: event.stateId, announcements: [] });
    case 'night-started':
      return Object.assign(state, { nightId: event.nightId,
        startedAt: event.at,
        settings: event.settings,
        chipValue: event.chipValue,
        currency: event.currency,
        players: event.players.map((p, seat) => ({ id: p.id, name: p.name, seat, left: false })),
        stacks: Object.fromEntries(event.players.map((p) => [p.id, 0])),
        boughtIn: Object.fromEntries(event.players.map((p) => [p.id, 0])),
        cashedOut: Object.fromEntries(event.players.map((p) => [p.id, 0])),
      });
    case 'chips':
      return moveChips(state, event.move);
    case 'player-left':
    case 'player-returned':
      return Object.assign(state, { players: state.players.map((p) => (p.id === event.playerId ? { ...p, left: event.type === 'player-left' } : p)),
      });
    case 'phase':
      return Object.assign(state, { phase: event.phase, resume: event.resume });
    case 'deck-needed':
      return Object.assign(state, { phase: 'shuffle', pendingDeck: event.purpose, resume: event.resume });
    case 'deck-shuffled':
      return Object.assign(state, { pendingDeck: null,
        decksMade: state.decksMade + 1,
        deck: {
          id: event.deckId,
          purpose: event.purpose,
          copies: event.copies,
          seed: event.seed,
          commitment: event.commitment,
          cut: null,
          cards: shuffledDeck(event.seed, event.copies),
          position: 0,
        },
      });
    case 'deck-cut': {
      const deck = requireDeck(state, event.deckId);
      return Object.assign(state, { deck: { ...deck, cut: event.cut, cards: cutDeck(deck.cards, event.cut) } });
    }
    case 'deck-retired': {
      const deck = requireDeck(state, event.deckId);
      if (deck.seed !== event.seed) throw new Error(`deck ${deck.id} retired with a seed that is not its own`);
      return Object.assign(state, { deck: null,
        decksRetired: state.decksRetired + 1,
        lastRetiredDeck: {
          id: deck.id,
          purpose: deck.purpose,
          copies: deck.copies,
          seed: deck.seed,
          commitment: deck.commitment,
          cut: deck.cut,
          size: deck.cards.length,
          dealt: deck.position,
        },
      });
    }
    case 'draw-round': {
      const draw = state.draw ?? { deckId: state.deck?.id ?? '', round: 0, contenders: [], rounds: [], winnerId: null };
      return Object.assign(state, { draw: { ...draw, round: event.round, contenders: event.contenders, rounds: [...draw.rounds, { round: event.round, cards: [] }] },
      });
    }
    case 'draw-card': {
      const withCard = takeCard(state, event.deckId, event.card);
      const draw = withCard.draw;
      if (!draw) throw new Error('a draw card without a draw');
      const rounds = draw.rounds.map((r) =>
        r.round === event.round ? { ...r, cards: [...r.cards, { playerId: event.playerId, card: event.card }] } : r,
      );
      return Object.assign(withCard, { draw: { ...draw, deckId: event.deckId, rounds } });
    }
    case 'dealer-chosen':
      return state.draw ? Object.assign(state, { draw: { ...state.draw, winnerId: event.playerId } }) : state;
    case 'rotation':
      return Object.assign(state, { dealerSeat: event.dealerSeat,
        dealNumber: event.dealNumber,
        dealNeedsDeck: event.dealNeedsDeck,
        toActSeat: event.toActSeat,
      });
    case 'turn-started':
      return Object.assign(state, { turnCount: event.n,
        turn: {
          n: event.n,
          deal: event.deal,
          dealerId: event.dealerId,
          playerId: event.playerId,
          cards: [],
          posts: [],
          aceCall: null,
          third: null,
          odds: null,
          bet: null,
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
        },
      });
    case 'card-turned': {
      const next = takeCard(state, event.deckId, event.card);
      const turn = requireTurn(next);
      const cards = [...turn.cards, { deck: event.deckId, card: event.card }];
      return event.role === 'post'
        ? Object.assign(next, { turn: { ...turn, cards, posts: [...turn.posts, event.card] } })
        : Object.assign(next, { turn: { ...turn, cards, third: event.card } });
    }
    case 'posts-redealt':
      return updateTurn(state, { posts: [], aceCall: null });
    case 'ace-called':
      return updateTurn(state, { aceCall: event.call });
    case 'odds-shown':
      return updateTurn(state, { odds: { winners: event.winners, remaining: event.remaining } });
    case 'bet-placed':
      return updateTurn(state, { bet: event.amount });
    case 'turn-resolved':
      return updateTurn(state, { outcome: event.outcome, potAfter: event.potAfter, stackAfter: event.stackAfter });
    case 'turn-voided':
      return updateTurn(state, { void: true }, event.n);
    case 'bet-corrected':
      return updateTurn(state, { bet: event.amount, corrected: true, potAfter: event.potAfter, stackAfter: event.stackAfter }, event.n);
    case 'last-action':
      return Object.assign(state, { lastAction: {
          kind: event.kind,
          turn: event.turn,
          entries: event.entries,
          settled: false,
          ...(event.playerId !== undefined ? { playerId: event.playerId } : {}),
          ...(event.rotationChange !== undefined ? { rotationChange: event.rotationChange } : {}),
        },
      });
    case 'action-settled':
      return state.lastAction ? Object.assign(state, { lastAction: { ...state.lastAction, settled: true } }) : state;
    case 'announce':
      return Object.assign(state, { announcements: [...state.announcements, event.announcement] });
    case 'night-ended':
      return Object.assign(state, { endedAt: event.at });
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
    players: [],
    stacks: {},
    pot: 0,
    boughtIn: {},
    cashedOut: {},
    carriedIn: 0,
    carriedOut: 0,
    phase: 'draw',
    resume: null,
    pendingDeck: null,
    deck: null,
    lastRetiredDeck: null,
    decksMade: 0,
    decksRetired: 0,
    draw: null,
    dealerSeat: null,
    dealNumber: 0,
    dealNeedsDeck: false,
    toActSeat: null,
    turnCount: 0,
    turn: null,
    lastAction: null,
    announcements: [],
  };
}

/** Rebuilds a state from a night's events. */
export function replay(events: readonly EngineEvent[]): EngineState {
  const state = emptyState();
  for (const event of events) applyEvent(state, event);
  return state;
}

function moveChips(state: EngineState, move: ChipMove): EngineState {
  const stacks = { ...state.stacks };
  let { pot, carriedIn, carriedOut } = state;
  let boughtIn = state.boughtIn;
  let cashedOut = state.cashedOut;
  const take = (account: Account, amount: number): void => {
    if (account === 'pot') pot -= amount;
    else if (account !== 'bank') stacks[account.slice(7)] = (stacks[account.slice(7)] ?? 0) - amount;
  };
  take(move.from, move.amount);
  take(move.to, -move.amount);
  // Money crossing the table's edge is what R24 counts; reversals count against what they reverse.
  const sign = move.code === 'reversal' ? -1 : 1;
  const bankSide = move.from === 'bank' ? move.to : move.to === 'bank' ? move.from : null;
  if (bankSide !== null) {
    const comingIn = move.from === 'bank';
    const originalIn = comingIn === (sign === 1);
    if (bankSide === 'pot') {
      if (originalIn) carriedIn += sign * move.amount;
      else carriedOut += sign * move.amount;
    } else {
      const id = bankSide.slice(7);
      if (originalIn) boughtIn = { ...boughtIn, [id]: (boughtIn[id] ?? 0) + sign * move.amount };
      else cashedOut = { ...cashedOut, [id]: (cashedOut[id] ?? 0) + sign * move.amount };
    }
  }
  return Object.assign(state, { stacks, pot, boughtIn, cashedOut, carriedIn, carriedOut });
}

function requireDeck(state: EngineState, deckId: string) {
  if (!state.deck || state.deck.id !== deckId) throw new Error(`event for deck ${deckId}, but the deck in play is ${state.deck?.id ?? 'none'}`);
  return state.deck;
}

function takeCard(state: EngineState, deckId: string, card: string): EngineState {
  const deck = requireDeck(state, deckId);
  if (deck.cards[deck.position] !== card) throw new Error(`deck ${deckId} has ${deck.cards[deck.position] ?? 'no card'} on top, not ${card}`);
  return Object.assign(state, { deck: { ...deck, position: deck.position + 1 } });
}

function requireTurn(state: EngineState): TurnState {
  if (!state.turn) throw new Error('a turn event outside a turn');
  return state.turn;
}

function updateTurn(state: EngineState, patch: Partial<TurnState>, n?: number): EngineState {
  const turn = requireTurn(state);
  if (n !== undefined && turn.n !== n) throw new Error(`event for turn ${n}, but the last turn is ${turn.n}`);
  return Object.assign(state, { turn: { ...turn, ...patch } });
}

