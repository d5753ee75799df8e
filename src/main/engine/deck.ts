import { createHash } from 'node:crypto';
import { CARDS_PER_DECK, cardAtCanonicalIndex, type CardCode } from '../../shared/cards';

/**
 * The provable deck of RULES.md R9-R12. Everything here is a pure function of
 * the seed, the number of deck copies and the cut, so anyone with the revealed
 * seed can redo it with any SHA-256 tool.
 */

export const SEED_BYTES = 32;
const SEED_HEX = /^[0-9a-f]{64}$/;

export function isSeedHex(value: string): boolean {
  return SEED_HEX.test(value);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** R9: the commitment shown before the cut is sha256(seed). */
export function commitmentOf(seedHex: string): string {
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

/** R2 with n decks: canonical order, deck copies in sequence. */
export function canonicalDeck(copies: number): CardCode[] {
  const cards: CardCode[] = [];
  for (let i = 0; i < copies * CARDS_PER_DECK; i++) cards.push(cardAtCanonicalIndex(i));
  return cards;
}

/**
 * R10's random integers: the byte stream sha256(seed || u32be(0)) ||
 * sha256(seed || u32be(1)) || ..., read 4 bytes at a time, big-endian, with
 * rejection sampling so every value in [0, m) is equally likely.
 */
export class SeedStream {
  private readonly seed: Buffer;
  private block: Buffer = Buffer.alloc(0);
  private blockIndex = 0;
  private offset = 0;

  constructor(seedHex: string) {
    this.seed = Buffer.from(seedHex, 'hex');
  }

  private nextUint32(): number {
    if (this.offset + 4 > this.block.length) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(this.blockIndex++);
      this.block = createHash('sha256').update(this.seed).update(counter).digest();
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A uniform integer in [0, m). */
  below(m: number): number {
    const limit = Math.floor(2 ** 32 / m) * m;
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % m;
    }
  }
}

/** R10: Fisher-Yates from the canonical order; position 0 is the top card. */
export function shuffledDeck(seedHex: string, copies: number): CardCode[] {
  const cards = canonicalDeck(copies);
  const stream = new SeedStream(seedHex);
  for (let i = cards.length - 1; i >= 1; i--) {
    const j = stream.below(i + 1);
    const swap = cards[i] as CardCode;
    cards[i] = cards[j] as CardCode;
    cards[j] = swap;
  }
  return cards;
}

/** R11: the deck becomes deck[c..] + deck[..c]. */
export function cutDeck(cards: readonly CardCode[], cut: number): CardCode[] {
  return [...cards.slice(cut), ...cards.slice(0, cut)];
}

/** The order a deck is dealt in, from what the history keeps (R12). */
export function dealtOrder(seedHex: string, copies: number, cut: number | null): CardCode[] {
  const cards = shuffledDeck(seedHex, copies);
  return cut === null ? cards : cutDeck(cards, cut);
}
