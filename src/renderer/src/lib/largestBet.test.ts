import { describe, expect, it } from 'vitest';
import { largestBet } from './largestBet';

describe('what P bets, as the console names it', () => {
  it('R17: the pot when the player holds at least the pot and no house limit is under it', () => {
    expect(largestBet({ min: 1, max: 8, cap: null }, 8)).toEqual({ kind: 'pot' });
  });

  it('R17: the player’s own chips when they are fewer than the pot (P bets 6 of a pot of 8, not "the pot")', () => {
    expect(largestBet({ min: 1, max: 6, cap: null }, 8)).toEqual({ kind: 'largest', max: 6 });
  });

  it('R27: a house limit under the pot', () => {
    expect(largestBet({ min: 1, max: 10, cap: 'max-bet' }, 30)).toEqual({ kind: 'largest', max: 10 });
  });
});
