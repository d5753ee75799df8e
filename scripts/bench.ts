import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_RULES } from '../src/shared/settings';
import { applyCommand, betLimits, emptyState, type EngineCommand } from '../src/main/engine';
import { createConfBackend, DealerRepository } from '../src/main/store';
import { makeHistory } from './lib/history';
import { endNight, playTurns, sessionTable, startNight, type Table } from '../src/main/simulation/playNight';
import { warmUp } from '../src/main/simulation/warmUp';
import { setHostRuntimeFlags } from '../src/main/host/hostNodeFlags';
import { openSimulatedTable, planFor } from './lib/simulation';
import { benchUi } from './benchUi';
import { benchTableDraw } from './benchTableDraw';
import { benchGroup } from './benchGroup';
import { benchGroupLan } from './benchGroupLan';
import { benchLiveCopy } from './benchLiveCopy';
import { benchTakeOver } from './benchTakeOver';
import { benchPhonesFollow } from './benchPhonesFollow';
import { latencySummary, ms, percentile } from './lib/stats';

/**
 * `npm run bench [-- --quick] [--session-only]`: prints one JSON object per line, each with
 * its target and whether it was met. Benchmarks report; they never fail the
 * build, so the exit code is 0 whatever the numbers. `npm run bench:compare`
 * reads these lines (scripts/lib/benchFigures.ts): keep a figure's `bench` name
 * and field from version to version, or the comparison loses it.
 *
 * Two variables for bench:compare: BENCH_SKIP_UI=1 leaves out the screens'
 * figures; BENCH_ADDED_WORK_MS=X adds X ms of busy work to every timed session
 * action and night replay, a deliberately slowed build for its self-check.
 */

const TARGETS = {
  durableActionP99Ms: 1,
  /** The 1,000-night p99 against the 1-night p99. */
  historyGrowth: 1.2,
  nightLoadMs: 20,
  startupMs: 1000,
  nightsListMs: 100,
  /** The board's first call at 1,000 nights: the history's leaderboard, asked once after start-up. */
  leaderboardFirstMs: 5,
  rssMb: 200,
  /** The first night after a start against the second night's p99. */
  firstNightGrowth: 1.2,
};

const PLAYERS = 8;
const HISTORY_NIGHTS = 1000;
const NIGHT_TURNS = 300;
const SEED = Buffer.from('bench', 'utf8');

const ADDED_WORK_MS = Number(process.env.BENCH_ADDED_WORK_MS ?? 0) || 0;

/** The deliberately slowed build (BENCH_ADDED_WORK_MS): spins for that long. */
function addedWork(): void {
  if (ADDED_WORK_MS <= 0) return;
  const until = performance.now() + ADDED_WORK_MS;
  while (performance.now() < until);
}

function print(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function tempFolder(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `in-between-bench-${label}-`));
}

// ------------------------------------------------------------ the engine alone

