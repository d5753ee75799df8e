/**
 * The group's figures (docs/group.md), lines `group-*` of `npm run bench`:
 *
 * - `group-import-1000-nights`: a laptop importing a group file holding
 *   1,000 nights of another laptop (each re-judged by the night checker),
 *   and the all-time board asked right after;
 * - `group-startup-3x1000`: a session opened on a laptop whose group holds
 *   three laptops x 1,000 nights (its own included), to its first view;
 * - `group-record-per-line`: what R35's record costs: the chain hash of one
 *   line, a night's signature made and checked (docs/night-journal.md "The chain");
 * - `group-folder-arrival`: from another laptop's night landing whole in
 *   the group folder to this laptop's view pushed with it (the folder is
 *   looked at every second).
 *
 * The nights are the bench's history (scripts/lib/history.ts) at `turns`
 * turns each; making them and sharing them is setup, not timed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_RULES, type ApiResult, type CommandData } from '../src/shared';
import { GameSession } from '../src/main/session/gameSession';
import { GroupHistory, publishToFolder } from '../src/main/group';
import { chainedJournal, recordStatement, signerOf, verifySignature } from '../src/main/night';
import { folderSigner, testContext } from '../src/main/group/testing/context';
import { createConfBackend, DealerRepository } from '../src/main/store';
import { makeHistory } from './lib/history';
import { setHostRuntimeFlags } from '../src/main/host/hostNodeFlags';

const TARGETS = { importSeconds: 10, startupMs: 1000, arrivalMs: 2000 };
const NIGHTS = 1000;

function session(root: string, watchMs = 0): GameSession {
  return new GameSession({ storage: createConfBackend(root), groupFolderWatchMs: watchMs });
}

function must<T>(result: ApiResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

function exportTo(laptop: GameSession, file: string): void {
  fs.writeFileSync(file, must(laptop.runNow('groupExport', {}) as ApiResult<CommandData['groupExport']>, 'groupExport').content);
}

function seconds(ms: number): number {
  return Math.round(ms / 10) / 100;
}

/** Which figures to take: `import` stops after the import; `startup` skips the folder's arrival. */
type GroupFigures = 'all' | 'import' | 'startup';

