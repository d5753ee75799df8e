import type { JournalEntry, JournalLine } from '../night';
import type { SeedSeal } from './seedSeal';

/**
 * A journal line as it goes to disk with `cards: deck` (R9, R12): the seed
 * of a deck still in play sealed, a retired one in plain
 * (docs/night-journal.md, "The seed of the deck in play is sealed").
 */

/**
 * The line for `entry`: each seed it drew in plain when it is in `plain`
 * (its deck retired), else sealed; `retiredHere` (the decks its command
 * retired) revealed in plain unless drawn on this same line. A line that
 * drew no deck and retired none is the entry itself.
 */
export function lineToWrite(entry: JournalEntry, seal: SeedSeal, plain: ReadonlySet<string>, retiredHere: readonly string[]): JournalLine {
  if (!entry.seeds && retiredHere.length === 0) return entry;
  const drawn = entry.seeds ?? [];
  const line: JournalLine = { ...entry, seeds: drawn.map((seed) => (plain.has(seed) ? seed : seal.seal(seed))) };
  const revealed = retiredHere.filter((seed) => !drawn.includes(seed));
  if (revealed.length > 0) line.revealed = revealed;
  return line;
}

/** The whole lines of a journal's text, the header included. */
export function wholeLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** The notice of a deck in play voided because its sealed seed could not be opened (R9, R12). */
export function voidedDeckReason(line: number, why: string, kept: number, lost: number): string {
  return (
    `line ${line} shuffled the deck in play, and ${why.replace(/^the seed of the deck shuffled here is /, 'its seed is ')}. ` +
    `That deck cannot be dealt again, so it is voided (R9, R12): the night goes on from the ${kept} commands before it, as it stood before that deck was shuffled, ` +
    `and a new deck is shuffled for the next deal. The ${lost} commands played from the voided deck are kept in the copy`
  );
}
