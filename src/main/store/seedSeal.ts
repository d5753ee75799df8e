import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { commitmentOf, isSeedHex } from '../engine';
import type { SealedSeed } from '../night';
import { SeedKeyError, type SeedKeyFiles } from './seedKey';

const IV_BYTES = 12;
const SEED_BYTES = 32;
const TAG_BYTES = 16;

/**
 * Seals the seed of a deck still in play before it goes on the journal's
 * line, and opens it again on replay (R9, R12): AES-256-GCM under the key
 * of seedKey.ts, the commitment sha256(seed) as associated data, so a
 * sealed seed moved to another deck's place does not open. The key is read
 * once, at the first seal or open, and kept in memory; sealing makes one
 * when there is none (or a new one when the old cannot be used, reported
 * through `onKeyReplaced`).
 */
export class SeedSeal {
  #key: { key: Buffer; file: string } | null = null;

  constructor(
    readonly keys: SeedKeyFiles,
    private readonly onKeyReplaced: (file: string, setAsideAs: string, reason: string) => void = () => {},
  ) {}

  seal(seed: string): SealedSeed {
    const { key } = this.#keyToSeal();
    const commitment = commitmentOf(seed);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(commitment, 'ascii'));
    const body = Buffer.concat([cipher.update(Buffer.from(seed, 'hex')), cipher.final()]);
    return { commitment, sealed: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url') };
  }

  /** The seed in plain; throws with what a notice says after "the seed … is sealed and" when it cannot be opened. */
  open(sealed: SealedSeed): string {
    const { key, file } = this.#keyToOpen();
    const bytes = Buffer.from(sealed.sealed, 'base64url');
    if (bytes.length !== IV_BYTES + SEED_BYTES + TAG_BYTES) throw new Error('its sealed form is damaged');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(sealed.commitment, 'ascii'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES + SEED_BYTES));
    let seed: string;
    try {
      seed = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + SEED_BYTES)), decipher.final()]).toString('hex');
    } catch {
      throw new Error(`the key in ${file} is not the one that sealed it`);
    }
    if (!isSeedHex(seed)) throw new Error('it opens to something that is not a seed');
    return seed;
  }

  #keyToOpen(): { key: Buffer; file: string } {
    if (this.#key) return this.#key;
    // A key there but unusable throws SeedKeyError, whose message says why.
    const key = this.keys.load();
    if (!key) throw new Error(`there is no key to open it (${this.keys.plainPath} and ${this.keys.keychainPath} are missing)`);
    this.#key = key;
    return key;
  }

  #keyToSeal(): { key: Buffer; file: string } {
    if (this.#key) return this.#key;
    let problem: string | null = null;
    try {
      this.#key = this.keys.load();
    } catch (error) {
      if (!(error instanceof SeedKeyError)) throw error;
      problem = error.message;
    }
    if (this.#key) return this.#key;
    const made = this.keys.create();
    for (const aside of made.setAside) {
      this.onKeyReplaced(
        aside.file,
        aside.as,
        `${problem ?? 'the key could not be used'}; a new key seals the seeds of the decks shuffled from now on (R12)`,
      );
    }
    this.#key = { key: made.key, file: made.file };
    return this.#key;
  }
}
