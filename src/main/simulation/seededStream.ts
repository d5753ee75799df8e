import { createHash } from 'node:crypto';

/**
 * A deterministic byte stream for the simulator and the benchmarks: block i is
 * sha256(seed || utf8(label) || u32be(i)), and the blocks are read as one
 * continuous stream (docs/export-format.md, "Reproducing a simulated night").
 * Different labels give independent streams from the same seed, so the
 * dealer's deck seeds do not shift when a bot's choices change.
 */
export class SeededStream {
  private readonly prefix: Buffer;
  private block: Buffer = Buffer.alloc(0);
  private offset = 0;
  private counter = 0;

  constructor(seed: Uint8Array, label: string) {
    this.prefix = Buffer.concat([Buffer.from(seed), Buffer.from(label, 'utf8')]);
  }

  /** The next `size` bytes of the stream. */
  bytes(size: number): Uint8Array {
    const out = Buffer.alloc(size);
    let written = 0;
    while (written < size) {
      if (this.offset === this.block.length) this.refill();
      const take = Math.min(size - written, this.block.length - this.offset);
      this.block.copy(out, written, this.offset, this.offset + take);
      this.offset += take;
      written += take;
    }
    return out;
  }

  /** A uniform integer in [0, m), by rejection as in docs/rules.md R10. */
  below(m: number): number {
    if (!Number.isInteger(m) || m < 1 || m > 2 ** 32) throw new RangeError(`below(${m}): m must be a whole number from 1 to 2^32`);
    const limit = Math.floor(2 ** 32 / m) * m;
    for (;;) {
      const x = Buffer.from(this.bytes(4)).readUInt32BE(0);
      if (x < limit) return x % m;
    }
  }

  /** True with probability `p` (to one part in a million). */
  chance(p: number): boolean {
    return this.below(1_000_000) < Math.round(p * 1_000_000);
  }

  private refill(): void {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter++);
    this.block = createHash('sha256').update(this.prefix).update(counter).digest();
    this.offset = 0;
  }
}

/** Parses a seed given as hex (any even number of digits, 2 to 128). Null when it is not one. */
export function parseSeedHex(text: string): Buffer | null {
  return /^(?:[0-9a-fA-F]{2}){1,64}$/.test(text) ? Buffer.from(text, 'hex') : null;
}
