import type { SettleMode, Settlement, Transfer } from '../../../shared';
import type { Translate } from '../i18n/describe';
import { formatMoney } from './money';

/** The transfers of the night's settle mode (M3): the fewest, or every party with the bank. */
export function transfersFor(settlement: Settlement, mode: SettleMode = settlement.mode): Transfer[] {
  return mode === 'banker' ? settlement.banker : settlement.fewest;
}

/** "Ana pays Leo 4.50 EUR" */
export function transferLine(transfer: Transfer, names: (id: string) => string, currency: string, t: Translate): string {
  return t('settle.line', { from: names(transfer.from), to: names(transfer.to), amount: formatMoney(transfer.amount, currency) });
}

/**
 * The settlement as plain text for a chat message: a heading, then one line a
 * transfer, or a line saying nobody owes anything.
 */
export function settlementText(settlement: Settlement, names: (id: string) => string, currency: string, t: Translate): string {
  const transfers = transfersFor(settlement);
  const heading = t(settlement.mode === 'banker' ? 'settle.textHeadingBankerNone' : 'settle.textHeadingFewest');
  const lines = transfers.length > 0 ? transfers.map((tr) => transferLine(tr, names, currency, t)) : [t('settle.even')];
  return [heading, ...lines].join('\n');
}
