/**
 * SHA-256 (FIPS 180-4) of a message short enough for one 64-byte block
 * (at most 55 bytes), as eight 32-bit big-endian words. It is the same hash
 * node:crypto computes (sha256.test.ts checks them against each other); it
 * exists because a shuffle hashes seven such blocks (R10) and, in V8, this
 * loop is quicker than a call into OpenSSL for a message this small: per
 * 36-byte block, measured on Node 20, 0.5 µs here against 1.7 µs for
 * node:crypto's hash() and 2.3 µs for @noble/hashes, which at one shuffle
 * every few turns decides whether the engine reaches 200,000 turns/s.
 * The commitment (R9) and the fairness check's re-shuffle use node:crypto.
 */

export const SHA256_ONE_BLOCK_MAX = 55;

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_HASH = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The message schedule, reused: hashing is synchronous and never re-entered. */
const schedule = new Int32Array(64);

/** Writes sha256(message) into `digest` as 8 unsigned big-endian words. */
export function sha256OneBlock(message: Uint8Array, digest: Uint32Array): void {
  const length = message.length;
  if (length > SHA256_ONE_BLOCK_MAX) throw new RangeError(`sha256OneBlock takes at most ${SHA256_ONE_BLOCK_MAX} bytes, not ${length}`);
  const w = schedule;
  const wholeWords = length >> 2;
  for (let i = 0; i < wholeWords; i++) {
    const at = i << 2;
    w[i] =
      ((message[at] as number) << 24) |
      ((message[at + 1] as number) << 16) |
      ((message[at + 2] as number) << 8) |
      (message[at + 3] as number);
  }
  for (let i = wholeWords; i < 16; i++) w[i] = 0;
  for (let i = wholeWords << 2; i < length; i++) w[i >> 2] = (w[i >> 2] as number) | ((message[i] as number) << (24 - ((i & 3) << 3)));
  // Padding: a 1 bit after the message, then its length in bits in the last 64 bits (the high word stays 0).
  w[length >> 2] = (w[length >> 2] as number) | (0x80 << (24 - ((length & 3) << 3)));
  w[15] = length * 8;
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15] as number;
    const y = w[i - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  const h0 = INITIAL_HASH[0] as number;
  const h1 = INITIAL_HASH[1] as number;
  const h2 = INITIAL_HASH[2] as number;
  const h3 = INITIAL_HASH[3] as number;
  const h4 = INITIAL_HASH[4] as number;
  const h5 = INITIAL_HASH[5] as number;
  const h6 = INITIAL_HASH[6] as number;
  const h7 = INITIAL_HASH[7] as number;
  let a = h0;
  let b = h1;
  let c = h2;
  let d = h3;
  let e = h4;
  let f = h5;
  let g = h6;
  let h = h7;
  for (let i = 0; i < 64; i++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + sum1 + ((e & f) ^ (~e & g)) + (ROUND_CONSTANTS[i] as number) + (w[i] as number)) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (sum0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  // A Uint32Array stores each sum modulo 2^32, unsigned.
  digest[0] = a + h0;
  digest[1] = b + h1;
  digest[2] = c + h2;
  digest[3] = d + h3;
  digest[4] = e + h4;
  digest[5] = f + h5;
  digest[6] = g + h6;
  digest[7] = h + h7;
}
