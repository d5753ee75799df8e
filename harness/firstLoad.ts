import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript of each page, gzipped, from Vite's build manifest: the
 * page's entry, the chunks it imports statically, and for the console and the
 * TV the route's own screen (router.ts loads every screen as its chunk) with
 * what that imports statically. What a page fetches only later (another
 * language, a panel, History) is not counted; what it needs to show its first
 * screen is.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const PAGES = [
  // Minified since 2026-11-29 (114 / 108 / 78 kB then): each budget is that figure and about a seventh more, so a slide shows.
  { bench: 'first-load-console-kb', keys: ['index.html', 'src/views/HostConsole.vue'], targetKb: 130 },
  { bench: 'first-load-tv-kb', keys: ['index.html', 'src/views/TableView.vue'], targetKb: 125 },
  { bench: 'first-load-phone-kb', keys: ['phone.html'], targetKb: 90 },
] as const;

export function firstLoadLines(rendererDir: string): Record<string, unknown>[] {
  const manifest = JSON.parse(readFileSync(join(rendererDir, 'build-manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return PAGES.map(({ bench, keys, targetKb }) => {
    const files = staticClosure(manifest, keys);
    const bytes = files.reduce((total, file) => total + gzipSync(readFileSync(join(rendererDir, file))).length, 0);
    const kB = Math.round((bytes / 1000) * 10) / 10;
    return targetKb === null
      ? { bench, kB, files: files.length, target: 'none (diagnostic)', met: true }
      : { bench, kB, files: files.length, target: `<= ${targetKb}`, met: kB <= targetKb };
  });
}

function staticClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest: was it renamed?`);
    visit(key);
  }
  return files;
}
