/**
 * Money as whole minor units of a night's currency (docs/rules.md M1): 25 is 0.25
 * EUR, 500 is 500 JPY. Amounts are never floating point; these helpers turn
 * typed text into minor units and minor units into text, exactly.
 *
 * The currency is what the host typed (at most 8 characters). A three-letter
 * ISO 4217 code has its own minor digits (EUR 2, JPY 0, KWD 3, from the
 * runtime's Intl data); anything else (a symbol, a blank) counts in hundredths.
 */

/** Minor digits when the currency is not an ISO 4217 code. */
const DEFAULT_MINOR_DIGITS = 2;

/** The largest amount typed money may be, in minor units: 1,000,000,000.00 with cents. */
export const MAX_MINOR_AMOUNT = 100_000_000_000;

/**
 * The largest chip value, in minor units. With at most 10^6 chips bought per
 * buy-in a night's sums stay far inside Number.MAX_SAFE_INTEGER, so integer
 * arithmetic on money is exact.
 */
export const MAX_CHIP_VALUE = 100_000_000;

const digitsCache = new Map<string, number>();

/** How many decimal places the currency's minor unit has: 2 for EUR, 0 for JPY, 3 for KWD, 2 when unknown. */
export function minorDigits(currency: string): number {
  const code = currency.trim().toUpperCase();
  const known = digitsCache.get(code);
  if (known !== undefined) return known;
  let digits = DEFAULT_MINOR_DIGITS;
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? DEFAULT_MINOR_DIGITS;
    } catch {
      digits = DEFAULT_MINOR_DIGITS;
    }
  }
  digitsCache.set(code, digits);
  return digits;
}

/** Minor units in one major unit: 100 for EUR, 1 for JPY. */
export function minorPerMajor(currency: string): number {
  return 10 ** minorDigits(currency);
}

/** Why typed money was refused; the renderer words it. */
export type MoneyProblem = 'not-a-number' | 'too-precise' | 'too-large';

/**
 * Parses an amount the host typed ("0.25", "0,25", "3", ".5") into minor
 * units of `currency`, exactly: the text is split at its decimal mark, never
 * passed through a float. More decimals than the currency has is refused
 * ("0.125 EUR" is finer than a cent); so is a sign, a thousands separator or
 * anything that is not a plain decimal number.
 */
export function parseMoney(text: string, currency: string): { ok: true; minor: number } | { ok: false; problem: MoneyProblem } {
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return { ok: false, problem: 'not-a-number' };
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole === '' && (match[2] ?? '') === '') return { ok: false, problem: 'not-a-number' };
  const digits = minorDigits(currency);
  if (fraction.length > digits) return { ok: false, problem: 'too-precise' };
  const wholeDigits = whole.replace(/^0+/, '');
  // 15 digits in all keeps every value a safe integer before the range check.
  if (wholeDigits.length + digits > 15) return { ok: false, problem: 'too-large' };
  const minor = Number(`${wholeDigits || '0'}${fraction.padEnd(digits, '0')}`);
  if (minor > MAX_MINOR_AMOUNT) return { ok: false, problem: 'too-large' };
  return { ok: true, minor };
}

/**
 * Minor units as a plain decimal string in major units, exactly: 25 -> "0.25",
 * -1050 -> "-10.50", 500 (JPY) -> "500". No rounding, no float.
 */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return `${sign}${abs}`;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** The same amount as a number of major units, for charts only (never for sums). */
export function minorToMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

/**
 * A stored amount in major units (a float, as files written before money was
 * kept in minor units had it: 0.29 EUR) in minor units, rounded to the nearest
 * unit, halves away from zero. `toPrecision(12)` first drops the float's
 * noise, so 0.29 EUR is 29 cents, not 28. Null when it is not a finite amount
 * that fits a safe integer.
 */
export function majorToMinorUnits(major: number, currency: string): number | null {
  if (!Number.isFinite(major)) return null;
  const scaled = Number((major * minorPerMajor(currency)).toPrecision(12));
  const minor = Math.sign(scaled) * Math.round(Math.abs(scaled)) || 0;
  return Number.isSafeInteger(minor) ? minor : null;
}
