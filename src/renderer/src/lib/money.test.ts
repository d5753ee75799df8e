import { describe, expect, it } from 'vitest';
import { formatMinutes, formatMoney, formatSignedMoney } from './money';

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
});
