import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../engine';
import { chainedJournal, decodeJournal, type JournalLine } from './format';
import { replayJournal } from './play';

/** Reading seeds sealed on a journal's line (R9, R12): revealed later in the file, or opened with the key the store passes in. */

const DOC = fs.readFileSync(new URL('../../../docs/night-journal.md', import.meta.url), 'utf8');
const SHORT_NIGHT = /A short night, in full:\n\n```\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';
const SEED = 'b84a78a0544c98331e4f5696a18efdfaf723fa3f2bb9321343dbce2d2c8f9455';
const SEALED = { commitment: commitmentOf(SEED), sealed: 'A'.repeat(80) };

/** The short night of the docs with its end line (which reveals the deal's seed) dropped: the deal's deck is still in play. */
function stillOpen(): string {
  return (
    SHORT_NIGHT.split('\n')
      .filter((line) => line !== '' && !line.includes('"type":"end"'))
      .join('\n') + '\n'
  );
}

describe('sealed seeds in a journal (R9, R12)', () => {
  it("R12: the docs' short night replays with no key: the deal's sealed seed is revealed by the end that retired its deck", () => {
    const decoded = decodeJournal(SHORT_NIGHT);
    expect(decoded.damage).toBeNull();
    expect(decoded.sealedSeeds).toBe(1);
    expect(decoded.entries[2]?.seeds).toEqual([SEED]);
    expect(replayJournal(decoded.entries).state.phase.kind).toBe('ended');
  });

  it('R9, R12: a seed still sealed stops the read at its line without a key, and opens with the one that sealed it', () => {
    const text = stillOpen();
    const without = decodeJournal(text);
    expect(without.damage).toEqual({ line: 4, reason: expect.stringMatching(/sealed and no key was given/), sealed: true });
    expect(without.entries).toHaveLength(2);
    const withKey = decodeJournal(text, () => SEED);
    expect(withKey.damage).toBeNull();
    expect(withKey.entries[2]?.seeds).toEqual([SEED]);
  });

  it('R9: a seed that opens to one not matching its commitment is refused', () => {
    const decoded = decodeJournal(stillOpen(), () => 'ff'.repeat(32));
    expect(decoded.damage).toEqual({ line: 4, reason: expect.stringMatching(/does not match its commitment \(R9\)/), sealed: true });
  });

  it('R12: a line holding a sealed seed and a revealed one writes and reads back as it was', () => {
    const line: JournalLine = { at: '2026-01-01T20:00:00.000Z', command: { type: 'deal' }, seeds: [SEALED], revealed: ['ac'.repeat(32)] };
    const decoded = decodeJournal(chainedJournal('2026-01-01-83a954', [line]).text, (sealed) =>
      sealed.commitment === SEALED.commitment ? SEED : '',
    );
    expect(decoded.entries).toEqual([{ at: line.at, command: line.command, seeds: [SEED] }]);
  });
});
