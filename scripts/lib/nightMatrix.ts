import type { Payment, RuleSettings } from '../../src/shared';
import { DEFAULT_RULES } from '../../src/shared/settings';

/**
 * Simulated nights over every house setting: night i takes each setting's
 * values in turn (each setting stepping at its own pace), so a few dozen
 * nights already play every value of every setting of docs/rules.md, and
 * the combinations vary from night to night.
 */
const VALUES = {
  decks: [1, 2, 3, 4],
  ante: [1, 2, 3],
  aceLowChoice: [false, true],
  pair: ['pays-2', 'pays-3', 'redeal', 'high-low'],
  consecutive: ['lose-minimum', 'push', 'redeal'],
  postPays: [1, 2, 3],
  potAtEnd: ['split', 'carry'],
  pass: [false, true],
  maxBet: [null, 5, 1, 20],
  firstRound: ['open', 'half-pot'],
  anteWhen: ['empty-pot', 'every-deal'],
  // R34: every fourth night the table draws, with simulated phones helping deal (TABLE_EVERY below).
  cards: ['deck', 'table'],
  revealWaitMs: [1500],
} as const satisfies { [K in keyof RuleSettings]: readonly RuleSettings[K][] };

/** Each setting moves to its next value every DIVISORS[k] nights, so neighbouring nights differ in several settings and the combinations keep changing. */
const DIVISORS = [1, 2, 3, 5, 7, 11, 13, 4, 6, 9, 10];

/** Night i with i % TABLE_EVERY === TABLE_EVERY - 1 is drawn by the table (R34), 500 of 2,000. */
const TABLE_EVERY = 4;

export interface MatrixNight {
  seed: Uint8Array;
  players: number;
  turns: number;
  rules: RuleSettings;
  payment: Payment;
  startingChips: number;
  /** R34: simulated phones help deal (on the nights the table draws). */
  phones: boolean;
}

export function matrixNight(i: number, label = 'matrix'): MatrixNight {
  return i % TABLE_EVERY === TABLE_EVERY - 1 ? drawnByTable(deckNight(i, label)) : deckNight(i, label);
}

/** Night i with its cards from shuffled decks, whichever the matrix plays. */
export function deckNight(i: number, label = 'matrix'): MatrixNight {
  const rules: Record<string, unknown> = { ...DEFAULT_RULES };
  Object.entries(VALUES).forEach(([name, values], k) => {
    rules[name] = values[(Math.floor(i / (DIVISORS[k] ?? 1)) + k) % values.length];
  });
  rules.cards = 'deck';
  const seed = new TextEncoder().encode(`${label}-${i}`);
  return {
    seed,
    players: 3 + ((i * 7) % 10),
    turns: 20 + ((i * 37) % 101),
    rules: rules as RuleSettings,
    payment: i % 2 === 0 ? 'cash' : 'credit',
    startingChips: 20 + ((i * 13) % 4) * 10,
    phones: false,
  };
}

/** The same night drawn by the table (R34), phones helping deal; the hash chains make a turn slower to play and check, so half as many turns keep the matrix's time. */
function drawnByTable(night: MatrixNight): MatrixNight {
  return {
    ...night,
    rules: { ...night.rules, cards: 'table' },
    turns: 20 + Math.floor((night.turns - 20) / 2),
    phones: true,
  };
}

export const SETTING_VALUES = VALUES;
