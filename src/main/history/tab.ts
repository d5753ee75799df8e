import type { NightTransferView, RunningTab } from '../../shared';
import { runningTab } from '../ledger';
import type { NightSummary } from '../store';
import { nightSettlement } from './settlement';

/** A night transfer's id: a night never has two transfers between the same pair (M3). */
export function nightTransferId(nightId: string, from: string, to: string): string {
  return `${nightId}:${from}>${to}`;
}

/**
 * Every ended night's transfers (its fewest transfers, the bank a party),
 * oldest night first, from the index alone (each ended night recorded its
 * results), with the paid marks the host made.
 */
export function nightTransfers(index: readonly NightSummary[], paid: ReadonlySet<string>): NightTransferView[] {
  return [...index]
    .filter((night) => night.endedAt !== null)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id))
    .flatMap((night) =>
      nightSettlement(
        night.results.map((r) => ({ ...r, isWinner: false })),
        null,
        night.balances,
      ).fewest.map((t) => {
        const id = nightTransferId(night.id, t.from, t.to);
        return { id, nightId: night.id, from: t.from, to: t.to, amount: t.amount, paid: paid.has(id) };
      }),
    );
}

/** The running tab (M3): the unpaid night transfers netted, with the nights they come from. */
export function tabOf(index: readonly NightSummary[], paid: ReadonlySet<string>): RunningTab {
  const transfers = nightTransfers(index, paid);
  return { tab: runningTab(transfers), transfers };
}
