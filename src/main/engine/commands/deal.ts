import { activePlayers, hasTwoActive, reAntesBeforeTurn, dealBeginsWithAnte } from '../flow';
import { anteAll } from './chips';
import { cardsLeft, refuse, expectPhase, type Draft } from './draft';
import { cutDeck, freshDeckForTurn, needDeck, sealedDeck, shuffleDeck } from './decks';
import { runDraw } from './draw';
import { commitShoe, drawCard, drawsByTable, renewShoe } from './tableDraw';
import type { ChainRestart, WitnessHead, WitnessReveal } from '../../../shared/tableDraw';
import { ensurePlayerToAct } from './rotate';
import { continueTurn, startTurn } from './turn';

/**
 * The table's steps between turns (R5, R8, R9-R13, R28), in one place: the
 * host's deal, a new deal's ante and deck, and what comes once a deck is
 * shuffled or cut: the draw, the next turn, or the turn that ran out of cards.
 */

/** The host deals: the pot refilled if empty (R5), the deal passed if due (R8), a fresh deck if needed (R9, R13), then the turn. */
export function deal(d: Draft): void {
  expectPhase(d, 'ready', 'Dealing');
  if (!hasTwoActive(d.state)) {
    const names = activePlayers(d.state).map((p) => p.name);
    refuse('not-enough-players', `Only ${names.join(', ') || 'nobody'} has chips: record a buy-in or end the night (R6).`, 'R6');
  }
  if (reAntesBeforeTurn(d.state)) anteAll(d, 're-ante', null);
  ensurePlayerToAct(d);
  if (d.state.dealNeedsDeck) return beginDeal(d);
  // R13: fewer than 3 cards before a turn.
  if (cardsLeft(d) < 3) {
    freshDeckForTurn(d);
    // R34: the table's witnesses go on drawing from a fresh shoe; no new commitment within a deal.
    if (drawsByTable(d)) renewShoe(d, 'play');
    else return needDeck(d, 'play', 'deal');
  }
  startTurn(d);
}

/** R9, R28: a new deal begins: with `anteWhen: every-deal` everyone antes, then its dealer shuffles a fresh deck. */
function beginDeal(d: Draft): void {
  freshDeckForTurn(d);
  if (dealBeginsWithAnte(d.state)) anteAll(d, 'ante', null);
  needDeck(d, 'play', 'deal');
}

/** R7, R9: a shuffled draw deck is drawn from at once (never cut); a play deck waits for its cut. */
export function shuffle(d: Draft, seed: string): void {
  deckMade(d, shuffleDeck(d, seed));
}

/** R35: the same, for a deck shuffled on another laptop whose seed this one cannot open (a held copy replayed). */
export function shuffleSealed(d: Draft, commitment: string): void {
  deckMade(d, sealedDeck(d, commitment));
}

function deckMade(d: Draft, { purpose, resume }: { purpose: 'draw' | 'play'; resume: 'draw' | 'deal' | 'continue-turn' }): void {
  if (purpose === 'draw') {
    d.phase('draw');
    runDraw(d);
  } else {
    d.emit({ type: 'phase', phase: 'cut', resume: resume === 'continue-turn' ? 'continue-turn' : 'deal' });
  }
}

/** R11: the cut, then the turn the deck was made for. */
export function cut(d: Draft, at: number): void {
  deckReady(d, cutDeck(d, at));
}

/** R34: the deal's commitment starts the table's shoe; the draw for dealer begins at once, a turn goes on as after a cut (none is made). */
export function commit(d: Draft, heads: readonly WitnessHead[], newChains: readonly string[], reason?: ChainRestart): void {
  const { purpose, resume } = commitShoe(d, heads, newChains, reason);
  if (purpose === 'draw') {
    d.phase('draw');
    return runDraw(d);
  }
  d.phase('ready');
  deckReady(d, resume === 'continue-turn' ? 'continue-turn' : 'deal');
}

/** R34: the table drew the card it waited for: the draw for dealer or the turn goes on. */
export function reveal(d: Draft, reveals: readonly WitnessReveal[], missing: readonly string[]): void {
  if (drawCard(d, reveals, missing) === 'draw') {
    d.phase('draw');
    return runDraw(d);
  }
  d.phase('ready');
  continueTurn(d);
}

/** The deck is ready (cut, or committed by the table): the turn it was made for. */
function deckReady(d: Draft, resume: 'deal' | 'continue-turn'): void {
  if (resume === 'continue-turn') return continueTurn(d);
  // The player due may have left or been undone to 0 chips while the deck was cut.
  ensurePlayerToAct(d);
  // That passed the deal: the new dealer shuffles a fresh deck (R9); this one is retired unused.
  if (d.state.dealNeedsDeck) return beginDeal(d);
  startTurn(d);
}
