import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/design.md "Layers" draws who imports whom among src/main's folders.
 * The picture is checked against the imports the code really has (type
 * imports and dynamic imports included), so it cannot drift: an arrow the
 * code lacks, or an import the picture lacks, fails here. Tests and the test
 * kits (the files of a `testing/` folder) are left out, as the picture says.
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
  return /\.test\.ts$/.test(file) || file.split(path.sep).includes('testing');
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

/** Every `.ts` file under `dir`, tests and kits included, by its path from the repo's root with `/` separators. */
function allFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) files.set(path.relative(repo, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/**
 * docs/development.md "Where things go": a session domain's `*Handlers` export in
 * src/main/session/domains/<name>.ts (session/handlers.ts composes them); a part that owns a
 * listener in src/main/host/<name>Part.ts (session/parts.ts declares what a part is, the session
 * holds them); a test kit (`testing.ts`, a child process's `*Child.ts`) in its layer's `testing/`
 * folder. What is out of place, one line each.
 */
function misplaced(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const name = path.posix.basename(file);
    if ((name === 'testing.ts' || /Child\.ts$/.test(name)) && !file.split('/').includes('testing'))
      found.push(`${file}: a test kit outside a testing/ folder`);
    if (!file.startsWith('src/main/') || /\.test\.ts$/.test(file) || file.split('/').includes('testing')) continue;
    for (const match of text.matchAll(/^export (?:async )?(?:function|const) (\w+Handlers)\b/gm)) {
      if (!/^src\/main\/session\/domains\/[^/]+\.ts$/.test(file) && file !== 'src/main/session/handlers.ts')
        found.push(`${file}: exports ${match[1]}, a domain's handlers outside src/main/session/domains/`);
    }
    if (
      /\bSessionPart</.test(text) &&
      !/^src\/main\/host\/\w+Part\.ts$/.test(file) &&
      !/^src\/main\/session\/(?:parts|gameSession)\.ts$/.test(file)
    )
      found.push(`${file}: makes a SessionPart outside src/main/host/<name>Part.ts`);
  }
  return found.sort();
}

/**
 * What eslint.config.js lets each folder of src/main import: an import of every other folder (and
 * src/shared, src/checker) linted as if written in a file of that folder, with the config's own
 * `no-restricted-imports` alone. `index.ts` is the Electron entry, beside the folders.
 */
async function lintedLayers(layers: readonly string[]): Promise<Map<string, Set<string>>> {
  const eslint = new ESLint({
    cwd: repo,
    // A probe is no file on disk: no type information, and only the layering rule.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports',
  });
  const targets = [...layers.filter((layer) => layer !== 'index.ts'), 'shared', 'checker'];
  const graph = new Map<string, Set<string>>();
  for (const layer of layers) {
    const entry = layer === 'index.ts';
    const filePath = entry ? 'src/main/index.ts' : `src/main/${layer}/layerProbe.ts`;
    const specifier = (target: string): string =>
      ['shared', 'checker'].includes(target) ? `${entry ? '../' : '../../'}${target}/x` : `${entry ? './' : '../'}${target}/x`;
    const others = targets.filter((target) => target !== layer);
    const [result] = await eslint.lintText(others.map((target) => `import '${specifier(target)}';`).join('\n') + '\n', { filePath });
    const refused = new Set((result?.messages ?? []).map((message) => others[message.line - 1]));
    graph.set(layer, new Set(others.filter((target) => !refused.has(target))));
  }
  return graph;
}

describe('eslint.config.js and docs/design.md "Layers": the lint allows what the picture draws', () => {
  it('lets each folder of src/main import exactly the folders drawn, no more', async () => {
    const drawn = drawnLayers();
    expect(asLines(await lintedLayers([...drawn.keys()]))).toEqual(asLines(drawn));
  }, 60_000);

  it('keeps e2e/ out of scripts/: what both need is in harness/', async () => {
    const eslint = new ESLint({ cwd: repo, ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports' });
    const [e2e] = await eslint.lintText("import '../../scripts/lib/simulation';\nimport '../../harness/memoryTable';\n", {
      filePath: 'e2e/browser/layerProbe.ts',
    });
    expect(e2e?.messages.map((message) => message.line)).toEqual([1]);
  }, 60_000);
});

describe('docs/development.md "Where things go"', () => {
  it("keeps each domain's handlers in session/domains, each part with a listener in host/*Part.ts, each test kit in a testing/ folder", () => {
    expect(misplaced(allFiles(path.join(repo, 'src')))).toEqual([]);
  });

  it('would catch a handler map, a part or a test kit out of place', () => {
    const files = new Map([
      ['src/main/session/domains/roster.ts', 'export function rosterHandlers() {}'],
      ['src/main/session/handlers.ts', 'export function sessionHandlers() {}'],
      ['src/main/session/night/nightPlay.ts', 'export function playHandlers() {}'],
      ['src/main/host/phonesPart.ts', 'export interface PhonesPart extends SessionPart<PhoneCommand> {}'],
      ['src/main/host/phoneService.ts', 'export interface Phones extends SessionPart<PhoneCommand> {}'],
      ['src/main/host/testing/phonesDealer.ts', 'export const fakeHandlers = {}; type P = SessionPart<PhoneCommand>;'],
      ['src/main/group/testing.ts', ''],
      ['src/main/group/crashChild.ts', ''],
      ['src/main/session/testing/crashChild.ts', ''],
    ]);
    expect(misplaced(files)).toEqual([
      'src/main/group/crashChild.ts: a test kit outside a testing/ folder',
      'src/main/group/testing.ts: a test kit outside a testing/ folder',
      'src/main/host/phoneService.ts: makes a SessionPart outside src/main/host/<name>Part.ts',
      "src/main/session/night/nightPlay.ts: exports playHandlers, a domain's handlers outside src/main/session/domains/",
    ]);
  });
});
