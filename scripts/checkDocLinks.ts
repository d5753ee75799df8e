/**
 * `npm run lint`'s docs check: fails on a markdown link or anchor that leads
 * nowhere, a doc section cited by name that does not exist, a link out of the
 * repo, a README over its length, a code path or a command a doc names that
 * does not exist, a count a doc states wrongly, or a tracker's number
 * (scripts/lib/docLinks.ts says what is read). Prints one line per finding,
 * `file:line: what`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_NAMES, ROLES } from '../src/shared/registry';
import { findDeadDocLinks, type CodeFacts, type DocFinding, type RepoFiles } from './lib/docLinks';

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

/** The registry's commands and roles, which the docs name. */
const REGISTRY: CodeFacts = { commands: new Set(COMMAND_NAMES), roles: ROLES };

/** Every finding in the repo at `root`. */
export function checkRepo(root: string): { findings: DocFinding[]; fileCount: number } {
  const { files, directories } = readRepo(root);
  return { findings: findDeadDocLinks(files, directories, REGISTRY), fileCount: files.size };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { findings, fileCount } = checkRepo(root);
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.message}`);
  if (findings.length > 0) {
    console.error(
      `docs check: ${findings.length} finding${findings.length === 1 ? '' : 's'} (dead links, citations, paths or commands, wrong counts, tracker numbers)`,
    );
    process.exit(1);
  }
  console.log(
    `docs check: every link, anchor, cited section, code path and command named in ${fileCount} files exists, every count checked is right`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