/** A game that never ends: 8 players with deep stacks; the busted buy back in. */
function engineGame(): { turns: () => number; step: () => void } {
  let state = emptyState();
  let seeds = 0;
  let cuts = 0;
  const apply = (command: EngineCommand) => {
    const result = applyCommand(state, command);
    if (!result.ok) throw new Error(`engine refused ${command.type}: ${result.error.message}`);
    state = result.state;
  };
  // The seeds are the dealer's random source, not the engine's work: made before the clock starts, then reused in turn.
  const seedPool = Array.from({ length: 4096 }, (_, k) => {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(k);
    return createHash('sha256').update(SEED).update(counter).digest('hex');
  });
  const players = Array.from({ length: PLAYERS }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
  apply({
    type: 'start',
    nightId: 'bench',
    at: '2026-01-01T20:00:00.000Z',
    players,
    startingChips: 1000,
    chipValue: 1,
    currency: '',
    settings: DEFAULT_RULES,
    carryIn: 0,
  });
  const step = () => {
    switch (state.phase.kind) {
      case 'shuffle':
        return apply({ type: 'shuffle', seed: seedPool[seeds++ % seedPool.length] as string });
      case 'draw':
        return apply({ type: 'draw' });
      case 'cut':
        return apply({ type: 'cut', cut: (cuts++ * 7) % 52 });
      case 'ace-call':
        return apply({ type: 'ace-call', call: 'high' });
      case 'bet': {
        const limits = betLimits(state) ?? { min: 1, max: 1 };
        const odds = state.turn?.odds;
        const share = odds && odds.remaining > 0 ? odds.winners / odds.remaining : 0;
        return apply({ type: 'bet', amount: Math.max(limits.min, Math.floor(limits.max * share * share)) });
      }
      case 'ready': {
        const busted = state.players.find((p) => (state.stacks[p.id] ?? 0) === 0);
        if (busted) return apply({ type: 'buy-in', playerId: busted.id, amount: 1000 });
        return apply({ type: 'deal' });
      }
      case 'ended':
        throw new Error('the bench game ended');
    }
  };
  return { turns: () => state.turnCount, step };
}

/**
 * Turns per second in `windows` back-to-back one-second windows, reported as
 * their median with the slowest and fastest: on a shared 2-core machine one
 * window can lose half its time to a neighbour, and the median is the
 * engine's speed rather than the noise's.
 */
function benchEngine(windows: number): void {
  const game = engineGame();
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) game.step();
  const rates: number[] = [];
  let turns = 0;
  for (let w = 0; w < windows; w++) {
    const startTurns = game.turns();
    const started = performance.now();
    let now = started;
    while (now < started + 1000) {
      for (let i = 0; i < 2000; i++) game.step();
      now = performance.now();
    }
    turns += game.turns() - startTurns;
    rates.push(((game.turns() - startTurns) * 1000) / (now - started));
  }
  rates.sort((a, b) => a - b);
  const median = Math.round(rates[Math.floor(rates.length / 2)] ?? 0);
  print({
    bench: 'engine-turns-per-second',
    value: median,
    unit: 'turns/s',
    target: 'none (report)',
    met: null,
    slowestWindow: Math.round(rates[0] ?? 0),
    fastestWindow: Math.round(rates[rates.length - 1] ?? 0),
    windows,
    turns,
    note: 'median of one-second windows, one core; a turn = deal + bet (or the pair/consecutive deal) through applyCommand, shuffles and buy-backs included, 8 players',
  });
}

// ------------------------------------------------------------ the disk's floor

/**
 * The physical floor of a durable action on this machine: appending one
 * 200-byte line to a file kept open and waiting for it (fdatasync), as the
 * night journal does. Measured in the same run as the session, so the two
 * can be compared on the same (shared, noisy) disk.
 */
function benchAppendFloor(dir: string, appends: number): number {
  const file = path.join(dir, 'append-floor.jsonl');
  const fd = fs.openSync(file, 'a');
  const line = Buffer.from(`${'x'.repeat(199)}\n`);
  const samples: number[] = [];
  try {
    for (let i = 0; i < appends + 50; i++) {
      const started = performance.now();
      fs.writeSync(fd, line);
      fs.fdatasyncSync(fd);
      if (i >= 50) samples.push(performance.now() - started);
    }
  } finally {
    fs.closeSync(fd);
  }
  const summary = latencySummary(samples);
  print({
    bench: 'append-floor',
    value: summary.p99Ms,
    unit: 'ms p99',
    target: 'none (the floor the session is measured against)',
    met: null,
    ...summary,
    note: 'appendFileSync-equivalent write of one 200-byte line + fdatasync on a file kept open, after 50 warm-up appends',
  });
  return summary.p99Ms;
}

// ------------------------------------------------------------ the session, on disk

/**
 * Wraps a table so every command is timed end to end (decide, ledger, journal append + fdatasync, view); `slowest` names the slowest.
 * The work a command leaves for after its answer (`afterAnswer`: the index write after a night starts or ends) is run
 * right after it and timed as a sample of its own: the host's next keypress waits for it just the same.
 */
