import { newKeyPair, signerOf, type LaptopSigner } from '../night';
import { SeedKeyError, SeedKeyFiles, type OsKeychain } from './seedKey';

/**
 * The laptop's signing key (docs/group.md "The laptop's key"): an Ed25519
 * private key that signs what this laptop writes for its group (its entry in
 * the group documents, its manifest, its ended nights), so that another
 * member cannot pass its own work off as this laptop's. It is kept exactly
 * as the seed key is (seedKey.ts): by the OS keychain in
 * `laptop-key.keychain` when the desktop app has one, else in `laptop-key`,
 * readable by this user only (0600), in the data folder (never in the group
 * folder a sync tool copies). An Ed25519 private key is a 32-byte seed, so
 * the seed key's files keep it as they keep theirs.
 *
 * It is made the first time it is needed (the laptop starts or joins a
 * group, or starts while in one): a laptop in no group signs nothing.
 */
const LAPTOP_KEY_NAME = 'laptop-key';

/** Told when the key could not be used (set aside: where to) or was found gone (`setAsideAs` ''): the file and why. */
export type LaptopKeyReplaced = (file: string, setAsideAs: string, reason: string) => void;

export class LaptopKey {
  readonly files: SeedKeyFiles;
  #signer: LaptopSigner | null = null;

  constructor(
    root: string,
    keychain: OsKeychain | undefined,
    now: () => Date,
    private readonly onReplaced: LaptopKeyReplaced = () => {},
  ) {
    this.files = new SeedKeyFiles(root, keychain, now, LAPTOP_KEY_NAME);
  }

  /**
   * The signer of this laptop (`laptopId` from group.json). Its key is read
   * once; made when there is none; made anew, the unusable one set aside and
   * the host told, when it cannot be opened or is damaged. `known` is the
   * public key the group holds for this laptop (group.json's `laptopKey`):
   * with none on disk but one known, the key was lost, and the host is told
   * too. Never throws for a key that is there but unusable: a laptop that
   * cannot sign with its old key signs with a new one, which it tells the
   * group in its next manifest; nor for a key that cannot be written (a full disk): that run
   * signs with a key kept in memory, and the host is told.
   */
  signer(laptopId: string, known?: string): LaptopSigner {
    if (this.#signer?.laptopId === laptopId) return this.#signer;
    let problem: string | null = null;
    let kept: Buffer | null = null;
    try {
      kept = this.files.load()?.key ?? null;
    } catch (error) {
      if (!(error instanceof SeedKeyError)) throw error;
      problem = error.message;
    }
    if (!kept) {
      const fresh = Buffer.from(newKeyPair().privateKey, 'hex');
      let made: ReturnType<SeedKeyFiles['create']>;
      try {
        made = this.files.create(() => fresh);
      } catch (error) {
        // A disk that refuses the key (full, read-only) does not stop the group: this run signs with a key it keeps in memory.
        this.onReplaced(
          this.files.plainPath,
          '',
          `this laptop's signing key could not be written (${(error as Error).message}); it signs with a key kept in memory until the app restarts`,
        );
        this.#signer = signerOf(laptopId, fresh.toString('hex'));
        return this.#signer;
      }
      if (made.setAside.length === 0 && known !== undefined)
        this.onReplaced(
          made.file,
          '',
          `this laptop's signing key is gone (the key the group knows it by is ${known.slice(0, 16)}…); it signs with a new key from now on, which it tells the group in its next manifest; the other laptops set aside what it shares until each of them trusts the new key (Alt+T on their group screen)`,
        );
      for (const aside of made.setAside)
        this.onReplaced(
          aside.file,
          aside.as,
          `${problem ?? 'the key could not be used'}; this laptop signs with a new key from now on, which it tells the group in its next manifest; the other laptops set aside what it shares until each of them trusts the new key (Alt+T on their group screen)`,
        );
      kept = made.key;
    }
    this.#signer = signerOf(laptopId, kept.toString('hex'));
    return this.#signer;
  }

  /**
   * A new key for a new laptop id (docs/group.md "One id, one laptop"): the key this data folder held was copied with
   * it to another laptop, which keeps signing with it under the first id. The old key's files are renamed aside, never
   * deleted. Throws when the new key cannot be written: the id is then not changed.
   */
  renew(laptopId: string): LaptopSigner {
    const fresh = Buffer.from(newKeyPair().privateKey, 'hex');
    this.files.create(() => fresh);
    this.#signer = signerOf(laptopId, fresh.toString('hex'));
    return this.#signer;
  }
}
