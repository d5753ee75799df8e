/**
 * Cards as docs/rules.md R1-R2 write them: rank + suit, e.g. `TC` is the ten of
 * clubs. Suits never matter to the rules; they are kept so that the table can
 * show the real card and anyone can check the deck (R12).
 */

/** @internal exported for tests only */
export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

/**
 * Rank letters in R2 order, index 0 is the 2 and index 12 the ace.
 * @internal exported for tests only
 */
export const RANK_LETTERS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
type RankLetter = (typeof RANK_LETTERS)[number];

/** A card code such as `AS` or `TC`. */
export type CardCode = `${RankLetter}${Suit}`;

export const CARDS_PER_DECK = 52;
/** Numeric rank of the ace when it counts high (R1); 2 is the lowest rank. */
export const ACE_HIGH = 14;
/** Numeric rank of an ace called low (R1, setting `aceLowChoice`). */
export const ACE_LOW = 1;

const CARD_PATTERN = /^[2-9TJQKA][CDHS]$/;

export function isCardCode(value: string): value is CardCode {
  return CARD_PATTERN.test(value);
}

/** Rank by the character code of a rank letter, 0 for any other character: rankOf runs for every card the odds count. */
const RANK_BY_CHAR_CODE = new Uint8Array(128);
RANK_LETTERS.forEach((letter, i) => {
  RANK_BY_CHAR_CODE[letter.charCodeAt(0)] = i + 2;
});

/** Numeric rank 2..14 of a card code (ace high). */
export function rankOf(card: CardCode): number {
  return RANK_BY_CHAR_CODE[card.charCodeAt(0)] || Number.NaN;
}

export function suitOf(card: CardCode): Suit {
  return card[1] as Suit;
}

/** The card at a canonical deck index (R2): index = suit * 13 + (rank - 2). */
export function cardAtCanonicalIndex(index: number): CardCode {
  const inDeck = index % CARDS_PER_DECK;
  const suit = SUITS[Math.floor(inDeck / 13)];
  const rank = RANK_LETTERS[inDeck % 13];
  if (suit === undefined || rank === undefined) throw new RangeError(`no card at index ${index}`);
  return `${rank}${suit}`;
}

/** How a rank is said on the table: 2..10, J, Q, K, A. */
export function rankLabel(card: CardCode): string {
  const letter = card[0] as RankLetter;
  return letter === 'T' ? '10' : letter;
}
