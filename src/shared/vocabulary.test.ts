import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SHARED = path.dirname(new URL(import.meta.url).pathname);

/** Each contract file and the contract files it imports (`./name`). */
function contractImports(): Map<string, string[]> {
  const files = fs.readdirSync(SHARED).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
  return new Map(
    files.map((f) => {
      const text = fs.readFileSync(path.join(SHARED, f), 'utf8');
      return [f.replace(/\.ts$/, ''), [...text.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => m[1]!)];
    }),
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
  it('has no circle of imports: the shared word lists live in vocabulary.ts, which imports none of the others', () => {
    const graph = contractImports();
    expect(graph.get('vocabulary')).toEqual([]);
    expect(findCircle(graph)).toBeNull();
  });

  it('finds a circle when there is one (the check itself can fail)', () => {
    expect(findCircle(new Map([['commands', ['history']], ['history', ['view']], ['view', ['commands']]]))).toEqual(['commands', 'history', 'view', 'commands']);
  });
});
