import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testSigner } from '../group/testing/kit';
import { GrowingReplay, replayHeldCopy, signatureLine } from '../night';
import { signLines } from '../store/liveCopies';
import { changedJournal, realJournal, type HolderJournal } from './testing/liveJournal';

/**
 * R35, a live copy replayed as it grows (night/growingReplay.ts, store/liveCopies.ts `replayCheck`): replaying only
 * the lines of each new batch onto the night replayed so far gives the verdict of a replay of the whole copy, for
 * real nights (a deck in play sealed on the holder, decks revealed when they are put away, a line that does not
 * replay) cut into random batches, each with its holder's signature, and copies cut back to an earlier batch: the
 * same verdict, and the same night (table, turns, ledger) after each batch that replays.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'growing-replay-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const ann = testSigner(0);
const open = realJournal(fs.mkdtempSync(path.join(work, 'open-')), 8);
const ended = realJournal(fs.mkdtempSync(path.join(work, 'ended-')), 8, true, 'ended');
const betAt = open.lines.findIndex((line, i) => i > 10 && line.includes('"type":"bet"'));
const forged = changedJournal(
  open,
  betAt,
  (line) => line.replace(/"amount":(\d+|"pot")/, '"amount":9999'),
  path.join(work, 'forged.jsonl'),
);
const nights: HolderJournal[] = [open, ended, forged];

/** The whole replay's verdict, as the copy judged it before (every batch replayed the copy from its start). */
function wholeVerdict(text: string): { lines: number; problem: string } | null {
  const read = replayHeldCopy(text);
  return read.ok ? null : { lines: read.kept?.lines ?? 0, problem: read.problem };
}

/** The copy's text after its first `lines` lines came in batches ending at `ends`: each batch signed after it. */
function copyText(journal: HolderJournal, ends: readonly number[]): string {
  let text = `${journal.header}\n`;
  let from = 0;
  for (const end of ends) {
    text += journal.lines
      .slice(from, end)
      .map((line) => `${line}\n`)
      .join('');
    text += signatureLine(signLines(ann, journal.nightId, end, journal.heads[end - 1] as string));
    from = end;
  }
  return text;
}

describe('R35: a live copy replayed as it grows judges as a whole replay does', () => {
  it('R35: the verdict after each batch is the whole copy’s, for random nights cut into random batches, cut back at times', () => {
    expect(betAt).toBeGreaterThan(10);
    expect(wholeVerdict(`${forged.header}\n${forged.lines.join('\n')}\n`)?.problem).toMatch(/engine refuses/);
    // The ended night puts its last deck away: its seed revealed after lines that dealt it sealed.
    expect(ended.lines.some((line) => line.includes('"revealed"'))).toBe(true);
    const seen = { failed: 0, restarts: 0, rewinds: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 7 }), back: fc.nat({ max: 12 }) }), { minLength: 1, maxLength: 40 }),
        (which, steps) => {
          const journal = nights[which] as HolderJournal;
          const replay = new GrowingReplay();
          let ends: number[] = [];
          for (const { size, back } of steps) {
            // Now and then the copy goes back to an earlier batch (a batch cut off, a cut back), then on again.
            if (back === 0 && ends.length > 1) ends = ends.slice(0, ends.length - 1 - (size % ends.length));
            const held = ends.at(-1) ?? 0;
            if (held >= journal.lines.length) break;
            ends = [...ends, Math.min(journal.lines.length, held + size)];
            const text = copyText(journal, ends);
            const verdict = replay.check(text);
            expect(verdict).toEqual(wholeVerdict(text));
            // And the night it replayed to is the whole replay's: the table, the turns, the ledger, line for line.
            const whole = replayHeldCopy(text);
            if (!verdict && whole.ok) {
              expect(replay.night.state).toEqual(whole.night.state);
              expect(replay.night.turns).toEqual(whole.night.turns);
              expect(replay.night.entries).toEqual(whole.night.entries);
              expect(replay.night.ledger.entries).toEqual(whole.night.ledger.entries);
              expect(replay.night.stackSeries).toEqual(whole.night.stackSeries);
            }
            if (verdict) {
              seen.failed += 1;
              // As the copy does: back to the last batch that replays.
              ends = ends.filter((end) => end <= verdict.lines);
            }
          }
          seen.restarts += replay.counts.restarts;
          seen.rewinds += replay.counts.rewinds;
        },
      ),
      { numRuns: 150 },
    );
    // Lines that do not replay, and replays from the start again, were met: the property is not vacuous.
    expect(seen.failed).toBeGreaterThan(5);
    expect(seen.restarts).toBeGreaterThan(5);
    // And decks dealt sealed whose seed came in a later batch: replayed again from their shuffle.
    expect(seen.rewinds).toBeGreaterThan(5);
  });
});
