import type { PlayerResult, Settlement } from '../../shared';
import { BANK, bankerTransfers, settleUp } from '../ledger';

/**
 * Who pays whom once a night has ended (M2, M3). Each player's balance is
 * their money result; the bank is a party too, holding the value of a pot
 * carried to the next night (or owing one carried in), so the balances add
 * up to 0 and the fewest transfers square everyone, the bank included. The
 * banker mode has everyone settle with the host (the player in the first seat).
 * `moneyBalances` (M2), when given, are the balances with cash and credit told
 * apart; without them every buy-in counts as on credit.
 */
export function nightSettlement(results: readonly PlayerResult[], bankerId: string | null, moneyBalances?: Readonly<Record<string, number>> | null): Settlement {
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
  const owed = results.map((r) => ({ ...r, netMoney: balances[r.playerId] ?? 0 }));
  return {
    fewest: settleUp(balances),
    banker: bankerId === null ? [] : bankerTransfers(owed, bankerId),
    bankerId,
    balances,
  };
}
