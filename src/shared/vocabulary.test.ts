/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

/** The contract's files as text (vite reads them: src/shared may not use node modules). */
const SOURCES = import.meta.glob<string>(['./*.ts', '!./*.test.ts', '!./index.ts'], { query: '?raw', import: 'default', eager: true });

/** Each contract file and the contract files it imports (`./name`). */
function contractImports(): Map<string, string[]> {
  return new Map(
    Object.entries(SOURCES).map(([file, text]) => [
      file.replace(/^\.\/|\.ts$/g, ''),
      [...text.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => m[1]!),
    ]),
  );
}

/** A circle of imports, as the list of files around it, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  function visit(file: string): string[] | null {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    trail.pop();
    state.set(file, 'done');
    return null;
  }
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('the contract (src/shared)', () => {
  it('has no circle of imports: the shared word lists live in vocabulary.ts, which imports only files that import nothing of the contract', () => {
    const graph = contractImports();
    expect(graph.size).toBeGreaterThan(10);
    // choices.ts and ruleChoices.ts (the bare lists, no zod) are leaves.
    for (const imported of graph.get('vocabulary') ?? []) expect(graph.get(imported), imported).toEqual([]);
    expect(findCircle(graph)).toBeNull();
  });

  it('finds a circle when there is one (the check itself can fail)', () => {
    expect(
      findCircle(
        new Map([
          ['commands', ['history']],
          ['history', ['view']],
          ['view', ['commands']],
        ]),
      ),
    ).toEqual(['commands', 'history', 'view', 'commands']);
  });
});
