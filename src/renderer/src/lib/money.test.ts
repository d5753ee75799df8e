import { describe, expect, it } from 'vitest';
import { formatMinutes, formatMoney, formatSignedMoney } from './money';

describe('money and durations', () => {
  it('R23: shows cents with both places and the currency', () => {
    expect(formatMoney(4.5, 'EUR')).toBe('4.50 EUR');
    expect(formatMoney(3, '')).toBe('3');
    expect(formatSignedMoney(2.25, '€')).toBe('+2.25 €');
    expect(formatSignedMoney(-1.5, '€')).toBe('-1.50 €');
    expect(formatSignedMoney(0, '€')).toBe('0 €');
  });

  it('words the length of a night', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(125)).toBe('2 h 05');
    expect(formatMinutes(null)).toBe('–');
  });
});
