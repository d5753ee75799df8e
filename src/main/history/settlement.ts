import type { PlayerResult, Settlement } from '../../shared';
import { bankerTransfers, fewestTransfers } from '../ledger';

/**
 * Who pays whom once a night has ended: the fewest transfers, and the banker
 * mode where everyone settles with the host (the player in the first seat).
 */
export function nightSettlement(results: readonly PlayerResult[], bankerId: string | null): Settlement {
  return {
    fewest: fewestTransfers(results),
    banker: bankerId === null ? [] : bankerTransfers(results, bankerId),
    bankerId,
  };
}
