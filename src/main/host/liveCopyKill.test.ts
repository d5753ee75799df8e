import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChild } from '../../../harness/childBuild';
import { testSigner } from '../group/testing/kit';
import { LiveCopies, type LiveBatch } from '../store/liveCopies';
import { realJournal, signedBatch } from './testing/liveJournal';

/**
 * R35, a live copy killed mid-batch (docs/group-lan.md "A live copy of the open night"): a child process holding a
 * copy takes a night's batches and is killed with SIGKILL at a random moment, again and again on the same data
 * folder. Each time, what is left is a whole prefix of the night, signed by its holder, holding at least every batch
 * the child had answered for; and the child started again takes the rest.
 */
const KILLS = 12;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-livekill-'));
let child = '';

beforeAll(async () => {
  child = await buildChild('src/main/host/testing/liveCopyKillChild.ts');
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs the child until it prints `done`, or kills it 0-2 ms after its `killAfterHeld`-th answer (mid-batch, mostly); the last count it answered. */
function runChild(args: string[], killAfterHeld: number | null): Promise<{ answered: number; done: boolean }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let answered = 0;
    let heard = 0;
    let done = false;
    let buffered = '';
    let stderr = '';
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.startsWith('held ')) {
          answered = Number(line.slice(5));
          heard += 1;
          if (heard === killAfterHeld) setTimeout(() => proc.kill('SIGKILL'), Math.floor(Math.random() * 3));
        }
        if (line === 'done') done = true;
      }
    });
    proc.on('exit', () => {
      if (stderr.length > 0 && proc.signalCode !== 'SIGKILL') console.error(stderr);
      resolve({ answered, done });
    });
  });
}

describe('R35: a live copy killed mid-batch', () => {
  it(`R35: killed ${KILLS} times at random moments, the copy is each time a whole prefix of the night, signed, with every batch it answered for`, async () => {
    const journal = realJournal(fs.mkdtempSync(path.join(work, 'holder-')), 120);
    const ann = testSigner(0);
    // Batches of 1 to 3 lines, as a holder sends them while the host plays.
    const batches: string[] = [];
    for (let from = 1; from <= journal.lines.length;) {
      const to = Math.min(journal.lines.length, from + (from % 3));
      batches.push(JSON.stringify(signedBatch(journal, from, to, ann)));
      from = to + 1;
    }
    const batchesFile = path.join(work, 'batches.jsonl');
    fs.writeFileSync(batchesFile, `${batches.join('\n')}\n`);
    const dataRoot = path.join(work, 'copy');
    let answered = 0;
    /** Kills that struck while batches were being taken (not before the first, nor after the last). */
    let midway = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const run = await runChild([dataRoot, batchesFile, ann.publicKey], 1 + Math.floor(Math.random() * 5));
      if (!run.done && run.answered > answered) midway += 1;
      answered = Math.max(answered, run.answered);
      const copies = new LiveCopies(dataRoot);
      const held = copies.held(journal.nightId);
      const lines = held?.lines ?? 0;
      expect(lines).toBeGreaterThanOrEqual(answered);
      if (held) {
        const text = copies.text(journal.nightId) ?? '';
        const rows = text.split('\n').slice(1, -1);
        expect(rows.slice(0, -1)).toEqual(journal.lines.slice(0, lines));
        expect(held.head).toBe(journal.heads[lines - 1]);
        // The holder's own signature of that batch, kept with it.
        const signedThere = batches.map((text) => (JSON.parse(text) as LiveBatch).signed).find((signed) => signed?.lines === lines);
        expect(held.signature).toEqual(signedThere);
      }
      copies.close();
      answered = lines;
    }
    expect(midway).toBe(KILLS);
    const last = await runChild([dataRoot, batchesFile, ann.publicKey], null);
    expect(last.done).toBe(true);
    const copies = new LiveCopies(dataRoot);
    expect(copies.held(journal.nightId)?.lines).toBe(journal.lines.length);
    copies.close();
  }, 120_000);
});
