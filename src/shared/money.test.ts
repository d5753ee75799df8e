import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorDigits, minorToDecimal, parseMoney } from './money';

describe('money in minor units (M1)', () => {
  it('M1: knows the minor digits of ISO currencies, and counts hundredths for anything else', () => {
    expect([minorDigits('EUR'), minorDigits('eur'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 2, 0, 3]);
    expect([minorDigits(''), minorDigits('€'), minorDigits('chips'), minorDigits('E1R')]).toEqual([2, 2, 2, 2]);
  });

  it('M1: parses what the host types into minor units exactly, with a point or a comma', () => {
    const minor = (text: string, currency = 'EUR') => {
      const parsed = parseMoney(text, currency);
      return parsed.ok ? parsed.minor : parsed.problem;
    };
    expect(minor('0.25')).toBe(25);
    expect(minor('0,29')).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(minor('1.10')).toBe(110);
    expect(minor(' 3 ')).toBe(300);
    expect(minor('.5')).toBe(50);
    expect(minor('2.')).toBe(200);
    expect(minor('0')).toBe(0);
    expect(minor('0.250')).toBe(25);
    expect(minor('500', 'JPY')).toBe(500);
    expect(minor('1.234', 'KWD')).toBe(1234);
  });

  it('M1: refuses text that is not a plain amount, and amounts finer than the currency', () => {
    const problem = (text: string, currency = 'EUR') => {
      const parsed = parseMoney(text, currency);
      return parsed.ok ? parsed.minor : parsed.problem;
    };
    expect(['', '.', '-1', '1e3', '1,000.50', 'abc', '0x10', 'Infinity'].map((t) => problem(t))).toEqual(Array(8).fill('not-a-number'));
    expect(problem('0.125')).toBe('too-precise');
    expect(problem('0.5', 'JPY')).toBe('too-precise');
    expect(problem('99999999999999')).toBe('too-large');
  });

  it('M1: minor units printed as a decimal parse back to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.constantFrom('EUR', 'JPY', 'KWD', ''), (minor, currency) => {
        const parsed = parseMoney(minorToDecimal(minor, currency), currency);
        expect(parsed).toEqual({ ok: true, minor });
      }),
    );
  });

  it('M1: prints minor units as an exact decimal', () => {
    expect(minorToDecimal(25, 'EUR')).toBe('0.25');
    expect(minorToDecimal(-1050, 'EUR')).toBe('-10.50');
    expect(minorToDecimal(5, '')).toBe('0.05');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(() => minorToDecimal(0.5, 'EUR')).toThrow(RangeError);
  });
});
