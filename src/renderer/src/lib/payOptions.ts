import type { PayDetails, SepaAccount, Transfer } from '../../../shared';
import { PAY_KINDS, type PayKind } from '../../../shared/choices';
import { minorToDecimal } from '../../../shared/money';
import { epcPayload, paypalLink, revolutLink, venmoLink } from '../../../shared/payLinks';
import type { Translate } from '../i18n/describe';

/**
 * The ways a payer can pay one transfer, from main's transfer and the
 * payee's details (main sends a payee's alone): a bank QR code (EUR only),
 * links carrying the amount, and a phone number to copy with the amount and
 * the reference. Only formatting: the amount is main's.
 */
export type PayOption =
  | { kind: 'sepa'; account: SepaAccount; payload: string | null }
  | { kind: 'paypal' | 'revolut' | 'venmo'; name: string; link: string | null }
  | { kind: 'phone'; phone: string; copy: string };

/** The brands are names, the same in every language. */
export const PAY_BRANDS: Record<'paypal' | 'revolut' | 'venmo', string> = { paypal: 'PayPal', revolut: 'Revolut', venmo: 'Venmo' };

export function payOptions(transfer: Transfer, currency: string, details: PayDetails | undefined, reference: string): PayOption[] {
  if (!details) return [];
  const options: PayOption[] = [];
  for (const kind of PAY_KINDS) {
    if (kind === 'sepa' && details.sepa) {
      const epc = epcPayload(details.sepa, transfer.amount, currency, reference);
      options.push({ kind, account: details.sepa, payload: epc.ok ? epc.payload : null });
    } else if (kind === 'paypal' && details.paypal)
      options.push({ kind, name: details.paypal, link: paypalLink(details.paypal, transfer.amount, currency) });
    else if (kind === 'revolut' && details.revolut)
      options.push({ kind, name: details.revolut, link: revolutLink(details.revolut, transfer.amount, currency) });
    else if (kind === 'venmo' && details.venmo)
      options.push({ kind, name: details.venmo, link: venmoLink(details.venmo, transfer.amount, currency, reference) });
    else if (kind === 'phone' && details.phone)
      options.push({
        kind,
        phone: details.phone,
        copy: `${details.phone} ${minorToDecimal(transfer.amount, currency)} ${currency.trim()} ${reference}`.replace(/\s+/g, ' ').trim(),
      });
  }
  return options;
}

/** The EPC payload of a transfer, or null (no bank account, or not in EUR): what the TV draws. */
function bankCode(transfer: Transfer, currency: string, details: PayDetails | undefined, reference: string): string | null {
  if (!details?.sepa) return null;
  const epc = epcPayload(details.sepa, transfer.amount, currency, reference);
  return epc.ok ? epc.payload : null;
}

/** A transfer to pay, in its night's currency, with the reference its payment carries. */
export interface PayItem {
  transfer: Transfer;
  currency: string;
  reference: string;
}

/** The bank codes the TV draws: one per transfer whose payee has a bank account, in EUR; and whether a payee's account could not be used (not EUR). */
export function bankCodes(
  items: readonly PayItem[],
  payees: Readonly<Record<string, PayDetails>>,
): { codes: (PayItem & { payload: string })[]; notEur: boolean } {
  const codes: (PayItem & { payload: string })[] = [];
  let notEur = false;
  for (const item of items) {
    const payload = bankCode(item.transfer, item.currency, payees[item.transfer.to], item.reference);
    if (payload) codes.push({ ...item, payload });
    else if (payees[item.transfer.to]?.sepa && item.currency.trim().toUpperCase() !== 'EUR') notEur = true;
  }
  return { codes, notEur };
}

/** "Bob is paid by: bank account Bob Martin, IBAN DE89..., PayPal.Me bobm, ..." for the console's copied text. */
export function payeeLine(name: string, details: PayDetails, t: Translate): string {
  const how: string[] = [];
  const kinds: readonly PayKind[] = PAY_KINDS;
  for (const kind of kinds) {
    if (kind === 'sepa' && details.sepa) {
      how.push(
        t('pay.text.sepa', { name: details.sepa.name, iban: details.sepa.iban }) +
          (details.sepa.bic ? `, ${t('pay.text.bic', { bic: details.sepa.bic })}` : ''),
      );
    } else if (kind === 'paypal' && details.paypal) how.push(`https://paypal.me/${details.paypal}`);
    else if (kind === 'revolut' && details.revolut) how.push(`https://revolut.me/${details.revolut}`);
    else if (kind === 'venmo' && details.venmo) how.push(`https://venmo.com/${details.venmo}`);
    else if (kind === 'phone' && details.phone) how.push(t('pay.text.phone', { phone: details.phone }));
  }
  return t('pay.text.pays', { name, how: how.join('; ') });
}

/** The most bank codes one page of the TV holds at a size a phone reads from across the room (TvPayCodes.vue). */
export const TV_PAY_CODES = 3;

/** `items` in runs of `size`: the TV's pages of codes. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}
