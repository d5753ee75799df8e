import { POST_PAYS, RULE_CHOICES, RULE_RANGES, SWITCH_RULES as SWITCHES, type RuleSettings } from '../../../shared/ruleChoices';

/**
 * The choices the lobby offers for each rule setting: the very lists the
 * settings schema is built from (shared/ruleChoices.ts), so a value added
 * there (as `high-low` was for R29, or 3 for R30's `postPays`) shows up in
 * the lobby without a second list to keep in step.
 */

/** The values of an enum setting, in the schema's order. */
export const ENUM_RULE_OPTIONS = RULE_CHOICES satisfies { [K in keyof RuleSettings]?: readonly RuleSettings[K][] };

/** R18, R30: how many times the bet a post costs (1, 2, 3). */
export const POST_PAYS_OPTIONS: readonly RuleSettings['postPays'][] = POST_PAYS;

/** R27: the range `maxBet` accepts when it is set (null is "no limit"). */
export const MAX_BET_RANGE = RULE_RANGES.maxBet;

/**
 * The on/off settings.
 * @internal exported for tests only
 */
export const SWITCH_RULES: readonly ('aceLowChoice' | 'pass')[] = SWITCHES;

/**
 * What the host typed into the bet limit box, as the setting: empty is "no
 * limit" (null), digits a whole number within the schema's range; anything
 * else is refused (null result with ok false) so the form can say so.
 */
export function parseMaxBet(typed: string): { ok: true; value: number | null } | { ok: false } {
  const text = typed.trim();
  if (text === '') return { ok: true, value: null };
  if (!/^\d+$/.test(text)) return { ok: false };
  const value = Number(text);
  return value >= MAX_BET_RANGE.min && value <= MAX_BET_RANGE.max ? { ok: true, value } : { ok: false };
}
