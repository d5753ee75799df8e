import { commitmentOf, dealtOrder, rankValue } from './cards';
import type { Findings } from './findings';
import type { CheckedExport, CheckedTurn } from './schema';

/**
 * The provable deck (R1, R7, R9-R13): every commitment is sha256 of its seed,
 * every card dealt is the next card of its deck's order, decks follow each
 * other in the export's order, and a fresh deck starts each deal or when
 * fewer than 3 cards are left before a turn.
 */

export interface DeckInPlay {
  id: string;
  purpose: 'draw' | 'play';
  /** The dealt order (R10, R11), or null when the seed is not revealed. */
  order: string[] | null;
  size: number;
  dealt: number;
  /** R34 *A lost chain*: a shoe started in place of the one in force, which it replaces however many cards that one held. */
  replacesLostChain?: boolean;
  /**
   * R35 *Taken over*: retired unrevealed with its laptop; `order` is then the cards it showed, its only cards, and the
   * next deck replaces it however many cards it held.
   */
  lost?: boolean;
}

export function checkDeckList(night: CheckedExport, f: Findings): Map<string, DeckInPlay> {
  const decks = new Map<string, DeckInPlay>();
  night.decks.forEach((deck, i) => {
    const lost = deck.unrevealed !== undefined;
    if (lost)
      f.cannotCheck(
        'R35',
        null,
        `deck ${deck.id} was lost with its laptop (R35 *Taken over*): its seed was never revealed, so its cards are judged only against the ones it showed (R10), and the odds shown on its turns (R25) not at all`,
      );
    if (lost && deck.seed !== null)
      f.violation('R35', null, `deck ${deck.id}, lost with its laptop, without a seed (it was never revealed)`, `seed ${deck.seed}`);
    if (!lost && deck.shown !== undefined)
      f.violation('R35', null, `deck ${deck.id}: shown only on a deck lost with its laptop`, `shown, not unrevealed`);
    if (decks.has(deck.id)) f.violation('R12', null, `deck ids each listed once`, `deck ${deck.id} listed twice`);
    const copies = deck.purpose === 'draw' ? 1 : night.rules.decks;
    f.same('R1', null, `deck ${deck.id}: decks shuffled together`, copies, deck.decks);
    const size = 52 * deck.decks;
    if (deck.purpose === 'draw' && deck.cut !== null) f.violation('R7', null, `draw deck ${deck.id} never cut`, `cut ${deck.cut}`);
    if (deck.purpose === 'play' && deck.cut !== null && deck.cut >= size)
      f.violation('R11', null, `deck ${deck.id}: a cut from 0 to ${size - 1}`, `cut ${deck.cut}`);
    let order: string[] | null = null;
    if (deck.seed === null) {
      const stillInPlay = night.night.endedAt === null && i === night.decks.length - 1;
      if (!stillInPlay && !lost) f.violation('R12', null, `deck ${deck.id}: its seed revealed once retired`, 'seed null');
    } else {
      const commitment = commitmentOf(deck.seed);
      if (commitment !== deck.commitment)
        f.violation('R9', null, `deck ${deck.id}: commitment sha256(seed) = ${commitment}`, `commitment ${deck.commitment}`);
      order = dealtOrder(deck.seed, deck.decks, deck.purpose === 'play' ? (deck.cut ?? 0) : null);
    }
    if (lost) order = deck.shown ?? [];
    decks.set(deck.id, { id: deck.id, purpose: deck.purpose, order, size, dealt: 0, ...(lost ? { lost: true } : {}) });
  });
  return decks;
}

/** R7: the draw for the first dealer; returns the winner, or null when the draw cannot be judged. */
export function checkDraw(night: CheckedExport, decks: Map<string, DeckInPlay>, drawers: readonly string[], f: Findings): string | null {
  const first = night.decks[0];
  if (!first || first.purpose !== 'draw') {
    f.violation('R7', null, 'the first deck a draw deck', first ? `${first.id} (${first.purpose})` : 'no deck');
    return null;
  }
  const deck = decks.get(first.id);
  let contenders = [...drawers];
  let round = 1;
  let at = 0;
  for (;;) {
    const cards = night.draw.slice(at, at + contenders.length);
    at += contenders.length;
    const drawn = cards.map((c) => c.player);
    if (!f.same('R7', null, `round ${round} drawers, in seat order`, contenders, drawn)) return null;
    for (const c of cards) {
      if (c.round !== round) f.violation('R7', null, `round ${round}`, `round ${c.round} for ${c.player}`);
      if (c.deck !== first.id) f.violation('R7', null, `cards from draw deck ${first.id}`, `deck ${c.deck}`);
      else if (deck) takeCard(deck, c.card, null, f, 'R7');
    }
    const best = Math.max(...cards.map((c) => rankValue(c.card)));
    const tied = cards.filter((c) => rankValue(c.card) === best).map((c) => c.player);
    if (tied.length === 1) {
      if (at !== night.draw.length)
        f.violation('R7', null, `the draw to stop after round ${round}`, `${night.draw.length - at} more draw cards`);
      return tied[0] ?? null;
    }
    contenders = tied;
    round++;
    if (at >= night.draw.length) {
      f.violation('R7', null, `round ${round} among ${tied.join(', ')}`, 'no more draw cards');
      return null;
    }
  }
}

