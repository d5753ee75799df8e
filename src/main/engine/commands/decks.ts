import type { DeckPurpose } from '../../../shared/view';
import { sha256Hex } from '../../../shared/sha256';
import { seedBytesOf } from '../deck';
import type { PlayResume, Resume } from '../state';
import { expectPhase, refuse, type Draft } from './draft';

/**
 * The provable deck's life (R9-R13): asked for, shuffled and committed, cut,
 * retired. What the table does once a deck is ready is the deal's to say
 * (deal.ts).
 */

/** R9, R13: retire the deck in play (revealing its seed) and wait for a new one. */
export function needDeck(d: Draft, purpose: DeckPurpose, resume: Resume): void {
  retireDeck(d);
  d.emit({ type: 'deck-needed', purpose, resume });
}

/** R12: a retired deck's seed is revealed. */
export function retireDeck(d: Draft): void {
  const deck = d.state.deck;
  if (!deck) return;
  // R34: a shoe drawn from by the table has no seed: its draws are already on the record.
  if (deck.shoe) d.emit({ type: 'shoe-retired', deckId: deck.id });
  // R35: a deck sealed on another laptop is retired only by the line that reveals its seed (then it is no longer sealed here).
  else if (deck.known !== undefined)
    refuse(
      'invalid-input',
      `Deck ${deck.id} is retired here, but its seed is sealed on another laptop and this line does not reveal it (R12).`,
      'R12',
    );
  else d.emit({ type: 'deck-retired', deckId: deck.id, seed: deck.seed });
}

/** R35: the deck asked for was shuffled on another laptop whose seed this one cannot open: known by its commitment only. */
export function sealedDeck(d: Draft, commitment: string): { purpose: DeckPurpose; resume: Resume } {
  const { purpose, resume } = expectPhase(d, 'shuffle', 'A shuffle');
  if (d.state.settings.cards === 'table')
    refuse('invalid-input', 'Tonight the cards are drawn by the table (R34): no deck is shuffled.', 'R34');
  if (!/^[0-9a-f]{64}$/.test(commitment)) refuse('invalid-input', 'A commitment is 64 lowercase hex digits (R9).', 'R9');
  d.emit({
    type: 'deck-sealed',
    deckId: `${purpose}-${d.state.decksMade + 1}`,
    purpose,
    copies: purpose === 'draw' ? 1 : d.state.settings.decks,
    commitment,
  });
  return { purpose, resume };
}

/** R13: the turn needs a fresh deck (a new deal's, or this one is spent); the deal is no longer waiting for one. */
export function freshDeckForTurn(d: Draft): void {
  const { dealerSeat, dealNumber, toActSeat } = d.state;
  d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck: false, toActSeat });
}

/** R9, R10: the deck asked for is shuffled from `seed` and its commitment shown; returns what it was made for. */
export function shuffleDeck(d: Draft, seed: string): { purpose: DeckPurpose; resume: Resume } {
  const { purpose, resume } = expectPhase(d, 'shuffle', 'A shuffle');
  if (d.state.settings.cards === 'table')
    refuse('invalid-input', 'Tonight the cards are drawn by the table (R34): no deck is shuffled.', 'R34');
  const seedBytes = seedBytesOf(seed);
  if (!seedBytes) refuse('invalid-input', 'A deck seed is 32 bytes as 64 lowercase hex digits (R9).', 'R9');
  d.emit({
    type: 'deck-shuffled',
    deckId: `${purpose}-${d.state.decksMade + 1}`,
    purpose,
    copies: purpose === 'draw' ? 1 : d.state.settings.decks,
    seed,
    commitment: sha256Hex(seedBytes),
  });
  return { purpose, resume };
}

/** R11: the deck is cut at `at`; returns what the cut resumes. */
export function cutDeck(d: Draft, at: number): PlayResume {
  const { resume } = expectPhase(d, 'cut', 'The cut');
  const deck = d.state.deck;
  if (!deck) refuse('wrong-phase', 'There is no deck to cut.', undefined, { phase: 'shuffle' });
  const last = deck.cards.length - 1;
  if (!Number.isInteger(at) || at < 0 || at > last) {
    refuse('bad-cut', `The cut is a whole number from 0 to ${last} (R11).`, 'R11', { max: last });
  }
  d.emit({ type: 'deck-cut', deckId: deck.id, cut: at });
  d.phase('ready');
  return resume;
}
