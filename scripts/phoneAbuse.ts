/**
 * Phones that misbehave (the second part of `npm run bench:phones`), on
 * loopback, each scenario in a host process of its own (so its memory is its
 * own) with the phones in another, at the lowest CPU priority (they are
 * other devices: on this machine they must not take the host's CPU away):
 *
 * - `phones-flood`: 200 phones send every message a phone may send in a loop
 *   (getView; an ended 290-turn night's detail, check and export to check;
 *   the tab, the list, the standings; helpDeal and revealDraws), asking
 *   again as soon as answered or refused, reconnecting 250 ms after being
 *   turned away; the console's command latency is compared with the same run
 *   without phones (three rounds of each, taken in turn, pooled).
 *   Target: p99 <= 2x without. Then `phones-flood-memory`: the host's RSS
 *   once the phones have gone, against before they came. Target: within 20 MB.
 * - `phones-stalled`: 20 phones ask every 10 ms and never read their socket;
 *   the host's RSS growth over the run is compared with the run without
 *   them (target: at most 30 MB more), and `phones-never-read`: how long
 *   the host takes to close them all, and its RSS after against before they
 *   came. Target: closed within 20 s, back within 20 MB.
 * - `phone-question-cost`: what one phone question about an ended 290-turn
 *   night (its detail, check and export to check, in turn) costs the host's
 *   main thread: the listener's own path (parse, answer, serialise) timed in
 *   the host process, the console playing a command after every 64
 *   questions (each new view makes the answers' bytes again). Target: under
 *   0.1 ms a question on average.
 * - `phones-churn`: 20 loops connect a phone and leave at once, again and
 *   again; counted: the views pushed to the console per second beyond the
 *   one each of its own commands causes. Target: at most 5.
 *
 * Each prints one JSON line. Each host runs in a process of its own, started
 * with the Node flags `npm run serve` gives the headless host
 * (src/main/host/hostNodeFlags.ts). Bounded: every loop stops with its run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BUILD_MANIFEST } from '../src/main/host/phoneAccess';
import { HOST_NODE_FLAGS } from '../src/main/host/hostNodeFlags';
import { runPhones, type PhonesReport, type Scenario } from './lib/misbehavingPhones';
import type { PhonesDealer } from '../src/main/host/testing/phonesDealer';
import { loopbackPhonesDealer, phonesLink } from './lib/loopbackPhones';
import { answerWireRequest, parseWireRequest, replySerialiser, ScreenAnswers } from '../src/main/host/wireProtocol';
import { Bot, DEFAULT_STYLE } from '../src/main/simulation/bot';
import { nextAction } from '../src/main/simulation/playNight';
import { SeededStream } from '../src/main/simulation/seededStream';
import { BOT_NAMES } from './lib/simulation';
import { latencySummary, ms } from './lib/stats';

const SEED = 'phones-abuse-1';
const STARTING_CHIPS = 200;
const RUN_SECONDS = 5;
const FLOOD_ROUNDS = 3;
const GAP_MS = 5;
/** The ended night the phones ask about: as long as a long night at a real table. */
const PAST_NIGHT_TURNS = 290;
/** How long the host has to close phones that never read (`phones-never-read`). */
const NEVER_READ_LIMIT_MS = 20_000;
/** How long the phones' process waits after telling them to go, before the host's memory is read again. */
const SETTLE_AFTER_PHONES_MS = 3_000;

