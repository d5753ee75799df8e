import { z } from 'zod';

/** R34: how long the laptop waits for a phone's reveal unless the night says otherwise (`revealWaitMs`). */
export const DEFAULT_REVEAL_WAIT_MS = 1500;

/**
 * The rule settings docs/rules.md names, with its defaults. The same names are
 * used in the night export (`rules`) and on the host console.
 */
export const ruleSettingsSchema = z.strictObject({
  /** R1: how many 52-card decks are shuffled together. */
  decks: z.number().int().min(1).max(4).default(1),
  /** R4: chips each seated player puts in the pot when the night starts (and at each re-ante, R5). */
  ante: z.number().int().min(1).max(1000).default(1),
  /** R1: a first-turned ace may be called low or high. */
  aceLowChoice: z.boolean().default(false),
  /** R15: what a pair does; `high-low`: the player calls higher or lower and bets (R29). */
  pair: z.enum(['pays-2', 'pays-3', 'redeal', 'high-low']).default('pays-2'),
  /** R16: what consecutive ranks do. */
  consecutive: z.enum(['lose-minimum', 'push', 'redeal']).default('lose-minimum'),
  /** R18, R30: a post costs the bet times this (capped at the stack). */
  postPays: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  /** R22: what happens to a pot left at the end of the night. */
  potAtEnd: z.enum(['split', 'carry']).default('split'),
  /** R26: a player asked to bet may pass instead. */
  pass: z.boolean().default(false),
  /** R27: the largest bet allowed, on top of R17's limits; null for none. */
  maxBet: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** R27: `half-pot`: from the moment the pot is made until everyone then playing has had a turn, a bet is at most half the pot. */
  firstRound: z.enum(['open', 'half-pot']).default('open'),
  /** R28: when everyone antes: only when the pot is empty (R5), or also at the start of every deal. */
  anteWhen: z.enum(['empty-pot', 'every-deal']).default('empty-pot'),
  /** R34: who draws the cards: the laptop's committed, cut deck (`deck`, R9-R13), or the laptop and the phones that help deal, card by card (`table`). */
  cards: z.enum(['deck', 'table']).default('deck'),
  /** R34: how long the laptop waits for a phone's reveal before it draws without that phone, in ms. */
  revealWaitMs: z.number().int().min(100).max(10_000).default(DEFAULT_REVEAL_WAIT_MS),
});

export type RuleSettings = z.infer<typeof ruleSettingsSchema>;

export const DEFAULT_RULES: RuleSettings = ruleSettingsSchema.parse({});

/** Named rule sets for the simulator and the host's quick start. */
export const RULE_PRESETS = {
  standard: DEFAULT_RULES,
  'two-decks': { ...DEFAULT_RULES, decks: 2 },
  generous: { ...DEFAULT_RULES, pair: 'pays-3', consecutive: 'push' },
  'redeal-everything': { ...DEFAULT_RULES, pair: 'redeal', consecutive: 'redeal' },
  harsh: { ...DEFAULT_RULES, postPays: 2, ante: 2 },
  'house-rules': { ...DEFAULT_RULES, pass: true, maxBet: 10, firstRound: 'half-pot', anteWhen: 'every-deal', pair: 'high-low', postPays: 3 },
  'ace-low': { ...DEFAULT_RULES, aceLowChoice: true },
  carry: { ...DEFAULT_RULES, potAtEnd: 'carry' },
} as const satisfies Record<string, RuleSettings>;

export type RulePresetName = keyof typeof RULE_PRESETS;
