import { chainFrom, LAPTOP_WITNESS, MIN_CHAIN_LENGTH } from '../../shared/tableDraw';
import type { EngineState } from '../engine';
import type { Dealer } from './play';

/**
 * The laptop as a witness of cards drawn by the table (docs/rules.md R34):
 * a secret chain made from 32 bytes of the secure random source, whose
 * values it reveals one per card, from the head down. Which value is next
 * is read from the night itself (the laptop's head in the engine's state),
 * so live play and a replayed night agree without a counter of its own.
 */
export class LaptopWitness {
  private readonly links: string[];
  private readonly position = new Map<string, number>();

  constructor(secret: Uint8Array, length = MIN_CHAIN_LENGTH) {
    this.links = chainFrom(secret, length);
    this.links.forEach((link, i) => this.position.set(link, i));
  }

  /** The laptop's head tonight: the last value it revealed on this chain, else the chain's own head. */
  headIn(state: EngineState): string {
    const head = state.witnesses?.heads.find((w) => w.id === LAPTOP_WITNESS)?.head;
    return head !== undefined && this.position.has(head) ? head : (this.links[0] as string);
  }

  /** The value that hashes to the laptop's head in this deal. */
  nextReveal(state: EngineState): string {
    const head = state.witnesses?.heads.find((w) => w.id === LAPTOP_WITNESS)?.head;
    const at = head === undefined ? undefined : this.position.get(head);
    if (at === undefined) throw new Error("the laptop's head in this deal is not on its chain: its values were lost (R34)");
    const next = this.links[at + 1];
    if (next === undefined) throw new Error(`the laptop's chain of ${this.links.length - 1} values is spent (R34)`);
    return next;
  }
}

/** R34 with no phone helping: the laptop alone commits and reveals; a deck's seed (never asked for with `cards: table`) still comes from `nextSeed`. */
export function laptopDealer(laptop: LaptopWitness, nextSeed: () => string): Dealer {
  return {
    drawsByTable: true,
    seed: nextSeed,
    // The laptop alone: no phone ever comes or goes (R34 *Who was asked*).
    commit: (state) => ({ heads: [{ id: LAPTOP_WITNESS, head: laptop.headIn(state) }], witnessChanges: [] }),
    reveal: (state) => ({ reveals: [{ id: LAPTOP_WITNESS, value: laptop.nextReveal(state) }], missing: [] }),
  };
}
