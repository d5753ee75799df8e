import type { NightTransferView, RunningTab, SettleMode } from '../../shared';
import { runningTab } from '../ledger';
import type { NightSummary } from '../store';
import { NO_ALIAS, type PlayerAlias } from './aliases';
import { nightSettlement, settlementTransfers } from './settlement';

/** A night transfer's id: a night never has two transfers between the same pair (M3). */
export function nightTransferId(nightId: string, from: string, to: string): string {
  return `${nightId}:${from}>${to}`;
}

/** How each night is settled (M3): the host's choice where made, else the fewest transfers. */
export type SettleModes = Readonly<Record<string, SettleMode>>;

/**
 * Every ended night's transfers (in the night's settle mode, the bank a
 * party), oldest night first, from the index alone (each ended night
 * recorded its results), with the paid marks the host made. Each night is
 * settled as it was played; a merged player's transfers are then counted
 * as the player kept (aliases.ts), keeping their ids, so a paid mark
 * survives a merge and its undo, and a transfer between two names of one
 * person is no debt.
 */
export function nightTransfers(
  index: readonly NightSummary[],
  paid: ReadonlySet<string>,
  modes: SettleModes = {},
  alias: PlayerAlias = NO_ALIAS,
): NightTransferView[] {
  return [...index]
    .filter((night) => night.endedAt !== null)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id))
    .flatMap((night) =>
      settlementTransfers(
        nightSettlement(
          night.results.map((r) => ({ ...r, isWinner: false })),
          night.balances,
          modes[night.id],
        ),
      ).map((t) => {
        const id = nightTransferId(night.id, t.from, t.to);
        return { id, nightId: night.id, from: alias(t.from), to: alias(t.to), amount: t.amount, paid: paid.has(id) };
      }),
    )
    .filter((t) => t.from !== t.to);
}

/** The running tab (M3): the unpaid night transfers netted, with the nights they come from. */
export function tabOf(
  index: readonly NightSummary[],
  paid: ReadonlySet<string>,
  modes: SettleModes = {},
  alias: PlayerAlias = NO_ALIAS,
): RunningTab {
  const transfers = nightTransfers(index, paid, modes, alias);
  return { tab: runningTab(transfers), transfers };
}
