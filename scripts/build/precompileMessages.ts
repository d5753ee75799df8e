import { baseCompile } from '@intlify/message-compiler';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The pages' messages (src/renderer/src/i18n: the four languages and their
 * refusals) are TypeScript objects, which @intlify's own build plugin leaves
 * as strings: vue-i18n then compiles a message when it is first said and, at
 * every `t()`, looks its function up under a JSON key made of the locale, the
 * key and the words. Here every message string becomes, at build time, the
 * function vue-i18n's compiler makes of it (plain code in the bundle, so the
 * strict CSP needs no `unsafe-eval`), which `t()` calls directly; the pages
 * then use vue-i18n's runtime-only build, without the compiler.
 *
 * A message that does not compile fails the build, naming it (the test
 * messageSyntax.test.ts catches it first).
 */
export const MESSAGE_FILES = /[\\/]src[\\/]renderer[\\/]src[\\/]i18n[\\/](?:refusals[\\/])?(?:en|fr|it|es)\.ts$/;

/** The source of a message function for `message`, as vue-i18n's compiler writes it (`(ctx) => ...`). */
export function messageFunctionSource(message: string, where: string): string {
  const errors: string[] = [];
  const { code } = baseCompile(message, { mode: 'arrow', location: false, onError: (error) => errors.push(error.message) });
  if (errors.length > 0) throw new Error(`${where}: the message ${JSON.stringify(message)} does not compile: ${errors.join('; ')}`);
  return code;
}

/**
 * `source` (one messages file) with every string that is a property's value
 * replaced by its message function; keys, imports and everything else are
 * kept as written.
 */
export function precompileMessages(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; code: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))) {
      const { line } = file.getLineAndCharacterOfPosition(node.initializer.getStart(file));
      edits.push({
        start: node.initializer.getStart(file),
        end: node.initializer.getEnd(),
        code: messageFunctionSource(node.initializer.text, `${fileName}:${line + 1}`),
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.code + out.slice(edit.end);
  return out;
}

/**
 * The Vite plugin: the messages files precompiled, and vue-i18n's compiler
 * left out of the bundle (its flag `__INTLIFY_DROP_MESSAGE_COMPILER__`). Build
 * only: the dev server and the tests keep the strings and the compiler.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'dealer:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ define: { __INTLIFY_DROP_MESSAGE_COMPILER__: 'true' } }),
    transform(code, id) {
      if (!MESSAGE_FILES.test(id.split('?')[0]!)) return null;
      return { code: precompileMessages(code, id), map: null };
    },
  };
}
