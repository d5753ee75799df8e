/**
 * `npm run lint`'s import-circle check: the number of import circles among
 * the repo's own modules (src, scripts, e2e, harness; `.ts` and `.vue`), type imports
 * included, each with one way round it. Fails when there is any
 * (scripts/lib/importCycles.ts says how imports are read).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles } from './lib/importCycles';

const ROOTS = ['src', 'scripts', 'e2e', 'harness'];
const SKIPPED = new Set(['node_modules', 'out', 'artifacts']);

export function readSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (/\.(?:ts|vue)$/.test(entry.name)) sources.set(child, fs.readFileSync(path.join(root, child), 'utf8'));
    }
  };
  for (const top of ROOTS) walk(top);
  return sources;
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const sources = readSources(root);
  const cycles = importCycles(sources);
  for (const cycle of cycles) console.error(`import circle: ${cycle.join(' -> ')}`);
  console.log(`import circles: ${cycles.length} among ${sources.size} modules (type imports counted)`);
  if (cycles.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
