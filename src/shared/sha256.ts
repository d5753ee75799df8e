import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** node:crypto's one-shot hash, where there is one (`hash`, Node 21.7 and later). */
interface OneShotHash {
  (algorithm: 'sha256', data: Uint8Array | string, encoding: 'hex'): string;
  (algorithm: 'sha256', data: Uint8Array, encoding: 'buffer'): Uint8Array;
}

/**
 * node:crypto in the main process (Node, Electron), found without importing it: src/shared also runs in the
 * phones' page, which has no `process`. There OpenSSL hashes a group's files at about 1.5 GB/s against
 * @noble/hashes' 150 MB/s (Node 24), which an import of 1,000 nights would feel.
 */
const nodeHash = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
    { hash?: OneShotHash } | undefined
)?.hash;

/**
 * SHA-256 as 64 lower-case hex digits: the one helper every part of the app
 * hashes with (a deck's commitment, a witness chain, a group file's listing,
 * a pairing key). In src/shared because the phones' page recomputes chains
 * too, with @noble/hashes, which works where `crypto.subtle` does not (a page
 * served over plain http) and is synchronous. A text is hashed as its UTF-8
 * bytes. The night checker (src/checker) keeps its own: it shares no code with the app.
 */
export function sha256Hex(data: Uint8Array | string): string {
  if (nodeHash) return nodeHash('sha256', data, 'hex');
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}

/**
 * SHA-256 of bytes as bytes, by the same rule: a witness's chain (R34) is 4,097 hashes in a row, 48 ms with
 * @noble/hashes and 5 ms with node:crypto in the main process, where a night dealt by the table starts.
 */
export function sha256Bytes(data: Uint8Array): Uint8Array {
  if (nodeHash) return nodeHash('sha256', data, 'buffer');
  return sha256(data);
}
