import type { ShortJournal } from '../../shared';
import type { NightSummary } from './schemas';

/**
 * A night's journal cut short (docs/night-journal.md, "A journal cut
 * short"): fewer acknowledged lines than the nights index was made from.
 * Journals are only ever appended to, and a torn last line is the only
 * thing ever dropped, so a journal smaller than the size its index line
 * recorded has lost lines the host saw accepted: that is damage, never a
 * shorter night.
 */

/** Whether a journal of `size` bytes is smaller than the one its index line was made from (known without reading it). */
export function cutBelowListedSize(line: NightSummary | undefined, size: number): boolean {
  return line?.journalBytes !== undefined && size < line.journalBytes;
}

/**
 * For an index line too old to record its journal's size: whether the
 * replayed journal has fewer turns than the line lists, or lost the end of
 * an ended night. Not used once the size is known: voiding a turn (R21)
 * lowers the count of turns of a journal that only grew.
 */
export function fewerTurnsThanListed(line: NightSummary | undefined, found: NightSummary): boolean {
  if (!line || line.journalBytes !== undefined) return false;
  return found.turns < line.turns || (line.endedAt !== null && found.endedAt === null);
}

/** What the notice knows and says, in English for the notices file; the console words it in its own language. */
export function shortJournalFacts(
  line: NightSummary,
  found: Pick<NightSummary, 'turns'>,
  /** Cut inside its first command line: not even the start of the night is left. */
  nothingLeft = false,
): { facts: ShortJournal; reason: string } {
  const awaitsChoice = line.endedAt !== null;
  const facts = { night: line.id, turnsListed: line.turns, turnsFound: found.turns, awaitsChoice, ...(nothingLeft ? { nothingLeft } : {}) };
  const lost = `its journal is shorter than the nights index says (${found.turns} of ${line.turns} turns); the lost lines cannot be recovered`;
  return {
    facts,
    reason: awaitsChoice
      ? `${lost}. The index's results stand until you choose to keep them or accept the shorter journal`
      : nothingLeft
        ? `${lost}. Nothing of the open night is left to play on`
        : `${lost}. The open night goes on from turn ${found.turns}`,
  };
}
