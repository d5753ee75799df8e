import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import canonicalize from 'canonicalize';

/**
 * Tests only: journals written by hand, hashed and signed here from docs/export-format.md ("The chain", "The
 * statement") with node:crypto, RFC 8785 and Ed25519, so the checker's record tests need neither the engine nor its
 * code. A forger's tools are the same: every line may be given any field, prev or epoch.
 */

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** R9: a seed's commitment, sha256 of its 32 bytes (a sealed seed carries its own). */
function commitmentOf(seed: string | { commitment: string }): string {
  return typeof seed === 'string' ? createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') : seed.commitment;
}

export interface Laptop {
  laptopId: string;
  name: string;
  publicKey: string;
  secret: Uint8Array;
}

export function laptop(name: string, index: number): Laptop {
  const secret = new Uint8Array(32).fill(index + 1);
  return { laptopId: `l-${String(index).padStart(16, '0')}`, name, publicKey: hex(ed25519.getPublicKey(secret)), secret };
}

export interface LineFacts {
  command: { type: string; [key: string]: unknown };
  epoch?: number;
  /** Plain (64 hex digits) or sealed on the laptop that drew it (`{commitment, sealed}`). */
  seeds?: (string | { commitment: string; sealed: string })[];
  shown?: string[];
  revealed?: string[];
  at?: string;
  /** A prev other than the head (a forger's). */
  prev?: string;
}

export class Journal {
  readonly texts: string[];
  /** The chain hash after each night line (0-based), as written here. */
  readonly heads: string[] = [];
  epoch = 1;
  private count = 0;

  constructor(readonly nightId: string) {
    this.texts = [JSON.stringify({ format: 'in-between-dealer/night-journal', version: 2, night: nightId })];
  }

  get head(): string {
    return this.heads.at(-1) ?? sha(`in-between-dealer/night-record\n${this.nightId}`);
  }

  /** How many night lines so far (the start line is line 1). */
  get lines(): number {
    return this.count;
  }

  add(facts: LineFacts): this {
    const epoch = facts.epoch ?? this.epoch;
    const prev = facts.prev ?? this.head;
    const line: { [key: string]: unknown } = { command: facts.command, epoch, prev };
    if (facts.at !== undefined) line['at'] = facts.at;
    if (facts.seeds) line['seeds'] = facts.seeds;
    if (facts.shown) line['shown'] = facts.shown;
    if (facts.revealed) line['revealed'] = facts.revealed;
    this.texts.push(JSON.stringify(line));
    const hashed: { [key: string]: unknown } = { epoch, command: facts.command };
    if (facts.at !== undefined) hashed['at'] = facts.at;
    if (facts.seeds && facts.seeds.length > 0) hashed['seeds'] = facts.seeds.map(commitmentOf);
    if (facts.shown && facts.shown.length > 0) hashed['shown'] = facts.shown;
    this.heads.push(sha(`${prev}\n${canonicalize(hashed)}`));
    this.count += 1;
    return this;
  }

  /** A play line of the current epoch. */
  play(type: string, shown?: string[]): this {
    return this.add({ command: { type }, ...(shown ? { shown } : {}) });
  }

  /** The laptop's signature of every line so far (or of the first `lines`). */
  sign(by: Laptop, lines = this.count): this {
    const head = this.heads[lines - 1] as string;
    const statement = `in-between-dealer/night-record\nnight ${this.nightId}\nlaptop ${by.laptopId}\nlines ${lines}\nhead ${head}`;
    const sig = hex(ed25519.sign(new TextEncoder().encode(statement), by.secret));
    this.texts.push(JSON.stringify({ signed: { laptop: by.laptopId, key: by.publicKey, lines, head, sig } }));
    return this;
  }

  /** A take-over by the next epoch's writer from `from`, of line `line` (the last so far unless said). */
  takeOver(from: Laptop, options: { line?: number; hash?: string; epoch?: number; seeds?: LineFacts['seeds'] } = {}): this {
    const line = options.line ?? this.count;
    const hash = options.hash ?? (this.heads[line - 1] as string);
    this.epoch = options.epoch ?? this.epoch + 1;
    return this.add({
      command: { type: 'take-over', from: from.laptopId, line, hash },
      epoch: this.epoch,
      prev: this.heads[line - 1] as string,
      ...(options.seeds ? { seeds: options.seeds } : {}),
    });
  }

  text(): string {
    return `${this.texts.join('\n')}\n`;
  }
}
