/**
 * `tsx scripts/profileCopyReplay.ts [--turns T] [--batch B]`: what a live copy's replay check costs over a night (R35,
 * store/liveCopies.ts `replayCheck`). One 4-player night of T turns played by the bots on a real session (its journal
 * as on the holder's disk: the seed of each deck in play sealed, revealed once the deck is put away), then streamed
 * into a copy's text B lines a batch, each with a signature line after it, and checked after every batch two ways:
 * the whole copy replayed each time (as before: O(n^2) over the night) and only the new lines replayed onto the night
 * replayed so far (night/growingReplay.ts). Prints the total and the slowest check of each, in ms, and how often the
 * growing replay went back to a deck's shuffle (its seed revealed in a later batch than it dealt sealed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_RULES } from '../src/shared/settings';
import { GrowingReplay, replayHeldCopy, signatureLine, signerOf } from '../src/main/night';
import { signLines } from '../src/main/store/liveCopies';
import { JournalTail } from '../src/main/store/journalTail';
import { sessionTable, startNight, playTurns } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor } from './lib/simulation';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '1000' }, batch: { type: 'string', default: '3' } } });
const turns = Number(values.turns);
const batch = Number(values.batch);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-copy-replay-'));
try {
  const table = openSimulatedTable(Buffer.from('copy-replay'), root);
  const plan = planFor({ players: 4, turns, rules: DEFAULT_RULES, startingChips: 50 });
  const sessionSide = sessionTable(table.session);
  startNight(sessionSide, plan);
  playTurns(sessionSide, table.bot, plan);
  const nightId = table.session.getView().night?.id;
  if (!nightId) throw new Error('no night open');
  const file = (fs.readdirSync(root, { recursive: true }) as string[]).find((name) => name.endsWith(`${nightId}.jsonl`));
  if (!file) throw new Error('no journal');
  const tail = new JournalTail(nightId, path.join(root, file));
  tail.read();
  const signer = signerOf('l-00000000000000aa', 'c'.repeat(64));
  let text = `${tail.header}\n`;
  const whole = { totalMs: 0, slowestMs: 0 };
  const growing = { totalMs: 0, slowestMs: 0 };
  const replay = new GrowingReplay();
  let checks = 0;
  for (let from = 0; from < tail.lines.length; from += batch) {
    const to = Math.min(tail.lines.length, from + batch);
    text += tail.lines
      .slice(from, to)
      .map((line) => `${line}\n`)
      .join('');
    text += signatureLine(signLines(signer, nightId, to, tail.heads[to - 1] as string));
    let started = performance.now();
    const read = replayHeldCopy(text);
    const wholeMs = performance.now() - started;
    started = performance.now();
    const verdict = replay.check(text);
    const growingMs = performance.now() - started;
    if (!read.ok || verdict !== null)
      throw new Error(`the copy does not replay at line ${to}: ${read.ok ? verdict?.problem : read.problem}`);
    whole.totalMs += wholeMs;
    whole.slowestMs = Math.max(whole.slowestMs, wholeMs);
    growing.totalMs += growingMs;
    growing.slowestMs = Math.max(growing.slowestMs, growingMs);
    checks += 1;
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({
      turns,
      lines: tail.lines.length,
      batch,
      checks,
      wholeTotalMs: round(whole.totalMs),
      wholeSlowestMs: round(whole.slowestMs),
      growingTotalMs: round(growing.totalMs),
      growingSlowestMs: round(growing.slowestMs),
      growingRestarts: replay.counts.restarts,
      growingRewinds: replay.counts.rewinds,
      growingLinesReplayed: replay.counts.lines,
    })}\n`,
  );
  table.session.close();
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
