import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildChild } from '../harness/childBuild';
import { checkNight } from '../src/checker';
import { DEFAULT_RULES } from '../src/shared';
import { freePort, pairLaptops, portLaptop, type PortLaptop } from '../src/main/host/testing/portLaptop';
import { playOnAndEnd, playRandomCommand } from '../src/main/host/testing/randomHost';
import { JournalTail } from '../src/main/store/journalTail';
import { LiveCopies } from '../src/main/store/liveCopies';

/**
 * R35 under SIGKILL (docs/group-lan.md "A live copy of the open night", "Taking a night over"), `npm run kills:move`:
 * two laptops over loopback, real sessions, the real push and the real takeover.
 *
 * - The holder killed: a child process (src/main/host/testing/nightKillChild.ts) holds the night and plays it as a
 *   host pressing keys at random; this process holds the live copy. The child is killed at a random moment; this
 *   laptop then takes the night over, plays on, ends it and exports it, and the night checker judges the export
 *   (R24 across the move). Counted per kill: the lines the holder had answered more than 1 s before the kill that
 *   the copy lacks (target 0), and every line it answered that the copy lacks (target: no more than it answered in
 *   the last second).
 * - The copy killed: this process holds and plays the night; the copy is a child killed at random moments and
 *   started again on its data folder. Each time, what it left is a whole signed prefix of the night with every batch
 *   it answered for; started again it catches up; at the end both laptops' nights are the same lines, and the night
 *   taken over from the copy is judged right.
 *
 * `npm run kills:move -- [kills of each, 30] [most ms between the holder's commands, 40]`.
 */

/** The holder's and the copy's child process, bundled once (harness/childBuild.ts). */
export const NIGHT_KILL_CHILD = 'src/main/host/testing/nightKillChild.ts';
/** How long before the kill a line answered must be on the copy. */
const WINDOW_MS = 1_000;

/** One kill of the holding laptop, and the takeover after it. */
export interface HolderKill {
  /** When it was killed, after it was ready. */
  killedAfterMs: number;
  /** The lines of the last command it answered, and of the last one answered more than WINDOW_MS before the kill. */
  answered: number;
  answeredBeforeWindow: number;
  /** The lines the copy held when the night was taken over. */
  held: number;
  /** Lines answered more than WINDOW_MS before the kill, not on the copy (target 0). */
  missingBeforeWindow: number;
  /** Lines answered, not on the copy (at most `answered - answeredBeforeWindow`: the lines of the last second). */
  lost: number;
  /** The copy's lines are the holder's first lines, as on its disk. */
  prefix: boolean;
  /** The takeover's answer line (null: no copy was held yet), the checker's findings on the export, the laptops it names. */
  takenOverAt: number | null;
  findings: string[];
  recordLaptops: number;
}

/** One kill of the laptop holding the copy. */
export interface CopyKill {
  killedAfterMs: number;
  /** The last count it answered the holder, and what its folder held after the kill. */
  answered: number;
  held: number;
  /** What it held is the holder's first lines, signed by the holder at its last line. */
  prefix: boolean;
  signed: boolean;
  /** From its start to holding every line the holder had then (null: killed before). */
  catchUpMs: number | null;
}

export interface CopyKillRun {
  kills: CopyKill[];
  /** The copy started again at the end: from its start to holding every line; then whether both nights are the same lines. */
  finalCatchUpMs: number;
  agree: boolean;
  lines: number;
  takenOverAt: number;
  findings: string[];
  recordLaptops: number;
}

interface Child {
  proc: ChildProcess;
  /** When it said `ready`. */
  ready: Promise<number>;
  /** Its `ack` / `held` lines so far: the lines and when. */
  said: { lines: number; at: number }[];
  closed: Promise<void>;
  kill(): number;
}

function startChild(child: string, args: string[], onSaid: (lines: number, at: number) => void = () => {}): Child {
  const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const said: { lines: number; at: number }[] = [];
  let stderr = '';
  let buffered = '';
  let readyAt: (at: number) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<number>((resolve, reject) => {
    readyAt = resolve;
    failed = reject;
  });
  proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  proc.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const words = buffered.slice(0, newline).split(' ');
      buffered = buffered.slice(newline + 1);
      if (words[0] === 'ready') readyAt(Date.now());
      else if (words[0] === 'ack' || words[0] === 'held') {
        const [lines, at] = words.slice(-2).map(Number) as [number, number];
        said.push({ lines, at });
        onSaid(lines, at);
      }
    }
  });
  let killed = false;
  let exited = false;
  proc.on('exit', () => (exited = true));
  const closed = new Promise<void>((resolve) =>
    proc.on('close', () => {
      if (!killed) failed(new Error(`the child stopped by itself: ${stderr}`));
      else if (stderr.length > 0) process.stderr.write(stderr);
      resolve();
    }),
  );
  return {
    proc,
    ready,
    said,
    closed,
    kill: () => {
      // It plays or listens until killed: gone before, it failed (its error is on stderr, said once it closes).
      if (exited) throw new Error(`the child stopped before it was killed: ${stderr}`);
      killed = true;
      const at = Date.now();
      proc.kill('SIGKILL');
      return at;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await sleep(5);
  }
}

