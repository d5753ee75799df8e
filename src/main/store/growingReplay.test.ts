import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrowingReplay, replayHeldCopy, signatureLine } from '../night';
import { hashOfLine, type JournalLine } from '../night/format';
import { signLines } from './liveCopies';
import { NIGHT, ScheduleLaptops, type Laptop } from './testing/scheduleLaptops';

/**
 * R35, a live copy replayed as it grows (night/growingReplay.ts, store/liveCopies.ts `replayCheck`): replaying only
 * the lines of each new batch onto the night replayed so far gives the verdict of a replay of the whole copy, for
 * nights played by the engine and written as the journal writes them (each deck's seed sealed while in play, revealed
 * once put away, R12), with or without a line that does not replay, cut into random batches each signed by its holder,
 * and copies cut back to an earlier batch: the same verdict, and the same night (table, turns, ledger) after each
 * batch that replays.
 */

interface Night {
  header: string;
  texts: string[];
  heads: string[];
}

/** A night of `writes` commands chosen by `r`, as the laptop holding it wrote its journal. */
function playedNight(writes: number, seed: number): { night: Night; signer: Laptop['signer'] } {
  const group = ScheduleLaptops.start(2, 3 + (seed % 3));
  try {
    const ann = group.laptops[0] as Laptop;
    for (let i = 0; i < writes; i++) group.writeSome(ann, ((i * 7919 + seed * 104_729) % 1000) / 1000);
    const held = ann.night as NonNullable<Laptop['night']>;
    const header = group.journalText(ann).split('\n')[0] as string;
    return { night: { header, texts: [...held.texts], heads: [...held.heads] }, signer: ann.signer };
  } finally {
    group.close();
  }
}

/** `night` with its bet at `index` made 9,999 chips and the chain made again after it: lines whose chain checks. */
function withBetTooHigh(night: Night, index: number): Night {
  const texts: string[] = [];
  const heads: string[] = [];
  let prev = index === 0 ? '' : (night.heads[index - 1] as string);
  night.texts.forEach((text, i) => {
    if (i < index) {
      texts.push(text);
      heads.push(night.heads[i] as string);
      return;
    }
    const { prev: _prev, ...facts } = JSON.parse(
      i === index ? text.replace(/"amount":(\d+|"pot")/, '"amount":9999') : text,
    ) as JournalLine & {
      prev: string;
    };
    texts.push(JSON.stringify({ ...facts, prev }));
    prev = hashOfLine(prev, facts);
    heads.push(prev);
  });
  return { header: night.header, texts, heads };
}

const open = playedNight(160, 1);
const other = playedNight(120, 2);
const betAt = open.night.texts.findIndex((line, i) => i > 10 && line.includes('"type":"bet"'));
const forged = withBetTooHigh(open.night, betAt);
const nights = [open.night, other.night, forged];

/** The whole replay's verdict, as the copy judged it before (every batch replayed the copy from its start). */
function wholeVerdict(text: string): { lines: number; problem: string } | null {
  const read = replayHeldCopy(text);
  return read.ok ? null : { lines: read.kept?.lines ?? 0, problem: read.problem };
}

/** The copy's text after batches ending at `ends` came: each batch with its holder's signature after it. */
function copyText(night: Night, ends: readonly number[]): string {
  let text = `${night.header}\n`;
  let from = 0;
  for (const end of ends) {
    text += night.texts
      .slice(from, end)
      .map((line) => `${line}\n`)
      .join('');
    text += signatureLine(signLines(open.signer, NIGHT, end, night.heads[end - 1] as string));
    from = end;
  }
  return text;
}

describe('R35: a live copy replayed as it grows judges as a whole replay does', () => {
  it('R35: the verdict and the night after each batch are the whole copy’s, for nights cut into random batches, cut back at times', () => {
    expect(betAt).toBeGreaterThan(10);
    expect(wholeVerdict(copyText(forged, [forged.texts.length]))?.problem).toMatch(/engine refuses/);
    // Decks put away reveal their seed after lines that dealt them sealed.
    expect(open.night.texts.filter((line) => line.includes('"revealed"')).length).toBeGreaterThan(3);
    expect(open.night.texts.some((line) => line.includes('"sealed"'))).toBe(true);
    const seen = { failed: 0, restarts: 0, rewinds: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 7 }), back: fc.nat({ max: 12 }) }), { minLength: 1, maxLength: 60 }),
        (which, steps) => {
          const night = nights[which] as Night;
          const replay = new GrowingReplay();
          let ends: number[] = [];
          for (const { size, back } of steps) {
            // Now and then the copy goes back to an earlier batch (a batch cut off, a cut back), then on again.
            if (back === 0 && ends.length > 1) ends = ends.slice(0, ends.length - 1 - (size % ends.length));
            const held = ends.at(-1) ?? 0;
            if (held >= night.texts.length) break;
            ends = [...ends, Math.min(night.texts.length, held + size)];
            const text = copyText(night, ends);
            const verdict = replay.check(text);
            expect(verdict).toEqual(wholeVerdict(text));
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
    // Lines that do not replay, replays from the start again and decks replayed again from their shuffle were met.
    expect(seen.failed).toBeGreaterThan(5);
    expect(seen.restarts).toBeGreaterThan(5);
    expect(seen.rewinds).toBeGreaterThan(5);
  });
});
