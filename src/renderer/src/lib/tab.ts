import type { NightListItem, NightTransferView, RunningTab, TabTransferView } from '../../../shared';

/**
 * What the running tab screens show (M3), worked out from main's answers
 * (getTab, listNights) without computing any money: main nets the tab; this
 * only picks, orders and labels. Pure, so it is tested without a DOM.
 */

/** The currency of the nights given, when they all used one; else '' (amounts are then shown bare). */
export function currencyOf(nightIds: readonly string[], nights: ReadonlyMap<string, NightListItem>): string {
  const currencies = new Set(nightIds.map((id) => nights.get(id)?.currency.trim() ?? ''));
  return currencies.size === 1 ? ([...currencies][0] ?? '') : '';
}

/** The night transfers a tab transfer stands for, oldest night first (the order main lists them). */
export function coveredTransfers(tab: RunningTab, owed: TabTransferView): NightTransferView[] {
  const covers = new Set(owed.covers);
  return tab.transfers.filter((t) => covers.has(t.id));
}

/** The night transfers marked paid, the most recent night first: the ones the host most likely wants to undo. */
export function paidTransfers(tab: RunningTab): NightTransferView[] {
  return tab.transfers.filter((t) => t.paid).reverse();
}

/** A cursor kept inside a list that may have shrunk (a debt marked paid leaves the list). */
export function clampCursor(cursor: number, length: number): number {
  return Math.max(0, Math.min(cursor, length - 1));
}
