import { sha256 } from './hash';

/** R2: ranks low to high, suits in canonical order. */
const RANKS = '23456789TJQKA';
const SUITS = 'CDHS';

/** R1: numeric rank 2..14, the ace high (14). */
export function rankValue(card: string): number {
  return RANKS.indexOf(card[0] ?? '') + 2;
}

export function rankLetter(card: string): string {
  return card[0] ?? '';
}

/** R2, R10: `copies` decks in canonical order, one after another. */
export function canonicalOrder(copies: number): string[] {
  const cards: string[] = [];
  for (let copy = 0; copy < copies; copy++) for (const suit of SUITS) for (const rank of RANKS) cards.push(rank + suit);
  return cards;
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** R10: uniform integers from sha256(seed || u32be(0)) || sha256(seed || u32be(1)) || ..., 4 bytes at a time. */
class SeedIntegers {
  private readonly input: Uint8Array;
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private index = 0;

  constructor(seed: Uint8Array) {
    this.input = new Uint8Array(seed.length + 4);
    this.input.set(seed);
  }

  private nextWord(): number {
    if (this.offset >= this.block.length) {
      const at = this.input.length - 4;
      new DataView(this.input.buffer).setUint32(at, this.index++);
      this.block = sha256(this.input);
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    return (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>> 0;
  }

  below(m: number): number {
    const limit = Math.floor(2 ** 32 / m) * m;
    for (;;) {
      const x = this.nextWord();
      if (x < limit) return x % m;
    }
  }
}

/** R10 then R11: the order the cards are dealt in, position 0 on top. */
export function dealtOrder(seedHex: string, copies: number, cut: number | null): string[] {
  const cards = canonicalOrder(copies);
  const stream = new SeedIntegers(hexToBytes(seedHex));
  for (let i = cards.length - 1; i >= 1; i--) {
    const j = stream.below(i + 1);
    const swap = cards[i] as string;
    cards[i] = cards[j] as string;
    cards[j] = swap;
  }
  return cut ? [...cards.slice(cut), ...cards.slice(0, cut)] : cards;
}

export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}
