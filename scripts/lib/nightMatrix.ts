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
  // R34's draws wait for phones: the matrix plays the shuffled deck; the session's table-draw tests play the table.
  cards: ['deck'],
  revealWaitMs: [1500],
} as const satisfies { [K in keyof RuleSettings]: readonly RuleSettings[K][] };

/** Each setting moves to its next value every DIVISORS[k] nights, so neighbouring nights differ in several settings and the combinations keep changing. */
const DIVISORS = [1, 2, 3, 5, 7, 11, 13, 4, 6, 9, 10];

export interface MatrixNight {
  seed: Uint8Array;
  players: number;
  turns: number;
  rules: RuleSettings;
  payment: Payment;
  startingChips: number;
}

export function matrixNight(i: number, label = 'matrix'): MatrixNight {
  const rules: Record<string, unknown> = { ...DEFAULT_RULES };
  Object.entries(VALUES).forEach(([name, values], k) => {
    rules[name] = values[(Math.floor(i / (DIVISORS[k] ?? 1)) + k) % values.length];
  });
  const seed = new TextEncoder().encode(`${label}-${i}`);
  return {
    seed,
    players: 3 + ((i * 7) % 10),
    turns: 20 + ((i * 37) % 101),
    rules: rules as RuleSettings,
    payment: i % 2 === 0 ? 'cash' : 'credit',
    startingChips: 20 + ((i * 13) % 4) * 10,
  };
}

export const SETTING_VALUES = VALUES;
