import { CHAIN_RENEW_BELOW, chainFrom, chainSecret, LAPTOP_WITNESS, MIN_CHAIN_LENGTH, type WitnessHead } from '../../shared/tableDraw';
import type { EngineState } from '../engine';
import type { Dealer } from './play';

/** The laptop's head for a commitment, and whether it starts a new chain (R34 *Chains that run out*). */
export interface LaptopHead {
  head: string;
  isNew: boolean;
}

/**
 * The laptop as a witness of cards drawn by the table (docs/rules.md R34):
 * secret chains made from 32 bytes of the secure random source, whose
 * values it reveals one per card, from the head down. Which value is next
 * is read from the night itself (the laptop's head in the engine's state),
 * so live play and a replayed night agree without a counter of its own.
 *
 * A chain has `length` values; at a deal's commitment with fewer than 1,024
 * left, the laptop starts its next chain (R34 *Chains that run out*). Chain
 * 0 starts from the secret itself, chain c from `chainSecret` (a hash of it),
 * as unpredictable as the secret and with nothing new to keep on disk in
 * the middle of a night. Only the chain in use is held in memory.
 */
export class LaptopWitness {
  private chain: { index: number; links: string[]; position: Map<string, number> };

  constructor(
    private readonly secret: Uint8Array,
    private readonly length = MIN_CHAIN_LENGTH,
  ) {
    this.chain = this.build(0);
  }

  private build(index: number): LaptopWitness['chain'] {
    const links = chainFrom(chainSecret(this.secret, index), this.length);
    return { index, links, position: new Map(links.map((link, i) => [link, i])) };
  }

  /**
   * Where `head` is on the laptop's chains: the chain in use first, then
   * every chain this night can have reached (each chain but the last gave
   * at least length - 1,024 values to the night's `draws`).
   */
  private locate(head: string, draws: number): number | undefined {
    const here = this.chain.position.get(head);
    if (here !== undefined) return here;
    const most = Math.floor(draws / Math.max(1, this.length - CHAIN_RENEW_BELOW)) + 1;
    for (let index = 0; index <= most; index++) {
      if (index === this.chain.index) continue;
      const chain = this.build(index);
      const at = chain.position.get(head);
      if (at === undefined) continue;
      this.chain = chain;
      return at;
    }
    return undefined;
  }

  /** Whether the laptop's head tonight is on its chains (always, before its first commitment): false when its values were lost. */
  holds(state: EngineState): boolean {
    const head = laptopHeadOf(state);
    return head === undefined || this.locate(head, state.witnesses?.draws ?? 0) !== undefined;
  }

  /**
   * The laptop's head for the next commitment: the last value it revealed,
   * or the head of a new chain when fewer than 1,024 values are left on
   * this one (R34 *Chains that run out*), or when the head in force is on
   * none of its chains (R34 *A lost chain*: a fresh secret replaced it).
   */
  headFor(state: EngineState): LaptopHead {
    const head = laptopHeadOf(state);
    if (head === undefined) return { head: this.chain.index === 0 ? (this.chain.links[0] as string) : this.first(), isNew: false };
    const at = this.locate(head, state.witnesses?.draws ?? 0);
    if (at === undefined) return { head: this.first(), isNew: true };
    if (this.length - at >= CHAIN_RENEW_BELOW) return { head, isNew: false };
    this.chain = this.build(this.chain.index + 1);
    return { head: this.chain.links[0] as string, isNew: true };
  }

  private first(): string {
    if (this.chain.index !== 0) this.chain = this.build(0);
    return this.chain.links[0] as string;
  }

  /** The value that hashes to the laptop's head in this deal. */
  nextReveal(state: EngineState): string {
    const head = laptopHeadOf(state);
    const at = head === undefined ? undefined : this.locate(head, state.witnesses?.draws ?? 0);
    if (at === undefined) throw new Error("the laptop's head in this deal is not on its chain: its values were lost (R34)");
    const next = this.chain.links[at + 1];
    if (next === undefined) throw new Error(`the laptop's chain of ${this.length} values is spent (R34)`);
    return next;
  }
}

function laptopHeadOf(state: EngineState): string | undefined {
  return state.witnesses?.heads.find((w) => w.id === LAPTOP_WITNESS)?.head;
}

/** The laptop's part of a commitment: its head, and the mark of a new chain when it starts one (R34). */
export function laptopCommitment(laptop: LaptopWitness, state: EngineState): { head: WitnessHead; newChains?: string[] } {
  const { head, isNew } = laptop.headFor(state);
  return { head: { id: LAPTOP_WITNESS, head }, ...(isNew ? { newChains: [LAPTOP_WITNESS] } : {}) };
}

/**
 * R34 with no phone helping: the laptop alone commits and reveals; a deck's seed (never asked for with `cards: table`) still comes from `nextSeed`.
 * @internal exported for tests only
 */
export function laptopDealer(laptop: LaptopWitness, nextSeed: () => string): Dealer {
  return {
    drawsByTable: true,
    seed: nextSeed,
    // The laptop alone: no phone ever comes or goes (R34 *Who was asked*).
    commit: (state) => {
      const { head, newChains } = laptopCommitment(laptop, state);
      return { heads: [head], ...(newChains ? { newChains } : {}), witnessChanges: [] };
    },
    reveal: (state) => ({ reveals: [{ id: LAPTOP_WITNESS, value: laptop.nextReveal(state) }], missing: [] }),
  };
}