function takeCard(deck: DeckInPlay, card: string, turn: number | null, f: Findings, rule: string): void {
  if (deck.dealt >= deck.size) f.violation('R13', turn, `deck ${deck.id} has ${deck.size} cards`, `card ${deck.dealt + 1} dealt from it`);
  else if (deck.lost) {
    const expected = deck.order?.[deck.dealt];
    if (expected !== card)
      f.violation(
        'R35',
        turn,
        `deck ${deck.id} (lost with its laptop, unrevealed) card ${deck.dealt + 1}: ${expected === undefined ? `none: it showed ${deck.order?.length ?? 0} cards, its only cards` : `${expected}, as it showed it`}`,
        card,
      );
  } else if (deck.order) {
    const expected = deck.order[deck.dealt];
    if (expected !== card)
      f.violation(
        rule === 'R7' ? 'R7' : 'R10',
        turn,
        `deck ${deck.id} card ${deck.dealt + 1}: ${expected} (R10, R11 from its seed and cut)`,
        card,
      );
  }
  deck.dealt++;
}

/** The play decks in use, turn by turn: which card comes next and what is left (R25 counts it). */
export class DeckWalker {
  private current: DeckInPlay | null = null;
  private nextIndex = 1;
  /** How many of the night's cards were turned before this turn's (the draw's first). */
  private cardsBefore: number;

  constructor(
    private readonly night: CheckedExport,
    private readonly decks: Map<string, DeckInPlay>,
    private readonly f: Findings,
    /** R35: how many of the night's cards had been turned at each move of the night (record.ts `cardsAtMoves`). */
    private readonly moves: ReadonlySet<number> = new Set(),
  ) {
    this.cardsBefore = night.draw.length;
  }

  /**
   * Takes a turn's cards. `freshDeck`: the turn starts a deal (R9) or follows
   * the end of the night it was reopened from (R33). Returns, for each card
   * count k, the cards left in the deck after the turn's first k cards.
   */
  walkTurn(turn: CheckedTurn, freshDeck: boolean): (k: number) => string[] | null {
    const f = this.f;
    const afterMove = this.moves.has(this.cardsBefore);
    this.cardsBefore += turn.cards.length;
    const snapshots: { deck: DeckInPlay; dealt: number }[] = [];
    turn.cards.forEach((c, k) => {
      const deck = this.current;
      const switching = deck === null || deck.id !== c.deck;
      if (k === 0) {
        const left = deck ? deck.size - deck.dealt : 0;
        if (freshDeck && !switching) f.violation('R9', turn.n, `deal ${turn.deal} from a fresh deck`, `deck ${c.deck} again`);
        if (!freshDeck && !switching && left < 3)
          f.violation('R13', turn.n, `a new deck: ${left} card(s) left before the turn`, `deck ${c.deck} again`);
        // A deck replaced mid-deal: a lost chain's shoe (R34), or the deck after a move of the night (R35: lost, or retired by a hand-over).
        const replaced = this.decks.get(c.deck)?.replacesLostChain === true || deck?.lost === true || afterMove;
        if (!freshDeck && switching && deck && left >= 3 && !replaced)
          f.violation('R13', turn.n, `deck ${deck.id} on (${left} cards left)`, `deck ${c.deck}`);
      } else if (switching && deck && deck.dealt < deck.size) {
        f.violation('R13', turn.n, `deck ${deck.id} until it runs dry (${deck.size - deck.dealt} left)`, `deck ${c.deck}`);
      }
      if (switching) this.switchTo(c.deck, turn.n);
      const now = this.current;
      if (!now) return;
      snapshots.push({ deck: now, dealt: now.dealt });
      takeCard(now, c.card, turn.n, f, 'R10');
    });
    const end = this.current;
    if (end) snapshots.push({ deck: end, dealt: end.dealt });
    return (k) => {
      const at = snapshots[k];
      // A lost deck's order is only what it showed: what was left in it is unknown.
      return at?.deck.order && !at.deck.lost ? at.deck.order.slice(at.dealt) : null;
    };
  }

  private switchTo(deckId: string, turn: number): void {
    // R35: a deck lost with its laptop before it turned a card (shuffled by a takeover, taken over again before its cut) is passed over.
    const unused = (d: CheckedExport['decks'][number] | undefined) => d?.unrevealed !== undefined && (d.shown ?? []).length === 0;
    while (unused(this.night.decks[this.nextIndex]) && this.night.decks[this.nextIndex]?.id !== deckId) this.nextIndex++;
    const expected = this.night.decks[this.nextIndex];
    if (!expected || expected.id !== deckId) {
      this.f.violation('R12', turn, `the next deck in the export's order, ${expected?.id ?? 'none'}`, `deck ${deckId}`);
    }
    const deck = this.decks.get(deckId);
    if (!deck || deck.purpose !== 'play') this.f.violation('R9', turn, `a play deck`, `deck ${deckId}`);
    const index = this.night.decks.findIndex((d) => d.id === deckId);
    this.nextIndex = Math.max(this.nextIndex, index + 1);
    this.current = deck ?? null;
  }
}
