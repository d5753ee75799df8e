import { describe, expect, it } from 'vitest';
import { checkNight, type Finding } from '../src/checker';
import { RULE_PRESETS } from '../src/shared/settings';
import { simulateNight } from './lib/simulation';

/**
 * The night checker catches a night changed in one place: a correct export
 * (a house night with seat changes and a shared expense) is edited one fact
 * at a time, and each edit is reported under the rule it breaks.
 */
type Night = ReturnType<typeof simulateNight>;

const original: Night = simulateNight({
  seed: Buffer.from('mutations-2'),
  players: 5,
  turns: 40,
  rules: RULE_PRESETS['house-rules'],
  startingChips: 30,
  payment: 'cash',
});

function mutated(change: (night: Night) => void): Finding[] {
  const copy = JSON.parse(JSON.stringify(original)) as Night;
  change(copy);
  return checkNight(copy);
}

const rulesOf = (findings: Finding[]) => new Set(findings.map((f) => f.rule));

describe('the night checker on a night changed in one place', () => {
  it('finds nothing in the night as played (the fixture is a house night with seat changes and an expense)', () => {
    expect(checkNight(JSON.parse(JSON.stringify(original)))).toEqual([]);
    expect(original.seating?.length).toBeGreaterThan(1);
    expect(original.expenses.length).toBe(1);
  });

  it('R8: two players who swapped turns', () => {
    const turns = original.turns;
    const i = turns.findIndex(
      (t, k) => k > 0 && !t.void && !turns[k - 1]?.void && turns[k - 1]?.deal === t.deal && turns[k - 1]?.player !== t.player,
    );
    const first = turns[i - 1];
    const second = turns[i];
    if (!first || !second) throw new Error('no two turns to swap');
    const findings = mutated((night) => {
      const [a, b] = [night.turns[i - 1], night.turns[i]];
      if (!a || !b) return;
      [a.player, b.player] = [b.player, a.player];
    });
    expect(findings.some((f) => f.rule === 'R8' && f.turn === first.n && f.expected.includes(first.player))).toBe(true);
  });

  it('R4: a wrong ante', () => {
    const index = original.ledger.findIndex((e) => e.code === 'ante');
    const findings = mutated((night) => {
      const entry = night.ledger[index];
      if (entry) entry.amount += 1;
    });
    expect(rulesOf(findings)).toContain('R4');
  });

  it('M4: a wrong expense share', () => {
    const findings = mutated((night) => {
      const expense = night.expenses[0];
      if (!expense) return;
      const [a, b] = expense.sharers;
      if (a === undefined || b === undefined) return;
      const share = expense.shares[a] ?? 0;
      const other = expense.shares[b] ?? 0;
      expense.shares[a] = share === other ? share + 1 : other;
      expense.shares[b] = share === other ? other - 1 : share;
    });
    expect(findings.filter((f) => f.rule === 'M4')).toHaveLength(1);
  });

  it('R31: a wrong seating entry', () => {
    const findings = mutated((night) => {
      const last = night.seating?.at(-1);
      if (!last) return;
      const [a, b, ...rest] = last.order;
      if (a === undefined || b === undefined) return;
      last.order = [b, a, ...rest];
    });
    expect(rulesOf(findings)).toContain('R31');
  });

  it('R10: a changed card', () => {
    const i = original.turns.findIndex((t) => t.cards.length === 3);
    const findings = mutated((night) => {
      const card = night.turns[i]?.cards[2];
      if (card) card.card = card.card === '2C' ? '3C' : '2C';
    });
    expect(findings.some((f) => f.rule === 'R10' && f.turn === original.turns[i]?.n)).toBe(true);
  });

  it('R18, R24: a changed ledger amount', () => {
    const index = original.ledger.findIndex((e) => e.code === 'win' && !original.ledger.some((r) => r.reverses === e.id));
    const entry = original.ledger[index];
    const findings = mutated((night) => {
      const changed = night.ledger[index];
      if (changed) changed.amount += 1;
    });
    expect(findings.some((f) => f.rule === 'R18' && f.turn === entry?.turn)).toBe(true);
    expect(rulesOf(findings)).toContain('R24');
  });

  it('format: a file that is not an export is one finding, changing nothing', () => {
    expect(checkNight({ format: 'in-between-night/1' })).toEqual([expect.objectContaining({ rule: 'format' })]);
    expect(checkNight('not json at all')).toEqual([expect.objectContaining({ rule: 'format' })]);
  });
});
