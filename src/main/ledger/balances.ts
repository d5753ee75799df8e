import { tableEdgeCrossing, type Account, type LedgerEntry } from '../../shared/chips';

/**
 * Where every chip of a night sits, folded from the ledger (docs/design.md: stacks
 * and pot are never stored on their own). All counts are net of reversals: a
 * reversed buy-in no longer counts in `boughtIn`.
 *
 * Every player any entry names appears in `stacks`, `boughtIn` and
 * `cashedOut` (with 0 where nothing moved), so two folds of the same entries
 * compare equal key for key.
 */
export interface Balances {
  pot: number;
  stacks: Record<string, number>;
  /** Chips each player bought from the bank (R3, R6). */
  boughtIn: Record<string, number>;
  /** Chips each player took back to the bank when leaving early. */
  cashedOut: Record<string, number>;
  /** Chips a pot carried from last night brought in (R22 carry). */
  carriedIn: number;
  /** Chips of tonight's pot carried to the next night (R22 carry). */
  carriedOut: number;
}

/** @internal exported for tests only */
export function emptyBalances(): Balances {
  return { pot: 0, stacks: {}, boughtIn: {}, cashedOut: {}, carriedIn: 0, carriedOut: 0 };
}

/** The player id in a `player:<id>` account, or null for the pot and the bank. */
export function playerOfAccount(account: Account): string | null {
  return account.startsWith('player:') ? account.slice('player:'.length) : null;
}

/**
 * Folds entries from scratch, without any checking. The ledger keeps its
 * balances incrementally; this independent fold is what tests compare it to.
 */
export function foldEntries(entries: readonly LedgerEntry[]): Balances {
  const b = emptyBalances();
  const touch = (playerId: string): void => {
    b.stacks[playerId] ??= 0;
    b.boughtIn[playerId] ??= 0;
    b.cashedOut[playerId] ??= 0;
  };
  for (const entry of entries) {
    const fromPlayer = playerOfAccount(entry.from);
    const toPlayer = playerOfAccount(entry.to);
    if (fromPlayer !== null) touch(fromPlayer);
    if (toPlayer !== null) touch(toPlayer);

    if (fromPlayer !== null) b.stacks[fromPlayer] = (b.stacks[fromPlayer] ?? 0) - entry.amount;
    if (toPlayer !== null) b.stacks[toPlayer] = (b.stacks[toPlayer] ?? 0) + entry.amount;
    if (entry.from === 'pot') b.pot -= entry.amount;
    if (entry.to === 'pot') b.pot += entry.amount;

    // A reversal runs the other way, so "bank -> player" then means "undo a cash-out".
    const crossing = tableEdgeCrossing(entry);
    if (crossing) {
      const p = playerOfAccount(crossing.side);
      const delta = crossing.sign * entry.amount;
      if (crossing.direction === 'in') {
        if (p !== null) b.boughtIn[p] = (b.boughtIn[p] ?? 0) + delta;
        else b.carriedIn += delta;
      } else if (p !== null) b.cashedOut[p] = (b.cashedOut[p] ?? 0) + delta;
      else b.carriedOut += delta;
    }
  }
  return b;
}