interface HostReport {
  scenario: Scenario;
  phones: number;
  latencies: number[];
  commands: number;
  consoleViews: number;
  seconds: number;
  rssStartMb: number;
  rssPeakMb: number;
  /** RSS (after a full GC) before any phone came, and once they had all gone. */
  rssBeforePhonesMb: number;
  rssAfterPhonesMb: number;
  /** The same two moments in V8's heap and outside it: garbage is gone (a full GC), so what is over is held or only RSS not given back. */
  beforePhones: MemoryFigures;
  afterPhones: MemoryFigures;
  /** What the first answers about the ended night and the first phone added (MB), before the baseline: once, not per phone. */
  firstAnswers: MemoryFigures;
  /** From the phones being connected to the host holding none of them (null: some were still open at NEVER_READ_LIMIT_MS). */
  allClosedAfterMs: number | null;
  /** The most bytes the host held waiting for the phones at once (their sockets' queues, summed), sampled every 50 ms while they were in. */
  phonesHeldPeakMb: number;
  /** The host's CPU time over the run, per second of it (ms/s: 1000 is one core busy). */
  cpuMsPerSecond: number;
  phonesReport: PhonesReport | null;
}

/** The host's memory in MB: RSS, V8's heap in use, and memory outside it (Buffers among it). */
interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
  /** What V8 holds for its heap (used or not): pages kept after a flood show here, not in heapUsed. */
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** Of the RSS, pages freed with MADV_FREE the kernel has not taken back yet (Linux; 0 elsewhere): counted, not held. */
  lazyFreeMb: number;
}

