import type { DeckPurpose } from '../../../shared/view';
import {
  commitmentOf,
  drawFromShoe,
  drawHash,
  isLinkHex,
  isWitnessId,
  LAPTOP_WITNESS,
  revealMatches,
  type ChainRestart,
  type WitnessHead,
  type WitnessReveal,
} from '../../../shared/tableDraw';
import type { Resume } from '../state';
import { needDeck, retireDeck } from './decks';
import { expectPhase, refuse, type Draft } from './draft';

/**
 * Cards drawn by the table (docs/rules.md R34): the deal's commitment, the
 * wait for each card's reveals and the card they draw. Where a shuffled deck
 * would be asked for (R9) the table commits instead, and where a deck's top
 * card would be turned the table draws it first; what the table does with
 * the card is the turn's and the draw's to say, as with a deck.
 */

export function drawsByTable(d: Draft): boolean {
  return d.state.settings.cards === 'table';
}

/**
 * R34: the commitment of the deal (or of the draw for dealer, R7): the
 * heads of its witnesses, the laptop among them. Starts a fresh shoe; no
 * cut is made (the witnesses replace it). Returns what the shoe was asked for.
 */
export function commitShoe(
  d: Draft,
  heads: readonly WitnessHead[],
  newChains: readonly string[] = [],
  reason?: ChainRestart,
): { purpose: DeckPurpose; resume: Resume } {
  const { purpose, resume } = expectPhase(d, 'shuffle', 'A commitment');
  if (!drawsByTable(d)) refuse('invalid-input', 'Tonight the cards come from a shuffled deck (R9), not from the table (R34).', 'R34');
  if (!isHeadList(heads)) {
    refuse('invalid-input', 'Each witness is an id of 16 lower-case hex characters and a head of 64 (R34).', 'R34');
  }
  if (new Set(heads.map((w) => w.id)).size !== heads.length)
    refuse('invalid-input', 'A witness is named twice in the commitment (R34).', 'R34');
  if (!heads.some((w) => w.id === LAPTOP_WITNESS)) refuse('invalid-input', 'The laptop is always a witness (R34).', 'R34');
  if (!Array.isArray(newChains) || new Set(newChains).size !== newChains.length || !newChains.every((id) => heads.some((w) => w.id === id)))
    refuse('invalid-input', 'A head marked as a new chain is one of the commitment, named once (R34).', 'R34');
  startShoe(d, purpose, heads, false, newChains, reason);
  return { purpose, resume };
}

/**
 * The heads come from the console or a phone: checked whole, element by element, as unknown values (a plain
 * `Array.isArray` would turn them into `any` and check nothing the compiler could see).
 */
function isHeadList(heads: unknown): heads is readonly WitnessHead[] {
  return (
    Array.isArray(heads) &&
    heads.every((w: unknown) => typeof w === 'object' && w !== null && 'id' in w && 'head' in w && isWitnessId(w.id) && isLinkHex(w.head))
  );
}

