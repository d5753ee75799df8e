import { CARDS_PER_DECK, cardAtCanonicalIndex, type CardCode } from './cards';
import { sha256Bytes, sha256Hex } from './sha256';

/**
 * Cards drawn by the table (docs/rules.md R34), as pure functions of what the
 * table shows and records: witness chains, a deal's commitment, each draw's
 * r and the card it picks from the shoe. Every function here is the whole
 * recomputation a phone or the night checker needs, so it imports nothing
 * from the app and hashes with @noble/hashes, which works where
 * `crypto.subtle` does not (a phone on a page served over plain http).
 */

/** Re-exported: a phone checking a chain takes the hash from here with the rest of R34. */
export { sha256Hex };

/** The laptop's witness id; every other witness (a phone) has its own. */
export const LAPTOP_WITNESS = '0000000000000000';
/** The shortest chain a witness may make: one link is spent per card drawn. */
export const MIN_CHAIN_LENGTH = 4096;
/** R34 *Chains that run out*: a witness with fewer values left than this at a deal's commitment starts a new chain. */
export const CHAIN_RENEW_BELOW = 1024;
/** R34 *A lost chain*: why a commitment was made in place of the one in force. */
export type ChainRestart = 'laptop-chain-lost';
/** Bytes of every chain value, head and r. */
export const LINK_BYTES = 32;
/** R34: the domain of r, hashed before the night id. */
const DRAW_DOMAIN = 'in-between/R34';
/** R34 *Chains that run out*: the domain of a witness's next chain, made from its secret. */
const CHAIN_DOMAIN = 'in-between/R34 chain';

const WITNESS_ID = /^[0-9a-f]{16}$/;
const LINK_HEX = /^[0-9a-f]{64}$/;

export function isWitnessId(value: unknown): value is string {
  return typeof value === 'string' && WITNESS_ID.test(value);
}

/** A chain value, head or r written as 64 lower-case hex characters. */
export function isLinkHex(value: unknown): value is string {
  return typeof value === 'string' && LINK_HEX.test(value);
}

/** Each byte's two hex digits, and each digit's value by character code (-1 for any other character): every link of a chain is converted both ways. */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) DIGIT_VALUE[digit.toString(16).charCodeAt(0)] = digit;

/**
 * Joined in one go, not added two digits at a time: a string built with += stays a rope of 32 pieces, about 1 KB
 * for a 64-digit link, and a witness's chain of 4,097 links kept 4 MB of them for the night. (String.fromCharCode
 * over the codes is flat too, but 20 times slower: 35 ms a chain.)
 */
export function hexOf(bytes: Uint8Array): string {
  const pairs = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) pairs[i] = BYTE_HEX[bytes[i] as number] as string;
  return pairs.join('');
}

/** Bytes of an even-length lower-case hex string; throws on anything else, so a bad record is never hashed as something else. */
export function bytesOfHex(hex: string): Uint8Array {
  const bad = () => new TypeError(`not lower-case hex bytes: ${String(hex).slice(0, 70)}`);
  if (typeof hex !== 'string' || hex.length % 2 !== 0) throw bad();
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = DIGIT_VALUE[hex.charCodeAt(2 * i)] ?? -1;
    const low = DIGIT_VALUE[hex.charCodeAt(2 * i + 1)] ?? -1;
    if (high < 0 || low < 0) throw bad();
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0x7f);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function u32be(n: number): Uint8Array {
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

// ---------------------------------------------------------------- Chains

/**
 * A witness's whole chain from its secret x(w,L): element i is x(w,i), so
 * element 0 is the first head and element i is the i-th value revealed.
 */
export function chainFrom(secret: Uint8Array, length: number): string[] {
  if (secret.length !== LINK_BYTES) throw new RangeError(`a chain starts from ${LINK_BYTES} bytes, not ${secret.length}`);
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`a chain has at least one link, not ${length}`);
  const links: string[] = new Array<string>(length + 1);
  let value = secret;
  links[length] = hexOf(value);
  for (let i = length - 1; i >= 0; i--) {
    value = sha256Bytes(value);
    links[i] = hexOf(value);
  }
  return links;
}

