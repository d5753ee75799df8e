export { foldEntries } from './balances';
export { /** @internal */ checkConservation } from './invariants';
export { Ledger, LedgerError, type LedgerItem } from './ledger';
export { nightResults, winnersOf } from './settlement';
export { shareExpense } from './expenses';
export { BANK, moneyBalances, paidChipsOf } from './money';
export { settleUp } from './settleUp';
export { runningTab, /** @internal */ type NightTransfer } from './tab';
