import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from './checkNight';
import { fixtureNight } from './testing/fixtureNight';

/**
 * R35: a whole night moved from one laptop to another, judged as one night: the signed night of record.test.ts moved
 * between two deals (testing/fixtureNight.ts), handed over or taken over, its record chained and signed by both laptops.
 */
const fixture = readFileSync(new URL('./fixtures/signed-night.json', import.meta.url), 'utf8');
const violations = (findings: Finding[]) => findings.filter((f) => f.kind === 'violation');

/** Night line 10 ends the first deal (the deck play-2 still in play: the next deal retires it). */
const BETWEEN_DEALS = 10;

describe('R35: a night moved between two laptops, judged across the move', () => {
  it('R35: handed over between deals: the deck retired with its seed, stacks and seats carried over, nothing to report', () => {
    const exp = fixtureNight(fixture, { kind: 'hand-over', after: BETWEEN_DEALS });
    expect(exp.record.laptops).toHaveLength(2);
    expect(checkNight(exp)).toEqual([]);
  });

  it('R35: taken over between deals: the deck in play lost unrevealed, its cards the ones shown; said once as not checkable', () => {
    const exp = fixtureNight(fixture, { kind: 'take-over', after: BETWEEN_DEALS });
    expect(exp.decks[1]).toEqual(
      expect.objectContaining({ id: 'play-2', seed: null, unrevealed: 'unrevealed: its laptop was lost (R35)', shown: expect.any(Array) }),
    );
    const found = checkNight(exp);
    expect(violations(found)).toEqual([]);
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'R35',
        kind: 'cannot-check',
        expected: expect.stringContaining('deck play-2 was lost with its laptop'),
      }),
    ]);
  });

  it('R35: a card of the lost deck that no line showed', () => {
    // The bet line of turn 4 (night line 10) shows nothing: its third card, QC of play-2, is a card no line showed.
    const exp = fixtureNight(fixture, { kind: 'take-over', after: BETWEEN_DEALS }, (facts, index) => {
      if (index === 9) delete facts.shown;
    });
    const found = violations(checkNight(exp));
    expect(found).toContainEqual(
      expect.objectContaining({
        rule: 'R35',
        expected: expect.stringContaining('deck play-2 (lost with its laptop, unrevealed) card 11: only a card a line showed, here JS'),
        found: "the export's QC",
      }),
    );
  });

  it('R35: the export marking a deck lost that the record revealed', () => {
    const handed = fixtureNight(fixture, { kind: 'hand-over', after: BETWEEN_DEALS });
    const deck = handed.decks[1] as (typeof handed.decks)[number];
    const shown = [...handed.turns.flatMap((t) => t.cards)].filter((c) => c.deck === deck.id).map((c) => c.card);
    Object.assign(deck, { seed: null, unrevealed: 'unrevealed: its laptop was lost (R35)', shown });
    const found = violations(checkNight(handed));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.rule === 'R35')).toBe(true);
    expect(found.some((f) => f.expected.startsWith("deck play-2's seed, revealed (not lost)"))).toBe(true);
    expect(found.some((f) => f.expected.startsWith('decks lost with their laptop (one at most per take-over)'))).toBe(true);
  });

  it('R35: a lost deck giving a card it never showed, in the export alone', () => {
    const exp = fixtureNight(fixture, { kind: 'take-over', after: BETWEEN_DEALS });
    const deck = exp.decks[1] as (typeof exp.decks)[number];
    deck.shown = deck.shown?.slice(0, -1);
    const found = violations(checkNight(exp));
    expect(found).toContainEqual(
      expect.objectContaining({
        rule: 'R35',
        turn: 4,
        expected: `deck play-2 (lost with its laptop, unrevealed) card 11: none: it showed 10 cards, its only cards`,
        found: 'QC',
      }),
    );
  });
});
