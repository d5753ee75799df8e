/** Money and durations as the host reads them. Main computes every amount; these only word it. */

const twoPlaces = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat('en', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "4.50 EUR", or "4.50" with no currency. Amounts with cents keep both places ("4.50", not "4.5"). */
export function formatMoney(amount: number, currency: string): string {
  const text = Number.isInteger(amount) ? upToTwo.format(amount) : twoPlaces.format(amount);
  return currency.trim() ? `${text} ${currency.trim()}` : text;
}

/** "+4.50 EUR" for a gain, "-3 EUR" for a loss, "0 EUR" for even. */
export function formatSignedMoney(amount: number, currency: string): string {
  const text = formatMoney(amount, currency);
  return amount > 0 ? `+${text}` : text;
}

export function formatSigned(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** "2 h 05", "45 min": how long a night lasted. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–';
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')}`;
}

/** The local calendar day of an ISO timestamp, e.g. "2026-11-07". */
export function isoDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Sat 7 Nov 2026, 20:15" for the nights list. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}
