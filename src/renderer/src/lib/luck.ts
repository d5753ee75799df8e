import type { PlayerLuck } from '../../../shared';
import type { Translate } from '../i18n/describe';
import { formatLuckChips } from './money';

/**
 * Luck against the odds in the host's words: main counts it and judges it
 * (kind, unkind, about even); these only word it.
 */

/** "+2.9 chips", "-1 chip", "0 chips" in the language shown. */
export function luckAmount(luck: Pick<PlayerLuck, 'luck'>, t: Translate): string {
  const text = formatLuckChips(luck.luck);
  return t('luck.amount', { n: text }, text.replace(/^[+-]/, '') === '1' ? 1 : 2);
}

/** "Luck: +14 chips: the cards were kind tonight", or over the nights of the history ("have been kind"). */
export function luckLine(luck: Pick<PlayerLuck, 'luck' | 'verdict'>, t: Translate, over: 'tonight' | 'nights' = 'tonight'): string {
  return t('luck.line', { amount: luckAmount(luck, t), verdict: t(`luck.${over}.${luck.verdict}`) });
}
