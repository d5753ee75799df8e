import { createHash } from 'node:crypto';
import { z } from 'zod';
import { nightSummarySchema } from '../night';
import { groupDisk, writeFileDurably } from '../store';
import { sha256Hex } from '../../shared/sha256';

/**
 * `group/index.json` (docs/group.md "Start-up"): the verdicts of the night
 * checker on other laptops' nights, kept by the sha256 of the copy judged,
 * with the summary each night counts with. It is only a cache of work done:
 * start-up reads it instead of replaying thousands of journals.
 *
 * It carries a checksum of its nights, made together with a fingerprint of
 * the schema they were written under. When both match, the nights are what
 * this laptop wrote and are read without checking each summary again (the
 * slowest part of a start-up with 2,000 of them). An index without the
 * checksum (an older version's) is read through its schema as before. A
 * damaged one (not JSON, not the schema, or a checksum that does not match)
 * is not trusted at all: it reads as lost, and the nights it held are
 * judged again from their copies. Damage costs time, never trust.
 */

/** `signed`: its laptop signed the copy judged (R35); false for a night shared before nights were signed, and in an index written before. */
const indexEntrySchema = z.object({
  laptopId: z.string(),
  sha256: z.string(),
  signed: z.boolean().default(false),
  summary: nightSummarySchema,
});
const indexFileSchema = z.object({ sha256: z.string().optional(), nights: z.array(indexEntrySchema) });

type IndexEntry = z.infer<typeof indexEntrySchema>;

/** What the index file held: its nights, or `damaged` (they are judged again) or `none` (no index yet). */
type ReadIndex = { kind: 'read'; nights: IndexEntry[]; checksummed: boolean } | { kind: 'damaged' } | { kind: 'none' };

/** The start of a checksummed index; the nights' JSON follows, then `}`. */
const CHECKSUMMED = /^\{"sha256":"([0-9a-f]{64})","nights":/;
/** How many bytes that start takes (it is ASCII). */
const HEAD_BYTES = '{"sha256":"","nights":'.length + 64;
const CLOSING_BRACE = 0x7d;

let schemaPrint: string | undefined;

/** The schema's fingerprint: a checksum made under another schema (a newer summary) sends the file through the schema again. */
function indexSchemaPrint(): string {
  schemaPrint ??= sha256Hex(Buffer.from(JSON.stringify(z.toJSONSchema(indexEntrySchema)), 'utf8'));
  return schemaPrint;
}

/**
 * The sha256 of the schema's fingerprint, a newline and the nights' JSON. Fed in parts: a start-up hashes the
 * file's bytes where they lie, where joining them into one buffer first took longer than the hash (4 MB).
 */
function checksum(nights: Uint8Array | string): string {
  return createHash('sha256').update(`${indexSchemaPrint()}\n`, 'utf8').update(nights).digest('hex');
}

/** The nights' JSON of an index whose checksum matches them; undefined for any other file. */
function checksummedNights(bytes: Buffer): string | undefined {
  const head = CHECKSUMMED.exec(bytes.toString('latin1', 0, HEAD_BYTES));
  if (!head || bytes.at(-1) !== CLOSING_BRACE) return undefined;
  const nights = bytes.subarray(head[0].length, bytes.length - 1);
  return checksum(nights) === head[1] ? nights.toString('utf8') : undefined;
}

export function readNightsIndex(file: string): ReadIndex {
  let bytes: Buffer | undefined;
  try {
    bytes = groupDisk.readWholeBytes(file);
  } catch {
    return { kind: 'damaged' };
  }
  if (bytes === undefined) return { kind: 'none' };
  const nightsText = checksummedNights(bytes);
  if (nightsText !== undefined) {
    try {
      return { kind: 'read', nights: JSON.parse(nightsText) as IndexEntry[], checksummed: true };
    } catch {
      return { kind: 'damaged' };
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { kind: 'damaged' };
  }
  const parsed = indexFileSchema.safeParse(json);
  // A checksum that does not match its nights: edited or damaged on disk, so none of them is trusted.
  if (!parsed.success || parsed.data.sha256 !== undefined) return { kind: 'damaged' };
  return { kind: 'read', nights: parsed.data.nights, checksummed: false };
}

/** Writes the index whole and durably, with its checksum. */
export function writeNightsIndex(file: string, nights: readonly IndexEntry[]): void {
  const nightsText = JSON.stringify(nights);
  writeFileDurably(file, `{"sha256":"${checksum(nightsText)}","nights":${nightsText}}`);
}
