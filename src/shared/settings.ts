import { z } from 'zod';
import { DEFAULT_RULES, POST_PAYS, RULE_CHOICES, RULE_RANGES, type RuleSettings } from './ruleChoices';

export { DEFAULT_REVEAL_WAIT_MS, DEFAULT_RULES, RULE_PRESETS, type RuleSettings } from './ruleChoices';

const wholeIn = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/**
 * The rule settings docs/rules.md names, checked. The same names are used in
 * the night export (`rules`) and on the host console; their choices, ranges
 * and defaults are shared/ruleChoices.ts's, documented there.
 */
export const ruleSettingsSchema = z.strictObject({
  decks: wholeIn(RULE_RANGES.decks).default(DEFAULT_RULES.decks),
  ante: wholeIn(RULE_RANGES.ante).default(DEFAULT_RULES.ante),
  aceLowChoice: z.boolean().default(DEFAULT_RULES.aceLowChoice),
  pair: z.enum(RULE_CHOICES.pair).default(DEFAULT_RULES.pair),
  consecutive: z.enum(RULE_CHOICES.consecutive).default(DEFAULT_RULES.consecutive),
  postPays: z
    .union(POST_PAYS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>])
    .default(DEFAULT_RULES.postPays),
  potAtEnd: z.enum(RULE_CHOICES.potAtEnd).default(DEFAULT_RULES.potAtEnd),
  pass: z.boolean().default(DEFAULT_RULES.pass),
  maxBet: wholeIn(RULE_RANGES.maxBet).nullable().default(DEFAULT_RULES.maxBet),
  firstRound: z.enum(RULE_CHOICES.firstRound).default(DEFAULT_RULES.firstRound),
  anteWhen: z.enum(RULE_CHOICES.anteWhen).default(DEFAULT_RULES.anteWhen),
  cards: z.enum(RULE_CHOICES.cards).default(DEFAULT_RULES.cards),
  revealWaitMs: wholeIn(RULE_RANGES.revealWaitMs).default(DEFAULT_RULES.revealWaitMs),
});

/** Whether two types are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The schema and the plain type say the same thing, or this does not compile.
 * @public A compile-time check: exported so it is kept, though nobody imports it.
 */
export const SCHEMA_MATCHES_RULE_SETTINGS: Same<z.infer<typeof ruleSettingsSchema>, RuleSettings> = true;
