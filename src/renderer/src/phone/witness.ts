import { bytesOfHex, chainFrom, hexOf, isLinkHex, isWitnessId, LAPTOP_WITNESS, LINK_BYTES, MIN_CHAIN_LENGTH } from '../../../shared/tableDraw';
import type { StorageLike } from './me';

/**
 * A phone helping deal (docs/rules.md R34): its secret chain for one night,
 * kept in the phone's own storage so a reload goes on with the same chain.
 * It shows its head and reveals, one at a time, the value under the head it
 * is asked about, and never a value further down: a value is revealed only
 * for the draw that needs it. The chain never leaves the phone otherwise.
 */

export const WITNESS_STORAGE_KEY = 'in-between-dealer.phone.witness';

interface SavedWitness {
  night: string;
  id: string;
  /** x(w,L), the chain's secret end, as hex. */
  secret: string;
  length: number;
  /** How many values this phone has revealed tonight. */
  revealed: number;
}

export class PhoneWitness {
  private readonly links: string[];

  private constructor(
    private readonly storage: StorageLike | null,
    private saved: SavedWitness,
  ) {
    this.links = chainFrom(bytesOfHex(saved.secret), saved.length);
  }

  /** This phone's witness for `night`: the one it keeps, or a new chain from the secure random source (only one night is kept). */
  static forNight(night: string, storage: StorageLike | null, random: (bytes: number) => Uint8Array, length = MIN_CHAIN_LENGTH): PhoneWitness {
    const kept = readSaved(storage);
    if (kept && kept.night === night) return new PhoneWitness(storage, kept);
    const drawnId = hexOf(random(8));
    // The laptop's id is its own: a phone never takes it (one chance in 2^64).
    const id = drawnId === LAPTOP_WITNESS ? '0000000000000001' : drawnId;
    const saved: SavedWitness = { night, id, secret: hexOf(random(LINK_BYTES)), length, revealed: 0 };
    const witness = new PhoneWitness(storage, saved);
    witness.save();
    return witness;
  }

  get id(): string {
    return this.saved.id;
  }

  /** The head to commit: the last value revealed, or the chain's head. */
  get head(): string {
    return this.links[this.saved.revealed] as string;
  }

  /**
   * The value whose hash is `head`, if `head` is this phone's head now (the
   * draw asked for) or the one just before it (the same draw asked again);
   * null for any other head, and once the chain is spent.
   */
  revealFor(head: string): string | null {
    const { revealed } = this.saved;
    if (head === this.links[revealed - 1]) return this.links[revealed] as string;
    if (head !== this.links[revealed] || revealed + 1 > this.saved.length) return null;
    this.saved = { ...this.saved, revealed: revealed + 1 };
    this.save();
    return this.links[revealed + 1] as string;
  }

  private save(): void {
    try {
      this.storage?.setItem(WITNESS_STORAGE_KEY, JSON.stringify(this.saved));
    } catch {
      // A full or blocked storage: the phone still helps until it is reloaded.
    }
  }
}

function readSaved(storage: StorageLike | null): SavedWitness | null {
  try {
    const raw = storage?.getItem(WITNESS_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SavedWitness>;
    const { night, id, secret, length, revealed } = parsed;
    if (typeof night !== 'string' || !isWitnessId(id) || !isLinkHex(secret)) return null;
    if (!Number.isInteger(length) || !Number.isInteger(revealed) || (revealed as number) < 0 || (revealed as number) > (length as number)) return null;
    return { night, id, secret, length: length as number, revealed: revealed as number };
  } catch {
    return null;
  }
}
