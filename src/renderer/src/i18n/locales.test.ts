import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared';
import { LOCALE_MESSAGES } from './allLocales';
import { createAppI18n } from './index';

/** Every message of a locale, by its dotted key. */
function flatten(messages: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(LOCALE_MESSAGES.en);
const translations = LANGUAGES.filter((l) => l !== 'en');

/** Names, card codes, symbols and key names: the same in every language. */
function languageFree(message: string): boolean {
  const words = message
    .replace(/\{[a-zA-Z]+\}/g, '') // parameters
    .replace(/\b(Ctrl|Alt|Tab|Esc|Del|PgUp|PgDn|sha256|JSON|CSV|R\d+)\b/g, '')
    .replace(/\b[A-Z]\b/g, ''); // single-letter keys, card ranks
  return !/\p{L}{2,}/u.test(words);
}

/**
 * Messages a language writes exactly as English does, each with its reason:
 * the game's own terms (the rules texts use "ante" and "pot" in every
 * language), the language names, and words that are the same word.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  fr: [
    'settings.ante', // « L'Ante » in the French rules
    'rulesScreen.titles.ante',
    'settings.presets.standard',
    'night.pot', // « le pot » in the French rules
    'table.pot',
    'prompt.potBet',
    'history.date',
    'results.netMoney',
    'keys.list.language.what',
  ],
  it: [
    'settings.ante',
    'rulesScreen.titles.ante',
    'keys.list.language.what',
    'confirm.no', // "no" is Italian too
    'outcome.consecutive', // the Italian word (feminine plural, "carte consecutive")
    'keys.list.clear.key', // the key is labelled Backspace on Italian keyboards
    'history.kept.size', // KB is the unit's symbol
  ],
  es: [
    'settings.ante',
    'rulesScreen.titles.ante',
    'keys.list.language.what',
    'confirm.no',
    'history.kept.size' /* KB is the unit's symbol */,
  ],
};

function parameters(message: string): string[] {
  return [...new Set([...message.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]!))].sort();
}

describe.each(translations)('the %s messages', (language) => {
  const messages = flatten(LOCALE_MESSAGES[language]);

  it('have every key of English and no other', () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('leave no message in English (names, card codes, symbols and key names aside)', () => {
    const allowed = new Set(SAME_AS_ENGLISH[language]);
    const untranslated = [...english].filter(([key, en]) => messages.get(key) === en && !languageFree(en) && !allowed.has(key));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('use the same parameters and the same number of plural forms as English', () => {
    for (const [key, en] of english) {
      const message = messages.get(key);
      if (message === undefined) continue;
      expect({ key, params: parameters(message) }).toEqual({ key, params: parameters(en) });
      expect({ key, forms: message.split(' | ').length }).toEqual({ key, forms: en.split(' | ').length });
    }
  });
});

describe('plural rules per language', () => {
  it.each([
    ['en', ['no chips', '1 chip', '2 chips']],
    ['fr', ['aucun jeton', '1 jeton', '2 jetons']],
    ['it', ['nessuna fiche', '1 fiche', '2 fiche']],
    ['es', ['ninguna ficha', '1 ficha', '2 fichas']],
  ] as const)('%s counts chips in its own words', (language, expected) => {
    const i18n = createAppI18n(language, LOCALE_MESSAGES);
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural: number) => string;
    expect([0, 1, 2].map((n) => t('chips', { n }, n))).toEqual(expected);
  });

  it('two-form messages follow each language: French counts 0 as one, English as many', () => {
    const two = (language: 'en' | 'fr', n: number) =>
      (createAppI18n(language, LOCALE_MESSAGES).global.t as (key: string, named: Record<string, unknown>, plural: number) => string)(
        'notices.title',
        { n },
        n,
      );
    expect(two('en', 0)).toBe('Storage notices (0)');
    expect(two('fr', 0)).not.toMatch(/\(0\)/);
    expect(two('fr', 1)).toBe(two('fr', 0));
    expect(two('fr', 2)).toMatch(/\(2\)/);
  });

  it('R35: a copy cut back is told in every language with whose lines, how many, the line, the taker and the file; one line in the singular', () => {
    const words = {
      night: '2026-03-06-458260',
      from: 'Ann’s laptop',
      by: 'Bob’s laptop',
      line: 412,
      file: '/data/live/x.jsonl.cut-back-after-412',
    };
    for (const language of LANGUAGES) {
      const t = createAppI18n(language, LOCALE_MESSAGES).global.t as (
        key: string,
        named: Record<string, unknown>,
        plural: number,
      ) => string;
      const [one, eight] = [1, 8].map((after) => t('notices.copy-cut-back', { ...words, after }, after));
      for (const text of [one, eight])
        for (const word of ['2026-03-06-458260', 'Ann’s laptop', 'Bob’s laptop', '412', words.file]) expect(text).toContain(word);
      expect(eight).toContain('8');
      expect(one).not.toContain(' 1 ');
    }
  });

  it('every message compiles and fills its parameters in every language', () => {
    for (const language of LANGUAGES) {
      const i18n = createAppI18n(language, LOCALE_MESSAGES);
      const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string;
      for (const [key, en] of english) {
        const named = Object.fromEntries(parameters(en).map((p) => [p, `<${p}>`]));
        const text = t(key, named, 2);
        expect({ language, key, leftover: /\{[a-zA-Z]+\}/.test(text) }).toEqual({ language, key, leftover: false });
      }
    }
  });
});

describe('counts in the backups’ restore question', () => {
  it.each([
    ['en', '(1 night)', '(3 nights)'],
    ['fr', '(1 soirée)', '(3 soirées)'],
    ['it', '(1 serata)', '(3 serate)'],
    ['es', '(1 noche)', '(3 noches)'],
  ] as const)('%s says one night and several nights by its own plural rule', (language, one, three) => {
    const t = createAppI18n(language, LOCALE_MESSAGES).global.t as (key: string, named: Record<string, unknown>, plural: number) => string;
    const question = (n: number) => t('history.kept.restoreConfirm', { date: '1/2/2026', n }, n);
    expect(question(1)).toContain(one);
    expect(question(1)).not.toContain('|');
    expect(question(3)).toContain(three);
  });
});