function timed(
  table: Table,
  samples: number[],
  slowest: { ms: number; command: string } = { ms: 0, command: '' },
  afterAnswer: (() => void)[] = [],
): Table {
  const sample = (took: number, what: string) => {
    samples.push(took);
    if (took > slowest.ms) Object.assign(slowest, { ms: took, command: what });
  };
  return {
    night: () => table.night(),
    run: (command, args) => {
      const started = performance.now();
      const result = table.run(command, args);
      addedWork();
      sample(performance.now() - started, command);
      if (afterAnswer.length > 0) {
        const after = performance.now();
        for (const job of afterAnswer.splice(0)) job();
        sample(performance.now() - after, `${command}'s index write after its answer`);
      }
      return result;
    },
  };
}

interface SessionRun {
  p99Ms: number;
  nightId: string;
}

/**
 * Plays one night of `turns` turns through a real GameSession on `root`
 * (which may already hold history), timing every command.
 */
async function benchSessionNight(
  root: string,
  turns: number,
  label: string,
  floorP99: number,
  onePerNightP99: number | null,
): Promise<SessionRun> {
  const afterAnswer: (() => void)[] = [];
  const table = openSimulatedTable(Buffer.concat([SEED, Buffer.from(label)]), root, undefined, undefined, (job) => afterAnswer.push(job));
  const samples: number[] = [];
  const slowest = { ms: 0, command: '' };
  try {
    const driver = timed(sessionTable(table.session), samples, slowest, afterAnswer);
    const plan = planFor({ players: PLAYERS, turns, rules: DEFAULT_RULES, startingChips: 50 });
    // As the shells do once the first screen is up (simulation/warmUp.ts): what Start would do with the history, done
    // ahead, and a small night of the session's own code run once, in a folder of its own (before 2026-12-08 only the first).
    await warmUp(table.session, { storage: createConfBackend });
    startNight(driver, plan);
    // Start, the session's first command (the night's carry read from the last night): apart, with its index write.
    const [startMs = Number.NaN, startIndexWriteMs = 0] = samples;
    const nightId = table.session.currentNight?.state.nightId ?? '';
    samples.length = 0;
    Object.assign(slowest, { ms: 0, command: '' });
    const started = performance.now();
    playTurns(driver, table.bot, plan);
    endNight(driver);
    // End's index write after its answer, the night's last sample.
    const endIndexWriteMs = samples.at(-1) ?? Number.NaN;
    const elapsed = (performance.now() - started) / 1000;
    const summary = latencySummary(samples);
    const limit = Math.min(TARGETS.durableActionP99Ms, 2 * floorP99);
    const againstOne = onePerNightP99 === null ? null : summary.p99Ms / onePerNightP99;
    print({
      bench: 'session-durable-actions',
      history: label,
      value: summary.p99Ms,
      unit: 'ms p99',
      target: `<= ${TARGETS.durableActionP99Ms} ms and <= 2x append-floor p99 (${ms(2 * floorP99)} ms)${onePerNightP99 === null ? '' : `; <= ${TARGETS.historyGrowth}x the 1-night p99`}`,
      met: summary.p99Ms <= limit && (againstOne === null || againstOne <= TARGETS.historyGrowth),
      ...summary,
      actionsPerSecond: Math.round(samples.length / elapsed),
      // The action a host waits longest for, by name (a frame is 16 ms).
      slowestAction: `${slowest.command} ${ms(slowest.ms)} ms`,
      startNightMs: ms(startMs),
      startIndexWriteMs: ms(startIndexWriteMs),
      endIndexWriteMs: ms(endIndexWriteMs),
      turns,
      ...(againstOne === null ? {} : { timesOneNightP99: Math.round(againstOne * 100) / 100 }),
      note: "GameSession.runNow of every command of a night after its start (bots at the keyboard): decide, post the chips, append the journal line + fdatasync, build the view; End's index write after its answer is a sample of its own (`endIndexWriteMs`). `startNightMs`: the session's first command, Start, after the warm-up the shells start once the first screen is up (simulation/warmUp.ts: the last night's carry read ahead, a small night in a folder of its own, the board folded ahead; before 2026-12-08 only the carry) (`startIndexWriteMs` its index write after the answer)",
    });
    return { p99Ms: summary.p99Ms, nightId };
  } finally {
    table.session.close();
  }
}

/**
 * Bytes on disk of the night just played: its journal, and the same night in the
 * format before the journal for comparison. That format is only read now, so its
 * size is worked out here: one document holding every event and ledger entry, as
 * tab-indented JSON (how the data folder's documents are written).
 */
