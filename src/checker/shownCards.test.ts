import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from './checkNight';
import { Journal, laptop, type LineFacts } from './testing/journal';

/**
 * R35 `shown`: the signed night of record.test.ts, its journal written again as a laptop that records the cards each
 * line turned (the draw line the draw's cards, a deal line the posts, a bet line the third card), chained and signed
 * here by a key of the test's own listed for that laptop.
 */
interface Card {
  deck: string;
  card: string;
}
interface Export {
  night: { id: string };
  draw: Card[];
  turns: { n: number; bet: number | null; cards: Card[] }[];
  decks: { id: string; seed: string | null; lost?: boolean }[];
  record: { journal: string; laptops: { laptopId: string; name: string; publicKey: string }[] };
}

const fixture = readFileSync(new URL('./fixtures/signed-night.json', import.meta.url), 'utf8');

/** The fixture with `shown` on every line that turned cards, `change` applied to each line's facts first. */
function withShown(change: (facts: LineFacts, index: number) => void = () => {}): Export {
  const exp = JSON.parse(fixture) as Export;
  const signer = { ...laptop('Simulated laptop', 7), laptopId: exp.record.laptops[0]?.laptopId as string };
  const journal = new Journal(exp.night.id);
  const turns = [...exp.turns].sort((a, b) => a.n - b.n);
  let turn = -1;
  const texts = exp.record.journal.split('\n').slice(1, -1);
  texts.forEach((text, index) => {
    const line = JSON.parse(text) as LineFacts & { [key: string]: unknown };
    if ('signed' in line) return;
    const facts: LineFacts = { command: line.command, epoch: line.epoch as number };
    if (line.at !== undefined) facts.at = line.at;
    if (line.seeds) facts.seeds = line.seeds;
    const type = line.command.type;
    if (type === 'draw') facts.shown = exp.draw.map((c) => c.card);
    if (type === 'deal') {
      const t = turns[++turn];
      const cards = (t?.cards ?? []).map((c) => c.card);
      facts.shown = t?.bet !== null ? cards.slice(0, -1) : cards;
    }
    if (type === 'bet') facts.shown = (turns[turn]?.cards ?? []).slice(-1).map((c) => c.card);
    change(facts, index);
    journal.add(facts);
  });
  journal.sign(signer);
  exp.record = { journal: journal.text(), laptops: [{ laptopId: signer.laptopId, name: signer.name, publicKey: signer.publicKey }] };
  return exp;
}

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
    deck.lost = true;
    const found = violations(checkNight(exp));
    expect(found.every((f) => f.rule === 'R35')).toBe(true);
    expect(found.some((f) => f.expected.startsWith(`deck ${deck.id}'s seed, revealed (not lost)`))).toBe(true);
    expect(found.some((f) => f.expected.startsWith('decks lost with their laptop (one at most per take-over)'))).toBe(true);
  });
});
