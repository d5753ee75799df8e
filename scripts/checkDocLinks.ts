/**
 * `npm run lint`'s docs check: fails on a markdown link or anchor that leads
 * nowhere, a doc section cited by name that does not exist, a link out of the
 * repo, or a README over its length (scripts/lib/docLinks.ts says what is
 * read). Prints one line per finding, `file:line: what`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDeadDocLinks, type RepoFiles } from './lib/docLinks';

/** Built, installed or generated: not the repo's own text. */
const SKIPPED = new Set(['node_modules', '.git', 'out', 'dist', 'coverage', 'test-results', 'playwright-report', 'artifacts']);
const READ = /\.(?:md|ts|vue|js|mjs|cjs|css|html)$/;

export function readRepo(root: string): { files: RepoFiles; directories: Set<string> } {
  const files = new Map<string, string>();
  const directories = new Set<string>();
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        directories.add(child);
        walk(child);
      } else if (entry.isFile()) {
        // Every file can be a link's target; only text is read for links and citations.
        files.set(child, READ.test(entry.name) ? fs.readFileSync(path.join(root, child), 'utf8') : '');
      }
    }
  };
  walk('');
  return { files, directories };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { files, directories } = readRepo(root);
  const findings = findDeadDocLinks(files, directories);
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.message}`);
  if (findings.length > 0) {
    console.error(
      `docs check: ${findings.length} dead link${findings.length === 1 ? '' : 's'} or citation${findings.length === 1 ? '' : 's'}`,
    );
    process.exit(1);
  }
  console.log(`docs check: every link, anchor and cited section of ${files.size} files exists`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
