import { canonicalDeck, cutDeck, shuffledDeck } from '../deck';
import type { EventOf } from '../events';
import type { CardCode } from '../../../shared/cards';
import type { DeckState, EngineState } from '../state';
import type { DraftCopies } from './copies';

/** The decks' facts (R7, R9-R13): asked for, shuffled, cut, dealt from, retired; and the draw for the first dealer. */

export function deckNeeded(state: EngineState, event: EventOf<'deck-needed'>): EngineState {
  state.phase = { kind: 'shuffle', purpose: event.purpose, resume: event.resume ?? (event.purpose === 'draw' ? 'draw' : 'deal') };
  return state;
}

export function deckShuffled(state: EngineState, event: EventOf<'deck-shuffled'>, copies: DraftCopies | undefined): EngineState {
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

/** R35: a deck whose seed is sealed on another laptop: its cards are learnt as the lines show them (`known`). */
export function deckSealed(state: EngineState, event: EventOf<'deck-sealed'>, copies: DraftCopies | undefined): EngineState {
  const deck: DeckState = {
    id: event.deckId,
    purpose: event.purpose,
    copies: event.copies,
    seed: '',
    commitment: event.commitment,
    cut: null,
    cards: canonicalDeck(event.copies),
    position: 0,
    known: 0,
  };
  state.decksMade = state.decksMade + 1;
  state.deck = deck;
  if (copies) copies.deck = deck;
  return state;
}

export function deckCut(state: EngineState, event: EventOf<'deck-cut'>, copies: DraftCopies | undefined): EngineState {
  const deck = ownDeck(state, event.deckId, copies);
  deck.cut = event.cut;
  // R35: a sealed deck's cards come in dealing order, already cut; the cut only moves cards in no known order.
  if (deck.known === undefined) deck.cards = cutDeck(deck.cards, event.cut);
  return state;
}

/** R35 *Taken over*: the deck in play is put away with its seed unrevealed (sealed on the laptop that was lost). */
export function deckLost(state: EngineState, event: EventOf<'deck-lost'>): EngineState {
  requireDeck(state, event.deckId);
  state.deck = null;
  state.decksRetired = state.decksRetired + 1;
  return state;
}

export function deckRetired(state: EngineState, event: EventOf<'deck-retired'>): EngineState {
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

export function drawRound(state: EngineState, event: EventOf<'draw-round'>): EngineState {
  const draw = state.draw ?? { deckId: state.deck?.id ?? '', round: 0, contenders: [], rounds: [], winnerId: null };
  state.draw = { ...draw, round: event.round, contenders: event.contenders, rounds: [...draw.rounds, { round: event.round, cards: [] }] };
  return state;
}

export function drawCard(state: EngineState, event: EventOf<'draw-card'>, copies: DraftCopies | undefined): EngineState {
  takeCard(state, event.deckId, event.card, copies);
  const draw = state.draw;
  if (!draw) throw new Error('a draw card without a draw');
  const rounds = draw.rounds.map((r) =>
    r.round === event.round ? { ...r, cards: [...r.cards, { playerId: event.playerId, card: event.card }] } : r,
  );
  state.draw = { ...draw, deckId: event.deckId, rounds };
  return state;
}

export function dealerChosen(state: EngineState, event: EventOf<'dealer-chosen'>): EngineState {
  if (state.draw) state.draw = { ...state.draw, winnerId: event.playerId };
  return state;
}

/** The top card of the deck in play is dealt (it must be `card`). */
export function takeCard(state: EngineState, deckId: string, card: string, copies: DraftCopies | undefined): void {
  const deck = requireDeck(state, deckId);
  if (deck.known !== undefined && deck.position >= deck.known) return learnCard(ownDeck(state, deckId, copies), card);
  if (deck.cards[deck.position] !== card)
    throw new Error(`deck ${deckId} has ${deck.cards[deck.position] ?? 'no card'} on top, not ${card}`);
  ownDeck(state, deckId, copies).position = deck.position + 1;
}

/**
 * R35: the next card of a sealed deck, as a line shows it: it must be one the deck still holds; it is moved to the
 * top of the cards not yet turned (swapped with the one there, so the deck still holds each card once) and known.
 */
function learnCard(deck: DeckState, card: string): void {
  const at = deck.cards.indexOf(card as CardCode, deck.position);
  if (at < 0) throw new Error(`deck ${deck.id} no longer holds ${card}, so no line can show it`);
  const cards = deck.cards.slice();
  cards[at] = cards[deck.position] as CardCode;
  cards[deck.position] = card as CardCode;
  deck.cards = cards;
  deck.position += 1;
  deck.known = deck.position;
}

function requireDeck(state: EngineState, deckId: string): DeckState {
  if (!state.deck || state.deck.id !== deckId)
    throw new Error(`event for deck ${deckId}, but the deck in play is ${state.deck?.id ?? 'none'}`);
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
  // R34: a table's shoe keeps the cards it still holds.
  if (deck.shoe) copy.shoe = deck.shoe;
  // R35: a sealed deck keeps how many of its cards are known.
  if (deck.known !== undefined) copy.known = deck.known;
  state.deck = copy;
  if (copies) copies.deck = copy;
  return copy;
}