/** Two laptops on `dir/ann` and `dir/bob`, each at a port of its own, paired; both still on. */
async function pairedLaptops(dir: string): Promise<{ ann: PortLaptop; bob: PortLaptop; ports: [number, number] }> {
  const annPort = await freePort();
  let bobPort = await freePort();
  while (bobPort === annPort) bobPort = await freePort();
  const ann = await portLaptop(path.join(dir, 'ann'), annPort);
  const bob = await portLaptop(path.join(dir, 'bob'), bobPort);
  await pairLaptops(ann, bob);
  return { ann, bob, ports: [annPort, bobPort] };
}

/** A night's journal on the holder's disk: its header and its lines, with each line's chain head. */
function holderJournal(root: string, nightId: string): JournalTail {
  const tail = new JournalTail(nightId, path.join(root, 'session', 'nights', `${nightId}.jsonl`));
  tail.read();
  return tail;
}

/** Whether a copy's text (header, lines, the holder's signatures) holds exactly the holder's first `lines` lines. */
function isPrefix(copyText: string, journal: JournalTail, lines: number): boolean {
  // Nothing held yet (killed before the first batch): no file, and nothing in it that is not the holder's.
  if (lines === 0 && copyText === '') return true;
  const rows = copyText.split('\n').filter((row) => row.length > 0 && !row.startsWith('{"signed"'));
  const [header, ...held] = rows;
  return header === journal.header && held.length === lines && held.every((row, i) => row === journal.lines[i]);
}

/** What the checker finds wrong or cannot check, but what a deck lost with its laptop leaves unknown (R35). */
function judged(findings: ReturnType<typeof checkNight>): string[] {
  return findings
    .filter((f) => f.kind === 'violation' || !(f.rule === 'R35' && f.expected.includes('was lost with its laptop')))
    .map((f) => `${f.rule} ${f.kind} turn ${f.turn ?? '-'}: ${f.expected} / ${f.found}`);
}

/** `laptop` takes the night over (the host's key), plays a few turns on, ends it, exports it: what the checker says. */
async function takeOverAndJudge(
  laptop: PortLaptop,
  nightId: string,
): Promise<{ takenOverAt: number; findings: string[]; recordLaptops: number }> {
  const taken = await laptop.session.run('host', 'takeOverNight', { nightId });
  if (!taken.ok) throw new Error(`takeOverNight refused: ${taken.error.message}`);
  playOnAndEnd(laptop.session, 3, Math.random);
  const exported = laptop.session.runNow('exportNight', { nightId, format: 'json' });
  if (!exported.ok) throw new Error(`exportNight refused: ${exported.error.message}`);
  const json = JSON.parse(exported.data.content) as { record?: { laptops?: unknown[] } };
  return { takenOverAt: taken.data.line, findings: judged(checkNight(json)), recordLaptops: json.record?.laptops?.length ?? 0 };
}

/** The holder killed once at a random moment between `killMs`; the copy (this process) takes the night over. */
async function holderKillOnce(child: string, dir: string, gapMs: number, killMs: [number, number]): Promise<HolderKill> {
  const { ann, bob, ports } = await pairedLaptops(dir);
  await ann.session.shutDown();
  try {
    const holder = startChild(child, ['holder', ann.root, String(ports[0]), String(gapMs)]);
    const readyAt = await holder.ready;
    await sleep(between(...killMs));
    const killedAt = holder.kill();
    await holder.closed;
    const nightId =
      fs
        .readdirSync(path.join(ann.root, 'session', 'nights'))
        .find((f) => f.endsWith('.jsonl'))
        ?.slice(0, -6) ?? '';
    const answered = holder.said.at(-1)?.lines ?? 0;
    const answeredBeforeWindow = holder.said.filter((s) => s.at <= killedAt - WINDOW_MS).at(-1)?.lines ?? 0;
    const copy = bob.lan.live.copies.held(nightId);
    const held = copy?.lines ?? 0;
    const prefix = copy ? isPrefix(bob.lan.live.copies.text(nightId) ?? '', holderJournal(ann.root, nightId), held) : true;
    const judgedNight = copy ? await takeOverAndJudge(bob, nightId) : null;
    return {
      killedAfterMs: killedAt - readyAt,
      answered,
      answeredBeforeWindow,
      held,
      missingBeforeWindow: Math.max(0, answeredBeforeWindow - held),
      lost: Math.max(0, answered - held),
      prefix,
      takenOverAt: judgedNight?.takenOverAt ?? null,
      findings: judgedNight?.findings ?? [],
      recordLaptops: judgedNight?.recordLaptops ?? 0,
    };
  } finally {
    await bob.session.shutDown();
  }
}

