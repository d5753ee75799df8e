import { commitmentOf, drawFromShoe, drawHash, freshShoe, revealMatches } from '../../../shared/tableDraw';
import type { EventOf } from '../events';
import type { DeckState, EngineState } from '../state';
import type { DraftCopies } from './copies';

/**
 * The facts of cards drawn by the table (docs/rules.md R34): a shoe started
 * under a commitment, a card drawn from the witnesses' reveals, a shoe put
 * away. Each fact is checked again as it is applied (the commitment's
 * fingerprint, every reveal against its witness's head, r and the card), so
 * a journal or an event log that was changed does not replay.
 */

export function shoeStarted(state: EngineState, event: EventOf<'shoe-started'>, copies: DraftCopies | undefined): EngineState {
  const { heads, fingerprint } = commitmentOf(event.heads);
  if (fingerprint !== event.fingerprint)
    throw new Error(`shoe ${event.deckId} records fingerprint ${event.fingerprint}, but its heads give ${fingerprint}`);
  const deck: DeckState = {
    id: event.deckId,
    purpose: event.purpose,
    copies: event.copies,
    seed: '',
    commitment: fingerprint,
    cut: null,
    cards: [],
    position: 0,
    shoe: freshShoe(event.copies),
  };
  state.decksMade = state.decksMade + 1;
  state.deck = deck;
  if (copies) copies.deck = deck;
  state.witnesses = { draws: state.witnesses?.draws ?? 0, fingerprint, heads };
  return state;
}

export function cardDrawn(state: EngineState, event: EventOf<'card-drawn'>, copies: DraftCopies | undefined): EngineState {
  const deck = state.deck;
  const witnesses = state.witnesses;
  if (!deck?.shoe || deck.id !== event.deckId || !witnesses)
    throw new Error(`card drawn from shoe ${event.deckId}, but the shoe in play is ${deck?.id ?? 'none'}`);
  if (event.k !== witnesses.draws + 1) throw new Error(`draw ${event.k} recorded where draw ${witnesses.draws + 1} is due`);
  const heads = new Map(witnesses.heads.map((w) => [w.id, w.head]));
  for (const { id, value } of event.reveals) {
    const head = heads.get(id);
    if (head === undefined || !revealMatches(head, value))
      throw new Error(`draw ${event.k}: the reveal of witness ${id} does not hash to its head`);
    heads.set(id, value);
  }
  const r = drawHash(state.nightId, event.k, event.reveals);
  const drawn = drawFromShoe(deck.shoe, r);
  if (r !== event.r || drawn.j !== event.j || drawn.card !== event.card) {
    throw new Error(`draw ${event.k} records ${event.card} (j = ${event.j}), but its reveals draw ${drawn.card} (j = ${drawn.j})`);
  }
  const own: DeckState = copies?.deck === deck ? deck : { ...deck };
  own.cards = [...deck.cards, drawn.card];
  own.shoe = drawn.left;
  state.deck = own;
  if (copies) copies.deck = own;
  state.witnesses = {
    draws: event.k,
    fingerprint: witnesses.fingerprint,
    heads: witnesses.heads.map((w) => ({ id: w.id, head: heads.get(w.id) ?? w.head })),
  };
  return state;
}

export function shoeRetired(state: EngineState, event: EventOf<'shoe-retired'>): EngineState {
  if (!state.deck?.shoe || state.deck.id !== event.deckId)
    throw new Error(`shoe ${event.deckId} put away, but the shoe in play is ${state.deck?.id ?? 'none'}`);
  state.deck = null;
  state.decksRetired = state.decksRetired + 1;
  return state;
}
