export { emptyBalances, foldEntries, type Balances } from './balances';
export { checkConservation } from './invariants';
export { Ledger, LedgerError, reversalOf, type LedgerItem } from './ledger';
export { bankerTransfers, fewestTransfers, nightResults, type Transfer } from './settlement';
