/**
 * `npm run bench:phones [-- --viewers 20 --turns 300 --rounds 3 --gap-ms 5]`:
 * phones watching a night, on loopback. The host plays a seeded
 * 300-turn night through the session as the console does (IPC calls
 * `service.run`, the journal's fdatasync inside; each command its own task,
 * `--gap-ms` after the last one is answered, where a host at the keyboard
 * leaves seconds), once with no phone watching and once with 20 phone
 * sockets on the phones' LAN listener, in rounds taken in turn. The phones
 * run in a child process (they are other devices: their reading must not
 * share the host's event loop), check that every view they get is newer than
 * the last (stateId never goes back) and that they end on the host's last
 * state. Printed: the host's command latency with and without phones (p50,
 * p99; the target is p99 within 1.5x), the views each phone got, and the
 * host's memory (RSS) before, while and after phones watch. Then the
 * phones that misbehave (phoneAbuse.ts: `phones-flood`, `phones-stalled`,
 * `phones-churn`, one JSON line each; `--skip-abuse` leaves them out), and
 * `phones-flood-return` (`--flood-only` runs it alone): in a host process of
 * its own, started with the Node flags `npm run serve` gives the headless host
 * (src/main/host/hostNodeFlags.ts), with the console idle after a 290-turn night, 200 phones (each its
 * own address, at the lowest CPU priority) ask the heaviest questions about
 * that night, send reveals and help-deal requests, and reconnect when turned
 * away, for 10 s; printed: the host's RSS before they came, once each
 * question was answered once (the session's one-time cost, within the
 * figure), at its peak, and 10 s after they left (after a full GC).
 * Target: after <= before + 20 MB.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import type { WireMessage } from '../src/shared';
import { BUILD_MANIFEST } from '../src/main/host/phoneAccess';
import { HOST_NODE_FLAGS } from '../src/main/host/hostNodeFlags';
import type { PhonesDealer } from '../src/main/host/testing/phonesDealer';
import { loopbackPhonesDealer, phonesLink } from './lib/loopbackPhones';
import { answerWireRequest, parseWireRequest } from '../src/main/host/wireProtocol';
import { Bot, DEFAULT_STYLE } from '../src/main/simulation/bot';
import { nextAction } from '../src/main/simulation/playNight';
import { SeededStream } from '../src/main/simulation/seededStream';
import { BOT_NAMES } from './lib/simulation';
import { latencySummary, ms } from './lib/stats';
import { runPhones } from './lib/misbehavingPhones';
import { phoneAbuseLines } from './phoneAbuse';

const SEED = 'phones-load-1';
const STARTING_CHIPS = 200;

interface ViewerReport {
  viewers: number;
  /** Views each phone got (fewest, most). */
  viewsMin: number;
  viewsMax: number;
  /** Different night states each phone saw (fewest): every command's view arrived when this is the commands + 1 (the start). */
  statesMin: number;
  /** Views whose stateId was below the one before (must be 0). */
  outOfOrder: number;
  /** Phones that ended on the host's last state. */
  reachedLast: number;
  rssMb: number;
  /** For each state, when the slowest phone got it (ms since the epoch, sub-millisecond). */
  lastArrival: Record<number, number>;
}

/** A clock both processes share: the wall clock at each one's start plus its monotonic time since. */
function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

// ---- the phones (child process) ------------------------------------------------------------

async function runViewers(link: string, count: number): Promise<void> {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  const sockets: WebSocket[] = [];
  const last: number[] = [];
  const views: number[] = [];
  const states: Set<number>[] = [];
  let outOfOrder = 0;
  const lastArrival: Record<number, number> = {};
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(`ws://${url.host}/ws?role=phone&token=${token}`);
    last.push(-1);
    views.push(0);
    states.push(new Set());
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as WireMessage;
      if (message.type !== 'view') return;
      views[i]!++;
      const stateId = message.view.night?.stateId ?? -1;
      if (stateId < last[i]!) outOfOrder++;
      if (stateId >= 0) states[i]!.add(stateId);
      last[i] = stateId;
      if (stateId >= 0) lastArrival[stateId] = Math.max(lastArrival[stateId] ?? 0, sharedNow());
    });
    await new Promise((done, failed) => socket.once('open', done).once('error', failed));
    sockets.push(socket);
  }
  process.send?.({ type: 'ready' });
  process.on('message', (message: { type: string; lastStateId: number }) => {
    if (message.type !== 'done') return;
    const started = Date.now();
    const finish = (): void => {
      const reached = last.filter((id) => id === message.lastStateId).length;
      if (reached < count && Date.now() - started < 10_000) {
        setTimeout(finish, 20);
        return;
      }
      const report: ViewerReport = {
        viewers: count,
        viewsMin: Math.min(...views),
        viewsMax: Math.max(...views),
        statesMin: Math.min(...states.map((seen) => seen.size)),
        outOfOrder,
        reachedLast: reached,
        rssMb: megabytes(process.memoryUsage().rss),
        lastArrival,
      };
      for (const socket of sockets) socket.close();
      process.send?.({ type: 'report', report }, () => process.exit(0));
    };
    finish();
  });
}

