/**
 * The rule settings' choices and defaults as plain values (docs/rules.md
 * R26-R34). The settings schema (shared/settings.ts) is built from them, so
 * there is one list per setting; they live apart from it so that the lobby,
 * which must show them on the console's first screen, does not load the
 * schema library with them.
 */

/** R34: how long the laptop waits for a phone's reveal unless the night says otherwise (`revealWaitMs`). */
export const DEFAULT_REVEAL_WAIT_MS = 1500;

/** The values of each setting that is one of a few words, in the order the lobby offers them. */
export const RULE_CHOICES = {
  /** R15: what a pair does; `high-low`: the player calls higher or lower and bets (R29). */
  pair: ['pays-2', 'pays-3', 'redeal', 'high-low'],
  /** R16: what consecutive ranks do. */
  consecutive: ['lose-minimum', 'push', 'redeal'],
  /** R22: what happens to a pot left at the end of the night. */
  potAtEnd: ['split', 'carry'],
  /** R27: `half-pot`: from the moment the pot is made until everyone then playing has had a turn, a bet is at most half the pot. */
  firstRound: ['open', 'half-pot'],
  /** R28: when everyone antes: only when the pot is empty (R5), or also at the start of every deal. */
  anteWhen: ['empty-pot', 'every-deal'],
  /** R34: who draws the cards: the laptop's committed, cut deck (`deck`, R9-R13), or the laptop and the phones that help deal, card by card (`table`). */
  cards: ['deck', 'table'],
} as const;

/** R18, R30: a post costs the bet times one of these (capped at the stack). */
export const POST_PAYS = [1, 2, 3] as const;

/** The whole numbers each numeric setting accepts. */
export const RULE_RANGES = {
  /** R1: how many 52-card decks are shuffled together. */
  decks: { min: 1, max: 4 },
  /** R4: chips each seated player antes. */
  ante: { min: 1, max: 1000 },
  /** R27: the largest bet allowed when a limit is set. */
  maxBet: { min: 1, max: 1_000_000 },
  /** R34: the wait for a phone's reveal, in ms. */
  revealWaitMs: { min: 100, max: 10_000 },
} as const;

/** The on/off settings. */
export const SWITCH_RULES = ['aceLowChoice', 'pass'] as const;

type Choice<K extends keyof typeof RULE_CHOICES> = (typeof RULE_CHOICES)[K][number];

/** A night's rule settings; the settings schema (shared/settings.ts) checks them and is held to this type by the compiler. */
// A type, not an interface: tools treat a night's settings as a plain record of values.
export type RuleSettings = {
  decks: number;
  ante: number;
  aceLowChoice: boolean;
  pair: Choice<'pair'>;
  consecutive: Choice<'consecutive'>;
  postPays: (typeof POST_PAYS)[number];
  potAtEnd: Choice<'potAtEnd'>;
  pass: boolean;
  maxBet: number | null;
  firstRound: Choice<'firstRound'>;
  anteWhen: Choice<'anteWhen'>;
  cards: Choice<'cards'>;
  revealWaitMs: number;
};

/** The defaults: a night on these plays R1-R25 exactly as written. */
export const DEFAULT_RULES: RuleSettings = {
  decks: 1,
  ante: 1,
  aceLowChoice: false,
  pair: 'pays-2',
  consecutive: 'lose-minimum',
  postPays: 1,
  potAtEnd: 'split',
  pass: false,
  maxBet: null,
  firstRound: 'open',
  anteWhen: 'empty-pot',
  cards: 'deck',
  revealWaitMs: DEFAULT_REVEAL_WAIT_MS,
};

/** Named rule sets for the simulator and the host's quick start. */
export const RULE_PRESETS = {
  standard: DEFAULT_RULES,
  'two-decks': { ...DEFAULT_RULES, decks: 2 },
  generous: { ...DEFAULT_RULES, pair: 'pays-3', consecutive: 'push' },
  'redeal-everything': { ...DEFAULT_RULES, pair: 'redeal', consecutive: 'redeal' },
  harsh: { ...DEFAULT_RULES, postPays: 2, ante: 2 },
  'house-rules': {
    ...DEFAULT_RULES,
    pass: true,
    maxBet: 10,
    firstRound: 'half-pot',
    anteWhen: 'every-deal',
    pair: 'high-low',
    postPays: 3,
  },
  'ace-low': { ...DEFAULT_RULES, aceLowChoice: true },
  carry: { ...DEFAULT_RULES, potAtEnd: 'carry' },
} as const satisfies Record<string, RuleSettings>;

export type RulePresetName = keyof typeof RULE_PRESETS;
