import { baseCompile } from '@intlify/message-compiler';
import { describe, expect, it } from 'vitest';
import { KEYMAP, KEY_SCREEN_HEADINGS } from '../keymap/keymap';
import { LOCALE_MESSAGES } from './allLocales';

/**
 * Every message goes through vue-i18n's own message compiler, the one the
 * pages use: a character it reserves (`@` links, `{` `}` placeholders, `|`
 * plural forms) in plain words breaks the message only when it is shown (a
 * PayPal name typed wrong showed the previous field's message and a
 * `SyntaxError: 10`). This holds every language to it before it ships.
 */

/** Every message of a locale, by its dotted key. */
function flatten(messages: unknown, prefix = ''): [string, string][] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

function compileErrors(message: string): string[] {
  const errors: string[] = [];
  baseCompile(message, { onError: (error) => errors.push(error.message) });
  return errors;
}

describe('the messages compile with vue-i18n’s compiler', () => {
  it.each(Object.keys(LOCALE_MESSAGES) as (keyof typeof LOCALE_MESSAGES)[])('every %s message compiles without an error', (language) => {
    const broken = flatten(LOCALE_MESSAGES[language])
      .map(([key, message]) => ({ key, message, errors: compileErrors(message) }))
      .filter((m) => m.errors.length > 0);
    expect(broken).toEqual([]);
  });

  it('the check catches a reserved character in plain words', () => {
    expect(compileErrors('no @, no link.')).not.toEqual([]);
    expect(compileErrors('a { brace')).not.toEqual([]);
    expect(compileErrors("no {'@'}, no link.")).toEqual([]);
  });
});

const english = new Map(flatten(LOCALE_MESSAGES.en));
const topLevel = new Set(Object.keys(LOCALE_MESSAGES.en));

/** The renderer's source files by path, as text (Vite reads them: the renderer's code uses no node: modules). */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,vue}', '!../**/*.test.ts', '!./{en,fr,it,es}.ts', '!./refusals/{en,fr,it,es}.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * A key named in the code: a quoted dotted name (single quotes or a backtick
 * without `${`) whose first part is a section of the English messages, so
 * `t('pay.tvPage')`, `$t(...)`, `tr(...)` and keys kept in data tables alike.
 */
function keysNamed(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/['`]([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9_-]+)+)['`]/g)]
    .map((m) => m[1]!)
    .filter((key) => topLevel.has(key.split('.')[0]!));
}

describe('every key the code names exists in English', () => {
  it('each quoted key in the renderer’s code is an English message', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const missing = Object.entries(SOURCES).flatMap(([path, text]) =>
      keysNamed(text)
        .filter((key) => !english.has(key))
        .map((key) => `${path}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('each line of the key list and each of its headings is an English message', () => {
    const named = [
      ...Object.values(KEY_SCREEN_HEADINGS),
      ...KEYMAP.flatMap((binding) => (binding.help ? [`keys.list.${binding.help}.key`, `keys.list.${binding.help}.what`] : [])),
    ];
    expect(named.filter((key) => !english.has(key))).toEqual([]);
  });

  it('the scan finds a key the way the code names it', () => {
    expect(keysNamed("t('pay.tvPage', { n })")).toEqual(['pay.tvPage']);
    expect(keysNamed('night.players')).toEqual([]);
    expect(keysNamed('/** as indexes into `night.players`. */')).toEqual([]);
  });
});
