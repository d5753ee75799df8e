import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, fraction, subtract, type Fraction } from './fraction';

/** A fraction as the luck makes them: any numerator, a denominator up to a few decks' cards (R25). */
const aFraction = fc
  .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 24n }))
  .map(([num, den]) => fraction(num, den));

/** The sum the long way: cross-multiplied, then reduced by the gcd of the whole numerator and denominator. */
const plainly = (a: Fraction, b: Fraction, sign: 1n | -1n): Fraction => fraction(a.num * b.den + sign * b.num * a.den, a.den * b.den);

describe("exact fractions (R25: a night's luck summed exactly)", () => {
  it('a sum or difference is the one worked out the long way, in lowest terms with a positive denominator', () => {
    fc.assert(
      fc.property(aFraction, aFraction, (a, b) => {
        expect(add(a, b)).toEqual(plainly(a, b, 1n));
        expect(subtract(a, b)).toEqual(plainly(a, b, -1n));
      }),
      { numRuns: 2000 },
    );
  });

  it('sums that cancel give 0/1, and a sum over denominators that share factors is reduced', () => {
    expect(subtract(fraction(7, 12), fraction(7, 12))).toEqual({ num: 0n, den: 1n });
    expect(add(fraction(1, 6), fraction(-1, 6))).toEqual({ num: 0n, den: 1n });
    expect(add(fraction(1, 6), fraction(1, 3))).toEqual({ num: 1n, den: 2n });
    expect(add(fraction(5, 12), fraction(1, 12))).toEqual({ num: 1n, den: 2n });
    expect(subtract(fraction(1, 2), fraction(1, 3))).toEqual({ num: 1n, den: 6n });
  });
});