/** `kills` kills of the holding laptop, each on a night of its own. */
export async function holderKills(
  child: string,
  work: string,
  kills: number,
  options: { gapMs?: number; killMs?: [number, number]; each?: (kill: HolderKill) => void } = {},
): Promise<HolderKill[]> {
  const out: HolderKill[] = [];
  for (let n = 0; n < kills; n++) {
    const dir = fs.mkdtempSync(path.join(work, `holder-${n}-`));
    const kill = await holderKillOnce(child, dir, options.gapMs ?? 40, options.killMs ?? [300, 3_000]);
    fs.rmSync(dir, { recursive: true, force: true });
    options.each?.(kill);
    out.push(kill);
  }
  return out;
}

/** What the copy's data folder holds now, read from a copy of its `live/` (the laptop itself reads it at its next start). */
function copyOnDisk(root: string, nightId: string, work: string): { held: number; text: string; signedAt: number | null; head: string } {
  const look = fs.mkdtempSync(path.join(work, 'look-'));
  try {
    if (fs.existsSync(path.join(root, 'live'))) fs.cpSync(path.join(root, 'live'), path.join(look, 'live'), { recursive: true });
    const copies = new LiveCopies(look);
    const held = copies.held(nightId);
    const text = copies.text(nightId) ?? '';
    copies.close();
    return { held: held?.lines ?? 0, text, signedAt: held?.signature?.lines ?? null, head: held?.head ?? '' };
  } finally {
    fs.rmSync(look, { recursive: true, force: true });
  }
}

