import {
  bytesOfHex,
  chainFrom,
  hexOf,
  isLinkHex,
  isWitnessId,
  LAPTOP_WITNESS,
  LINK_BYTES,
  MIN_CHAIN_LENGTH,
} from '../../../shared/tableDraw';
import type { StorageLike } from './me';

/**
 * A phone helping deal (docs/rules.md R34): its secret chain for one night,
 * kept in the phone's own storage by night id so a reload or a sleeping
 * screen goes on with the same chain and position. It shows its head and
 * reveals the values under a head it is asked about, as many as asked and
 * never one further down: a value is revealed only for the draw that needs
 * it. The chain never leaves the phone otherwise.
 */

export const WITNESS_STORAGE_KEY = 'in-between-dealer.phone.witness';
/** Nights whose chains are kept: tonight's, and a few before it for "Check this night" later. */
export const WITNESS_NIGHTS_KEPT = 3;

interface SavedWitness {
  id: string;
  /** x(w,L), the chain's secret end, as hex. */
  secret: string;
  length: number;
  /** How many values this phone has revealed tonight. */
  revealed: number;
  /** Draws the host took this phone's values for (its answers accepted in time), and the last such draw's k. */
  helped: number;
  lastHelpedK: number;
}

type SavedNights = Record<string, SavedWitness>;

/** The platform's secure random source: crypto.getRandomValues exists on plain http too, where crypto.subtle does not. */
export function secureRandom(bytes: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(bytes));
}

export class PhoneWitness {
  private readonly links: string[];

  private constructor(
    private readonly storage: StorageLike | null,
    readonly night: string,
    private saved: SavedWitness,
  ) {
    this.links = chainFrom(bytesOfHex(saved.secret), saved.length);
  }

  /** This phone's witness for `night`: the one it keeps, or a new chain from the secure random source. */
  static forNight(
    night: string,
    storage: StorageLike | null,
    random: (bytes: number) => Uint8Array = secureRandom,
    length = MIN_CHAIN_LENGTH,
  ): PhoneWitness {
    const kept = PhoneWitness.kept(night, storage);
    if (kept) return kept;
    const saved: SavedWitness = { id: drawnId(random), secret: hexOf(random(LINK_BYTES)), length, revealed: 0, helped: 0, lastHelpedK: 0 };
    const witness = new PhoneWitness(storage, night, saved);
    witness.save();
    return witness;
  }

  /** The witness this phone kept for `night`, or null (it never helped deal that night, or its storage was cleared). */
  static kept(night: string, storage: StorageLike | null): PhoneWitness | null {
    const saved = readSaved(storage)[night];
    return saved ? new PhoneWitness(storage, night, saved) : null;
  }

  get id(): string {
    return this.saved.id;
  }

  /** The head to commit: the last value revealed, or the chain's head. */
  get head(): string {
    return this.links[this.saved.revealed] as string;
  }

  /** How many draws the host used this phone's values for tonight. */
  get helped(): number {
    return this.saved.helped;
  }

  /** The whole chain, for checking the night afterwards: element i is the i-th value this phone may reveal. */
  get chain(): readonly string[] {
    return this.links;
  }

  /**
   * The `count` values under `head`, if `head` is this phone's head now (the
   * draws asked for) or a value it has already revealed (the same request
   * asked again, e.g. after the host restarted); null for any other head,
   * and for more values than the chain has left.
   */
  revealFor(head: string, count = 1): string[] | null {
    if (!Number.isInteger(count) || count < 1) return null;
    const at = this.links.lastIndexOf(head, this.saved.revealed);
    if (at < 0 || at + count > this.saved.length) return null;
    if (at + count > this.saved.revealed) this.update({ revealed: at + count });
    return this.links.slice(at + 1, at + count + 1);
  }

  /** The host took this phone's values for draws k .. k + count - 1: counted once each, even when asked again. */
  helpedWith(k: number, count: number): void {
    const last = k + count - 1;
    if (last <= this.saved.lastHelpedK) return;
    const fresh = last - Math.max(this.saved.lastHelpedK, k - 1);
    this.update({ helped: this.saved.helped + fresh, lastHelpedK: last });
  }

  /** The host records this phone under another id (its own was taken tonight): kept from now on in its place. */
  adoptId(id: string): void {
    if (isWitnessId(id) && id !== LAPTOP_WITNESS && id !== this.saved.id) this.update({ id });
  }

  private update(change: Partial<SavedWitness>): void {
    this.saved = { ...this.saved, ...change };
    this.save();
  }

  private save(): void {
    const nights = Object.entries(readSaved(this.storage)).filter(([night]) => night !== this.night);
    nights.push([this.night, this.saved]);
    try {
      this.storage?.setItem(WITNESS_STORAGE_KEY, JSON.stringify(Object.fromEntries(nights.slice(-WITNESS_NIGHTS_KEPT))));
    } catch {
      // A full or blocked storage: the phone still helps until it is reloaded.
    }
  }
}

function drawnId(random: (bytes: number) => Uint8Array): string {
  const id = hexOf(random(8));
  // The laptop's id is its own: a phone never takes it (one chance in 2^64).
  return id === LAPTOP_WITNESS ? '0000000000000001' : id;
}

/** The chains kept, by night; an entry that does not read as one (another version, a hand edit) is left out. */
function readSaved(storage: StorageLike | null): SavedNights {
  try {
    const raw = storage?.getItem(WITNESS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).flatMap(([night, entry]) => (isSaved(entry) ? [[night, entry]] : [])),
    );
  } catch {
    return {};
  }
}

function isSaved(entry: unknown): entry is SavedWitness {
  if (!entry || typeof entry !== 'object') return false;
  const { id, secret, length, revealed, helped, lastHelpedK } = entry as Partial<SavedWitness>;
  const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
  return (
    isWitnessId(id) &&
    isLinkHex(secret) &&
    whole(length) &&
    length >= 1 &&
    whole(revealed) &&
    revealed <= length &&
    whole(helped) &&
    whole(lastHelpedK)
  );
}
