import { describe, expect, it } from 'vitest';
import { SETTING_VALUES, matrixNight } from './lib/nightMatrix';
import { checkSimulatedNights, describeFindings } from './lib/checkedNights';

/**
 * Simulated nights 0-999 of 2,000 (the other half in checkNightMatrix2.test.ts, so the two
 * run side by side): 3-12 players, 20-120 turns, every value of every house
 * setting, cash and credit, every host action, one night in 4 drawn by the
 * table with simulated phones (R34); the night checker (src/checker)
 * finds nothing in any of them.
 */
describe('the night checker on simulated nights (1 of 2)', () => {
  it('R1-R34, M1-M4: 1000 nights over every house setting re-judged from the rules: no findings', () => {
    const result = checkSimulatedNights(0, 1000);
    expect(result.withFindings.length, describeFindings(result)).toBe(0);
    // R21: every host action is recorded (export version 4): nothing is left "cannot check".
    expect(result.cannotCheck, describeFindings(result)).toEqual({});
  }, 1_800_000);

  it('the nights cover every value of every setting, 3 to 12 players, cash and credit', () => {
    const nights = Array.from({ length: 2000 }, (_, i) => matrixNight(i));
    for (const [name, values] of Object.entries(SETTING_VALUES)) {
      for (const value of values)
        expect(
          nights.some((n) => (n.rules as Record<string, unknown>)[name] === value),
          `${name} ${String(value)}`,
        ).toBe(true);
    }
    expect(new Set(nights.map((n) => n.players))).toEqual(new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect(new Set(nights.map((n) => n.payment))).toEqual(new Set(['cash', 'credit']));
    expect(Math.min(...nights.map((n) => n.turns))).toBeGreaterThanOrEqual(20);
    expect(Math.max(...nights.map((n) => n.turns))).toBeLessThanOrEqual(120);
  });

  it('R34: at least 500 of the 2,000 nights are drawn by the table with simulated phones helping deal', () => {
    const nights = Array.from({ length: 2000 }, (_, i) => matrixNight(i));
    const withPhones = nights.filter((n) => n.rules.cards === 'table' && n.phones);
    expect(withPhones.length).toBeGreaterThanOrEqual(500);
    expect(new Set(withPhones.map((n) => n.rules.anteWhen))).toEqual(new Set(['empty-pot', 'every-deal']));
  });
});
