import canonicalize from 'canonicalize';
import { sha256Hex } from '../../shared/sha256';
import { commitmentOf } from '../engine';

/**
 * The night's record as a chain (RULES.md R35, docs/night-journal.md "The
 * chain"): each line's hash covers the hash of the line before it, so a line
 * changed, added or removed in the middle breaks every hash after it, and a
 * signature of the last hash signs the whole night.
 *
 * A line's hash is taken over its facts, not its bytes: the epoch it was
 * written at, its time, its command, the commitment of each seed it drew
 * (sha256 of the seed, R9), the table's steps (R34) and the cards it showed
 * (when it holds them: lines written before `shown` hash as they did), as RFC 8785
 * canonical JSON. A seed sealed on the holding laptop's disk and the same
 * seed in plain in the copy it shares have one commitment, so the sealed
 * journal and its shared copy chain the same; and any JSON tool that
 * canonicalises by RFC 8785 recomputes the chain.
 */

/** The writer's epoch of a night's first laptop (R35). */
export const FIRST_EPOCH = 1;

/** What a line's hash covers: the facts of a journal line, its seeds plain or sealed. */
export interface ChainedFacts {
  at?: string;
  command: unknown;
  seeds?: readonly (string | { commitment: string })[];
  table?: readonly unknown[];
  shown?: readonly string[];
}

/** The hash the first line follows: the night's id under the record's name. */
export function chainStart(nightId: string): string {
  return sha256Hex(`in-between-dealer/night-record\n${nightId}`);
}

/** The hash of one line that follows `prev`, written at `epoch`. */
export function lineHash(prev: string, facts: ChainedFacts, epoch: number): string {
  const hashed: Record<string, unknown> = { epoch, command: facts.command };
  if (facts.at !== undefined) hashed['at'] = facts.at;
  if (facts.seeds && facts.seeds.length > 0)
    hashed['seeds'] = facts.seeds.map((seed) => (typeof seed === 'string' ? commitmentOf(seed) : seed.commitment));
  if (facts.table && facts.table.length > 0) hashed['table'] = facts.table;
  if (facts.shown && facts.shown.length > 0) hashed['shown'] = facts.shown;
  return sha256Hex(`${prev}\n${canonicalize(hashed) ?? ''}`);
}
