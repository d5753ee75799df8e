import type { PlayerResult, Settlement } from '../../shared';
import { BANK, bankerTransfers, settleUp } from '../ledger';

/**
 * Who pays whom once a night has ended (M2, M3). Each player's balance is
 * their money result; the bank is a party too, holding the value of a pot
 * carried to the next night (or owing one carried in), so the balances add
 * up to 0 and the fewest transfers square everyone, the bank included. The
 * banker mode has everyone settle with the host (the player in the first seat).
 */
export function nightSettlement(results: readonly PlayerResult[], bankerId: string | null): Settlement {
  const balances: Record<string, number> = {};
  let players = 0;
  for (const r of results) {
    balances[r.playerId] = r.netMoney;
    players += r.netMoney;
  }
  balances[BANK] = -players || 0;
  return {
    fewest: settleUp(balances),
    banker: bankerId === null ? [] : bankerTransfers(results, bankerId),
    bankerId,
    balances,
  };
}
