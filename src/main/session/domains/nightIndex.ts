import { nightTransfers } from '../../history';
import { nightSummary, type NightSummary, type PlayedNight } from '../../night';
import { shareEndedNight } from './groupDomain';
import { saveQuietly } from '../outcome';
import { clearPaidMarks, paidMarksOf } from './paidMarks';
import type { SessionState } from '../sessionState';

/**
 * Records an ended night in the index (with the pot it carries on).
 * Idempotent, and run again at load for a night the index still calls open.
 * The index file is written after the answer (SessionState.saveIndexAfterAnswer):
 * the journal already holds the end, and the next start remakes the line from it.
 */
export function afterNightEnded(state: SessionState, night: PlayedNight): void {
  const id = night.state.nightId;
  const bytes = state.repo.journals.size(id);
  const summary = nightSummary(night, bytes);
  state.lastCarry = { id, bytes, carriedOut: night.ledger.balances().carriedOut };
  if (state.settings.nextCarry !== night.state.carriedOut) {
    state.settings = { ...state.settings, nextCarry: night.state.carriedOut };
    saveQuietly(() => state.repo.saveSettings(state.settings));
  }
  state.index = withLine(state.index, summary);
  state.saveIndexAfterAnswer();
  shareEndedNight(state, night);
}

/** The index with one night's line replaced (written after the answer, or at once, by the caller). */
export function withLine(index: readonly NightSummary[], summary: NightSummary): NightSummary[] {
  return index.map((s) => (s.id === summary.id ? summary : s));
}

/** One night's index line replaced, and the index written (best effort: it is rebuilt from the journals). */
function replaceIndexLine(state: SessionState, summary: NightSummary): void {
  state.index = withLine(state.index, summary);
  state.saveIndexNow(state.index);
}

/**
 * An ended night changed after it ended (M4: an expense): its index line
 * is remade (its balances, so the running tab), and the paid marks (M3) of
 * its transfers that are no longer the same transfer are set back to unpaid.
 */
export function afterEndedNightChanged(state: SessionState, night: PlayedNight): void {
  const id = night.state.nightId;
  const before = nightTransfers(
    state.index.filter((s) => s.id === id),
    new Set(),
    state.settleModes,
  );
  const bytes = state.repo.journals.size(id);
  const summary = nightSummary(night, bytes);
  state.lastCarry = { id, bytes, carriedOut: night.ledger.balances().carriedOut };
  replaceIndexLine(state, summary);
  const after = new Map(nightTransfers([summary], new Set(), state.settleModes).map((t) => [t.id, t.amount]));
  const changed = new Set(before.filter((t) => after.get(t.id) !== t.amount).map((t) => t.id));
  clearPaidMarks(
    state,
    paidMarksOf(state, id).filter((mark) => changed.has(mark) || !after.has(mark)),
  );
  shareEndedNight(state, night);
}

/** A night replayed from its journal (unless `replayed` already is) to play on; an ended one is recorded as ended. */
export function loadNight(state: SessionState, id: string, replayed?: PlayedNight): PlayedNight | null {
  const night = replayed ?? state.repo.readNight(id)?.night;
  if (!night || night.state.nightId !== id) return null;
  if (night.state.phase.kind === 'ended') afterNightEnded(state, night);
  return night;
}

/**
 * The index made to agree with the journals (store/indexRepair.ts, written
 * back when it did not), and the open night replayed. A night the stored
 * index still called open but whose journal says it ended (the app stopped
 * between the two writes) is shown ended, as it was.
 */
export function reloadHistory(state: SessionState): void {
  const stored = state.repo.loadIndex();
  state.indexRead(stored);
  state.lastCarry = null;
  const calledOpen = [...stored].reverse().find((s) => s.endedAt === null)?.id;
  const { index, replayed, changed } = state.repo.reconcileIndex(stored);
  state.index = index;
  // The repair, and the changes a session left in the index's log when it did not quit cleanly, written whole (store/indexLog.ts).
  if (changed) state.saveIndexNow(index);
  state.compactIndex();
  const open =
    [...state.index].reverse().find((s) => s.endedAt === null)?.id ??
    (state.index.some((s) => s.id === calledOpen) ? calledOpen : undefined);
  // Reconciling replayed the open night already (its journal grew since its index line): it is played on, not replayed again.
  state.night = open === undefined ? null : loadNight(state, open, replayed.get(open));
}

/**
 * On a clean quit, the open night's index line records its journal's size
 * (docs/night-journal.md, "A journal cut short"): a journal found shorter
 * at the next start lost acknowledged lines. One write at quit, none per command.
 */
export function recordOpenJournalSize(state: SessionState): void {
  const night = state.openNight;
  if (!night) return;
  const id = night.state.nightId;
  // Best effort, like every index write: a journal gone from under the app is reported at the next start.
  let remade = false;
  saveQuietly(() => {
    state.index = withLine(state.index, nightSummary(night, state.repo.journals.size(id)));
    remade = true;
  });
  if (remade) state.saveIndexNow(state.index);
}