function isRevealList(reveals: unknown): reveals is readonly WitnessReveal[] {
  return (
    Array.isArray(reveals) && reveals.every((v: unknown) => typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string')
  );
}

function startShoe(
  d: Draft,
  purpose: DeckPurpose,
  heads: readonly WitnessHead[],
  renewed: boolean,
  newChains: readonly string[] = [],
  reason?: ChainRestart,
): void {
  const commitment = commitmentOf(heads);
  d.emit({
    type: 'shoe-started',
    deckId: `${purpose}-${d.state.decksMade + 1}`,
    purpose,
    copies: purpose === 'draw' ? 1 : d.state.settings.decks,
    heads: commitment.heads,
    fingerprint: commitment.fingerprint,
    renewed,
    // Only when there is something to say, so the events of nights without new chains stay as they were.
    ...(newChains.length > 0 ? { newChains: [...newChains].sort() } : {}),
    ...(reason ? { reason } : {}),
  });
}

/** R13 with R34: the shoe in play is put away and a fresh one started, drawn from by the same witnesses. */
export function renewShoe(d: Draft, purpose: DeckPurpose): void {
  const witnesses = d.state.witnesses;
  if (!witnesses) throw new Error('a shoe renewed before any commitment');
  retireDeck(d);
  startShoe(d, purpose, witnesses.heads, true);
}

/**
 * The next card is needed and none is there to turn: with a deck, a fresh
 * deck is asked for (R13); with the table, the shoe (renewed first if
 * empty) waits for the witnesses' reveals, and `resume` goes on once drawn.
 */
export function needCard(d: Draft, purpose: DeckPurpose, resume: Exclude<Resume, 'deal'>): void {
  if (!drawsByTable(d)) return needDeck(d, purpose, resume);
  if (!d.state.deck?.shoe || d.state.deck.shoe.length === 0) renewShoe(d, purpose);
  d.emit({ type: 'phase', phase: 'reveal', resume });
}

/**
 * R34: the next card is drawn from the witnesses' reveals: every witness of
 * the deal either reveals the value that hashes to its head or is missing;
 * the laptop is never missing. Returns what the draw resumes.
 */
export function drawCard(d: Draft, reveals: readonly WitnessReveal[], missing: readonly string[]): Exclude<Resume, 'deal'> {
  const { resume } = expectPhase(d, 'reveal', 'A card drawn by the table');
  const deck = d.state.deck;
  const witnesses = d.state.witnesses;
  if (!deck?.shoe || !witnesses) throw new Error('a reveal without a shoe');
  if (!isRevealList(reveals) || !Array.isArray(missing) || !missing.every((id: unknown) => typeof id === 'string'))
    refuse('invalid-input', 'A draw lists the reveals and the witnesses missing (R34).', 'R34');
  const heads = new Map(witnesses.heads.map((w) => [w.id, w.head]));
  const named = [...reveals.map((v) => v.id), ...missing];
  if (named.length !== heads.size || new Set(named).size !== named.length || !named.every((id) => heads.has(id))) {
    refuse(
      'invalid-input',
      `A draw names every witness of the deal once, revealing or missing: ${[...heads.keys()].join(', ')} (R34).`,
      'R34',
    );
  }
  if (missing.includes(LAPTOP_WITNESS)) refuse('invalid-input', "The laptop's own value is never missing (R34).", 'R34');
  for (const { id, value } of reveals) {
    if (!revealMatches(heads.get(id) ?? '', value))
      refuse('invalid-input', `The value revealed by witness ${id} does not hash to its head (R34).`, 'R34', { witness: id });
  }
  const k = witnesses.draws + 1;
  const r = drawHash(d.state.nightId, k, reveals);
  const { card, j } = drawFromShoe(deck.shoe, r);
  d.emit({
    type: 'card-drawn',
    deckId: deck.id,
    k,
    reveals: reveals.map(({ id, value }) => ({ id, value })).sort((a, b) => (a.id < b.id ? -1 : 1)),
    missing: [...missing].sort(),
    r,
    j,
    card,
  });
  return resume === 'deal' ? 'continue-turn' : resume;
}

/**
 * R34 *A lost chain*: the laptop can no longer reveal (its chain's secret
 * was lost or damaged), so no card can be drawn under the commitment in
 * force. The turn in play, if any, is voided as by R21 (no chip has moved
 * in it yet) and its player is due again; the shoe is put away and a new
 * commitment asked for at once, with a fresh shoe (R13), under which the
 * deal goes on (the turn played again). Between deals no commitment is in
 * force: the next deal's own takes the new chain.
 */
export function chainLost(d: Draft): void {
  if (!drawsByTable(d))
    refuse('invalid-input', 'Tonight the cards come from a shuffled deck (R9): there is no chain to lose (R34).', 'R34');
  const deck = d.state.deck;
  if (!deck?.shoe || d.state.dealNeedsDeck)
    refuse('invalid-input', "No commitment is in force: the next deal's commitment takes the laptop's new chain (R34).", 'R34');
  const turn = d.state.turn;
  if (turn && turn.outcome === null && !turn.void) {
    d.emit({ type: 'turn-voided', n: turn.n });
    // Due again in the deal in force: its dealer and number stand, and it already has its commitment coming.
    d.emit({ type: 'rotation', ...turn.rotationBefore, dealNeedsDeck: false });
    d.announce('voided', turn.playerId, 0);
  }
  d.emit({ type: 'action-settled' });
  needDeck(d, deck.purpose, deck.purpose === 'draw' ? 'draw' : 'deal');
}
