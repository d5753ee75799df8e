import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/design.md "Layers" draws who imports whom among src/main's folders.
 * The picture is checked against the imports the code really has (type
 * imports and dynamic imports included), so it cannot drift: an arrow the
 * code lacks, or an import the picture lacks, fails here. Tests and the test
 * kits (`testing.ts`, and the files of a `testing/` folder) are left out, as the picture says.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainDir = path.join(repo, 'src/main');

/** The layer a file belongs to: a folder of src/main, the shell's entry, or a top-level folder of src. */
function layerOf(file: string): string | null {
  const fromMain = path.relative(mainDir, file);
  if (!fromMain.startsWith('..')) return fromMain.split(path.sep)[0] ?? null;
  const fromSrc = path.relative(path.join(repo, 'src'), file);
  return fromSrc.startsWith('..') ? null : (fromSrc.split(path.sep)[0] ?? null);
}

function isTestCode(file: string): boolean {
  return /\.test\.ts$/.test(file) || path.basename(file) === 'testing.ts' || file.split(path.sep).includes('testing');
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !isTestCode(full) ? [full] : [];
  });
}

/** Each layer of src/main and the layers it imports, read with the TypeScript compiler's own pre-processor. */
function importedLayers(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(mainDir)) {
    const from = layerOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = layerOf(path.resolve(path.dirname(file), fileName));
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The arrows of docs/design.md's "Layers": lines `folder -> what, it, imports` in its fenced picture. */
function drawnLayers(): Map<string, Set<string>> {
  const design = fs.readFileSync(path.join(repo, 'docs/design.md'), 'utf8');
  const section = /^## Layers\n([\s\S]*?)(?=^## )/m.exec(design)?.[1] ?? '';
  const graph = new Map<string, Set<string>>();
  for (const line of section.split('\n')) {
    const arrow = /^\s*(\S+)\s+->\s+(.+)$/.exec(line);
    if (!arrow?.[1] || !arrow[2]) continue;
    const targets = arrow[2].trim() === 'nothing' ? [] : arrow[2].split(',').map((t) => t.trim());
    graph.set(arrow[1], new Set(targets));
  }
  return graph;
}

const asLines = (graph: Map<string, Set<string>>): string[] =>
  [...graph].map(([from, to]) => `${from} -> ${[...to].sort().join(', ') || 'nothing'}`).sort();

describe('docs/design.md "Layers": the picture and the imports', () => {
  it("draws exactly the imports between src/main's folders, no arrow more or less", () => {
    const drawn = drawnLayers();
    expect(drawn.size, 'the Layers section has its picture of arrows').toBeGreaterThan(0);
    expect(asLines(drawn)).toEqual(asLines(importedLayers()));
  }, 30_000);

  it('would catch an arrow the code does not have: the ledger imports nothing of the engine', () => {
    expect(importedLayers().get('ledger')?.has('engine')).toBe(false);
    expect(drawnLayers().get('ledger')?.has('engine')).toBe(false);
  }, 30_000);

  it('keeps the history apart from the session, and the pure layers off the shell', () => {
    const graph = importedLayers();
    expect(graph.get('history')?.has('session')).toBe(false);
    for (const pure of ['engine', 'ledger', 'night']) {
      for (const shell of ['store', 'session', 'host', 'electron', 'history'])
        expect(graph.get(pure)?.has(shell), `${pure} -> ${shell}`).toBe(false);
    }
  });
});
