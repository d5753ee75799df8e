import type { PlayerResult, SettleMode, Settlement } from '../../shared';
import { BANK, settleUp } from '../ledger';

/**
 * Who pays whom once a night has ended (M2, M3). Each player's balance is
 * their money result; the bank is a party too, holding the value of a pot
 * carried to the next night (or owing one carried in), so the balances add
 * up to 0 and the fewest transfers square everyone, the bank included. In
 * banker mode every party settles with the bank alone (M3). `moneyBalances`
 * (M2), when given, are the balances with cash and credit told apart; without
 * them every buy-in counts as on credit. `mode` is how the host chose to
 * settle this night (kept with the running tab).
 */
export function nightSettlement(
  results: readonly PlayerResult[],
  moneyBalances?: Readonly<Record<string, number>> | null,
  mode: SettleMode = 'fewest',
): Settlement {
  const balances: Record<string, number> = {};
  if (moneyBalances) {
    // M2: the balances with cash and credit told apart (night/money.ts), the bank's included.
    Object.assign(balances, moneyBalances);
  } else {
    let players = 0;
    for (const r of results) {
      balances[r.playerId] = r.netMoney;
      players += r.netMoney;
    }
    balances[BANK] = -players || 0;
  }
  return { fewest: settleUp(balances), banker: settleUp(balances, 'banker'), mode, balances };
}

/** The transfers a night is settled with, in its mode (M3). */
export function settlementTransfers(settlement: Pick<Settlement, 'fewest' | 'banker' | 'mode'>) {
  return settlement.mode === 'banker' ? settlement.banker : settlement.fewest;
}
