import { moneyBalances, paidChipsOf } from '../ledger';
import type { PlayedNight } from './play';

/**
 * The night's money balances (M2), once it has ended: every party's balance
 * in minor units, the bank as `bank`, from the ledger and how each buy-in
 * and cash-out was paid. A night recorded before M2 has every payment on
 * credit, so its balances are its results (M1) and the bank's is the value
 * of the pot it carried on. Null while the night is open.
 */
export function nightBalances(night: Pick<PlayedNight, 'state' | 'ledger' | 'payments'>): Record<string, number> | null {
  const { state, ledger } = night;
  if (state.phase.kind !== 'ended') return null;
  const balances = ledger.balances();
  return moneyBalances({
    chipValue: state.chipValue,
    players: paidChipsOf(ledger.entries, state.players, balances.stacks, (id) => night.payments.get(id) ?? 'credit'),
    carriedIn: balances.carriedIn,
    carriedOut: balances.carriedOut,
  });
}
