import fs from 'node:fs';
import path from 'node:path';
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { LOCALE_MESSAGES } from '../../src/renderer/src/i18n/allLocales';
import { MESSAGE_FILES, messageFunctionSource, precompileMessages } from './precompileMessages';

/**
 * The pages' messages are functions made at build time (no compiler on the
 * pages): each must say exactly what vue-i18n says of the string it was made
 * from, in every language, with its parameters and plural forms.
 */

type Tree = { [key: string]: string | Tree };

function flatten(messages: Tree, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[at, value] as [string, string]] : flatten(value, at);
  });
}

function mapTree(messages: Tree, f: (message: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, typeof value === 'string' ? f(value) : mapTree(value, f)]),
  );
}

/** The function the build puts in the bundle for `message` (here made with `new Function`, which the pages never do). */
function built(message: string): unknown {
  return new Function(`return ${messageFunctionSource(message, 'test')}`)() as unknown;
}

/** Every `{name}` a message takes, each given a value of its own. */
function parametersOf(message: string): Record<string, string> {
  return Object.fromEntries([...message.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*\}/g)].map((m) => [m[1]!, `<${m[1]!}>`]));
}

describe('the messages precompiled at build time', () => {
  it.each(Object.keys(LOCALE_MESSAGES) as (keyof typeof LOCALE_MESSAGES)[])(
    'every %s message says what vue-i18n says of its string, for every parameter and plural form',
    (language) => {
      const tree = LOCALE_MESSAGES[language] as unknown as Tree;
      const asStrings = createI18n({ legacy: false, locale: language, messages: { [language]: tree } }).global;
      const asFunctions = createI18n({ legacy: false, locale: language, messages: { [language]: mapTree(tree, built) as Tree } }).global;
      const differ: string[] = [];
      for (const [key, message] of flatten(tree)) {
        const named = parametersOf(message);
        for (const choice of [0, 1, 2, 7]) {
          const expected = asStrings.t(key, { n: choice, ...named }, choice);
          if (asFunctions.t(key, { n: choice, ...named }, choice) !== expected) differ.push(`${key} (${choice})`);
        }
        if (asFunctions.t(key, named) !== asStrings.t(key, named)) differ.push(key);
      }
      expect(differ).toEqual([]);
    },
  );

  it('each messages file keeps its keys and imports, every message string becoming a function', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/renderer/src/i18n');
    const files = ['en.ts', 'fr.ts', 'it.ts', 'es.ts', 'refusals/en.ts', 'refusals/fr.ts', 'refusals/it.ts', 'refusals/es.ts'].map((f) =>
      path.join(dir, f),
    );
    for (const file of files) expect(MESSAGE_FILES.test(file), file).toBe(true);
    expect(MESSAGE_FILES.test(path.join(dir, 'refusals/texts.ts'))).toBe(false);
    expect(MESSAGE_FILES.test(path.join(dir, 'index.ts'))).toBe(false);
    const en = precompileMessages(fs.readFileSync(files[0]!, 'utf8'), files[0]!);
    expect(en).toContain("import refusals from './refusals/en';");
    expect(en).toContain('title: (ctx) => {');
    expect(en).toContain("'pair-call': (ctx) => {");
    // Every message of English is a function now, each of the words still there.
    const functions = en.match(/:\s+\(ctx\) => \{/g)?.length ?? 0;
    const refusals = precompileMessages(fs.readFileSync(files[4]!, 'utf8'), files[4]!);
    const refusalFunctions = refusals.match(/:\s+\(ctx\) => \{/g)?.length ?? 0;
    expect(refusalFunctions).toBeGreaterThan(50);
    expect(functions + refusalFunctions).toBe(flatten(LOCALE_MESSAGES.en as unknown as Tree).length);
  });

  it('a message that does not compile fails the build, naming its file and line', () => {
    expect(() => precompileMessages("const m = {\n  a: 'fine',\n  b: 'no @ link',\n};", 'words.ts')).toThrow(
      /words\.ts:3: the message "no @ link"/,
    );
  });

  it('quoted keys, template strings and comments are read as in TypeScript', () => {
    const out = precompileMessages("/** a {comment} */\nexport default { 'a-b': `x {n}`, c: { d: 'y' } } as const;", 'words.ts');
    expect(out).toMatch(
      /^\/\*\* a \{comment\} \*\/\nexport default \{ 'a-b': \(ctx\) => \{.*\}, c: \{ d: \(ctx\) => \{.*\} \} \} as const;$/s,
    );
  });
});
