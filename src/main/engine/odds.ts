import { ACE_HIGH, rankOf, type CardCode } from '../../shared/cards';
import { canonicalDeck } from './deck';
import type { DeckState } from './state';
import type { Odds } from '../../shared/view';

/**
 * R25: the exact chance that the next card falls strictly between the posts,
 * counted from the cards still in the deck (not a fresh-deck estimate).
 * `low` and `high` are numeric ranks; an ace called low counts as 1 (R1).
 */
export function oddsBetween(low: number, high: number, remaining: readonly CardCode[]): Odds {
  let winners = 0;
  for (const card of remaining) {
    const rank = rankOf(card);
    if (rank > low && rank < high) winners++;
  }
  return { winners, remaining: remaining.length };
}

/**
 * R25's odds for the deck in play: `oddsBetween` over its cards from
 * `position` on, counted from whichever part is shorter. A deck is always
 * `copies` whole decks in some order (R2, R10, R11: only shuffledDeck and
 * cutDeck make one), so the winners still in it are also those of the whole
 * deck less those already turned.
 */
export function deckOddsBetween(low: number, high: number, deck: Pick<DeckState, 'cards' | 'position' | 'copies'>): Odds {
  const { cards, position } = deck;
  const remaining = Math.max(0, cards.length - position);
  if (position <= remaining && Number.isInteger(low) && Number.isInteger(high)) {
    const whole = wholeDeckRanks(deck.copies);
    if (whole.size === cards.length) {
      let turned = 0;
      for (let i = 0; i < position; i++) {
        const rank = rankOf(cards[i] as CardCode);
        if (rank > low && rank < high) turned++;
      }
      return { winners: whole.countBetween(low, high) - turned, remaining };
    }
  }
  let winners = 0;
  for (let i = position; i < cards.length; i++) {
    const rank = rankOf(cards[i] as CardCode);
    if (rank > low && rank < high) winners++;
  }
  return { winners, remaining };
}

/** How many cards of each rank a whole deck of `copies` holds, counted once from the canonical deck. */
class WholeDeckRanks {
  /** atMost[r]: cards of rank r or lower (ranks run 2..14; an ace called low is 1). */
  private readonly atMost: number[];

  constructor(
    readonly size: number,
    cards: readonly CardCode[],
  ) {
    const byRank = new Array<number>(ACE_HIGH + 1).fill(0);
    for (const card of cards) byRank[rankOf(card)] = (byRank[rankOf(card)] ?? 0) + 1;
    let sum = 0;
    this.atMost = byRank.map((count) => (sum += count));
  }

  /** Cards ranked strictly between `low` and `high` (whole numbers). */
  countBetween(low: number, high: number): number {
    if (high - low < 2) return 0;
    return this.below(high) - this.atOrBelow(low);
  }

  private atOrBelow(rank: number): number {
    if (rank < 0) return 0;
    return this.atMost[Math.min(rank, ACE_HIGH)] ?? 0;
  }

  private below(rank: number): number {
    return this.atOrBelow(rank - 1);
  }
}

const wholeDecks = new Map<number, WholeDeckRanks>();

function wholeDeckRanks(copies: number): WholeDeckRanks {
  let whole = wholeDecks.get(copies);
  if (!whole) {
    const cards = canonicalDeck(copies);
    whole = new WholeDeckRanks(cards.length, cards);
    wholeDecks.set(copies, whole);
  }
  return whole;
}

/**
 * R29: the chance for a pair called higher or lower: cards still in the deck
 * of a rank strictly beyond the pair in the called direction, out of the
 * cards remaining (aces count high).
 */
export function oddsBeyond(rank: number, call: 'higher' | 'lower', deck: Pick<DeckState, 'cards' | 'position'>): Odds {
  const { cards, position } = deck;
  let winners = 0;
  for (let i = position; i < cards.length; i++) {
    const other = rankOf(cards[i] as CardCode);
    if (call === 'higher' ? other > rank : other < rank) winners++;
  }
  return { winners, remaining: Math.max(0, cards.length - position) };
}
