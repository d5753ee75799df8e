import path from 'node:path';
import ts from 'typescript';
import { parse as parseSfc } from 'vue/compiler-sfc';

/**
 * Import circles among the repo's own modules, type imports included: a
 * circle of `import type` costs nothing at run time but still ties the files
 * together, so neither can be read, moved or tested alone. Imports are read
 * by the TypeScript compiler's pre-processor (static, type-only, re-exports,
 * dynamic `import()`), a `.vue` file's by its `<script>` blocks as Vue's own
 * SFC parser finds them. Pure: it reads the sources it is given.
 */

/** Source files by path relative to the repo's root, with `/` separators. */
export type Sources = ReadonlyMap<string, string>;

/** The relative imports of one file, resolved to the files of `sources` they name. */
function importsOf(file: string, text: string, sources: Sources): string[] {
  const code = file.endsWith('.vue') ? vueScripts(file, text) : text;
  const { importedFiles } = ts.preProcessFile(code, true, true);
  const resolved = new Set<string>();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolve(path.posix.join(path.posix.dirname(file), fileName), sources);
    if (target) resolved.add(target);
  }
  return [...resolved];
}

function vueScripts(file: string, text: string): string {
  const { descriptor } = parseSfc(text, { filename: file });
  return [descriptor.script?.content, descriptor.scriptSetup?.content].filter(Boolean).join('\n');
}

function resolve(base: string, sources: Sources): string | null {
  const plain = path.posix.normalize(base);
  const candidates = [plain, `${plain}.ts`, `${plain}.vue`, `${plain}/index.ts`, plain.replace(/\.js$/, '.ts')];
  return candidates.find((c) => sources.has(c)) ?? null;
}

/**
 * Every import circle: each group of files that reach one another through
 * their imports (a strongly connected component, Tarjan's algorithm), given
 * as one cycle through the group so a reader can follow it. Sorted.
 */
export function importCycles(sources: Sources): string[][] {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) graph.set(file, importsOf(file, text, sources).sort());

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;

  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const selfImport = group.length === 1 && (graph.get(file) ?? []).includes(file);
    if (group.length > 1 || selfImport) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);

  return groups.map((group) => cycleThrough(group, graph)).sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** One cycle inside a group, from its first file back to it: the shortest way round, by breadth-first search. */
function cycleThrough(group: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
