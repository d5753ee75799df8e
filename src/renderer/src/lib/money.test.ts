import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatMinutes, formatMoney, formatSignedMoney, setFormatLocale } from './money';

describe('money and durations', () => {
  it('R23, M1: shows minor units with both places and the currency', () => {
    expect(formatMoney(450, 'EUR')).toBe('4.50 EUR');
    expect(formatMoney(300, '')).toBe('3');
    expect(formatSignedMoney(225, '€')).toBe('+2.25 €');
    expect(formatSignedMoney(-150, '€')).toBe('-1.50 €');
    expect(formatSignedMoney(0, '€')).toBe('0 €');
    expect(formatMoney(-5, 'EUR')).toBe('-0.05 EUR');
  });

  it('M1: each currency has its own minor digits, and large amounts stay exact', () => {
    expect(formatMoney(500, 'JPY')).toBe('500 JPY');
    expect(formatMoney(1234, 'kwd')).toBe('1.234 kwd');
    expect(formatMoney(123_456_789_012_345, 'EUR')).toBe('1,234,567,890,123.45 EUR');
    expect(formatSignedMoney(100_000, 'USD')).toBe('+1,000 USD');
  });

  it('words the length of a night', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(125)).toBe('2 h 05');
    expect(formatMinutes(null)).toBe('–');
  });

  describe("in the host's language (Intl)", () => {
    afterEach(() => setFormatLocale('en'));

    it('writes money and counts as each language does', () => {
      setFormatLocale('fr');
      expect(formatMoney(450, 'EUR')).toBe('4,50 EUR');
      expect(formatCount(12000).replace(/\s/g, ' ')).toBe('12 000');
      setFormatLocale('it');
      expect(formatSignedMoney(1_234_550, 'EUR')).toBe('+12.345,50 EUR');
      setFormatLocale('es');
      expect(formatMoney(-225, '€')).toBe('-2,25 €');
      setFormatLocale('en');
      expect(formatCount(12000)).toBe('12,000');
    });

    it('writes dates in the language: day and month names translated', () => {
      const iso = '2026-11-07T20:15:00';
      setFormatLocale('en');
      expect(formatDateTime(iso)).toMatch(/Sat.*7 Nov 2026/);
      setFormatLocale('fr');
      expect(formatDateTime(iso)).toMatch(/sam\..*7 nov\. 2026/);
      setFormatLocale('it');
      expect(formatDateTime(iso)).toMatch(/sab.*7 nov 2026/);
      setFormatLocale('es');
      expect(formatDateTime(iso)).toMatch(/sáb.*7 nov 2026/);
    });
  });
});
