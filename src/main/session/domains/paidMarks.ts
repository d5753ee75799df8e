import { saveQuietly } from '../outcome';
import type { SessionState } from '../sessionState';

/** The paid marks (M3) of one night's transfers: their ids are `<nightId>:<from>><to>` (history/tab.ts), and a night id has no colon. */
export function paidMarksOf(state: SessionState, nightId: string): string[] {
  return [...state.paidTransfers].filter((t) => t.startsWith(`${nightId}:`));
}

/** R33, M3: the paid marks reopening would set back to unpaid: those of the most recent night, once it has ended. */
export function reopenablePaidMarks(state: SessionState): number {
  const latest = state.index.at(-1);
  if (!latest || latest.endedAt === null) return 0;
  return paidMarksOf(state, latest.id).length;
}

/**
 * Sets paid marks back to unpaid (M3) after the transfers they named
 * changed, best effort: the night's change is already in its journal, and
 * a mark the disk kept is cleared again at the next change of that night.
 */
export function clearPaidMarks(state: SessionState, marks: readonly string[]): void {
  if (marks.length === 0) return;
  state.paidTransfers = new Set([...state.paidTransfers].filter((t) => !marks.includes(t)));
  saveQuietly(() => state.saveTab());
}
