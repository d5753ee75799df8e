/**
 * A number box holds exactly what the host typed, and what it records is
 * what it shows: "2.5" is never 25, "-5" never 5. A text that is not a
 * whole number is refused with a message naming what is wrong, and nothing
 * is sent while it is.
 */

/** The longest text a number box keeps; anything longer is refused as too many chips anyway. */
const MAX_LENGTH = 12;

/** What makes a text not a whole number of chips (or a cut). */
export type TextProblem = 'negative' | 'decimal' | 'letters';

/** The most chips one number may name: the contract's ceiling (shared/commands.ts). */
export const MAX_CHIPS = 1_000_000;

/**
 * The text after a key: a printable character goes in (refused later if it
 * cannot be part of the number), Backspace takes the last one off, Esc
 * empties the box. Null for a key that does not edit text.
 */
export function typedText(current: string, key: string): string | null {
  if (key === 'Backspace') return current.slice(0, -1);
  if (key === 'Escape') return '';
  if ([...key].length !== 1 || /\s/.test(key)) return null;
  if (current.length >= MAX_LENGTH) return current;
  // Leading zeros say nothing: typing 0 then 5 shows 5.
  return current === '0' && /^[0-9]$/.test(key) ? key : current + key;
}

export function textProblem(text: string): TextProblem | null {
  if (/^[0-9]*$/.test(text)) return null;
  if (/[-−]/.test(text)) return 'negative';
  if (/^[0-9]*[.,][0-9]*$/.test(text)) return 'decimal';
  return 'letters';
}

/**
 * What makes a text not part of an amount of money in major units ("0.25",
 * "0,25", "3."): a sign, or a character that is neither a digit nor one
 * decimal mark. How many decimals the currency takes is for the parser (shared/money.ts).
 */
export function moneyTextProblem(text: string): Exclude<TextProblem, 'decimal'> | null {
  if (/^[0-9]*(?:[.,][0-9]*)?$/.test(text)) return null;
  if (/[-−]/.test(text)) return 'negative';
  return 'letters';
}

/** The whole number a text shows, or null when it shows none (empty, or refused). */
export function wholeNumber(text: string): number | null {
  return text !== '' && textProblem(text) === null ? Number(text) : null;
}

/** The message key for a text problem (errors.* in i18n). */
export const PROBLEM_MESSAGES: Record<TextProblem, string> = {
  negative: 'errors.negative',
  decimal: 'errors.decimal',
  letters: 'errors.digitsOnly',
};
