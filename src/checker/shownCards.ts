import { dealtOrder } from './cards';
import type { RecordLine } from './recordLine';
import type { CheckedExport } from './schema';

/**
 * R35 with R10, R11: the cards the record's lines show (`shown`, in the order turned) are the export's cards (the R7
 * draw's, then each turn's in turn order), and for a deck whose seed is revealed they are its dealt order from the seed
 * and the cut. A deck lost with its laptop (`unrevealed`, its seed never revealed) has for cards only the ones its lines
 * showed: a card of it that no line showed is a violation. The first card that differs is reported (after it the two
 * lists no longer line up); the line that showed it and its writer are named.
 *
 * Not judged: a `cards: table` night (its cards are its draws, R34), a record written before lines showed their cards
 * (no line has `shown`), and a night whose turn was taken back by an undo (its cards were shown, then dealt again).
 */
type ShownDiffer = (index: number, what: string, recordSays: unknown, exportSays: unknown) => void;

export function checkShownCards(night: CheckedExport, lines: readonly RecordLine[], differ: ShownDiffer): void {
  if (night.rules.cards === 'table') return;
  if (!lines.some((line) => line.shown !== undefined)) return;
  if ((night.hostActions ?? []).some((a) => a.kind === 'undo' && a.undoes === 'turn')) return;
  const shown = lines.flatMap((line, index) => (line.shown ?? []).map((card) => ({ card, index })));
  const exported = [
    ...night.draw.map((c) => ({ deck: c.deck, card: c.card })),
    ...[...night.turns].sort((a, b) => a.n - b.n).flatMap((turn) => turn.cards),
  ];
  const decks = new Map(night.decks.map((deck) => [deck.id, deck]));
  const orders = new Map<string, string[]>();
  for (const deck of night.decks)
    if (deck.seed !== null) orders.set(deck.id, dealtOrder(deck.seed, deck.decks, deck.purpose === 'play' ? (deck.cut ?? 0) : null));
  const dealt = new Map<string, number>();
  const last = lines.length - 1;
  for (let k = 0; k < Math.max(shown.length, exported.length); k++) {
    const mine = shown[k];
    const theirs = exported[k];
    if (!theirs) {
      differ(mine?.index ?? last, `card ${k + 1} of the night shown`, mine?.card, 'no such card');
      return;
    }
    const i = dealt.get(theirs.deck) ?? 0;
    dealt.set(theirs.deck, i + 1);
    const deck = decks.get(theirs.deck);
    if (!mine) {
      const what =
        deck?.unrevealed !== undefined
          ? `deck ${theirs.deck} (lost with its laptop, unrevealed): only the cards its lines showed, ${i}; card ${i + 1}`
          : `card ${k + 1} of the night (deck ${theirs.deck} card ${i + 1})`;
      differ(last, what, 'shown by no line', theirs.card);
      return;
    }
    const byOrder = orders.get(theirs.deck)?.[i];
    if (byOrder !== undefined && mine.card !== byOrder) {
      differ(
        mine.index,
        `deck ${theirs.deck} card ${i + 1} by its seed and cut (R10, R11) ${byOrder}; the line shows`,
        mine.card,
        theirs.card,
      );
      return;
    }
    if (mine.card !== theirs.card) {
      const what =
        deck?.unrevealed !== undefined
          ? `deck ${theirs.deck} (lost with its laptop, unrevealed) card ${i + 1}: only a card a line showed, here`
          : `card ${k + 1} of the night (deck ${theirs.deck} card ${i + 1}) as the line shows it`;
      differ(mine.index, what, mine.card, theirs.card);
      return;
    }
  }
}