export async function benchGroup(options: { turns: number; players: number; only?: GroupFigures }): Promise<Record<string, unknown>[]> {
  const only = options.only ?? 'all';
  const lines: Record<string, unknown>[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-bench-group-'));
  try {
    const plan = (seed: string) => ({
      nights: NIGHTS,
      distinct: 5,
      turns: options.turns,
      players: options.players,
      rules: DEFAULT_RULES,
      startingChips: 50,
      seed: Buffer.from(seed),
    });
    const setupStarted = performance.now();
    // Ann's laptop: 1,000 nights, a group, its file.
    const annRoot = path.join(work, 'ann');
    makeHistory(annRoot, plan('group-ann'));
    const ann = session(annRoot);
    must(ann.runNow('groupCreate', { name: 'Friday game' }), 'groupCreate');
    const annFile = path.join(work, 'ann.json');
    exportTo(ann, annFile);
    ann.close();

    // group-import-1000-nights: a laptop with no night of its own takes Ann's 1,000 in.
    const newRoot = path.join(work, 'new');
    const newcomer = session(newRoot);
    const importStarted = performance.now();
    must(newcomer.runNow('groupImport', { path: annFile }), 'groupImport');
    const importMs = performance.now() - importStarted;
    const boardStarted = performance.now();
    const board = must(newcomer.runNow('getStandings', {}) as ApiResult<CommandData['getStandings']>, 'getStandings');
    const boardMs = performance.now() - boardStarted;
    const listed = must(newcomer.runNow('listNights', {}) as ApiResult<CommandData['listNights']>, 'listNights').length;
    newcomer.close();
    lines.push({
      bench: 'group-import-1000-nights',
      nights: listed,
      turnsPerNight: options.turns,
      seconds: seconds(importMs),
      target: TARGETS.importSeconds,
      met: importMs <= TARGETS.importSeconds * 1000 && listed === NIGHTS,
      boardMsAfter: Math.round(boardMs),
      boardPlayers: board.rows?.length ?? null,
      note: 'each night replayed and judged by the night checker before it counts',
    });
    lines.push(recordCost(annRoot));
    if (only === 'import') return lines;

    // group-startup-3x1000: Bob's and Cy's laptops (1,000 nights each) join through the files; Cy then holds 3 x 1,000.
    const bobRoot = path.join(work, 'bob');
    makeHistory(bobRoot, plan('group-bob'));
    const bob = session(bobRoot);
    must(bob.runNow('groupImport', { path: annFile }), 'bob groupImport');
    const bobFile = path.join(work, 'bob.json');
    exportTo(bob, bobFile);
    bob.close();
    const cyRoot = path.join(work, 'cy');
    makeHistory(cyRoot, plan('group-cy'));
    const cy = session(cyRoot);
    must(cy.runNow('groupImport', { path: bobFile }), 'cy groupImport');
    cy.close();
    const setupSeconds = seconds(performance.now() - setupStarted - importMs);
    const startupStarted = performance.now();
    const reopened = session(cyRoot);
    const view = reopened.getView();
    const startupMs = performance.now() - startupStarted;
    const nightsHeld = must(reopened.runNow('listNights', {}) as ApiResult<CommandData['listNights']>, 'listNights').length;
    reopened.close();
    lines.push({
      bench: 'group-startup-3x1000',
      laptops: view.group?.laptops.length ?? 0,
      nights: nightsHeld,
      ms: Math.round(startupMs),
      target: TARGETS.startupMs,
      met: startupMs <= TARGETS.startupMs && nightsHeld === 3 * NIGHTS,
      setupSeconds,
    });
    if (only === 'startup') return lines;

    // group-folder-arrival: Ann's next night lands in the group folder; Bob's open session shows it.
    lines.push(await folderArrival(work, options));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

/** R35's costs on the bench's own nights: a line chained, a night's signature made, and checked. */
function recordCost(root: string): Record<string, unknown> {
  const repo = new DealerRepository(createConfBackend(root));
  const nights = repo
    .listNightIds()
    .slice(0, 100)
    .map((id) => repo.readNight(id)?.night)
    .filter((night) => night !== undefined);
  const signer = signerOf('l-00000000000000be', 'be'.repeat(32));
  const lines = nights.reduce((sum, night) => sum + night.entries.length, 0);
  let started = performance.now();
  const chained = nights.map((night) => chainedJournal(night.state.nightId, night.entries));
  const chainUs = ((performance.now() - started) * 1000) / lines;
  started = performance.now();
  const signatures = chained.map(({ head }, i) => signer.sign(recordStatement(String(i), signer.laptopId, 1, head)));
  const signUs = ((performance.now() - started) * 1000) / nights.length;
  started = performance.now();
  const checked = chained.filter(({ head }, i) =>
    verifySignature(signer.publicKey, recordStatement(String(i), signer.laptopId, 1, head), signatures[i] as string),
  ).length;
  const verifyUs = ((performance.now() - started) * 1000) / nights.length;
  return {
    bench: 'group-record-per-line',
    nights: nights.length,
    linesPerNight: Math.round(lines / Math.max(nights.length, 1)),
    chainUsPerLine: Math.round(chainUs * 100) / 100,
    signUsPerNight: Math.round(signUs),
    verifyUsPerNight: Math.round(verifyUs),
    met: checked === nights.length,
    note: 'sha256 of RFC 8785 canonical JSON a line (paid once a line appended, and a line of a copy checked); Ed25519 once a night shared',
  };
}

async function folderArrival(work: string, options: { turns: number; players: number }): Promise<Record<string, unknown>> {
  const folder = path.join(work, 'folder');
  fs.mkdirSync(folder);
  const plan = { turns: options.turns, players: options.players, rules: DEFAULT_RULES, startingChips: 50 };
  const annRoot = path.join(work, 'arrival-ann');
  makeHistory(annRoot, { ...plan, nights: 2, seed: Buffer.from('arrival-ann') });
  const ann = session(annRoot);
  must(ann.runNow('groupCreate', { name: 'Friday game' }), 'groupCreate');
  must(ann.runNow('groupSetFolder', { path: folder }), 'groupSetFolder');
  ann.close();
  // The night Ann ends next, played ahead (setup).
  const nextRoot = path.join(work, 'arrival-next');
  const next = makeHistory(nextRoot, { ...plan, nights: 1, seed: Buffer.from('arrival-next') }).summaries[0]?.id as string;
  const night = new DealerRepository(createConfBackend(nextRoot)).readNight(next)?.night;
  if (!night) throw new Error('no night to share');
  const bob = session(path.join(work, 'arrival-bob'), 1000);
  must(bob.runNow('groupSetFolder', { path: folder }), 'bob groupSetFolder');
  const arrived = new Promise<number>((resolve) => {
    const stop = bob.onView(() => {
      const nights = must(bob.runNow('listNights', {}) as ApiResult<CommandData['listNights']>, 'listNights');
      if (nights.some((n) => n.id === next)) {
        stop();
        resolve(performance.now());
      }
    });
  });
  // Ann's laptop shares the night: its journal and its manifest land whole in the group folder.
  const annGroup = GroupHistory.open(testContext(annRoot, { isOwnNight: () => true, signer: folderSigner(annRoot) }));
  if (!annGroup) throw new Error('no group on Ann’s laptop');
  annGroup.publishNight(night);
  publishToFolder(annGroup, folder);
  const landed = performance.now();
  // Not unref'd: the wait itself keeps the process alive (the session's folder watch does not).
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Number.NaN), 10_000)));
  const ms = (await Promise.race([arrived, timeout])) - landed;
  clearTimeout(timer);
  bob.close();
  return {
    bench: 'group-folder-arrival',
    ms: Number.isFinite(ms) ? Math.round(ms) : null,
    target: TARGETS.arrivalMs,
    met: Number.isFinite(ms) && ms <= TARGETS.arrivalMs,
    note: 'from the night whole in the group folder to the view pushed on the other laptop; the folder is looked at every second',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // The same figures as `npm run bench` (100 turns, 8 players); `--only import` or `--only startup` for one, e.g. under --cpu-prof.
  const { values } = parseArgs({
    options: {
      turns: { type: 'string', default: '100' },
      players: { type: 'string', default: '8' },
      only: { type: 'string', default: 'all' },
    },
  });
  if (!['all', 'import', 'startup'].includes(values.only)) throw new Error('--only is all, import or startup');
  setHostRuntimeFlags();
  const lines = await benchGroup({ turns: Number(values.turns), players: Number(values.players), only: values.only as GroupFigures });
  for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
}
