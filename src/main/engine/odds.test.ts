import { describe, expect, it } from 'vitest';
import { dealtOrder } from './deck';
import { deckOddsBetween, oddsBetween } from './odds';
import { seedFor } from './testing/kit';

describe('R25: the odds of the deck in play', () => {
  it('are those of the cards still in it, at every position, for 1 to 4 decks, an ace called low included', () => {
    const posts: [number, number][] = [
      [1, 14],
      [1, 2],
      [1, 5],
      [2, 14],
      [3, 11],
      [5, 9],
      [7, 7],
      [7, 8],
      [13, 14],
      [2, 3],
    ];
    for (const copies of [1, 2, 3, 4]) {
      for (const cut of [0, 17]) {
        const cards = dealtOrder(seedFor(`odds-${copies}-${cut}`), copies, cut);
        for (let position = 0; position <= cards.length; position++) {
          for (const [low, high] of posts) {
            expect(deckOddsBetween(low, high, { cards, position, copies })).toEqual(oddsBetween(low, high, cards.slice(position)));
          }
        }
      }
    }
  });
});
