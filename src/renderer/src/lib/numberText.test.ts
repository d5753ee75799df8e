import { describe, expect, it } from 'vitest';
import { moneyTextProblem, textProblem, typedText, wholeNumber } from './numberText';

const typed = (keys: string[]) => keys.reduce((text, key) => typedText(text, key) ?? text, '');

describe('a number box holds what it shows', () => {
  it('"2.5" stays 2.5 and is refused as a decimal, never recorded as 25', () => {
    expect(typed(['2', '.', '5'])).toBe('2.5');
    expect(textProblem('2.5')).toBe('decimal');
    expect(textProblem('2,5')).toBe('decimal');
    expect(wholeNumber('2.5')).toBeNull();
  });

  it('"-5" stays -5 and is refused as negative, never recorded as 5', () => {
    expect(typed(['-', '5'])).toBe('-5');
    expect(textProblem('-5')).toBe('negative');
    expect(wholeNumber('-5')).toBeNull();
  });

  it('letters are kept and refused until taken off again', () => {
    expect(typed(['a', 'b', 'c'])).toBe('abc');
    expect(textProblem('abc')).toBe('letters');
    expect(typed(['1', 'x', 'Backspace'])).toBe('1');
    expect(wholeNumber('1')).toBe(1);
    expect(typed(['1', '2', 'Escape'])).toBe('');
  });

  it('a leading zero gives way to the next digit; keys that are not characters do not edit', () => {
    expect(typed(['0', '5'])).toBe('5');
    expect(typedText('3', 'ArrowUp')).toBeNull();
    expect(typedText('3', 'Enter')).toBeNull();
  });
});

describe('a money box (the chip value) refuses what cannot be part of an amount as it is typed', () => {
  it('takes digits and one decimal mark, half typed or whole', () => {
    for (const text of ['', '0', '0.', '0.25', '0,25', '.5', '12']) expect(moneyTextProblem(text), text).toBeNull();
  });
  it('refuses a sign, letters and a second decimal mark', () => {
    expect(moneyTextProblem('-5')).toBe('negative');
    expect(moneyTextProblem('abc')).toBe('letters');
    expect(moneyTextProblem('0.2x')).toBe('letters');
    expect(moneyTextProblem('1.2.3')).toBe('letters');
  });
});
