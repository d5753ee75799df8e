import type { DeckPurpose } from '../../../shared/view';
import { seedBytesOf, sha256Hex } from '../deck';
import type { Resume } from '../state';
import { expectPhase, refuse, type Draft } from './draft';
import { runDraw } from './draw';
import { ensurePlayerToAct } from './rotate';
import { anteAll } from './chips';
import { antesThisDeal, continueTurn, startTurn } from './turn';

/** The provable deck's life (R9-R13): asked for, shuffled and committed, cut, retired. */

/** R9, R13: retire the deck in play (revealing its seed) and wait for a new one. */
export function needDeck(d: Draft, purpose: DeckPurpose, resume: Resume): void {
  retireDeck(d);
  d.emit({ type: 'deck-needed', purpose, resume });
}

/** R12: a retired deck's seed is revealed. */
export function retireDeck(d: Draft): void {
  const deck = d.state.deck;
  if (!deck) return;
  d.emit({ type: 'deck-retired', deckId: deck.id, seed: deck.seed });
}

/** R9, R28: a new deal begins: with `anteWhen: every-deal` everyone antes, then its dealer shuffles a fresh deck. */
export function beginDeal(d: Draft): void {
  freshDeckForTurn(d);
  if (antesThisDeal(d)) anteAll(d, 'ante', null);
  needDeck(d, 'play', 'deal');
}

/** R13: the turn needs a fresh deck (a new deal's, or this one is spent); the deal is no longer waiting for one. */
export function freshDeckForTurn(d: Draft): void {
  const { dealerSeat, dealNumber, toActSeat } = d.state;
  d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck: false, toActSeat });
}

export function shuffle(d: Draft, seed: string): void {
  const { purpose, resume } = expectPhase(d, 'shuffle', 'A shuffle');
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
  if (purpose === 'draw') {
    // R7: the draw deck is committed but never cut.
    d.phase('draw');
    runDraw(d);
  } else {
    d.emit({ type: 'phase', phase: 'cut', resume: resume === 'continue-turn' ? 'continue-turn' : 'deal' });
  }
}

/** R11: the cut, then the turn the deck was made for. */
export function cut(d: Draft, at: number): void {
  const { resume } = expectPhase(d, 'cut', 'The cut');
  const deck = d.state.deck;
  if (!deck) refuse('wrong-phase', 'There is no deck to cut.');
  const last = deck.cards.length - 1;
  if (!Number.isInteger(at) || at < 0 || at > last) {
    refuse('bad-cut', `The cut is a whole number from 0 to ${last} (R11).`, 'R11', { max: last });
  }
  d.emit({ type: 'deck-cut', deckId: deck.id, cut: at });
  d.phase('ready');
  if (resume === 'continue-turn') return continueTurn(d);
  // The player due may have left or been undone to 0 chips while the deck was cut.
  ensurePlayerToAct(d);
  // That passed the deal: the new dealer shuffles a fresh deck (R9); this one is retired unused.
  if (d.state.dealNeedsDeck) return beginDeal(d);
  startTurn(d);
}
