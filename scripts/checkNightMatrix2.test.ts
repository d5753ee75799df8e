import { describe, expect, it } from 'vitest';
import { checkSimulatedNights, describeFindings } from './lib/checkedNights';

/**
 * Simulated nights 1000-1999 of 2,000 (the other half in checkNightMatrix1.test.ts, so the two
 * run side by side): 3-12 players, 20-120 turns, every value of every house
 * setting, cash and credit, every host action, one night in 4 drawn by the
 * table with simulated phones (R34); the night checker (src/checker)
 * finds nothing in any of them.
 */
describe('the night checker on simulated nights (2 of 2)', () => {
  it('R1-R34, M1-M4: 1000 nights over every house setting re-judged from the rules: no findings', () => {
    const result = checkSimulatedNights(1000, 2000);
    expect(result.withFindings.length, describeFindings(result)).toBe(0);
    // R21: every host action is recorded (export version 4): nothing is left "cannot check".
    expect(result.cannotCheck, describeFindings(result)).toEqual({});
  }, 1_800_000);
});