// ---- the host -----------------------------------------------------------------------------

interface Round {
  viewers: number;
  latencies: number[];
  commands: number;
  turns: number;
  rssPeakMb: number;
  report: ViewerReport | null;
  /** When the host had answered the command that made each state. */
  answeredAt: Record<number, number>;
}

function startViewers(link: string, count: number): Promise<ChildProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--viewers-child', String(count), '--link', link], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the phones' process stopped (${code})`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve(child);
    });
  });
}

async function playRound(work: string, round: number, viewers: number, turns: number, gapMs: number): Promise<Round> {
  const dir = join(work, `round-${round}-${viewers}`);
  const service = await loopbackPhonesDealer(dir, join(work, 'renderer'), SEED);
  let child: ChildProcess | null = null;
  try {
    const link = await phonesLink(service);
    if (viewers > 0) {
      child = await startViewers(link, viewers);
      const connected = (): number => service.getView().phones?.connected ?? 0;
      for (let waited = 0; connected() < viewers && waited < 5000; waited += 10) await new Promise((done) => setTimeout(done, 10));
      if (connected() < viewers) throw new Error(`only ${connected()} of ${viewers} phones connected`);
    }

    const started = await service.run('host', 'startNight', {
      players: BOT_NAMES.slice(0, 6).map((name) => ({ name })),
      startingChips: STARTING_CHIPS,
      chipValue: 1,
      currency: '',
    });
    if (!started.ok) throw new Error(started.error.message);
    await new Promise((done) => setTimeout(done, gapMs));
    const bot = new Bot(new SeededStream(Buffer.from(SEED), 'phones-load/bots'), DEFAULT_STYLE);
    const latencies: number[] = [];
    const answeredAt: Record<number, number> = {};
    let rssPeak = process.memoryUsage().rss;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    for (let guard = 0; guard < turns * 50; guard++) {
      const night = service.getView().night;
      if (!night || (night.turnsPlayed >= turns && night.phase === 'ready')) break;
      const action = nextAction(night, bot, STARTING_CHIPS);
      if (!action) break;
      const t0 = performance.now();
      const result = await service.run('host', action.command, action.args);
      latencies.push(performance.now() - t0);
      if (!result.ok) throw new Error(`${action.command} refused: ${result.error.message}`);
      if (result.view.night) answeredAt[result.view.night.stateId] = sharedNow();
      // Each command comes as its own task, as an IPC message does, a moment after the last (a host types far slower).
      await new Promise((done) => setTimeout(done, gapMs));
    }
    clearInterval(sampler);
    const night = service.getView().night!;

    let report: ViewerReport | null = null;
    if (child) {
      const reporting = child;
      report = await new Promise<ViewerReport>((resolve) => {
        reporting.removeAllListeners('exit');
        reporting.on('message', (message: { type: string; report: ViewerReport }) => {
          if (message.type === 'report') resolve(message.report);
        });
        reporting.send({ type: 'done', lastStateId: night.stateId });
      });
    }
    return { viewers, latencies, commands: latencies.length, turns: night.turnsPlayed, rssPeakMb: megabytes(rssPeak), report, answeredAt };
  } finally {
    child?.kill();
    await service.shutDown();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- phones-flood-return: the host's memory after a flood (its own process) ------------------

const FLOOD_PHONES = 200;
const FLOOD_SECONDS = 10;
/** How long after the phones left the host's memory is read again. */
const FLOOD_AFTER_MS = 10_000;
const FLOOD_PAST_NIGHT_TURNS = 290;
const FLOOD_TARGET_MB = 20;

interface FloodReturn {
  rssBeforeMb: number;
  /** Once every question a phone may ask about the ended night was answered once (in this process, before any phone came). */
  rssAfterFirstAnswersMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  heapUsedBeforeMb: number;
  heapUsedAfterFirstAnswersMb: number;
  heapUsedAfterMb: number;
  externalBeforeMb: number;
  externalAfterMb: number;
  phonesAnswered: number;
  phonesTurnedAway: number;
  phonesConnections: number;
}

/** Every question a phone may ask about an ended night, asked once as a phone (the listener's own path, no socket). */
async function askEachQuestionOnce(service: PhonesDealer, nightId: string): Promise<void> {
  const questions = [
    { method: 'getNight', args: { nightId } },
    { method: 'verifyNight', args: { nightId } },
    { method: 'getNightToCheck', args: { nightId, checker: '00000000000000a1' } },
    { method: 'getTab', args: {} },
    { method: 'listNights', args: {} },
    { method: 'getStandings', args: {} },
  ];
  for (const [id, question] of questions.entries()) {
    const parsed = parseWireRequest(JSON.stringify({ id, ...question }));
    if (!parsed.ok) throw new Error(`not a request: ${question.method}`);
    const reply = await answerWireRequest(service, parsed.request, 'phone');
    if (reply.type !== 'reply' || !reply.result.ok) throw new Error(`${question.method} refused`);
  }
}

async function floodHost(): Promise<FloodReturn> {
  const work = mkdtempSync(join(tmpdir(), 'dealer-phones-flood-'));
  mkdirSync(join(work, 'renderer'));
  writeFileSync(join(work, 'renderer', 'phone.html'), '<!doctype html><title>Phone</title>');
  writeFileSync(join(work, 'renderer', BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));
  const service = await loopbackPhonesDealer(work, join(work, 'renderer'), SEED);
  let child: ChildProcess | null = null;
  try {
    const link = await phonesLink(service);
    const bot = new Bot(new SeededStream(Buffer.from(SEED), 'phones-flood/bots'), DEFAULT_STYLE);
    const startNight = async (): Promise<void> => {
      const started = await service.run('host', 'startNight', {
        players: BOT_NAMES.slice(0, 6).map((name) => ({ name })),
        startingChips: STARTING_CHIPS,
        chipValue: 1,
        currency: '',
      });
      if (!started.ok) throw new Error(started.error.message);
    };
    await startNight();
    for (;;) {
      const night = service.getView().night;
      if (!night || (night.turnsPlayed >= FLOOD_PAST_NIGHT_TURNS && night.phase === 'ready')) break;
      const action = nextAction(night, bot, STARTING_CHIPS);
      if (!action) break;
      const result = await service.run('host', action.command, action.args);
      if (!result.ok) throw new Error(`${action.command} refused: ${result.error.message}`);
    }
    const past = service.getView().night!;
    const ended = await service.run('host', 'endNight', { stateId: past.stateId });
    if (!ended.ok) throw new Error(ended.error.message);
    // A new night, then the console idle: the phones' answers are kept as long as the view stays the same.
    await startNight();

    const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    gc();
    const before = process.memoryUsage();
    // The session works out each answer about an ended night once and keeps it (history/endedNightAnswers.ts),
    // whether one phone asks or two hundred: that one-time cost is read on its own, before any phone comes.
    await askEachQuestionOnce(service, past.id);
    gc();
    const afterFirstAnswers = process.memoryUsage();
    child = fork(fileURLToPath(import.meta.url), ['--flood-phones', String(FLOOD_PHONES), '--link', link, '--night', past.id], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The phones are other devices: on this machine they get only the CPU the host leaves.
    if (child.pid !== undefined) setPriority(child.pid, 19);
    const phones = child;
    await new Promise<void>((done, failed) => {
      phones.once('exit', (code) => failed(new Error(`the phones' process stopped (${code})`)));
      phones.on('message', (message: { type: string }) => {
        if (message.type === 'ready') done();
      });
    });
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    await new Promise((done) => setTimeout(done, FLOOD_SECONDS * 1000));
    clearInterval(sampler);
    const report = await new Promise<{ answered: number; turnedAway: number; connections: number }>((done) => {
      phones.removeAllListeners('exit');
      phones.on('message', (message: { type: string; report: { answered: number; turnedAway: number; connections: number } }) => {
        if (message.type === 'report') done(message.report);
      });
      phones.send({ type: 'done' });
    });
    child = null;
    await new Promise((done) => setTimeout(done, FLOOD_AFTER_MS));
    gc();
    const after = process.memoryUsage();
    return {
      rssBeforeMb: megabytes(before.rss),
      rssAfterFirstAnswersMb: megabytes(afterFirstAnswers.rss),
      rssPeakMb: megabytes(peak),
      rssAfterMb: megabytes(after.rss),
      heapUsedBeforeMb: megabytes(before.heapUsed),
      heapUsedAfterFirstAnswersMb: megabytes(afterFirstAnswers.heapUsed),
      heapUsedAfterMb: megabytes(after.heapUsed),
      externalBeforeMb: megabytes(before.external),
      externalAfterMb: megabytes(after.external),
      phonesAnswered: report.answered,
      phonesTurnedAway: report.turnedAway,
      phonesConnections: report.connections,
    };
  } finally {
    child?.kill();
    await service.shutDown();
    rmSync(work, { recursive: true, force: true });
  }
}

