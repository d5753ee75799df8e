/**
 * `npm run test:quick [-- --base REF] [--no-e2e] [--plan]`: the inner loop's
 * check of a change, minutes rather than `npm test`'s much longer run.
 *
 * The change is every file that differs from where this branch left REF
 * (`git merge-base HEAD REF`, REF `main` unless given), committed or not,
 * untracked files included. On it, in order:
 * 1. Prettier's check and ESLint on the changed files, then the docs' check
 *    and the import-circle check (both read the whole repo, in seconds);
 *    knip and the workflows' check are left to `npm run lint`;
 * 2. both type checks (`tsc` for main, preloads and scripts, `vue-tsc` for
 *    the renderer);
 * 3. the unit tests the change touches: `vitest related` on the changed
 *    files (a test whose imports reach one of them, and the changed tests);
 * 4. the end-to-end specs of the screens it touches, by E2E_MAP below (the
 *    first match of each changed file's path; a changed spec runs itself, a
 *    changed e2e helper the specs of its folder that import it, directly or
 *    through the folder's other helpers), after
 *    `electron-vite build`; none when nothing maps.
 * Every step runs even when one before it failed, except the end-to-end one
 * (the build would fail the same way). `--plan` prints the files and the
 * commands without running them; `--no-e2e` stops after the unit tests.
 * Exit status 1 when a step failed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Which specs a changed file's screens are tested by: the first rule whose
 * prefix starts the file's path wins. Specs are named by the start of their
 * path (`e2e/browser/tv` is every `tv*.spec.ts`), so a new spec joins its
 * screen's rule by its name. A file no rule names maps to no spec.
 */
export const E2E_MAP: ReadonlyArray<{ prefix: string; specs: readonly string[] }> = [
  // The phones' page and what serves it.
  { prefix: 'src/renderer/src/components/phone/', specs: ['e2e/browser/phone'] },
  { prefix: 'src/renderer/src/phone/', specs: ['e2e/browser/phone'] },
  { prefix: 'src/renderer/phone.html', specs: ['e2e/browser/phone'] },
  { prefix: 'src/main/host/phone', specs: ['e2e/browser/phone'] },
  // The TV.
  { prefix: 'src/renderer/src/components/table/', specs: ['e2e/browser/tv', 'e2e/browser/tableLayout', 'e2e/browser/tableDraw'] },
  // History, all time, backups, the group.
  { prefix: 'src/renderer/src/components/history/GroupScreen', specs: ['e2e/browser/groupTwoHosts'] },
  {
    prefix: 'src/renderer/src/components/history/',
    specs: ['e2e/browser/history', 'e2e/browser/merge', 'e2e/browser/titleBars', 'e2e/browser/luckColumn'],
  },
  { prefix: 'src/main/host/groupLan', specs: ['e2e/browser/groupTwoHosts'] },
  // The host's console.
  {
    prefix: 'src/renderer/src/components/console/',
    specs: [
      'e2e/browser/night',
      'e2e/browser/keysToFirstCard',
      'e2e/browser/consolePanels',
      'e2e/browser/saysWhy',
      'e2e/browser/numberBoxes',
      'e2e/browser/houseRules',
    ],
  },
  { prefix: 'src/renderer/src/i18n/', specs: ['e2e/browser/console-languages', 'e2e/browser/tvWords'] },
  // Every screen's parts: one night on the console, the TV beside it, and the accessibility pass.
  { prefix: 'src/renderer/', specs: ['e2e/browser/night', 'e2e/browser/accessibility'] },
  // The headless host itself.
  { prefix: 'src/main/host/', specs: ['e2e/browser/night'] },
  // The desktop shell: the built main process and preloads on a stand-in for Electron.
  { prefix: 'src/main/electron/', specs: ['e2e/shell/shell'] },
  { prefix: 'src/main/index.ts', specs: ['e2e/shell/shell'] },
  { prefix: 'src/preload/', specs: ['e2e/shell/shell', 'e2e/shell/preloadBundle'] },
];

const SPEC = /\.spec\.ts$/;
const PRETTIER = /\.(?:ts|vue|css|js)$/;
const ESLINT = /\.(?:ts|vue|js)$/;

/** The spec files to run for these changed files, sorted; `e2eFiles` are the paths of every spec and helper, `read` a file's text. */
export function specsFor(changed: readonly string[], e2eFiles: readonly string[], read: (path: string) => string): string[] {
  const specFiles = e2eFiles.filter((file) => SPEC.test(file));
  const chosen = new Set<string>();
  for (const file of changed) {
    if (!file.startsWith('e2e/')) {
      const rule = E2E_MAP.find(({ prefix }) => file.startsWith(prefix));
      for (const start of rule?.specs ?? []) for (const spec of specFiles) if (spec.startsWith(start)) chosen.add(spec);
    } else if (SPEC.test(file)) {
      if (specFiles.includes(file)) chosen.add(file);
    } else if (file.endsWith('.ts')) {
      for (const spec of specsImporting(file, e2eFiles, read)) chosen.add(spec);
    }
  }
  return [...chosen].sort();
}

