import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileStamp, renameAside } from './fileAside';
import { writeFileDurably } from './durableFile';

/**
 * Where the key that seals the seed of the deck in play lives
 * (docs/rules.md "What a person at the laptop can learn"): never in the
 * nights folder beside the journals. The laptop's signing key
 * (laptopKey.ts) is kept the same way under its own name (`laptop-key`).
 *
 * - With the OS keychain (the desktop app hands Electron's safeStorage in
 *   through its shell; this module never loads electron): the key is kept
 *   encrypted by the keychain in `seed-key.keychain`, which only this user's
 *   OS session can open.
 * - Without it (the headless host, tests, a Linux desktop with no keyring):
 *   the key itself in `seed-key`, readable by this user only (mode 0600).
 */
const SEED_KEY_NAME = 'seed-key';

const KEY_BYTES = 32;
const KEY_HEX = /^[0-9a-f]{64}$/;

/** The OS keychain as the shell offers it: a string in, a blob out, and back. */
export interface OsKeychain {
  encrypt(text: string): Buffer;
  decrypt(blob: Buffer): string;
}

/** A key that is there but cannot be used: the message says why, as a notice or a refusal words it. */
export class SeedKeyError extends Error {
  override readonly name = 'SeedKeyError';
}

export class SeedKeyFiles {
  constructor(
    readonly root: string,
    private readonly keychain: OsKeychain | undefined,
    private readonly now: () => Date = () => new Date(),
    /** The key's file name: `<name>` for the key itself, `<name>.keychain` for the keychain's blob. */
    private readonly name: string = SEED_KEY_NAME,
  ) {}

  get keychainPath(): string {
    return path.join(this.root, `${this.name}.keychain`);
  }

  get plainPath(): string {
    return path.join(this.root, this.name);
  }

  /**
   * The key, or null when none was ever made here. One kept by the keychain
   * is used whenever its file is there (a key file beside it is older).
   * Throws SeedKeyError when the key is there but cannot be opened.
   */
  load(): { key: Buffer; file: string } | null {
    const blob = readIfThere(this.keychainPath);
    if (blob !== null) {
      if (!this.keychain)
        throw new SeedKeyError(`the key in ${this.keychainPath} is kept by the OS keychain, which is not available to this app now`);
      let text: string;
      try {
        text = this.keychain.decrypt(blob);
      } catch (error) {
        throw new SeedKeyError(
          `the OS keychain cannot open the key in ${this.keychainPath} (${(error as Error).message}): it was made by another user or on another computer`,
        );
      }
      return { key: keyOf(text, this.keychainPath), file: this.keychainPath };
    }
    const plain = readIfThere(this.plainPath);
    return plain === null ? null : { key: keyOf(plain.toString('utf8'), this.plainPath), file: this.plainPath };
  }

  /**
   * Makes a new key and keeps it (the keychain's when there is one). A key
   * file that is there but unusable is renamed aside first, never deleted;
   * returns each file set aside and where it went. `make` gives the 32
   * bytes (random by default; the laptop's key is an Ed25519 key's seed).
   */
  create(make: () => Buffer = () => randomBytes(KEY_BYTES)): { key: Buffer; file: string; setAside: { file: string; as: string }[] } {
    const setAside: { file: string; as: string }[] = [];
    for (const file of [this.keychainPath, this.plainPath]) {
      if (!fs.existsSync(file)) continue;
      const target = renameAside(file, `.unusable-${fileStamp(this.now())}`);
      if (target) setAside.push({ file, as: target });
    }
    const key = make();
    const hex = key.toString('hex');
    const file = this.keychain ? this.keychainPath : this.plainPath;
    // Readable by this user only: a crash leaves no half key (durableFile.ts).
    writeFileDurably(file, this.keychain ? this.keychain.encrypt(hex) : Buffer.from(`${hex}\n`, 'utf8'), { mode: 0o600 });
    return { key, file, setAside };
  }
}

function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SeedKeyError(`the key in ${file} cannot be read (${(error as Error).message})`);
  }
}

function keyOf(text: string, file: string): Buffer {
  const hex = text.trim();
  if (!KEY_HEX.test(hex)) throw new SeedKeyError(`the key in ${file} is damaged (not 32 bytes of hex)`);
  return Buffer.from(hex, 'hex');
}
