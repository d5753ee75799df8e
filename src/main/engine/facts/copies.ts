import type { Announcement } from '../../../shared/view';
import type { DeckState, TurnState } from '../state';

/**
 * The nested parts of a draft that its owner has already copied (within one
 * command, or one replay), so later events change them in place instead of
 * copying them again. A part the draft shares with an earlier state is
 * copied once, on its first change, and recorded here.
 */
export interface DraftCopies {
  turn: TurnState | null;
  deck: DeckState | null;
  stacks: Record<string, number> | null;
  boughtIn: Record<string, number> | null;
  cashedOut: Record<string, number> | null;
  announcements: Announcement[] | null;
}

export function noDraftCopies(): DraftCopies {
  return { turn: null, deck: null, stacks: null, boughtIn: null, cashedOut: null, announcements: null };
}

/** The players' counts (stacks, bought in, cashed out) as new records, recorded as the draft's own. */
export function ownPlayerCounts(
  state: { stacks: Record<string, number>; boughtIn: Record<string, number>; cashedOut: Record<string, number> },
  counts: { stacks: Record<string, number>; boughtIn: Record<string, number>; cashedOut: Record<string, number> },
  copies: DraftCopies | undefined,
): void {
  state.stacks = counts.stacks;
  state.boughtIn = counts.boughtIn;
  state.cashedOut = counts.cashedOut;
  if (copies) {
    copies.stacks = counts.stacks;
    copies.boughtIn = counts.boughtIn;
    copies.cashedOut = counts.cashedOut;
  }
}
