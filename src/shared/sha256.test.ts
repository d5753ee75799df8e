import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha256Bytes, sha256Hex } from './sha256';

/** FIPS 180-4's examples: the same digest for bytes and for a text (its UTF-8 bytes). */
describe('sha256Hex', () => {
  it('gives the standard digests', () => {
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(Uint8Array.of(0x61, 0x62, 0x63))).toBe(sha256Hex('abc'));
  });

  it('hashes a text as its UTF-8 bytes', () => {
    expect(sha256Hex('Ann’s laptop')).toBe(sha256Hex(new TextEncoder().encode('Ann’s laptop')));
  });
});

describe('sha256Bytes', () => {
  it('gives the standard digest as bytes, the same as the pure-JS hash the phones use', () => {
    expect(Buffer.from(sha256Bytes(Uint8Array.of(0x61, 0x62, 0x63))).toString('hex')).toBe(sha256Hex('abc'));
    for (let length = 0; length < 200; length += 37) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + length) & 0xff);
      expect([...sha256Bytes(bytes)]).toEqual([...sha256(bytes)]);
    }
  });
});
