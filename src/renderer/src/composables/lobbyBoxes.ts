import { MAX_CHIP_VALUE, minorDigits, parseMoney } from '../../../shared/money';
import { formatMoney } from '../lib/money';
import { MAX_CHIPS, moneyTextProblem, PROBLEM_MESSAGES, textProblem, wholeNumber } from '../lib/numberText';
import { MAX_BET_RANGE } from '../lib/ruleOptions';

type Translate = (key: string, named?: Record<string, unknown>) => string;

/**
 * The lobby's number boxes and their refusals as typed, by the rule every
 * number box keeps (lib/numberText.ts): a character that cannot be part of
 * the number is refused with a message the moment it is typed, and the
 * refusal clears the moment the box holds a valid value again.
 */
export function lobbyBoxes(t: Translate): {
  startingChips: (text: string) => string | null;
  chipValue: (text: string, currency: string) => string | null;
  maxBet: (text: string) => string | null;
} {
  // A minus sign is refused naming the least each box takes ({min}): starting chips 1, a chip value 0, a limit its range's least.
  function startingChips(text: string): string | null {
    const problem = textProblem(text);
    if (problem) return t(PROBLEM_MESSAGES[problem], { min: 1, text });
    const value = wholeNumber(text);
    return value !== null && value > MAX_CHIPS
      ? t('errors.tooManyChips', { field: t('lobby.startingChips'), max: MAX_CHIPS.toLocaleString('en') })
      : null;
  }

  /** M1: an amount in major units, with no more decimals than the currency has. */
  function chipValue(text: string, currency: string): string | null {
    const problem = moneyTextProblem(text.trim());
    if (problem) return t(PROBLEM_MESSAGES[problem], { min: 0 });
    if (text.trim() === '' || /^[.,]$/.test(text.trim())) return null;
    const parsed = parseMoney(text, currency);
    if (parsed.ok) return parsed.minor > MAX_CHIP_VALUE ? tooLarge(currency) : null;
    if (parsed.problem === 'too-precise') return t('lobby.chipValueTooPrecise', { places: minorDigits(currency) });
    if (parsed.problem === 'too-large') return tooLarge(currency);
    return t('lobby.badChipValue');
  }

  /** R27: empty (no limit) or a whole number in the range the rules allow. */
  function maxBet(text: string): string | null {
    const problem = textProblem(text.trim());
    if (problem) return t(PROBLEM_MESSAGES[problem], { min: MAX_BET_RANGE.min, text: text.trim() });
    const value = wholeNumber(text.trim());
    return value !== null && (value < MAX_BET_RANGE.min || value > MAX_BET_RANGE.max) ? t('lobby.badMaxBet', MAX_BET_RANGE) : null;
  }

  function tooLarge(currency: string): string {
    return t('lobby.chipValueTooLarge', { max: formatMoney(MAX_CHIP_VALUE, currency) });
  }

  return { startingChips, chipValue, maxBet };
}
