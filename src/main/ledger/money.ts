import type { LedgerEntry, Payment } from '../../shared';
import { playerOfAccount } from './balances';
import { shareExpense, type Expense } from './expenses';

/**
 * A night squared with money (docs/rules.md M2), in whole minor units of the
 * night's currency. Pure: no I/O, no clock. The chip counts come from the
 * ledger's fold; how each buy-in and cash-out was paid (cash or credit) from
 * the night's record.
 */

/** The bank (the host's cash box) as a party of settling up, beside the player ids. */
export const BANK = 'bank';

/** One player's chips at the end of a night, split by how they were paid. */
export interface PlayerMoneyChips {
  playerId: string;
  /** Chips in front of the player at the end (after the pot split). */
  held: number;
  boughtCash: number;
  boughtCredit: number;
  cashedOutCash: number;
  cashedOutOwed: number;
}

export interface NightMoney {
  /** Minor units per chip (M1). */
  chipValue: number;
  /** In seat order: the balances keep this order, the bank last. */
  players: readonly PlayerMoneyChips[];
  /** Chips carried into the night from the last one's pot, and out of it to the next (R22 `carry`). */
  carriedIn: number;
  carriedOut: number;
  /** Shared expenses (M4); their shares are fixed when recorded. */
  expenses?: readonly Expense[];
}

function whole(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of 0 or more, not ${value}`);
  return value;
}

/**
 * Each party's balance at the end of the night (M2, M4), in minor units: what
 * they are owed (positive) or owe (negative).
 * - a player: (chips held + chips cashed out and owed) x chipValue - (chips
 *   bought on credit) x chipValue, plus what they paid for shared expenses,
 *   minus their shares;
 * - the bank: minus the cash it holds (cash in for buy-ins minus cash out for
 *   cash-outs, at chipValue), plus the value of chips carried out, minus the
 *   value of chips carried in.
 * With R24 (and the pot emptied at the end) the balances add up to 0.
 * Every amount is an integer, so the sum is exact; `|| 0` keeps -0 out.
 */
export function moneyBalances(night: NightMoney): Record<string, number> {
  const value = whole(night.chipValue, 'the chip value');
  const balances: Record<string, number> = {};
  let cashHeld = 0;
  for (const p of night.players) {
    if (p.playerId === BANK) throw new RangeError(`"${BANK}" is the bank, not a player id`);
    const owedChips = whole(p.held, 'chips held') + whole(p.cashedOutOwed, 'chips cashed out and owed');
    balances[p.playerId] = (owedChips - whole(p.boughtCredit, 'chips bought on credit')) * value || 0;
    cashHeld += (whole(p.boughtCash, 'chips bought for cash') - whole(p.cashedOutCash, 'chips cashed out for cash')) * value;
  }
  balances[BANK] = -cashHeld + (whole(night.carriedOut, 'chips carried out') - whole(night.carriedIn, 'chips carried in')) * value || 0;
  for (const expense of night.expenses ?? []) {
    const shares =
      expense.shares ??
      shareExpense(
        expense.amount,
        expense.sharers,
        expense.payer,
        night.players.map((p) => p.playerId),
      );
    for (const party of [expense.payer, ...Object.keys(shares)]) {
      if (!(party in balances)) throw new RangeError(`the expense names ${party}, who did not play this night`);
    }
    balances[expense.payer] = (balances[expense.payer] ?? 0) + expense.amount;
    for (const [sharer, share] of Object.entries(shares)) balances[sharer] = (balances[sharer] ?? 0) - share || 0;
  }
  return balances;
}

/**
 * Each player's chips of a night split by how they were paid (M2), folded
 * from the ledger's entries: a buy-in entry counts as bought in cash or on
 * credit, a cash-out as paid in cash or owed, as `paymentOf` says for the
 * entry (a reversal takes back from its original's side). `held` is the
 * stack now. Players keep the order given.
 */
export function paidChipsOf(
  entries: readonly LedgerEntry[],
  players: readonly { id: string }[],
  stacks: Readonly<Record<string, number>>,
  /** M2: `cash` for a buy-in paid into the bank or a cash-out paid out of it; `credit` bought on credit or owed to the player. */
  paymentOf: (entryId: string) => Payment,
): PlayerMoneyChips[] {
  const rows = new Map<string, PlayerMoneyChips>(
    players.map(({ id }) => [
      id,
      { playerId: id, held: stacks[id] ?? 0, boughtCash: 0, boughtCredit: 0, cashedOutCash: 0, cashedOutOwed: 0 },
    ]),
  );
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const entry of entries) {
    const original = entry.code === 'reversal' ? byId.get(entry.reverses ?? '') : entry;
    if (!original || (original.code !== 'buy-in' && original.code !== 'cash-out')) continue;
    const sign = entry.code === 'reversal' ? -1 : 1;
    const playerId = playerOfAccount(original.code === 'buy-in' ? original.to : original.from);
    const row = playerId === null ? undefined : rows.get(playerId);
    if (!row) continue;
    const cash = paymentOf(original.id) === 'cash';
    if (original.code === 'buy-in') {
      if (cash) row.boughtCash += sign * entry.amount;
      else row.boughtCredit += sign * entry.amount;
    } else if (cash) row.cashedOutCash += sign * entry.amount;
    else row.cashedOutOwed += sign * entry.amount;
  }
  return [...rows.values()];
}
