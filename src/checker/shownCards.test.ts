import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from './checkNight';
import { fixtureNight, type Card, type FixtureExport as Export } from './testing/fixtureNight';

/**
 * R35 `shown`: the signed night of record.test.ts, its journal written again as a laptop that records the cards each
 * line turned (testing/fixtureNight.ts), chained and signed by a key of the test's own listed for that laptop.
 */
const fixture = readFileSync(new URL('./fixtures/signed-night.json', import.meta.url), 'utf8');
const withShown = (change?: Parameters<typeof fixtureNight>[2]) => fixtureNight(fixture, null, change);

const violations = (findings: Finding[]) => findings.filter((f) => f.kind === 'violation');

describe('R35: the cards the record shows', () => {
  it('R35: a signed night whose lines show their cards checks clean (the cards are in the chain and signed)', () => {
    const exp = withShown();
    expect(exp.record.journal).toContain('"shown":["');
    expect(checkNight(exp)).toEqual([]);
  });

  it('R35: a forged shown card on a revealed deck, signed by the laptop itself, differs from the deck’s dealt order', () => {
    let forgedAt = -1;
    const exp = withShown((facts, index) => {
      if (forgedAt < 0 && facts.command.type === 'bet' && facts.shown?.[0] !== 'AS') {
        forgedAt = index;
        facts.shown = ['AS'];
      }
    });
    const found = violations(checkNight(exp));
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: expect.stringMatching(
          new RegExp(
            `^deck play-\\d+ card \\d+ by its seed and cut \\(R10, R11\\) [2-9TJQKA][CDHS]; the line shows AS \\(line ${forgedAt + 2} of the record, signed by Simulated laptop`,
          ),
        ),
      }),
    ]);
  });

  it('R35: an export whose card differs from the one its line shows: the deck walk says R10, the record says R35', () => {
    const exp = withShown();
    const turn = exp.turns.find((t) => t.cards.length === 3) as Export['turns'][number];
    const third = turn.cards[2] as Card;
    third.card = third.card === 'AS' ? 'KS' : 'AS';
    const rules = violations(checkNight(exp)).map((f) => f.rule);
    expect(rules).toContain('R10');
    expect(rules).toContain('R35');
  });

  it('R35: a deck marked lost in an export whose record holds its seed and no take-over', () => {
    const exp = withShown();
    const deck = exp.decks[3] as Export['decks'][number];
    deck.seed = null;
    deck.unrevealed = 'unrevealed: its laptop was lost (R35)';
    deck.shown = exp.turns
      .flatMap((t) => t.cards)
      .filter((c) => c.deck === deck.id)
      .map((c) => c.card);
    const found = violations(checkNight(exp));
    expect(found.every((f) => f.rule === 'R35')).toBe(true);
    expect(found.some((f) => f.expected.startsWith(`deck ${deck.id}'s seed, revealed (not lost)`))).toBe(true);
    expect(found.some((f) => f.expected.startsWith('decks lost with their laptop (one at most per take-over)'))).toBe(true);
  });
});
