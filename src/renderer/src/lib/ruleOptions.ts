import { ruleSettingsSchema, type RuleSettings } from '../../../shared/settings';

/**
 * The choices the lobby offers for each rule setting, read from the settings
 * schema itself, so a value added to the schema (as `high-low` was for R29,
 * or 3 for R30's `postPays`) shows up in the lobby without a second list to
 * keep in step.
 */
const shape = ruleSettingsSchema.shape;

/** The values of an enum setting, in the schema's order. */
export const ENUM_RULE_OPTIONS = {
  pair: shape.pair.unwrap().options,
  consecutive: shape.consecutive.unwrap().options,
  potAtEnd: shape.potAtEnd.unwrap().options,
  firstRound: shape.firstRound.unwrap().options,
  anteWhen: shape.anteWhen.unwrap().options,
  cards: shape.cards.unwrap().options,
} as const satisfies { [K in keyof RuleSettings]?: readonly RuleSettings[K][] };


/** R18, R30: how many times the bet a post costs: the union's literals (1, 2, 3). */
export const POST_PAYS_OPTIONS: readonly RuleSettings['postPays'][] = shape.postPays.unwrap().options.map((literal) => literal.value);

/** R27: the range `maxBet` accepts when it is set (null is "no limit"). */
const maxBetNumber = shape.maxBet.unwrap().unwrap();
export const MAX_BET_RANGE = { min: maxBetNumber.minValue ?? 1, max: maxBetNumber.maxValue ?? Number.MAX_SAFE_INTEGER };

/** The on/off settings: every boolean of the schema. */
export const SWITCH_RULES = (Object.keys(shape) as (keyof RuleSettings)[]).filter(
  (name) => shape[name].unwrap().def.type === 'boolean',
) as ('aceLowChoice' | 'pass')[];

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
  const checked = shape.maxBet.safeParse(value);
  return checked.success ? { ok: true, value } : { ok: false };
}