/** The LazyFree line of /proc/self/smaps_rollup in bytes (0 where there is none). */
function lazyFreeBytes(): number {
  try {
    const line = /^LazyFree:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function memoryFigures(): MemoryFigures {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return {
    rssMb: megabytes(rss),
    heapUsedMb: megabytes(heapUsed),
    heapTotalMb: megabytes(heapTotal),
    externalMb: megabytes(external),
    arrayBuffersMb: megabytes(arrayBuffers),
    lazyFreeMb: megabytes(lazyFreeBytes()),
  };
}

/** `after` minus `before`, figure by figure. */
function overFigures(after: MemoryFigures, before: MemoryFigures): MemoryFigures {
  return {
    rssMb: ms(after.rssMb - before.rssMb),
    heapUsedMb: ms(after.heapUsedMb - before.heapUsedMb),
    heapTotalMb: ms(after.heapTotalMb - before.heapTotalMb),
    externalMb: ms(after.externalMb - before.externalMb),
    arrayBuffersMb: ms(after.arrayBuffersMb - before.arrayBuffersMb),
    lazyFreeMb: ms(after.lazyFreeMb - before.lazyFreeMb),
  };
}

/** Every question a phone may ask about the ended night, asked once as a phone (the listener's own path). */
async function askEveryQuestionOnce(service: PhonesDealer, nightId: string): Promise<void> {
  const questions = [
    { method: 'getNight', args: { nightId } },
    { method: 'verifyNight', args: { nightId } },
    { method: 'getNightToCheck', args: { nightId, checker: '00000000000000a1' } },
    { method: 'getTab', args: {} },
    { method: 'listNights', args: {} },
    { method: 'getStandings', args: {} },
    { method: 'getView' },
  ];
  for (const [id, question] of questions.entries()) {
    const parsed = parseWireRequest(JSON.stringify({ id, ...question }));
    if (!parsed.ok) throw new Error(`not a request: ${question.method}`);
    const reply = await answerWireRequest(service, parsed.request, 'phone');
    if (reply.type !== 'reply' || !reply.result.ok) throw new Error(`${question.method} refused: ${JSON.stringify(reply)}`);
  }
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

const pause = (msToWait: number): Promise<void> => new Promise((done) => setTimeout(done, msToWait));

// ---- the host (its own process) ---------------------------------------------------------------

function startPhones(scenario: Scenario, link: string, count: number, nightId: string): Promise<ChildProcess> {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--abuse-phones', scenario, '--link', link, '--count', String(count), '--night', nightId],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  // The phones are other devices: on this machine they get only the CPU the host leaves (lowest priority).
  if (child.pid !== undefined) setPriority(child.pid, 19);
  return new Promise((done, failed) => {
    child.once('error', failed);
    child.once('exit', (code) => failed(new Error(`the phones' process stopped (${code})`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') done(child);
    });
  });
}

/** Tells the phones' process to let its phones go: what they counted. */
function phonesLeave(child: ChildProcess): Promise<PhonesReport> {
  return new Promise<PhonesReport>((done) => {
    child.removeAllListeners('exit');
    child.on('message', (message: { type: string; report: PhonesReport }) => {
      if (message.type === 'report') done(message.report);
    });
    child.send({ type: 'done' });
  });
}

/** One console command of the bots' night: its latency, as the console waits for it. */
async function playOne(service: PhonesDealer, bot: Bot): Promise<number> {
  const night = service.getView().night;
  const action = night ? nextAction(night, bot, STARTING_CHIPS) : null;
  if (!action) throw new Error('the bots have nothing to do');
  const t0 = performance.now();
  const result = await service.run('host', action.command, action.args);
  const took = performance.now() - t0;
  if (!result.ok) throw new Error(`${action.command} refused: ${result.error.message}`);
  return took;
}

async function startBotNight(service: PhonesDealer): Promise<void> {
  const started = await service.run('host', 'startNight', {
    players: BOT_NAMES.slice(0, 6).map((name) => ({ name })),
    startingChips: STARTING_CHIPS,
    chipValue: 1,
    currency: '',
  });
  if (!started.ok) throw new Error(started.error.message);
}

async function hostRun(scenario: Scenario, phones: number): Promise<HostReport> {
  const work = mkdtempSync(join(tmpdir(), 'dealer-phones-abuse-'));
  mkdirSync(join(work, 'renderer'));
  writeFileSync(join(work, 'renderer', 'phone.html'), '<!doctype html><title>Phone</title>');
  writeFileSync(join(work, 'renderer', BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));
  const service = await loopbackPhonesDealer(work, join(work, 'renderer'), SEED);
  let child: ChildProcess | null = null;
  try {
    const link = await phonesLink(service);
    // A past night for the phones to ask about (150 turns), then the night the console plays.
    const bot = new Bot(new SeededStream(Buffer.from(SEED), 'phones-abuse/bots'), DEFAULT_STYLE);
    await startBotNight(service);
    while ((service.getView().night?.turnsPlayed ?? 0) < PAST_NIGHT_TURNS || service.getView().night?.phase !== 'ready')
      await playOne(service, bot);
    const past = service.getView().night!;
    const ended = await service.run('host', 'endNight', { stateId: past.stateId });
    if (!ended.ok) throw new Error(ended.error.message);
    await startBotNight(service);

    const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    // The first answers about the ended night are worked out once (replaying its 290 turns, loading the
    // checker's code) and kept by the session: the same ~30 MB of RSS whether 2 phones ask or 200, or the
    // console opens the night. Asked once here, before the baseline, so what is measured is what the phones
    // themselves leave behind; the one-time cost is printed on its own (firstAnswers).
    gc();
    const beforeFirstAnswers = memoryFigures();
    await askEveryQuestionOnce(service, past.id);
    gc();
    // The first phone ever to connect costs the host once what no later one does (the listener's upgrade and
    // socket paths run, and compiled, for the first time): one phone comes, asks, and goes before the baseline,
    // in the runs with phones, so the baseline is a host that has had a phone, and the figure is what a flood adds.
    if (phones > 0) {
      const first = await startPhones(scenario, link, 1, past.id);
      await pause(1000);
      await phonesLeave(first);
      await pause(SETTLE_AFTER_PHONES_MS);
    }
    gc();
    const firstAnswers = overFigures(memoryFigures(), beforeFirstAnswers);
    const rssBeforePhones = process.memoryUsage().rss;
    const beforePhones = memoryFigures();
    if (phones > 0) child = await startPhones(scenario, link, phones, past.id);
    const phonesIn = performance.now();
    let allClosedAfterMs: number | null = null;
    let phonesHeldPeak = 0;
    const closedWatch = setInterval(() => {
      const connected = service.phones.connections();
      phonesHeldPeak = Math.max(
        phonesHeldPeak,
        connected.reduce((sum, c) => sum + c.bufferedBytes, 0),
      );
      if (allClosedAfterMs === null && connected.length === 0) allClosedAfterMs = performance.now() - phonesIn;
    }, 50);
    // The phones settle in (connected, turned away, asking) before the console is measured.
    await pause(1000);
    gc();
    const rssStart = process.memoryUsage().rss;
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    let consoleViews = 0;
    const unsubscribe = service.onView(() => consoleViews++);
    const latencies: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    while (performance.now() - started < RUN_SECONDS * 1000) {
      latencies.push(await playOne(service, bot));
      await pause(GAP_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    unsubscribe();
    clearInterval(sampler);
    // Phones that never read: the host has until NEVER_READ_LIMIT_MS to close them all.
    if (scenario === 'stalled' && phones > 0) {
      while (allClosedAfterMs === null && performance.now() - phonesIn < NEVER_READ_LIMIT_MS + 1000) await pause(50);
    }
    clearInterval(closedWatch);

    let phonesReport: PhonesReport | null = null;
    if (child) {
      phonesReport = await phonesLeave(child);
      child = null;
    }
    // The phones have gone: the host's memory, once it has let go of what they cost.
    await pause(SETTLE_AFTER_PHONES_MS);
    gc();
    const rssAfterPhones = process.memoryUsage().rss;
    const afterPhones = memoryFigures();
    return {
      scenario,
      phones,
      latencies,
      commands: latencies.length,
      consoleViews,
      seconds,
      rssStartMb: megabytes(rssStart),
      rssPeakMb: megabytes(rssPeak),
      rssBeforePhonesMb: megabytes(rssBeforePhones),
      rssAfterPhonesMb: megabytes(rssAfterPhones),
      firstAnswers,
      beforePhones,
      afterPhones,
      allClosedAfterMs: allClosedAfterMs === null ? null : Math.round(allClosedAfterMs),
      phonesHeldPeakMb: ms(phonesHeldPeak / 1024 / 1024),
      cpuMsPerSecond: Math.round((cpu.user + cpu.system) / 1000 / seconds),
      phonesReport,
    };
  } finally {
    child?.kill();
    await service.shutDown();
    rmSync(work, { recursive: true, force: true });
  }
}

// ---- the bench: each run in a host process of its own ------------------------------------------

function inOwnProcess(scenario: Scenario, phones: number): Promise<HostReport> {
  // The host as `npm run serve` starts it (hostNodeFlags.ts).
  const child = fork(fileURLToPath(import.meta.url), ['--abuse-host', scenario, '--count', String(phones)], {
    execArgv: [...HOST_NODE_FLAGS, '--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((done, failed) => {
    child.once('error', failed);
    child.on('message', (message: { type: string; report: HostReport }) => {
      if (message.type === 'report') done(message.report);
    });
    child.once('exit', (code) => failed(new Error(`the ${scenario} host stopped (${code})`)));
  });
}

interface QuestionCost {
  questions: number;
  meanMs: number;
  p99Ms: number;
  /** The first time each question is asked: the answer worked out from the journal. */
  firstAnswersMs: number[];
}

const COST_QUESTIONS = 6_400;

/** `phone-question-cost`, in the host process: the listener's path for one phone message, timed. */
async function questionCost(): Promise<QuestionCost> {
  const work = mkdtempSync(join(tmpdir(), 'dealer-phones-cost-'));
  const service = await loopbackPhonesDealer(work, work, SEED);
  try {
    const bot = new Bot(new SeededStream(Buffer.from(SEED), 'phones-abuse/bots'), DEFAULT_STYLE);
    await startBotNight(service);
    while ((service.getView().night?.turnsPlayed ?? 0) < PAST_NIGHT_TURNS || service.getView().night?.phase !== 'ready')
      await playOne(service, bot);
    const past = service.getView().night!;
    const ended = await service.run('host', 'endNight', { stateId: past.stateId });
    if (!ended.ok) throw new Error(ended.error.message);
    await startBotNight(service);
    const nightId = past.id;
    const texts = [
      { method: 'getNight', args: { nightId } },
      { method: 'verifyNight', args: { nightId } },
      { method: 'getNightToCheck', args: { nightId, checker: '00000000000000a1' } },
    ].map((question, id) => JSON.stringify({ id, ...question }));
    const screens = new ScreenAnswers(service);
    const serialise = replySerialiser();
    const answerOne = async (text: string): Promise<void> => {
      const parsed = parseWireRequest(text);
      if (!parsed.ok) throw new Error('not a request');
      const reply = await screens.answer(parsed.request, 'phone', () => answerWireRequest(service, parsed.request, 'phone'));
      if (reply.type !== 'reply' || !reply.result.ok) throw new Error(`refused: ${JSON.stringify(reply)}`);
      serialise(reply);
    };
    const firstAnswersMs: number[] = [];
    for (const text of texts) {
      const t0 = performance.now();
      await answerOne(text);
      firstAnswersMs.push(ms(performance.now() - t0));
    }
    const times: number[] = [];
    for (let n = 0; n < COST_QUESTIONS; n++) {
      // A console command now and then: a new view, so the answers' bytes are made again.
      if (n % 64 === 0) await playOne(service, bot);
      const t0 = performance.now();
      await answerOne(texts[n % texts.length]!);
      times.push(performance.now() - t0);
    }
    const summary = latencySummary(times);
    return { questions: times.length, meanMs: ms(times.reduce((a, b) => a + b, 0) / times.length), p99Ms: summary.p99Ms, firstAnswersMs };
  } finally {
    await service.shutDown();
    rmSync(work, { recursive: true, force: true });
  }
}

function questionCostInOwnProcess(): Promise<QuestionCost> {
  const child = fork(fileURLToPath(import.meta.url), ['--question-cost'], {
    execArgv: [...HOST_NODE_FLAGS, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((done, failed) => {
    child.once('error', failed);
    child.on('message', (message: { type: string; cost: QuestionCost }) => {
      if (message.type === 'cost') done(message.cost);
    });
    child.once('exit', (code) => failed(new Error(`the question-cost host stopped (${code})`)));
  });
}

export interface AbuseLine {
  name: string;
  met: boolean;
  [figure: string]: unknown;
}

export async function phoneAbuseLines(): Promise<AbuseLine[]> {
  const lines: AbuseLine[] = [];

  // Three rounds with and three without, taken in turn: a machine getting busier or quieter weighs on both alike.
  const floods: HostReport[] = [];
  for (let round = 0; round < FLOOD_ROUNDS; round++) {
    for (const phones of round % 2 === 0 ? [0, 200] : [200, 0]) floods.push(await inOwnProcess('flood', phones));
  }
  const pooled = (list: HostReport[]): HostReport => ({
    ...list[0]!,
    latencies: list.flatMap((r) => r.latencies),
    seconds: list.reduce((sum, r) => sum + r.seconds, 0),
    cpuMsPerSecond: Math.round(
      list.reduce((sum, r) => sum + r.cpuMsPerSecond * r.seconds, 0) / list.reduce((sum, r) => sum + r.seconds, 0),
    ),
    phonesReport: list.every((r) => r.phonesReport)
      ? {
          answered: list.reduce((sum, r) => sum + r.phonesReport!.answered, 0),
          refused: list.reduce((sum, r) => sum + r.phonesReport!.refused, 0),
          turnedAway: list.reduce((sum, r) => sum + r.phonesReport!.turnedAway, 0),
          connections: list.reduce((sum, r) => sum + r.phonesReport!.connections, 0),
          sent: list.reduce((sum, r) => sum + r.phonesReport!.sent, 0),
        }
      : null,
  });
  const floodAlone = pooled(floods.filter((r) => r.phones === 0));
  const flood = pooled(floods.filter((r) => r.phones > 0));
  const alone = latencySummary(floodAlone.latencies);
  const crowded = latencySummary(flood.latencies);
  const ratio = ms(crowded.p99Ms / alone.p99Ms);
  const answered = flood.phonesReport?.answered ?? 0;
  lines.push({
    name: 'phones-flood',
    phones: 200,
    consoleCommands: crowded.count,
    consoleP50Ms: crowded.p50Ms,
    consoleP99Ms: crowded.p99Ms,
    withoutPhonesP50Ms: alone.p50Ms,
    withoutPhonesP99Ms: alone.p99Ms,
    p99Ratio: ratio,
    // Robust where latency is not on a busy machine: what the phones cost the host in CPU.
    hostCpuMsPerSecond: flood.cpuMsPerSecond,
    withoutPhonesHostCpuMsPerSecond: floodAlone.cpuMsPerSecond,
    answersPerSecond: Math.round(answered / flood.seconds),
    refusalsPerSecond: Math.round((flood.phonesReport?.refused ?? 0) / flood.seconds),
    turnedAwayPerSecond: Math.round((flood.phonesReport?.turnedAway ?? 0) / flood.seconds),
    target: 'p99 <= 2x without phones',
    met: ratio <= 2,
  });
  const floodMemory = floods.filter((r) => r.phones > 0).map((r) => ms(r.rssAfterPhonesMb - r.rssBeforePhonesMb));
  // The same span in the runs without phones: what the console's own night adds meanwhile.
  const floodMemoryAlone = floods.filter((r) => r.phones === 0).map((r) => ms(r.rssAfterPhonesMb - r.rssBeforePhonesMb));
  lines.push({
    name: 'phones-flood-memory',
    phones: 200,
    rssBeforePhonesMb: floods.filter((r) => r.phones > 0).map((r) => r.rssBeforePhonesMb),
    rssPeakMb: floods.filter((r) => r.phones > 0).map((r) => r.rssPeakMb),
    rssAfterPhonesMb: floods.filter((r) => r.phones > 0).map((r) => r.rssAfterPhonesMb),
    afterOverBeforeMb: floodMemory,
    withoutPhonesAfterOverBeforeMb: floodMemoryAlone,
    // Where it is: V8's heap in use and memory outside it, after over before (a full GC each time).
    heapUsedAfterOverBeforeMb: floods.filter((r) => r.phones > 0).map((r) => ms(r.afterPhones.heapUsedMb - r.beforePhones.heapUsedMb)),
    externalAfterOverBeforeMb: floods.filter((r) => r.phones > 0).map((r) => ms(r.afterPhones.externalMb - r.beforePhones.externalMb)),
    // Heap V8 holds but does not use (its high-water mark, given back when V8 sees fit): RSS, not retention.
    heapHeldUnusedAfterMb: floods.filter((r) => r.phones > 0).map((r) => ms(r.afterPhones.heapTotalMb - r.afterPhones.heapUsedMb)),
    firstAnswersRssMb: floods.map((r) => r.firstAnswers.rssMb),
    target: 'after the phones go, RSS within 20 MB of before they came',
    met: floodMemory.every((over) => over <= 20),
  });

  const stalledAlone = await inOwnProcess('stalled', 0);
  const stalled = await inOwnProcess('stalled', 20);
  const growth = (r: HostReport): number => ms(r.rssPeakMb - r.rssStartMb);
  lines.push({
    name: 'phones-stalled',
    phones: 20,
    questionsSent: stalled.phonesReport?.sent ?? 0,
    hostRssGrowthMb: growth(stalled),
    withoutPhonesRssGrowthMb: growth(stalledAlone),
    overWithoutMb: ms(growth(stalled) - growth(stalledAlone)),
    hostRssPeakMb: stalled.rssPeakMb,
    target: 'at most 30 MB over the run without them',
    met: growth(stalled) - growth(stalledAlone) <= 30,
  });
  const neverReadOver = ms(stalled.rssAfterPhonesMb - stalled.rssBeforePhonesMb);
  lines.push({
    name: 'phones-never-read',
    phones: 20,
    allClosedAfterMs: stalled.allClosedAfterMs,
    // What the host held for them at most (bytes waiting in their sockets' queues): what the allocator may keep after.
    heldForPhonesPeakMb: stalled.phonesHeldPeakMb,
    rssBeforePhonesMb: stalled.rssBeforePhonesMb,
    rssAfterPhonesMb: stalled.rssAfterPhonesMb,
    afterOverBeforeMb: neverReadOver,
    withoutPhonesAfterOverBeforeMb: ms(stalledAlone.rssAfterPhonesMb - stalledAlone.rssBeforePhonesMb),
    heapUsedAfterOverBeforeMb: ms(stalled.afterPhones.heapUsedMb - stalled.beforePhones.heapUsedMb),
    externalAfterOverBeforeMb: ms(stalled.afterPhones.externalMb - stalled.beforePhones.externalMb),
    heapHeldUnusedBeforeMb: ms(stalled.beforePhones.heapTotalMb - stalled.beforePhones.heapUsedMb),
    heapHeldUnusedAfterMb: ms(stalled.afterPhones.heapTotalMb - stalled.afterPhones.heapUsedMb),
    target: `all closed within ${NEVER_READ_LIMIT_MS / 1000} s, RSS back within 20 MB`,
    met: stalled.allClosedAfterMs !== null && stalled.allClosedAfterMs <= NEVER_READ_LIMIT_MS && neverReadOver <= 20,
  });

  const cost = await questionCostInOwnProcess();
  lines.push({
    name: 'phone-question-cost',
    questions: cost.questions,
    meanMs: cost.meanMs,
    p99Ms: cost.p99Ms,
    firstAnswersMs: cost.firstAnswersMs,
    target: 'under 0.1 ms of the host main thread a question, on average',
    met: cost.meanMs < 0.1,
  });

  const churn = await inOwnProcess('churn', 20);
  const beyond = ms((churn.consoleViews - churn.commands) / churn.seconds);
  lines.push({
    name: 'phones-churn',
    loops: 20,
    connectionsPerSecond: Math.round((churn.phonesReport?.connections ?? 0) / churn.seconds),
    consoleViewsPerSecond: ms(churn.consoleViews / churn.seconds),
    ownCommandsPerSecond: ms(churn.commands / churn.seconds),
    viewsBeyondOwnPerSecond: beyond,
    target: 'at most 5 views a second beyond its own commands',
    met: beyond <= 5,
  });
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'abuse-host': { type: 'string' },
      'abuse-phones': { type: 'string' },
      link: { type: 'string' },
      count: { type: 'string' },
      night: { type: 'string' },
      'question-cost': { type: 'boolean' },
    },
  });
  if (values['question-cost']) {
    const cost = await questionCost();
    // Run by hand (no parent to tell), it prints its figures.
    if (process.send) process.send({ type: 'cost', cost }, () => process.exit(0));
    else process.stdout.write(`${JSON.stringify(cost)}\n`);
    return;
  }
  if (values['abuse-phones']) {
    await runPhones(values['abuse-phones'] as Scenario, values.link ?? '', Number(values.count), values.night ?? '');
    return;
  }
  if (values['abuse-host']) {
    const report = await hostRun(values['abuse-host'] as Scenario, Number(values.count));
    // Run by hand (no parent to tell), it prints its figures.
    if (process.send) process.send({ type: 'report', report }, () => process.exit(0));
    else process.stdout.write(`${JSON.stringify({ ...report, latencies: report.latencies.length })}\n`);
    return;
  }
  for (const line of await phoneAbuseLines()) process.stdout.write(`${JSON.stringify(line)}\n`);
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