function benchNightBytes(root: string, nightId: string, turns: number): void {
  const repo = new DealerRepository(createConfBackend(root));
  const read = repo.readNight(nightId);
  if (!read) throw new Error(`night ${nightId} did not read`);
  const journalBytes = fs.statSync(repo.journals.pathOf(nightId)).size;
  const { state, events, ledger } = read.night;
  const oldDocument = {
    format: 'in-between-dealer/night',
    version: 3,
    id: nightId,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    parts: 0,
    events,
    ledger: ledger.entries,
  };
  const oldBytes = Buffer.byteLength(JSON.stringify(oldDocument, null, '\t'));
  print({
    bench: 'night-bytes',
    value: journalBytes,
    unit: 'bytes',
    target: `<= 1/3 of the old format (${Math.floor(oldBytes / 3)})`,
    met: journalBytes * 3 <= oldBytes,
    oldFormatBytes: oldBytes,
    ratio: Math.round((journalBytes / oldBytes) * 1000) / 1000,
    turns,
    players: PLAYERS,
    lines: read.night.entries.length + 1,
    note: "the night's journal (nights/<id>.jsonl) against the same night in the previous version's format (every event and ledger entry as tab-indented JSON)",
  });
}

/** Replaying a night from its journal: read, decode, check every line, replay every command through the engine and ledger. */
function benchNightLoad(root: string, nightId: string, turns: number): void {
  const samples: number[] = [];
  for (let i = -2; i < 9; i++) {
    const repo = new DealerRepository(createConfBackend(root));
    const started = performance.now();
    const read = repo.readNight(nightId);
    addedWork();
    // The first two warm the code up (the app has replayed its open night by the time the history opens one).
    if (i >= 0) samples.push(performance.now() - started);
    if (!read) throw new Error(`night ${nightId} did not replay`);
  }
  const median = percentile(samples, 0.5);
  print({
    bench: 'night-load',
    value: ms(median),
    unit: 'ms',
    target: `<= ${TARGETS.nightLoadMs}`,
    met: median <= TARGETS.nightLoadMs,
    bestMs: ms(Math.min(...samples)),
    worstMs: ms(Math.max(...samples)),
    turns,
    note: 'median of 9 after 2 warm-up runs: DealerRepository.readNight of the night just played (read the journal, decode and check every line, replay every command)',
  });
}

// ------------------------------------------------------------ history

/**
 * The history with 1,000 nights, measured in fresh processes
 * (scripts/historyProbe.ts, so the memory is the app's, not the generator's): start-up to the first view, the
 * nights list, the leaderboard and the process's memory. Twice: as the app runs (the history's first questions after
 * the warm-up the shells start once the first screen is up), and cold (no warm-up: start-up and memory are this run's).
 */