/** The specs of a helper's folder that import it, directly or through the folder's other helpers. */
function specsImporting(helper: string, e2eFiles: readonly string[], read: (path: string) => string): string[] {
  const inFolder = e2eFiles.filter((file) => dirname(file) === dirname(helper));
  const specs = inFolder.filter((file) => SPEC.test(file));
  const helpers = inFolder.filter((file) => !SPEC.test(file));
  const reached = new Set([helper]);
  const found = new Set<string>();
  for (const current of reached) {
    const importLine = new RegExp(`from '\\./${basename(current, '.ts')}'`);
    for (const spec of specs) if (importLine.test(read(spec))) found.add(spec);
    for (const other of helpers) if (!reached.has(other) && importLine.test(read(other))) reached.add(other);
  }
  return [...found];
}

function git(args: string[]): string[] {
  return execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** Every file that differs from the merge base with `base`, committed, staged, unstaged or untracked; deleted ones left out. */
function changedFiles(root: string, base: string): string[] {
  const [mergeBase] = git(['merge-base', 'HEAD', base]);
  if (!mergeBase) throw new Error(`no common commit with ${base}`);
  const files = new Set([...git(['diff', '--name-only', mergeBase]), ...git(['ls-files', '--others', '--exclude-standard'])]);
  return [...files].filter((file) => existsSync(join(root, file))).sort();
}

/** Every spec and helper of the end-to-end folders. */
function listE2eFiles(root: string): string[] {
  return ['e2e/browser', 'e2e/shell', 'e2e/electron']
    .filter((folder) => existsSync(join(root, folder)))
    .flatMap((folder) => readdirSync(join(root, folder)).map((name) => `${folder}/${name}`))
    .filter((file) => file.endsWith('.ts'))
    .sort();
}

interface Step {
  name: string;
  command: string[];
}

function plan(changed: string[], specs: string[], withE2e: boolean): { checks: Step[]; e2e: Step[] } {
  const prettier = changed.filter((file) => PRETTIER.test(file));
  const eslint = changed.filter((file) => ESLINT.test(file));
  const checks: Step[] = [
    ...(prettier.length > 0 ? [{ name: 'prettier', command: ['npx', 'prettier', '--check', '--ignore-unknown', ...prettier] }] : []),
    ...(eslint.length > 0 ? [{ name: 'eslint', command: ['npx', 'eslint', '--no-warn-ignored', ...eslint] }] : []),
    { name: 'docs check', command: ['npx', 'tsx', 'scripts/checkDocLinks.ts'] },
    { name: 'import circles', command: ['npx', 'tsx', 'scripts/checkImportCycles.ts'] },
    { name: 'typecheck node', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.node.json'] },
    { name: 'typecheck web', command: ['npx', 'vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'] },
    // `related` with no file would run every test: only when something a test can import changed.
    ...(eslint.length > 0 ? [{ name: 'unit tests', command: ['npx', 'vitest', 'related', '--run', '--passWithNoTests', ...eslint] }] : []),
  ];
  const e2e: Step[] =
    withE2e && specs.length > 0
      ? [
          { name: 'build', command: ['npx', 'electron-vite', 'build'] },
          { name: 'e2e', command: ['npx', 'playwright', 'test', ...specs] },
        ]
      : [];
  return { checks, e2e };
}

function run(step: Step, root: string): boolean {
  process.stdout.write(`\n== ${step.name}: ${step.command.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(step.command[0] as string, step.command.slice(1), { cwd: root, stdio: 'inherit' });
  const ok = result.status === 0;
  process.stdout.write(`== ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return ok;
}

function main(): void {
  const { values } = parseArgs({ options: { base: { type: 'string' }, 'no-e2e': { type: 'boolean' }, plan: { type: 'boolean' } } });
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const changed = changedFiles(root, values.base ?? 'main');
  const specs = specsFor(changed, listE2eFiles(root), (file) => readFileSync(join(root, file), 'utf8'));
  process.stdout.write(
    `Changed against ${values.base ?? 'main'}: ${changed.length} files${changed.length > 0 ? `\n  ${changed.join('\n  ')}` : ''}\n`,
  );
  process.stdout.write(`End-to-end specs for them: ${specs.length > 0 ? specs.join(' ') : 'none'}\n`);
  const { checks, e2e } = plan(changed, specs, !values['no-e2e']);
  if (values.plan) {
    for (const step of [...checks, ...e2e]) process.stdout.write(`${step.name}: ${step.command.join(' ')}\n`);
    return;
  }
  const failed = checks.filter((step) => !run(step, root)).map((step) => step.name);
  if (failed.length > 0 && e2e.length > 0) process.stdout.write('\n== e2e: not run, a step before it failed\n');
  else {
    // The specs run on the build: none when it failed.
    const stopped = e2e.find((step) => !run(step, root));
    if (stopped) failed.push(stopped.name);
  }
  process.stdout.write(`\ntest:quick: ${failed.length === 0 ? 'passed' : `FAILED (${failed.join(', ')})`}\n`);
  if (failed.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
