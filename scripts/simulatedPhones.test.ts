import { describe, expect, it } from 'vitest';
import { checkNight } from '../src/checker';
import { LAPTOP_WITNESS } from '../src/shared/tableDraw';
import { matrixNight } from './lib/nightMatrix';
import { simulateNight } from './lib/simulation';

/** A few of the matrix's table nights (R34) with simulated phones, played again and read as the checker reads them. */
function phoneNights() {
  return [3, 7, 11, 15, 19].map((i) => {
    const exported = simulateNight({ ...matrixNight(i), hostMoves: 'every' });
    return JSON.parse(JSON.stringify(exported)) as typeof exported;
  });
}

describe('simulated phones helping deal (R34)', () => {
  const nights = phoneNights();
  const shoes = nights.flatMap((n) => n.table?.shoes ?? []);
  const draws = nights.flatMap((n) => n.table?.draws ?? []);
  const changes = shoes.flatMap((s) => s.witnessChanges ?? []);

  it('R34 Who was asked: phones join late, are dropped after 3 missed draws, leave and come back, and the record says so', () => {
    expect(nights.every((n) => n.rules.cards === 'table')).toBe(true);
    expect(new Set(changes.map((c) => c.change))).toEqual(new Set(['joined', 'dropped', 'left', 'came-back']));
    // Late: after the night's first cards.
    expect(changes.some((c) => c.change === 'joined' && c.afterDraw > 0)).toBe(true);
  });

  it('R34: phones reveal values the draws count, and miss some', () => {
    expect(draws.some((d) => d.reveals.some((r) => r.id !== LAPTOP_WITNESS))).toBe(true);
    expect(draws.some((d) => d.missing.length > 0)).toBe(true);
  });

  it('R34 Chains that run out: a phone whose short chain is spent joins again as a new witness', () => {
    // At most 3 phones at a time: more witnesses joined on one night means spent chains replaced.
    const joinedPerNight = nights.map(
      (n) =>
        new Set(
          (n.table?.shoes ?? [])
            .flatMap((s) => s.witnessChanges ?? [])
            .filter((c) => c.change === 'joined')
            .map((c) => c.witness),
        ).size,
    );
    expect(Math.max(...joinedPerNight)).toBeGreaterThan(3);
  });

  it('R1-R34: the night checker finds nothing on these nights and nothing it cannot check', () => {
    expect(nights.flatMap((n) => checkNight(n).map((f) => `${f.kind} ${f.rule} turn ${f.turn}: ${f.expected} / ${f.found}`))).toEqual([]);
  });
});
