import { describe, expect, it } from 'vitest';
import type { NightSummary } from './schemas';
import { cutBelowListedSize, fewerTurnsThanListed } from './shortJournal';

const line = (over: Partial<NightSummary> = {}): NightSummary => ({
  id: 'n1',
  startedAt: '2026-01-01T20:00:00.000Z',
  endedAt: '2026-01-01T23:00:00.000Z',
  playerIds: ['a', 'b'],
  turns: 40,
  biggestPot: 9,
  winnerIds: ['a'],
  results: [],
  chipValue: 25,
  currency: 'EUR',
  file: 'nights/n1',
  carriedOut: 0,
  ...over,
});

describe('a journal cut short is told from the index line it was made for', () => {
  it('smaller than the size the line recorded: cut short, known without reading it', () => {
    expect(cutBelowListedSize(line({ journalBytes: 4000 }), 2000)).toBe(true);
    // A journal that grew (expenses after the end, a reopening) is not.
    expect(cutBelowListedSize(line({ journalBytes: 4000 }), 4100)).toBe(false);
    expect(cutBelowListedSize(undefined, 10)).toBe(false);
  });

  it('a line too old to record a size: fewer turns, or an ended night no longer ended', () => {
    expect(fewerTurnsThanListed(line(), line({ turns: 20 }))).toBe(true);
    expect(fewerTurnsThanListed(line(), line({ endedAt: null }))).toBe(true);
    expect(fewerTurnsThanListed(line(), line())).toBe(false);
    // Once the size is known, a voided turn (R21) lowering the count is no sign of damage.
    expect(fewerTurnsThanListed(line({ journalBytes: 4000 }), line({ turns: 39 }))).toBe(false);
  });
});
