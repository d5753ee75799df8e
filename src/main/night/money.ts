import type { ExpenseView } from '../../shared';
import { moneyBalances, paidChipsOf } from '../ledger';
import type { NightExpense, PlayedNight } from './play';

/**
 * The night's money balances (M2), once it has ended: every party's balance
 * in minor units, the bank as `bank`, from the ledger and how each buy-in
 * and cash-out was paid. A night recorded before M2 has every payment on
 * credit, so its balances are its results (M1) and the bank's is the value
 * of the pot it carried on. Shared expenses (M4) count in them: the payer
 * is owed the amount, each sharer owes their share. Null while the night is
 * open.
 */
export function nightBalances(
  night: Pick<PlayedNight, 'state' | 'ledger' | 'payments'> & { expenses?: readonly NightExpense[] },
): Record<string, number> | null {
  const { state, ledger } = night;
  if (state.phase.kind !== 'ended') return null;
  const balances = ledger.balances();
  return moneyBalances({
    chipValue: state.chipValue,
    players: paidChipsOf(ledger.entries, state.players, balances.stacks, (id) => night.payments.get(id) ?? 'credit'),
    carriedIn: balances.carriedIn,
    carriedOut: balances.carriedOut,
    expenses: night.expenses ?? [],
  });
}

/** The expenses as the windows and the history get them (copies: a view never shares arrays with the night). */
export function expenseViews(expenses: readonly ExpenseView[]): ExpenseView[] {
  return expenses.map((e) => ({
    id: e.id,
    payer: e.payer,
    amount: e.amount,
    description: e.description,
    sharers: [...e.sharers],
    shares: { ...e.shares },
  }));
}
