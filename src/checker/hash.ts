import { hash } from 'node:crypto';

/**
 * The one place the checker hashes (R9, R10). Everything else goes through
 * `sha256`, so moving the checker into a browser means replacing this file
 * only (e.g. with a pure-JS SHA-256).
 */
export function sha256(bytes: Uint8Array): Uint8Array {
  // The one-shot hash (Node 21.7 and later): a deck's shuffle hashes a 36-byte block some 20 times, and making a Hash
  // object for each was a third of that time.
  return hash('sha256', bytes, 'buffer');
}