/** A reveal is accepted only if sha256(reveal) is the witness's head (R34). */
/**
 * The starting value of a witness's chain number `index` made from one
 * secret (R34 *Chains that run out*): the secret itself for chain 0, else
 * sha256("in-between/R34 chain" || u32be(index) || secret), as unpredictable
 * as the secret, so a witness keeps one secret for a night of any length.
 */
export function chainSecret(secret: Uint8Array, index: number): Uint8Array {
  if (index === 0) return secret;
  return sha256Bytes(concat([ascii(CHAIN_DOMAIN), u32be(index), secret]));
}

export function revealMatches(head: string, reveal: string): boolean {
  return isLinkHex(head) && isLinkHex(reveal) && sha256Hex(bytesOfHex(reveal)) === head;
}

// ---------------------------------------------------------------- The commitment

export interface WitnessHead {
  id: string;
  head: string;
}

const byId = <T extends { id: string }>(items: readonly T[]): T[] => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The deal's commitment: its witnesses' heads sorted by id, and sha256(id1 || head1 || id2 || head2 || ...) (ids in ASCII). */
export function commitmentOf(heads: readonly WitnessHead[]): { heads: WitnessHead[]; fingerprint: string } {
  const sorted = byId(heads);
  const fingerprint = sha256Hex(concat(sorted.flatMap(({ id, head }) => [ascii(id), bytesOfHex(head)])));
  return { heads: sorted.map(({ id, head }) => ({ id, head })), fingerprint };
}

// ---------------------------------------------------------------- A draw

export interface WitnessReveal {
  id: string;
  value: string;
}

/** r for the night's k-th drawn card: sha256("in-between/R34" || night id || u32be(k) || id1 || v1 || ...), witnesses sorted by id. */
export function drawHash(nightId: string, k: number, reveals: readonly WitnessReveal[]): string {
  if (!Number.isInteger(k) || k < 1 || k > 0xffffffff) throw new RangeError(`draws are numbered from 1, not ${k}`);
  const parts = [ascii(DRAW_DOMAIN), ascii(nightId), u32be(k)];
  for (const { id, value } of byId(reveals)) parts.push(ascii(id), bytesOfHex(value));
  return sha256Hex(concat(parts));
}

/**
 * j in [0, m) from r, exactly as R10 draws an integer: the byte stream
 * sha256(r || u32be(0)) || sha256(r || u32be(1)) || ..., read 4 bytes at a
 * time big-endian, rejecting x >= floor(2^32 / m) * m.
 * @internal exported for tests only
 */
export function indexFromDraw(r: string, m: number): number {
  if (!Number.isInteger(m) || m < 1) throw new RangeError(`a draw needs at least one card, not ${m}`);
  const input = concat([bytesOfHex(r), new Uint8Array(4)]);
  const at = input.length - 4;
  const limit = Math.floor(2 ** 32 / m) * m;
  for (let block = 0; ; block++) {
    input.set(u32be(block), at);
    const digest = sha256Bytes(input);
    for (let word = 0; word < 8; word++) {
      const o = word * 4;
      const x =
        (((digest[o] as number) << 24) |
          ((digest[o + 1] as number) << 16) |
          ((digest[o + 2] as number) << 8) |
          (digest[o + 3] as number)) >>>
        0;
      if (x < limit) return x % m;
    }
  }
}

// ---------------------------------------------------------------- The shoe

/** A fresh shoe of `copies` decks: its cards in canonical order (R2, copies in sequence). */
export function freshShoe(copies: number): CardCode[] {
  const cards: CardCode[] = [];
  for (let i = 0; i < copies * CARDS_PER_DECK; i++) cards.push(cardAtCanonicalIndex(i));
  return cards;
}

/** R13 with R34: with fewer than 3 cards left before a turn, a fresh shoe is started. */
const SHOE_LOW = 3;

/** @internal exported for tests only */
export function shoeNeedsRenewal(remaining: number): boolean {
  return remaining < SHOE_LOW;
}

/** The card r picks from the shoe's remaining cards (canonical order), its index, and the cards left after it. */
export function drawFromShoe(remaining: readonly CardCode[], r: string): { card: CardCode; j: number; left: CardCode[] } {
  const j = indexFromDraw(r, remaining.length);
  const left = remaining.slice();
  const [card] = left.splice(j, 1);
  return { card: card as CardCode, j, left };
}
