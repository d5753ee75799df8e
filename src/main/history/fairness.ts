import type { CardCode, FairnessReport } from '../../shared';
import { tableDrawProblems, type RecordedDraw, type RecordedShoe } from '../../shared/tableDrawCheck';
import { commitmentOf, dealtOrder, isSeedHex, opensslBlockHash, type EngineEvent } from '../engine';

interface DeckRecord {
  id: string;
  copies: number;
  commitment: string;
  cut: number | null;
  /** The seed revealed when the deck was retired (R12), null while in play. */
  revealed: string | null;
  /** Every card turned from the deck, in order: draw cards and turn cards. */
  turned: CardCode[];
  /** R35 *Taken over*: retired unrevealed, its seed sealed on the laptop that was lost. */
  lost: boolean;
}

/** R35: how the report names a deck retired unrevealed in a takeover: not a failure, nothing to check it against. */
const LOST_DECK_REASON = 'unrevealed: its laptop was lost (R35)';

/** Collects what the history says about each deck, in the order the decks were shuffled. */
function decksOf(events: readonly EngineEvent[], mismatches: FairnessReport['mismatches']): DeckRecord[] {
  const decks = new Map<string, DeckRecord>();
  const shoes = new Set(events.flatMap((e) => (e.type === 'shoe-started' ? [e.deckId] : [])));
  const turn = (deckId: string, card: CardCode) => {
    const deck = decks.get(deckId);
    if (deck) deck.turned.push(card);
    else if (shoes.has(deckId))
      return; // R34: drawn by the table, checked by tableDraws.
    else mismatches.push({ deckId, reason: `${card} was turned from deck ${deckId}, which was never shuffled` });
  };
  for (const event of events) {
    // R35: a deck whose seed is sealed on another laptop is recorded the same way, its seed unknown here.
    if (event.type === 'deck-shuffled' || event.type === 'deck-sealed') {
      decks.set(event.deckId, {
        id: event.deckId,
        copies: event.copies,
        commitment: event.commitment,
        cut: null,
        revealed: null,
        turned: [],
        lost: false,
      });
    } else if (event.type === 'deck-lost') {
      const deck = decks.get(event.deckId);
      if (deck) deck.lost = true;
    } else if (event.type === 'deck-cut') {
      const deck = decks.get(event.deckId);
      if (deck) deck.cut = event.cut;
    } else if (event.type === 'deck-retired') {
      const deck = decks.get(event.deckId);
      if (deck) deck.revealed = event.seed;
    } else if (event.type === 'card-turned' || event.type === 'draw-card') {
      turn(event.deckId, event.card);
    }
  }
  return [...decks.values()];
}

/** R9-R12 for one retired deck: the commitment, then every card against the redone shuffle and cut. */
function checkDeck(deck: DeckRecord & { revealed: string }, mismatches: FairnessReport['mismatches']): void {
  if (!isSeedHex(deck.revealed)) {
    mismatches.push({ deckId: deck.id, reason: 'the revealed seed is not 32 bytes of lowercase hex' });
    return;
  }
  const commitment = commitmentOf(deck.revealed);
  if (commitment !== deck.commitment) {
    mismatches.push({
      deckId: deck.id,
      reason: `the commitment shown before the cut (${deck.commitment.slice(0, 12)}…) is not sha256 of the revealed seed (${commitment.slice(0, 12)}…) (R9)`,
    });
  }
  // node:crypto, not the dealer's own SHA-256: the check must not share what it checks.
  const order = dealtOrder(deck.revealed, deck.copies, deck.cut, opensslBlockHash);
  if (deck.turned.length > order.length) {
    mismatches.push({ deckId: deck.id, reason: `${deck.turned.length} cards were turned from a deck of ${order.length}` });
  }
  deck.turned.forEach((card, i) => {
    const expected = order[i];
    if (expected !== undefined && card !== expected) {
      mismatches.push({
        deckId: deck.id,
        reason: `card ${i + 1} turned was ${card}, but the seed and cut ${deck.cut ?? '(none)'} give ${expected} (R10-R11)`,
      });
    }
  });
}

/**
 * The fairness check of one night (docs/rules.md R9-R12): for every
 * retired deck, the commitment shown before the cut must be sha256 of the
 * seed revealed at retirement, and redoing the shuffle (R10) and the cut
 * (R11) from them must give every card turned from that deck, in order. The
 * deck still in play on an open night keeps its seed secret, so it is listed
 * as unchecked rather than failed; on an ended night every deck must be retired.
 * A deck lost in a takeover (R35) is retired unrevealed: listed as unchecked, never as failed.
 */
export function verifyNight(nightId: string, events: readonly EngineEvent[]): FairnessReport {
  const mismatches: FairnessReport['mismatches'] = [];
  const unchecked: NonNullable<FairnessReport['unchecked']> = [];
  const ended = events.some((e) => e.type === 'night-ended');
  let decks = 0;
  let cards = 0;
  for (const deck of decksOf(events, mismatches)) {
    if (deck.lost) {
      // R35: the cards it showed stand as recorded; with no seed there is nothing to redo them from.
      unchecked.push({ deckId: deck.id, reason: `${LOST_DECK_REASON}; its ${deck.turned.length} cards shown stand as recorded` });
      continue;
    }
    if (deck.revealed === null) {
      if (ended)
        mismatches.push({
          deckId: deck.id,
          reason: 'the night ended but this deck was never retired, so its seed was never revealed (R12)',
        });
      else unchecked.push({ deckId: deck.id, reason: 'still in play: its seed stays secret until it is retired (R12)' });
      continue;
    }
    checkDeck({ ...deck, revealed: deck.revealed }, mismatches);
    decks += 1;
    cards += deck.turned.length;
  }
  const table = tableDrawsOf(events);
  if (table.shoes.length > 0) {
    for (const reason of tableDrawProblems(nightId, table, table.turned)) mismatches.push({ deckId: 'table', reason: `${reason} (R34)` });
    decks += table.shoes.length;
    cards += table.draws.length;
  }
  return { nightId, decks, cards, verified: mismatches.length === 0, mismatches, unchecked };
}

/** R34: the table's shoes and draws as recorded, and every card turned from a shoe, in order. */
function tableDrawsOf(events: readonly EngineEvent[]): { shoes: RecordedShoe[]; draws: RecordedDraw[]; turned: CardCode[] } {
  const shoes: RecordedShoe[] = [];
  const draws: RecordedDraw[] = [];
  const turned: CardCode[] = [];
  for (const event of events) {
    if (event.type === 'shoe-started')
      shoes.push({ id: event.deckId, decks: event.copies, renewed: event.renewed, heads: event.heads, fingerprint: event.fingerprint });
    else if (event.type === 'card-drawn')
      draws.push({
        k: event.k,
        shoe: event.deckId,
        reveals: event.reveals,
        missing: event.missing,
        r: event.r,
        j: event.j,
        card: event.card,
      });
    else if ((event.type === 'card-turned' || event.type === 'draw-card') && shoes.some((s) => s.id === event.deckId))
      turned.push(event.card);
  }
  return { shoes, draws, turned };
}
