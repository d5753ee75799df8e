export { emptyBalances, foldEntries, type Balances } from './balances';
export { checkConservation } from './invariants';
export { Ledger, LedgerError, reversalOf, type LedgerItem } from './ledger';
export { fewestTransfers, nightResults, type Transfer } from './settlement';
export { shareExpense, type Expense } from './expenses';
export { BANK, moneyBalances, paidChipsOf, type NightMoney, type PlayerMoneyChips } from './money';
export { settleUp, zeroSumGroups } from './settleUp';
export { markTabTransferPaid, markTransfers, runningTab, type NightTransfer, type TabTransfer } from './tab';
