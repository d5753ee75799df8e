/**
 * Exact fractions of chips. A bet's expected result has the cards remaining
 * as its denominator (R25), so a night's sum has many denominators; bigints
 * keep the sum exact however many there are, and it is rounded once, at the end.
 */
export interface Fraction {
  /** Carries the sign. */
  readonly num: bigint;
  /** Always positive; the fraction is kept in lowest terms. */
  readonly den: bigint;
}

// Plain assignments, not [x, y] = [y, x % y]: an array per step made gcd a third of the luck each night summary counts.
function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('a fraction with denominator 0');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Fraction = { num: 0n, den: 1n };

export function add(a: Fraction, b: Fraction): Fraction {
  return sum(a.num, a.den, b.num, b.den);
}

export function subtract(a: Fraction, b: Fraction): Fraction {
  return sum(a.num, a.den, -b.num, b.den);
}

/**
 * an/ad + bn/bd in lowest terms, both in lowest terms already (Knuth, TAOCP 4.5.1): only the denominators' common
 * factor g can cancel, so the gcds are taken with g, never with the night's running denominator, which grows to the
 * lcm of every count of cards left (the gcd of two such large numbers was most of a night's luck).
 */
function sum(an: bigint, ad: bigint, bn: bigint, bd: bigint): Fraction {
  const g = gcd(ad, bd);
  if (g === 1n) return { num: an * bd + bn * ad, den: ad * bd };
  const num = an * (bd / g) + bn * (ad / g);
  const h = gcd(num, g);
  return { num: num / h, den: (ad / g) * (bd / h) };
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Fraction, b: Fraction): number {
  const diff = a.num * b.den - b.num * a.den;
  return diff > 0n ? 1 : diff < 0n ? -1 : 0;
}

/** The fraction in whole hundredths, halves rounded away from zero (so -x rounds to minus what x rounds to). */
export function toHundredths(a: Fraction): number {
  const scaled = a.num * 100n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  const rounded = (2n * magnitude + a.den) / (2n * a.den);
  return Number(scaled < 0n ? -rounded : rounded);
}

/** The nearest double, for what is only shown or compared loosely (a standard deviation). */
export function toNumber(a: Fraction): number {
  // Dividing first keeps both sides finite however large the denominator has grown.
  return Number((a.num * 10n ** 18n) / a.den) / 1e18;
}
