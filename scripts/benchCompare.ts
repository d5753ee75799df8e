/**
 * `npm run bench:compare -- <git ref> [--rounds N] [--quick] [--no-ui] [--save DIR] [--added-work-ms X]`
 *
 * Builds <ref> in a temporary git worktree, then runs its bench and this tree's
 * alternately (N rounds each, 3 unless told, the order swapped every round so a
 * neighbour's load falls on both), and prints for every figure both print the two
 * medians, their ratio and whether the rounds are apart beyond their noise
 * (scripts/lib/benchComparison.ts). Exit status 1 when a figure is more than 10 %
 * worse beyond the noise, 2 on bad arguments or a failed build.
 *
 * node_modules: the worktree links to this tree's when the ref's package.json
 * asks for no package at a version this tree lacks; otherwise it gets its own
 * (`npm ci`, Electron's binary not downloaded). `--no-ui` leaves out the screens'
 * figures (no renderer build, no Chromium): about a minute less a round.
 * `--added-work-ms X` makes this tree's bench add X ms of work to every timed
 * session action (BENCH_ADDED_WORK_MS): a deliberately slowed build, to see the
 * comparison flag it. `--save DIR` keeps every round's output.
 *
 * With 3 rounds, a figure of two equally fast versions comes out "beyond the
 * noise" 1 time in 20, and on a machine loaded far beyond its cores a burst of
 * a neighbour's work can fall on one side's rounds: before acting on a single
 * failing figure there, run again with `--rounds 5`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { figuresOfBenchOutput, type Figures } from './lib/benchFigures';
import { compareRounds, comparisonTable, DEFAULT_COMPARISON } from './lib/benchComparison';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function usage(message: string): never {
  process.stderr.write(
    `bench:compare: ${message}\nusage: npm run bench:compare -- <git ref> [--rounds N] [--quick] [--no-ui] [--save DIR] [--added-work-ms X]\n`,
  );
  process.exit(2);
}

function git(args: string[], cwd = HERE): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function log(line: string): void {
  process.stderr.write(`bench:compare: ${line}\n`);
}

/** Every package the ref's package.json names is in this tree's node_modules at the version it pins. */
function modulesFit(refTree: string): boolean {
  const wanted = JSON.parse(fs.readFileSync(path.join(refTree, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const pinned = { ...wanted.dependencies, ...wanted.devDependencies };
  return Object.entries(pinned).every(([name, version]) => {
    try {
      const installed = JSON.parse(fs.readFileSync(path.join(HERE, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      return installed.version === version.replace(/^[\^~=]/, '');
    } catch {
      return false;
    }
  });
}

function prepareModules(refTree: string): void {
  const same =
    fs.existsSync(path.join(refTree, 'package-lock.json')) &&
    fs.readFileSync(path.join(refTree, 'package-lock.json'), 'utf8') === fs.readFileSync(path.join(HERE, 'package-lock.json'), 'utf8');
  if (same || modulesFit(refTree)) {
    log(`${same ? 'same lockfile' : "this tree's node_modules has every package the ref pins"}: linking it`);
    fs.symlinkSync(path.join(HERE, 'node_modules'), path.join(refTree, 'node_modules'), 'dir');
    return;
  }
  log('the ref pins packages this tree lacks: npm ci in the worktree');
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: refTree,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (ci.status !== 0) throw new Error('npm ci failed in the worktree');
}

function buildRenderer(tree: string, label: string): void {
  log(`building ${label} (electron-vite build)`);
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`electron-vite build failed for ${label}`);
}

/** One bench run; its stdout, read as figures. */
function runBench(tree: string, quick: boolean, env: NodeJS.ProcessEnv): string {
  const run = spawnSync('npm', ['run', '--silent', 'bench', '--', ...(quick ? ['--quick'] : [])], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  if (run.status !== 0) throw new Error(`the bench in ${tree} exited with ${String(run.status)}`);
  return run.stdout;
}

/** Ctrl+C or a kill reaches the bench being run too (same process group); the worktree is then still removed. */
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (interrupted = true));

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '3' },
      quick: { type: 'boolean', default: false },
      'no-ui': { type: 'boolean', default: false },
      save: { type: 'string' },
      'added-work-ms': { type: 'string' },
    },
  });
  const ref = positionals[0];
  if (!ref || positionals.length > 1) usage('give one git ref to compare with');
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 3)
    usage('--rounds must be a whole number, at least 3 (fewer cannot tell a change from the noise)');
  const addedWork = values['added-work-ms'];
  if (addedWork !== undefined && !(Number(addedWork) > 0)) usage('--added-work-ms must be a number of milliseconds above 0');
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  } catch {
    usage(`"${ref}" is not a commit here`);
  }
  const short = commit.slice(0, 7);
  const refTree = fs.mkdtempSync(path.join(os.tmpdir(), `in-between-compare-${short}-`));
  fs.rmdirSync(refTree);
  git(['worktree', 'add', '--detach', refTree, commit]);
  try {
    prepareModules(refTree);
    const ui = !values['no-ui'];
    if (ui) {
      buildRenderer(refTree, short);
      buildRenderer(HERE, 'this tree');
    }
    const baseEnv: NodeJS.ProcessEnv = { ...process.env, ...(ui ? {} : { BENCH_SKIP_UI: '1' }) };
    delete baseEnv.BENCH_ADDED_WORK_MS;
    const thisEnv: NodeJS.ProcessEnv = { ...baseEnv, ...(addedWork ? { BENCH_ADDED_WORK_MS: addedWork } : {}) };
    const refRounds: Figures[] = [];
    const thisRounds: Figures[] = [];
    if (values.save) fs.mkdirSync(values.save, { recursive: true });
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['ref', 'this'] as const) : (['this', 'ref'] as const);
      for (const side of order) {
        if (interrupted) throw new Error('interrupted');
        log(`round ${round + 1}/${rounds}: ${side === 'ref' ? short : 'this tree'}`);
        const output = side === 'ref' ? runBench(refTree, values.quick, baseEnv) : runBench(HERE, values.quick, thisEnv);
        if (values.save) fs.writeFileSync(path.join(values.save, `${side}-${round + 1}.jsonl`), output);
        (side === 'ref' ? refRounds : thisRounds).push(figuresOfBenchOutput(output));
      }
    }
    const comparison = compareRounds(refRounds, thisRounds);
    const load = os.loadavg().map((x) => x.toFixed(2));
    if (os.loadavg()[0]! > os.availableParallelism())
      process.stdout.write(
        `\nThe load average is above the ${os.availableParallelism()} cores: a lone failing figure may be a neighbour's burst; --rounds 5 tells.\n`,
      );
    process.stdout.write(
      `${comparisonTable(comparison, short, 'this tree', DEFAULT_COMPARISON.slack)}\n\n${rounds} rounds each, alternating; load average now ${load.join(' ')}\n`,
    );
    process.stdout.write(
      comparison.failed
        ? 'FAILED: a figure is more than 10 % worse beyond the noise, or one the ref measured is lost\n'
        : 'ok: no figure more than 10 % worse beyond the noise\n',
    );
    return comparison.failed ? 1 : 0;
  } finally {
    git(['worktree', 'remove', '--force', refTree]);
  }
}

try {
  process.exitCode = main();
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
