import { describe, expect, it } from 'vitest';
import { commitmentOf, dealtOrder } from './cards';

/** docs/rules.md's test vector for R10-R11: seed = the bytes 00 01 ... 1f. */
const SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');

describe('the checker redoes the provable deck on its own', () => {
  it('R9: the commitment is sha256(seed)', () => {
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('R10, R11: the test vector, 1 deck cut 0 and cut 17, 2 decks cut 0', () => {
    expect(dealtOrder(SEED, 1, 0).slice(0, 12).join(' ')).toBe('AS 7S TC 7C TS 5S JC QC AC 3C 2D JD');
    expect(dealtOrder(SEED, 1, 17).slice(0, 12).join(' ')).toBe('3D 8S 4D 9S 2S 6H KH QD KC 3H 2C AH');
    expect(dealtOrder(SEED, 2, 0).slice(0, 12).join(' ')).toBe('5H 5S 6C AS 9H AD TH 9C 7C 5D 8S 4H');
  });

  it('R1, R10: n decks shuffle 52 x n cards, each card n times', () => {
    const cards = dealtOrder(SEED, 3, 5);
    expect(cards).toHaveLength(156);
    expect(new Set(cards).size).toBe(52);
  });
});
