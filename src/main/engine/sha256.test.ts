import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeedStream } from './deck';
import { SHA256_ONE_BLOCK_MAX, sha256OneBlock } from './sha256';
import { TEST_VECTOR_SEED } from './testing/kit';

const hex = (words: Uint32Array) => Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');

function nodeBlock(seed: Uint8Array, counter: number): string {
  const suffix = Buffer.alloc(4);
  suffix.writeUInt32BE(counter);
  return createHash('sha256').update(seed).update(suffix).digest('hex');
}

describe('sha256 of one block (R9-R10: the deck stream is SHA-256)', () => {
  it('matches node:crypto for every message length that fits one block', () => {
    const digest = new Uint32Array(8);
    for (let length = 0; length <= SHA256_ONE_BLOCK_MAX; length++) {
      for (let fill = 0; fill < 40; fill++) {
        const message = new Uint8Array(length).map((_, i) => (i * 131 + fill * 71 + length * 7) & 0xff);
        sha256OneBlock(message, digest);
        expect(hex(digest)).toBe(createHash('sha256').update(message).digest('hex'));
      }
    }
  });

  it('matches node:crypto on R10 blocks, sha256(seed || u32be(k)), for many seeds and counters', () => {
    const digest = new Uint32Array(8);
    for (let s = 0; s < 200; s++) {
      const seed = createHash('sha256').update(`seed ${s}`).digest();
      const message = Buffer.concat([seed, Buffer.alloc(4)]);
      for (const counter of [0, 1, 2, 6, 7, 255, 256, 65_535, 0x7fffffff, 0x80000000, 0xffffffff, s * 7919]) {
        message.writeUInt32BE(counter, 32);
        sha256OneBlock(message, digest);
        expect(hex(digest)).toBe(nodeBlock(seed, counter));
      }
    }
  });

  it('gives the FIPS 180-4 digest of "abc"', () => {
    const digest = new Uint32Array(8);
    sha256OneBlock(new TextEncoder().encode('abc'), digest);
    expect(hex(digest)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses a message longer than one block', () => {
    expect(() => sha256OneBlock(new Uint8Array(SHA256_ONE_BLOCK_MAX + 1), new Uint32Array(8))).toThrow(RangeError);
  });

  it('gives SeedStream the stream node:crypto gives, for a 32-byte seed and for longer and shorter ones', () => {
    for (const seedHex of [TEST_VECTOR_SEED, '00ff10', `${TEST_VECTOR_SEED}${TEST_VECTOR_SEED}`]) {
      const seed = Buffer.from(seedHex, 'hex');
      const bytes = Buffer.concat([0, 1, 2].map((k) => Buffer.from(nodeBlock(seed, k), 'hex')));
      const stream = new SeedStream(seedHex);
      // m = 2^31 never rejects, so each draw is the next big-endian word mod 2^31.
      for (let i = 0; i < 24; i++) expect(stream.below(2 ** 31)).toBe(bytes.readUInt32BE(i * 4) % 2 ** 31);
    }
  });
});