async function floodReturnLine(): Promise<{ name: string; met: boolean; [figure: string]: unknown }> {
  // The host as `npm run serve` starts it (its young generation capped), so its memory is the one people get.
  const child = fork(fileURLToPath(import.meta.url), ['--flood-host'], {
    execArgv: [...HOST_NODE_FLAGS, '--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const figures = await new Promise<FloodReturn>((done, failed) => {
    child.once('error', failed);
    child.on('message', (message: { type: string; figures: FloodReturn }) => {
      if (message.type === 'flood') done(message.figures);
    });
    child.once('exit', (code) => failed(new Error(`the flood's host stopped (${code})`)));
  });
  const over = ms(figures.rssAfterMb - figures.rssBeforeMb);
  return {
    name: 'phones-flood-return',
    phones: FLOOD_PHONES,
    seconds: FLOOD_SECONDS,
    ...figures,
    afterOverBeforeMb: over,
    // Of which the session's first answers about the ended night, the same for one phone or two hundred.
    firstAnswersMb: ms(figures.rssAfterFirstAnswersMb - figures.rssBeforeMb),
    afterOverFirstAnswersMb: ms(figures.rssAfterMb - figures.rssAfterFirstAnswersMb),
    target: `${FLOOD_AFTER_MS / 1000} s after the phones left, RSS within ${FLOOD_TARGET_MB} MB of before they came`,
    met: over <= FLOOD_TARGET_MB,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      viewers: { type: 'string' },
      turns: { type: 'string' },
      rounds: { type: 'string' },
      'gap-ms': { type: 'string' },
      'viewers-child': { type: 'string' },
      link: { type: 'string' },
      'skip-abuse': { type: 'boolean' },
      'abuse-only': { type: 'boolean' },
      'flood-only': { type: 'boolean' },
      'flood-host': { type: 'boolean' },
      'flood-phones': { type: 'string' },
      night: { type: 'string' },
    },
  });
  if (values['flood-phones']) {
    await runPhones('flood', values.link ?? '', Number(values['flood-phones']), values.night ?? '');
    return;
  }
  if (values['flood-host']) {
    const figures = await floodHost();
    process.send?.({ type: 'flood', figures }, () => process.exit(0));
    return;
  }
  if (values['flood-only']) {
    const line = await floodReturnLine();
    process.stdout.write(`${JSON.stringify(line)}\n`);
    if (!line.met) {
      process.stderr.write(`FAILED: ${line.name} missed its target (${String(line['target'])})\n`);
      process.exitCode = 1;
    }
    return;
  }
  if (values['abuse-only']) {
    const lines = await phoneAbuseLines();
    for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
    const missed = lines.filter((line) => !line.met).map((line) => `${line.name} missed its target (${String(line['target'])})`);
    if (missed.length > 0) {
      process.stderr.write(`FAILED: ${missed.join('; ')}\n`);
      process.exitCode = 1;
    }
    return;
  }
  if (values['viewers-child']) {
    await runViewers(values.link ?? '', Number(values['viewers-child']));
    return;
  }
  const viewers = Number(values.viewers ?? 20);
  const turns = Number(values.turns ?? 300);
  const rounds = Number(values.rounds ?? 3);
  const gapMs = Number(values['gap-ms'] ?? 5);

  const work = mkdtempSync(join(tmpdir(), 'dealer-phones-load-'));
  // A renderer stand-in: the sockets are what is measured, not the page.
  mkdirSync(join(work, 'renderer'));
  writeFileSync(join(work, 'renderer', 'phone.html'), '<!doctype html><title>Phone</title>');
  writeFileSync(join(work, 'renderer', BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));

  const rssBefore = megabytes(process.memoryUsage().rss);
  const results: Round[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // In turn, so a machine getting busier or quieter weighs on both alike.
      for (const count of round % 2 === 0 ? [0, viewers] : [viewers, 0]) results.push(await playRound(work, round, count, turns, gapMs));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const without = results.filter((r) => r.viewers === 0);
  const withPhones = results.filter((r) => r.viewers > 0);
  const summary = (list: Round[]) => latencySummary(list.flatMap((r) => r.latencies));
  const noneSummary = summary(without);
  const phonesSummary = summary(withPhones);
  const reports = withPhones.map((r) => r.report!);
  const out = {
    viewers,
    turns: withPhones[0]?.turns,
    commandsPerNight: withPhones[0]?.commands,
    rounds,
    gapBetweenCommandsMs: gapMs,
    hostCommandLatency: {
      noPhones: noneSummary,
      withPhones: phonesSummary,
      p99Ratio: ms(phonesSummary.p99Ms / noneSummary.p99Ms),
      p99PerRound: results.map((r) => ({ viewers: r.viewers, p99Ms: latencySummary(r.latencies).p99Ms })),
    },
    views: {
      perPhoneMin: Math.min(...reports.map((r) => r.viewsMin)),
      perPhoneMax: Math.max(...reports.map((r) => r.viewsMax)),
      // Every accepted command bumps the night's stateId: a phone that saw them all saw commands + 1 (the start) states.
      statesSeenMin: Math.min(...reports.map((r) => r.statesMin)),
      statesExpected: (withPhones[0]?.commands ?? 0) + 1,
      outOfOrder: reports.reduce((sum, r) => sum + r.outOfOrder, 0),
      // From the host's answer to the slowest of the phones having the view: what a phone lags the console by.
      toSlowestPhone: latencySummary(
        withPhones.flatMap((r) =>
          Object.entries(r.answeredAt).flatMap(([id, at]) => {
            const arrived = r.report?.lastArrival[Number(id)];
            return arrived === undefined ? [] : [arrived - at];
          }),
        ),
      ),
      phonesOnLastState: `${reports.reduce((sum, r) => sum + r.reachedLast, 0)} of ${viewers * reports.length}`,
    },
    memoryMb: {
      hostRssAtStart: rssBefore,
      hostRssPeakNoPhones: Math.max(...without.map((r) => r.rssPeakMb)),
      hostRssPeakWithPhones: Math.max(...withPhones.map((r) => r.rssPeakMb)),
      hostRssAtEnd: megabytes(process.memoryUsage().rss),
      phonesProcessRss: Math.max(...reports.map((r) => r.rssMb)),
    },
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  const failures = [
    ...(out.views.outOfOrder > 0 ? [`${out.views.outOfOrder} views arrived out of order`] : []),
    ...(reports.some((r) => r.reachedLast < r.viewers) ? ['a phone did not reach the last state'] : []),
    ...(out.views.statesSeenMin < out.views.statesExpected
      ? [`a phone saw ${out.views.statesSeenMin} of ${out.views.statesExpected} states`]
      : []),
    ...(out.hostCommandLatency.p99Ratio > 1.5 ? [`p99 with phones is ${out.hostCommandLatency.p99Ratio}x without (target 1.5x)`] : []),
  ];
  // Phones that misbehave (phoneAbuse.ts): one line each.
  const abuse = values['skip-abuse'] ? [] : await phoneAbuseLines();
  if (!values['skip-abuse']) abuse.push(await floodReturnLine());
  for (const line of abuse) process.stdout.write(`${JSON.stringify(line)}\n`);
  failures.push(...abuse.filter((line) => !line.met).map((line) => `${line.name} missed its target (${String(line['target'])})`));
  if (failures.length > 0) {
    process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
