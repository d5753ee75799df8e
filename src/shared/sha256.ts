import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 as 64 lower-case hex digits: the one helper every part of the app
 * hashes with (a deck's commitment, a witness chain, a group file's listing,
 * a pairing key). In src/shared because the phones' page recomputes chains
 * too; @noble/hashes works where `crypto.subtle` does not (a page served
 * over plain http) and is synchronous. A text is hashed as its UTF-8 bytes.
 * The night checker (src/checker) keeps its own: it shares no code with the app.
 */
export function sha256Hex(data: Uint8Array | string): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}