function benchHistory(root: string, nights: number): void {
  const probe = fileURLToPath(new URL('./historyProbe.ts', import.meta.url));
  type Figures = {
    openMs: number;
    warmUpMs: number | null;
    listMs: number;
    leaderboardMs: number;
    leaderboardWarmMs: number;
    rssMb: number;
    rssBeforeMb: number;
    heapUsedMb: number;
    retainedHeapMb: number | null;
    sinceProcessStartMs: number;
  };
  const run = (...extra: string[]): Figures => {
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', probe, root, ...extra], { encoding: 'utf8' });
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Figures;
  };
  const figures = run();
  const asInTheApp = run('--warm-up');
  const line = (bench: string, value: number, target: number, note: string, extra: Record<string, unknown> = {}) =>
    print({ bench, value: ms(value), unit: 'ms', target: `<= ${target}`, met: value <= target, nights, ...extra, note });
  line(
    'startup-first-view',
    figures.openMs,
    TARGETS.startupMs,
    "new GameSession on the data folder (interrupted restore check, migration check, settings, roster, index checked against every journal's size) to getView()",
    {
      sinceProcessStartMs: ms(figures.sinceProcessStartMs),
    },
  );
  line(
    'history-nights-list',
    asInTheApp.listMs,
    TARGETS.nightsListMs,
    'listNights, answered from the index: `value` the first ask after the warm-up (as in the app), `coldMs` with no warm-up',
    { coldMs: ms(figures.listMs) },
  );
  print({
    bench: 'history-leaderboard',
    value: ms(asInTheApp.leaderboardMs),
    unit: 'ms',
    target: `<= ${TARGETS.leaderboardFirstMs}`,
    met: asInTheApp.leaderboardMs <= TARGETS.leaderboardFirstMs,
    coldMs: ms(figures.leaderboardMs),
    warmMs: ms(figures.leaderboardWarmMs),
    warmUpMs: ms(asInTheApp.warmUpMs ?? Number.NaN),
    nights,
    note: "getStandings over every night, folded from the index: `value` the host's first ask in the app, after the warm-up the shells start once the first screen is up (simulation/warmUp.ts, which folds the board ahead and keeps it since 2026-12-08; `warmUpMs` its length); `coldMs` the first ask with no warm-up, folded with its code cold (this figure's value before 2026-12-07); `warmMs` the fold with its code warm, the median of 5 asks from a date before every night (folded at every ask)",
  });
  print({
    bench: 'main-process-memory',
    value: figures.rssMb,
    unit: 'MB RSS',
    target: `<= ${TARGETS.rssMb}`,
    met: figures.rssMb <= TARGETS.rssMb,
    heapUsedMb: figures.heapUsedMb,
    ...(figures.retainedHeapMb === null ? {} : { retainedHeapMb: figures.retainedHeapMb }),
    rssBeforeSessionMb: figures.rssBeforeMb,
    nights,
    note: 'process.memoryUsage() of a fresh Node process (scripts/historyProbe.ts under tsx, which itself costs about 60 MB) with the session open and the views above answered; `heapUsedMb` as sampled then (garbage not yet collected included), `retainedHeapMb` what is left after a full collection',
  });
}

/**
 * The first night after a start against the second (scripts/firstNightProbe.ts, in a fresh process so the
 * first night is its code's first run, as in the app): every command of each, Start and End included. Run
 * twice: as the app runs (the session warmed once the first screen is up, simulation/warmUp.ts), and cold.
 */
function benchFirstNight(turns: number): void {
  const probe = fileURLToPath(new URL('./firstNightProbe.ts', import.meta.url));
  type Night = { count: number; p50Ms: number; p99Ms: number; maxMs: number; cpuP99Ms: number; slowest: string };
  const run = (...extra: string[]) => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', probe, String(turns), ...extra], { encoding: 'utf8' });
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { first: Night; second: Night; warmUpMs: number | null };
  };
  const { first, second, warmUpMs } = run();
  const cold = run('--no-warm-up');
  print({
    bench: 'session-first-night',
    value: first.p99Ms,
    unit: 'ms p99',
    target: `<= ${TARGETS.firstNightGrowth}x the second night's p99 (${ms(TARGETS.firstNightGrowth * second.p99Ms)} ms)`,
    met: first.p99Ms <= TARGETS.firstNightGrowth * second.p99Ms,
    first,
    second,
    warmUpMs,
    firstWithoutWarmUp: cold.first,
    secondWithoutWarmUp: cold.second,
    turns,
    note: 'a fresh process: the session opened on a new data folder and warmed as the shells do (simulation/warmUp.ts, `warmUpMs` from its start to its end, one command per turn of the event loop), given 50 ms as a host reads the first screen, then two nights played through runNow, every command timed (`cpu*` the CPU time of the process per command, which a queue for the cores does not inflate); `first` is the first night after the start, `second` the next; `*WithoutWarmUp` the same in another process with no warm-up',
  });
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size;
  }
  return total;
}

