import { hash } from 'node:crypto';
import { CARDS_PER_DECK, cardAtCanonicalIndex, type CardCode } from '../../shared/cards';
import { sha256Hex } from '../../shared/sha256';
import { SHA256_ONE_BLOCK_MAX, sha256OneBlock } from './sha256';

/**
 * The provable deck of docs/rules.md R9-R12. Everything here is a pure function of
 * the seed, the number of deck copies and the cut, so anyone with the revealed
 * seed can redo it with any SHA-256 tool.
 */

export const SEED_BYTES = 32;
const SEED_HEX = /^[0-9a-f]{64}$/;

export function isSeedHex(value: string): boolean {
  return SEED_HEX.test(value);
}

/** R9: the commitment shown before the cut is sha256(seed). */
export function commitmentOf(seedHex: string): string {
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

/** Value of each lowercase hex digit by character code; -1 for any other character. */
const HEX_DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) HEX_DIGIT_VALUE[digit.toString(16).charCodeAt(0)] = digit;

/**
 * The 32 bytes of a seed written as isSeedHex wants it, followed by `spare`
 * zero bytes; null for anything else. One pass that both checks and decodes,
 * as every shuffle does both.
 */
export function seedBytesOf(value: string, spare = 0): Uint8Array | null {
  // typeof: the type says string, but a command from outside may carry anything.
  if (typeof value !== 'string' || value.length !== SEED_BYTES * 2) return null;
  const bytes = new Uint8Array(SEED_BYTES + spare);
  for (let i = 0; i < SEED_BYTES; i++) {
    const high = HEX_DIGIT_VALUE[value.charCodeAt(2 * i)] ?? -1;
    const low = HEX_DIGIT_VALUE[value.charCodeAt(2 * i + 1)] ?? -1;
    if (high < 0 || low < 0) return null;
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** R2 with n decks: canonical order, deck copies in sequence. */
export function canonicalDeck(copies: number): CardCode[] {
  let cards = canonicalDecks.get(copies);
  if (!cards) {
    cards = [];
    for (let i = 0; i < copies * CARDS_PER_DECK; i++) cards.push(cardAtCanonicalIndex(i));
    canonicalDecks.set(copies, cards);
  }
  return cards.slice();
}

/** Built once per number of copies: every shuffle starts from one. Never handed out, only copies of it. */
const canonicalDecks = new Map<number, CardCode[]>();

/** Writes sha256(message) into `digest` as 8 big-endian words. */
export type BlockHash = (message: Uint8Array, digest: Uint32Array) => void;

/** node:crypto's SHA-256: what the fairness check re-derives decks with, independent of the dealer's. */
export const opensslBlockHash: BlockHash = (message, digest) => {
  const bytes = hash('sha256', message, 'buffer');
  for (let i = 0; i < 8; i++) digest[i] = bytes.readUInt32BE(i * 4);
};

/**
 * R10's random integers: the byte stream sha256(seed || u32be(0)) ||
 * sha256(seed || u32be(1)) || ..., read 4 bytes at a time, big-endian, with
 * rejection sampling so every value in [0, m) is equally likely.
 * @internal exported for tests only
 */
export class SeedStream {
  /** seed || u32be(k): the counter at the end is rewritten for each block. */
  private readonly input: Uint8Array;
  /** The current block, sha256(input), as 8 big-endian words. */
  private readonly block = new Uint32Array(8);
  private blockIndex = 0;
  /** Words of the current block already read: 8 means a new block is due. */
  private offset = 8;

  constructor(
    seedHex: string,
    /** Default: the dealer's own SHA-256 for a 32-byte seed (sha256.ts), node:crypto for anything longer. */
    private readonly hashBlock?: BlockHash,
  ) {
    // Any other string still makes a stream, of the bytes Buffer reads from it.
    this.input = seedBytesOf(seedHex, 4) ?? Buffer.concat([Buffer.from(seedHex, 'hex'), Buffer.alloc(4)]);
  }

  private nextUint32(): number {
    if (this.offset === 8) {
      const input = this.input;
      const at = input.length - 4;
      const k = this.blockIndex++;
      input[at] = k >>> 24;
      input[at + 1] = k >>> 16;
      input[at + 2] = k >>> 8;
      input[at + 3] = k;
      if (this.hashBlock) this.hashBlock(input, this.block);
      else if (input.length <= SHA256_ONE_BLOCK_MAX) sha256OneBlock(input, this.block);
      else opensslBlockHash(input, this.block);
      this.offset = 0;
    }
    return this.block[this.offset++] as number;
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
export function shuffledDeck(seedHex: string, copies: number, hashBlock?: BlockHash): CardCode[] {
  const cards = canonicalDeck(copies);
  const stream = new SeedStream(seedHex, hashBlock);
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
  return cards.slice(cut).concat(cards.slice(0, cut));
}

/** The order a deck is dealt in, from what the history keeps (R12). */
export function dealtOrder(seedHex: string, copies: number, cut: number | null, hashBlock?: BlockHash): CardCode[] {
  const cards = shuffledDeck(seedHex, copies, hashBlock);
  return cut === null ? cards : cutDeck(cards, cut);
}
