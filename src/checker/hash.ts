import { createHash } from 'node:crypto';

/**
 * The one place the checker hashes (R9, R10). Everything else goes through
 * `sha256`, so moving the checker into a browser means replacing this file
 * only (e.g. with a pure-JS SHA-256).
 */
export function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}