/** Flushes the page cache so the history just written does not slow the fsyncs being measured. */
function flushDisk(): void {
  try {
    execFileSync('sync');
  } catch {
    // No `sync` here (Windows): the numbers may then include some writeback of the history.
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const quick = argv.includes('--quick');
  // The host's own figures alone (engine, journal, history, session), without the table draw, the group and the screens.
  const sessionOnly = argv.includes('--session-only');
  const unknown = argv.filter((a) => a !== '--quick' && a !== '--session-only');
  if (unknown.length > 0) {
    process.stderr.write(`bench: unknown argument ${unknown.join(' ')}\nusage: npm run bench [-- --quick] [--session-only]\n`);
    return 2;
  }
  const turns = quick ? 60 : NIGHT_TURNS;
  const history = { turns, players: PLAYERS, rules: DEFAULT_RULES, startingChips: 50, seed: SEED, distinct: quick ? 5 : 25 };
  const folders: string[] = [];
  const benchStarted = performance.now();
  try {
    benchEngine(quick ? 3 : 7);

    const small = tempFolder('1-night');
    folders.push(small);
    makeHistory(small, { ...history, nights: 1 });
    const large = tempFolder('1000-nights');
    folders.push(large);
    const made = performance.now();
    makeHistory(large, { ...history, nights: HISTORY_NIGHTS });
    print({
      bench: 'history-made',
      nights: HISTORY_NIGHTS,
      distinctNights: history.distinct,
      turnsPerNight: turns,
      players: PLAYERS,
      seconds: Math.round((performance.now() - made) / 10) / 100,
      folderBytes: folderBytes(large),
      note: "setup, not a target: bots through the session's own step (MemoryTable), each journal written once; the rest are copies under new ids and dates",
    });
    flushDisk();
    benchHistory(large, HISTORY_NIGHTS);
    benchFirstNight(turns);
    const floorP99 = benchAppendFloor(small, quick ? 300 : 2000);
    const one = await benchSessionNight(small, turns, '1 night', floorP99, null);
    await benchSessionNight(large, turns, `${HISTORY_NIGHTS} nights`, floorP99, one.p99Ms);
    benchNightBytes(small, one.nightId, turns);
    benchNightLoad(small, one.nightId, turns);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  } finally {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
  if (sessionOnly) {
    print({ bench: 'done', quick, sessionOnly, seconds: Math.round((performance.now() - benchStarted) / 10) / 100 });
    return 0;
  }
  try {
    // R34: a bet's third card drawn with ten phones helping deal, over the real WebSocket server.
    for (const line of await benchTableDraw({ turns: quick ? 40 : 200 })) print(line);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  try {
    // A group's history on many laptops (docs/group.md): an import of 1,000 nights, a start-up with 3 x 1,000, a night arriving by the group folder.
    for (const line of await benchGroup({ turns: quick ? 20 : 100, players: PLAYERS })) print(line);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  try {
    // Laptop to laptop: a night ended on one laptop, listed on the paired one (docs/group-lan.md).
    for (const line of await benchGroupLan({ nights: quick ? 5 : 20, turns: quick ? 20 : 60 })) print(line);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  try {
    // R35: the open night's live copy on a paired laptop: its lag, and what it costs the host's commands.
    for (const line of await benchLiveCopy({ turns: quick ? 40 : 150 })) print(line);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  try {
    // R35: a night taken over from a laptop switched off mid-turn, at 1,000 turns.
    print(await benchTakeOver({ turns: quick ? 100 : 1_000 }));
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  try {
    // R35: 20 phones of the laptop switched off, back on the laptop that took the night over.
    print(await benchPhonesFollow({ phones: 20, turns: quick ? 20 : 200, waitMs: quick ? 2_000 : 10_000 }));
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
  await benchRenderer(quick);
  print({ bench: 'done', quick, seconds: Math.round((performance.now() - benchStarted) / 10) / 100 });
  return 0;
}

/** The UI figures (bet to table view, bundle size) need the built renderer and Chromium. */
async function benchRenderer(quick: boolean): Promise<void> {
  if (process.env.BENCH_SKIP_UI === '1') return;
  if (!fs.existsSync(path.resolve('out/renderer/index.html'))) {
    print({ bench: 'bet-to-table-ms', skipped: 'needs `npm run build`' });
    return;
  }
  try {
    for (const line of await benchUi({ turns: quick ? 40 : 200 })) print(line);
  } catch (error) {
    print({ bench: 'error', message: (error as Error).stack ?? String(error) });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // The host's own V8 flags, so the figures measured in this process are the host's (hostNodeFlags.ts; since 2026-12-08).
  setHostRuntimeFlags();
  process.exitCode = await main(process.argv.slice(2));
}