/** The copy killed `kills` times at random moments between `killMs` after its start, while this process plays the night. */
export async function copyKills(
  child: string,
  work: string,
  kills: number,
  options: { gapMs?: number; killMs?: [number, number]; each?: (kill: CopyKill) => void } = {},
): Promise<CopyKillRun> {
  const dir = fs.mkdtempSync(path.join(work, 'copy-'));
  const { ann, bob, ports } = await pairedLaptops(dir);
  await bob.session.shutDown();
  const open: PortLaptop[] = [ann];
  let playing = true;
  try {
    const started = ann.session.runNow('startNight', {
      players: ['Ann', 'Bob', 'Chloé', 'Dmitri'].map((name) => ({ name })),
      startingChips: 20,
      chipValue: 50,
      currency: 'EUR',
      settings: DEFAULT_RULES,
    });
    if (!started.ok) throw new Error(started.error.message);
    const nightId = started.view.night?.id ?? '';
    const linesNow = () => ann.session.currentNight?.entries.length ?? 0;
    const play = (async () => {
      while (playing) {
        playRandomCommand(ann.session, Math.random);
        await sleep(between(0, options.gapMs ?? 40));
      }
    })();
    const out: CopyKill[] = [];
    for (let n = 0; n < kills; n++) {
      let caughtUpAt: number | null = null;
      let target = Infinity;
      const copy = startChild(child, ['copy', bob.root, String(ports[1])], (lines, at) => {
        if (caughtUpAt === null && lines >= target) caughtUpAt = at;
      });
      const readyAt = await copy.ready;
      target = linesNow();
      await sleep(between(...(options.killMs ?? [100, 1_500])));
      const killedAt = copy.kill();
      await copy.closed;
      const answered = copy.said.at(-1)?.lines ?? 0;
      const disk = copyOnDisk(bob.root, nightId, work);
      const journal = holderJournal(ann.root, nightId);
      const kill: CopyKill = {
        killedAfterMs: killedAt - readyAt,
        answered,
        held: disk.held,
        prefix: isPrefix(disk.text, journal, disk.held),
        signed: disk.held === 0 || (disk.signedAt === disk.held && disk.head === journal.heads[disk.held - 1]),
        catchUpMs: caughtUpAt === null ? null : caughtUpAt - readyAt,
      };
      options.each?.(kill);
      out.push(kill);
    }
    playing = false;
    await play;
    // Started again at the end, in this process: it catches up, and holds the holder's night line for line.
    const startedAt = Date.now();
    const lines = linesNow();
    const again = await portLaptop(bob.root, ports[1]);
    open.push(again);
    ann.lan.live.round();
    await until(() => again.lan.live.copies.held(nightId)?.lines === lines, 10_000);
    const finalCatchUpMs = Date.now() - startedAt;
    const agree = isPrefix(again.lan.live.copies.text(nightId) ?? '', holderJournal(ann.root, nightId), lines);
    open.splice(open.indexOf(ann), 1);
    await ann.session.shutDown();
    const judgedNight = await takeOverAndJudge(again, nightId);
    return { kills: out, finalCatchUpMs, agree, lines, ...judgedNight };
  } finally {
    playing = false;
    for (const laptop of open) await laptop.session.shutDown();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(kills: number, gapMs: number): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-killmoves-'));
  try {
    const child = await buildChild(NIGHT_KILL_CHILD);
    console.log(`R35 kills: ${kills} of the holder, ${kills} of the copy; the holder's commands at most ${gapMs} ms apart`);
    const holder = await holderKills(child, work, kills, {
      gapMs,
      each: (k) =>
        console.log(
          `holder killed at ${k.killedAfterMs} ms: answered ${k.answered} (${k.answeredBeforeWindow} > 1 s before), copy held ${k.held}, ` +
            `lost ${k.lost} (${k.missingBeforeWindow} older than 1 s); taken over at ${k.takenOverAt ?? '-'}; checker: ${k.findings.length === 0 ? 'right' : k.findings.join('; ')}`,
        ),
    });
    const copy = await copyKills(child, work, kills, {
      gapMs,
      each: (k) =>
        console.log(
          `copy killed at ${k.killedAfterMs} ms: it had answered ${k.answered === 0 ? 'no batch since its start' : k.answered}, its folder holds ${k.held} (${k.prefix && k.signed ? 'a signed prefix' : 'NOT a signed prefix'}); caught up in ${k.catchUpMs ?? '-'} ms`,
        ),
    });
    const lost = holder.map((k) => k.lost);
    const lastSecond = holder.map((k) => k.answered - k.answeredBeforeWindow);
    const catchUps = copy.kills.flatMap((k) => (k.catchUpMs === null ? [] : [k.catchUpMs]));
    const bad = [
      ...holder.flatMap((k, i) => [
        ...(k.missingBeforeWindow > 0 ? [`holder kill ${i}: ${k.missingBeforeWindow} lines older than 1 s lost`] : []),
        ...(k.lost > k.answered - k.answeredBeforeWindow ? [`holder kill ${i}: lost more than the last second`] : []),
        ...(!k.prefix ? [`holder kill ${i}: the copy is not the holder's first lines`] : []),
        ...k.findings.map((f) => `holder kill ${i}: ${f}`),
      ]),
      ...copy.kills.flatMap((k, i) => [
        ...(k.held < k.answered ? [`copy kill ${i}: holds ${k.held} of the ${k.answered} it answered`] : []),
        ...(!k.prefix || !k.signed ? [`copy kill ${i}: not a signed prefix`] : []),
      ]),
      ...(copy.agree ? [] : ['the copy and the holder disagree at the end']),
      ...copy.findings.map((f) => `copy run: ${f}`),
    ];
    console.log('');
    console.log(
      `holder kills: lines older than 1 s lost: max ${Math.max(...holder.map((k) => k.missingBeforeWindow))} (target 0); ` +
        `lines lost: p50 ${percentile(lost, 50)}, max ${Math.max(...lost)} (the last second held p50 ${percentile(lastSecond, 50)}, ` +
        `max ${Math.max(...lastSecond)}); nights judged right after the takeover: ${holder.filter((k) => k.takenOverAt !== null && k.findings.length === 0).length} of ${holder.length}`,
    );
    console.log(
      `copy kills: signed prefixes holding every batch answered: ${copy.kills.filter((k) => k.prefix && k.signed && k.held >= k.answered).length} of ${copy.kills.length}; ` +
        `catch-up after a restart p50 ${percentile(catchUps, 50)} ms, max ${Math.max(...catchUps)} ms; at the end ${copy.finalCatchUpMs} ms, ` +
        `${copy.agree ? 'the same' : 'NOT the same'} ${copy.lines} lines; taken over: ${copy.findings.length === 0 ? 'judged right' : copy.findings.join('; ')}`,
    );
    for (const problem of bad) console.log(`FAILED ${problem}`);
    return bad.length === 0 ? 0 : 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [kills, gap] = process.argv.slice(2).map(Number);
  process.exitCode = await main(kills || 30, gap || 40);
}
