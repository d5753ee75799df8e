import { minorDigits, minorPerMajor, minorToDecimal } from '../../../shared/money';

/** Money and durations as the host reads them. Main computes every amount; these only word it. */

/**
 * The language numbers and dates are written in. Module state on purpose: the
 * formatters are plain functions called from many templates, and every
 * template that shows them also shows words, so it re-renders when the
 * language changes (i18n/index.ts sets both together).
 */
let formatLocale = 'en';
const formats = new Map<string, Intl.NumberFormat>();

export function setFormatLocale(locale: string): void {
  formatLocale = locale;
}

/** A whole count (chips, turns) with the language's grouping: 1,000 in English, 1 000 in French. */
export function formatCount(n: number): string {
  return placesFormat(0).format(n);
}

/** A grouping number format with exactly `places` decimals. */
function placesFormat(places: number): Intl.NumberFormat {
  const key = `${formatLocale}:${places}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale, { minimumFractionDigits: places, maximumFractionDigits: places });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in whole minor units of `currency` (M1) as the host reads it:
 * 450 -> "4.50 EUR", 300 -> "3 EUR", 500 JPY -> "500 JPY", "4.50" with no
 * currency. The currency's own minor digits (EUR 2, JPY 0, KWD 3); whole
 * amounts drop them, others keep all ("4.50", not "4.5"). Intl formats the
 * exact decimal string, so no float rounding comes in.
 */
export function formatMoney(amount: number, currency: string): string {
  const whole = amount % minorPerMajor(currency) === 0;
  const decimal = minorToDecimal(amount, currency) as Intl.StringNumericLiteral;
  const text = placesFormat(whole ? 0 : minorDigits(currency)).format(decimal);
  return currency.trim() ? `${text} ${currency.trim()}` : text;
}

/** An amount in minor units without the currency, where the currency is said once nearby: 450 -> "4.50", 300 -> "3". */
export function formatAmount(amount: number, currency: string): string {
  const whole = amount % minorPerMajor(currency) === 0;
  return placesFormat(whole ? 0 : minorDigits(currency)).format(minorToDecimal(amount, currency) as Intl.StringNumericLiteral);
}

/** "+4.50 EUR" for a gain, "-3 EUR" for a loss, "0 EUR" for even (amounts in minor units). */
export function formatSignedMoney(amount: number, currency: string): string {
  const text = formatMoney(amount, currency);
  return amount > 0 ? `+${text}` : text;
}

export function formatSigned(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * Luck against the odds, given by main in hundredths of a chip, as the table
 * reads it: signed, a tenth below 10 chips ("+2.9", "-5,8" in French), whole
 * from there ("+15"), and "0" for anything that rounds to nothing.
 */
export function formatLuckChips(hundredths: number): string {
  const chips = hundredths / 100;
  const places = Math.abs(chips) < 10 ? 1 : 0;
  const key = `${formatLocale}:luck:${places}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale, { signDisplay: 'exceptZero', maximumFractionDigits: places });
    formats.set(key, format);
  }
  return format.format(chips);
}

/** "2 h 05", "45 min": how long a night lasted. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–';
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')}`;
}

/** "21:04": a time of today in the host's own time zone, as a notice says it. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(formatLocale === 'en' ? 'en-GB' : formatLocale, { hour: '2-digit', minute: '2-digit' }).format(d);
}

/** "Sat 7 Nov 2026, 20:15" for the nights list. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // English as written in Britain (day before month, 24-hour clock); the others as their language writes them.
  return new Intl.DateTimeFormat(formatLocale === 'en' ? 'en-GB' : formatLocale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}
