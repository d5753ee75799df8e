import { minorToDecimal } from './money';
import type { SepaAccount } from './payDetails';

/**
 * The last metre of settling up: what a payer's phone opens or scans to pay
 * a transfer, from the amount main computed (minor units of the night's
 * currency) and the payee's details. Pure, so the TV, the phones and the
 * tests build the very same text.
 */

/** The longest remittance text an EPC code carries (EPC069-12). */
const EPC_TEXT_MAX = 140;
/** The largest amount an EPC code carries: 999,999,999.99 EUR, in cents. */
const EPC_AMOUNT_MAX = 99_999_999_999;

export type EpcProblem = 'not-eur' | 'amount';

/**
 * The payload of an EPC QR code (EPC069-12, version 002, UTF-8) for a SEPA
 * credit transfer of `amount` cents to `account`, one element a line:
 * BCD, 002, 1, SCT, BIC (may be empty), name, IBAN, EUR amount, purpose
 * (empty), structured reference (empty), remittance text. Only for EUR: a
 * SEPA transfer is in euros, and an amount in any other currency would be
 * paid wrong.
 */
export function epcPayload(
  account: SepaAccount,
  amount: number,
  currency: string,
  text: string,
): { ok: true; payload: string } | { ok: false; problem: EpcProblem } {
  if (currency.trim().toUpperCase() !== 'EUR') return { ok: false, problem: 'not-eur' };
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > EPC_AMOUNT_MAX) return { ok: false, problem: 'amount' };
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    account.bic,
    clip(oneLine(account.name), 70),
    account.iban,
    `EUR${minorToDecimal(amount, 'EUR')}`,
    '',
    '',
    clip(oneLine(text), EPC_TEXT_MAX),
  ];
  return { ok: true, payload: lines.join('\n') };
}

/** The reference a payment carries: "In-Between 26 Nov", or the nights' dates for a debt of several ("In-Between 19 Nov, 26 Nov"). */
export function payReference(nightStarts: readonly string[]): string {
  const dates = [...new Set(nightStarts.map(shortDate))];
  return clip(`In-Between ${dates.join(', ')}`.trim(), EPC_TEXT_MAX);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Nov" from an ISO time, in English whatever the screens' language: a bank statement line is read by anyone. */
function shortDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return '';
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? ''}`;
}

/** A three-letter ISO 4217 code, which the payment links below need. */
function isoCurrency(currency: string): string | null {
  const code = currency.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** https://paypal.me/NAME/12.50EUR, or null when the night's currency is no ISO code. */
export function paypalLink(name: string, amount: number, currency: string): string | null {
  const code = isoCurrency(currency);
  return code ? `https://paypal.me/${encodeURIComponent(name)}/${minorToDecimal(amount, code)}${code}` : null;
}

/** https://revolut.me/NAME?amount=12.50&currency=EUR, or null when the night's currency is no ISO code. */
export function revolutLink(name: string, amount: number, currency: string): string | null {
  const code = isoCurrency(currency);
  return code ? `https://revolut.me/${encodeURIComponent(name)}?amount=${minorToDecimal(amount, code)}&currency=${code}` : null;
}

/** https://venmo.com/NAME?txn=pay&amount=12.50&note=..., only for a night in US dollars: Venmo pays nothing else. */
export function venmoLink(name: string, amount: number, currency: string, note: string): string | null {
  if (isoCurrency(currency) !== 'USD') return null;
  return `https://venmo.com/${encodeURIComponent(name)}?txn=pay&amount=${minorToDecimal(amount, 'USD')}&note=${encodeURIComponent(note)}`;
}

/** Line breaks would shift every element of an EPC code after them. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** At most `max` characters (code points, so an accented letter or an emoji is never cut in half). */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}
