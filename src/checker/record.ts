import { ed25519 } from '@noble/curves/ed25519.js';
import canonicalize from 'canonicalize';
import { bytesToHex, commitmentOf, hexToBytes } from './cards';
import { Findings } from './findings';
import { sha256 } from './hash';
import { checkMoves, takeOverPoint, writersOf } from './moves';
import type { RecordLine } from './recordLine';
import type { CheckedExport } from './schema';

/**
 * R35: the export's `record` (version 5, docs/export-format.md "record"), checked with the checker's own code: the
 * journal's chain from its first line to its last, each signature against the chain head it claims and its statement,
 * each signing key listed in `record.laptops`, and then the facts of the export against the journal's (recordFacts.ts).
 * A line is named by its line number in `record.journal` (the header is line 1) and by the laptop that signed it.
 */

type SignedRecord = NonNullable<CheckedExport['record']>;

const JOURNAL_FORMAT = 'in-between-dealer/night-journal';
const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const CARD = /^[2-9TJQKA][CDHS]$/;

/** A signature line as docs/export-format.md describes it. */
interface Signature {
  laptop: string;
  key: string;
  lines: number;
  head: string;
  sig: string;
  /** Its own line number in the journal text. */
  at: number;
  /** How many journal lines come before it. */
  after: number;
}

/**
 * The record on its own (its chain, signatures and moves), without the export's facts (recordFacts.ts). Returns its
 * lines and who wrote each, or null when it cannot be read.
 */
export function checkJournal(
  record: SignedRecord,
  nightId: string,
  f: Findings,
): { lines: RecordLine[]; signer: (index: number) => string } | null {
  const read = readRecord(record, nightId, f);
  if (!read) return null;
  const signer = signerOfLine(read, record);
  const heads = checkChain(nightId, read.lines, signer, f);
  checkSignatures(record, nightId, read, heads, f);
  checkMoves(read.lines, heads, read.signatures, (id) => laptopName(record, id), f);
  return { lines: read.lines, signer };
}

/**
 * R35: which laptop wrote which lines of a moved night's record, and on which line its own signature covers them, in
 * words: one entry per epoch, in order; none for a night that never moved (its one signature says it all) or a record
 * that does not read. What is wrong with them is reported by checkJournal; this only says who is who.
 */
export function epochsSigned(record: SignedRecord, nightId: string): string[] {
  const read = readRecord(record, nightId, new Findings());
  if (!read) return [];
  const writers = writersOf(read.lines, read.signatures);
  const epochs: { epoch: number; first: RecordLine; last: RecordLine; after: number }[] = [];
  read.lines.forEach((line, index) => {
    const current = epochs.at(-1);
    if (current?.epoch === line.epoch) Object.assign(current, { last: line, after: index + 1 });
    else epochs.push({ epoch: line.epoch, first: line, last: line, after: index + 1 });
  });
  if (epochs.length < 2) return [];
  return epochs.map(({ epoch, first, last, after }) => {
    const writer = writers.get(epoch);
    const lines = `lines ${first.line}-${last.line} (epoch ${epoch})`;
    if (writer === undefined) return `${lines}: written by no laptop a take-over or the last signature names`;
    const own = read.signatures.find((s) => s.laptop === writer && s.after >= after);
    const signed = own ? `signed by it on line ${own.at}` : 'signed by no signature of its own';
    return `${lines}: written by ${laptopName(record, writer)}, ${signed}`;
  });
}

/**
 * R35: how many cards the record's lines had shown at each hand-over and take-over: the night's next card may come
 * from a new deck there, in the middle of a deal (the deck in play was retired or lost with the move). Read leniently
 * (a line that does not read is skipped): the record's own check reports it.
 */
export function cardsAtMoves(record: CheckedExport['record']): Set<number> {
  const moves = new Set<number>();
  let shown = 0;
  for (const text of record?.journal.split('\n') ?? []) {
    const raw = parsed(text);
    if (!isObject(raw) || !isObject(raw['command'])) continue;
    const type = raw['command']['type'];
    if (type === 'hand-over' || type === 'take-over') moves.add(shown);
    if (Array.isArray(raw['shown'])) shown += raw['shown'].length;
  }
  return moves;
}

/** The chain hash the first line follows: sha256 of the record's name and the night id. */
function chainStart(nightId: string): string {
  return sha256Hex(`in-between-dealer/night-record\n${nightId}`);
}

/**
 * The chain hash of a line after `prev`: sha256 of prev, a newline, and the RFC 8785 canonical JSON of its facts; the
 * cards a line turned (`shown`, R35) are among them when it has any, so a chain written before them hashes as it did.
 */
function lineHash(prev: string, line: RecordLine): string {
  const facts: { [key: string]: unknown } = { epoch: line.epoch, command: line.command };
  if (line.at !== undefined) facts['at'] = line.at;
  if (line.seeds.length > 0) facts['seeds'] = line.seeds.map((seed) => seed.commitment);
  if (line.table !== undefined && line.table.length > 0) facts['table'] = line.table;
  if (line.shown !== undefined && line.shown.length > 0) facts['shown'] = line.shown;
  return sha256Hex(`${prev}\n${canonicalize(facts) ?? ''}`);
}

/** What a laptop signs (docs/export-format.md "record"): its UTF-8 bytes are what the signature is of. */
function statement(nightId: string, laptopId: string, lines: number, head: string): string {
  return `in-between-dealer/night-record\nnight ${nightId}\nlaptop ${laptopId}\nlines ${lines}\nhead ${head}`;
}

function sha256Hex(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

interface ReadRecord {
  lines: RecordLine[];
  signatures: Signature[];
}

/** Reads the journal text line by line; a line that cannot be read stops the check (nothing after it can be placed). */
function readRecord(record: SignedRecord, nightId: string, f: Findings): ReadRecord | null {
  const texts = record.journal.split('\n');
  if (texts.at(-1) !== '') {
    f.violation('R35', null, 'the record ends with a newline after its last line', `line ${texts.length} of the record cut short`);
    texts.push('');
  }
  const header = parsed(texts[0] ?? '');
  if (!isObject(header) || header['format'] !== JOURNAL_FORMAT || header['version'] !== 2) {
    f.violation(
      'R35',
      null,
      `line 1 of the record: ${JOURNAL_FORMAT} version 2 (a chained journal)`,
      `line 1: ${(texts[0] ?? '').slice(0, 80)}`,
    );
    return null;
  }
  if (header['night'] !== nightId) {
    f.violation('R35', null, `the record of night ${nightId}`, `the record of night ${String(header['night'])}`);
    return null;
  }
  const lines: RecordLine[] = [];
  const signatures: Signature[] = [];
  for (let i = 1; i < texts.length - 1; i++) {
    const at = i + 1;
    const raw = parsed(texts[i] ?? '');
    if (isObject(raw) && 'signed' in raw) {
      const signature = signatureOf(raw['signed'], at, lines.length);
      if (!signature) {
        f.violation(
          'R35',
          null,
          `line ${at} of the record: a signature {laptop, key, lines, head, sig}`,
          `line ${at}: ${texts[i]?.slice(0, 80)}`,
        );
        return null;
      }
      signatures.push(signature);
      continue;
    }
    const line = lineOf(raw, at);
    if (typeof line === 'string') {
      f.violation(
        'R35',
        null,
        `line ${at} of the record: a journal line {prev, epoch, command, at?, seeds?, table?, shown?}`,
        `line ${at}: ${line}`,
      );
      return null;
    }
    lines.push(line);
  }
  if (lines.length === 0) {
    f.violation('R35', null, 'a record holding the night’s lines', 'a record with none');
    return null;
  }
  return { lines, signatures };
}

/**
 * Walks the chain: each line's `prev` must be the hash of the facts of the line before it (a take-over's, of the line
 * it names: the lines between, kept aside, are reported by moves.ts, as are the epochs). A break is reported once:
 * every later line follows a chain this copy no longer has. Returns the chain hash after each line, as worked out here.
 */
function checkChain(nightId: string, lines: readonly RecordLine[], signer: (index: number) => string, f: Findings): string[] {
  const heads: string[] = [];
  let head = chainStart(nightId);
  let broken = false;
  lines.forEach((line, index) => {
    const point = takeOverPoint(lines, index);
    const follows = point === null ? index - 1 : point - 1;
    if (!broken && point !== null) head = heads[follows] ?? head;
    if (!broken && line.prev !== head) {
      broken = true;
      const before = index === 0 ? 'the start of the chain' : `line ${lines[follows]?.line}`;
      f.violation(
        'R35',
        null,
        `line ${line.line} of the record, as ${signer(index)} signed it, to follow ${before} (prev ${head})`,
        `prev ${line.prev}: a line was changed, added or taken out before it`,
      );
    }
    head = lineHash(head, line);
    heads.push(head);
  });
  return heads;
}

/**
 * Names the laptop that wrote the `index`-th line (0-based): its epoch's writer (moves.ts), else the laptop of the first
 * signature at or after it.
 */
function signerOfLine({ lines, signatures }: ReadRecord, record: SignedRecord): (index: number) => string {
  const writers = writersOf(lines, signatures);
  return (index) => {
    const writer = writers.get(lines[index]?.epoch ?? 0);
    if (writer !== undefined) return laptopName(record, writer);
    const signature = signatures.find((s) => s.after > index);
    return signature ? laptopName(record, signature.laptop) : 'no laptop (no signature covers it)';
  };
}

function laptopName(record: SignedRecord, laptopId: string): string {
  const laptop = record.laptops.find((l) => l.laptopId === laptopId);
  return laptop ? `${laptop.name} (${laptopId})` : laptopId;
}

/**
 * Each signature: in its place (right after the last line it signs, naming the head the chain has there), by a laptop
 * listed with that key in `record.laptops`, checking by Ed25519 against the statement of those lines; and the last line
 * signed.
 */
function checkSignatures(record: SignedRecord, nightId: string, read: ReadRecord, heads: readonly string[], f: Findings): void {
  for (const signature of read.signatures) {
    const name = laptopName(record, signature.laptop);
    // The statement names the head of the chain as worked out here, not the one the line claims.
    const head = heads[signature.after - 1] ?? '';
    if (signature.lines !== signature.after || signature.head !== head) {
      f.violation(
        'R35',
        null,
        `line ${signature.at} of the record: ${name}'s signature of the ${signature.after} lines before it (head ${head})`,
        `a signature of ${signature.lines} lines (head ${signature.head})`,
      );
      continue;
    }
    const listed = record.laptops.find((l) => l.laptopId === signature.laptop);
    if (!listed || listed.publicKey !== signature.key) {
      f.violation(
        'R35',
        null,
        `line ${signature.at} of the record: the key of ${name} listed in record.laptops`,
        listed
          ? `key ${signature.key}, but record.laptops lists ${listed.publicKey} for ${name}`
          : `${signature.laptop} not in record.laptops`,
      );
      continue;
    }
    if (!verified(signature.key, statement(nightId, signature.laptop, signature.lines, head), signature.sig))
      f.violation(
        'R35',
        null,
        `line ${signature.at} of the record: ${name}'s signature of the ${signature.lines} lines before it (head ${head})`,
        `a signature that does not check against ${name}'s key: the record was changed after ${name} signed it`,
      );
  }
  const last = read.signatures.at(-1);
  if (!last || last.after < read.lines.length)
    f.violation(
      'R35',
      null,
      `every line of the record signed (${read.lines.length} lines)`,
      last ? `the last signature, ${laptopName(record, last.laptop)}'s, follows line ${last.after + 1}` : 'no signature',
    );
}

/** Ed25519 as RFC 8032 says (not ZIP 215's looser rule, so any RFC 8032 tool agrees); false for anything malformed. */
function verified(publicKey: string, text: string, signature: string): boolean {
  if (!HEX64.test(publicKey) || !HEX128.test(signature)) return false;
  try {
    return ed25519.verify(hexToBytes(signature), new TextEncoder().encode(text), hexToBytes(publicKey), { zip215: false });
  } catch {
    return false;
  }
}

function signatureOf(raw: unknown, at: number, after: number): Signature | null {
  if (!isObject(raw)) return null;
  const { laptop, key, lines, head, sig } = raw;
  if (typeof laptop !== 'string' || typeof key !== 'string' || typeof head !== 'string' || typeof sig !== 'string') return null;
  if (typeof lines !== 'number' || !Number.isInteger(lines) || lines < 1) return null;
  return { laptop, key, lines, head, sig, at, after };
}

/** A journal line's chained facts, or why it is not one. */
function lineOf(raw: unknown, at: number): RecordLine | string {
  if (!isObject(raw)) return 'not a JSON object';
  const { prev, epoch, command, seeds, table, shown } = raw;
  if (typeof prev !== 'string' || !HEX64.test(prev)) return 'no prev (64 hex digits)';
  if (typeof epoch !== 'number' || !Number.isInteger(epoch) || epoch < 1) return 'no epoch (a whole number from 1)';
  if (!isObject(command) || typeof command['type'] !== 'string') return 'no command with a type';
  if (raw['at'] !== undefined && typeof raw['at'] !== 'string') return 'at is not a time';
  if (seeds !== undefined && !Array.isArray(seeds)) return 'seeds is not a list';
  if (table !== undefined && !Array.isArray(table)) return 'table is not a list';
  if (shown !== undefined && (!Array.isArray(shown) || !shown.every((card) => typeof card === 'string' && CARD.test(card))))
    return 'shown is not a list of card codes';
  const read: RecordLine['seeds'] = [];
  for (const seed of (seeds ?? []) as unknown[]) {
    if (typeof seed === 'string' && HEX64.test(seed)) read.push({ seed, commitment: commitmentOf(seed) });
    else if (isObject(seed) && typeof seed['commitment'] === 'string') read.push({ seed: null, commitment: seed['commitment'] });
    else return 'a seed that is neither 64 hex digits nor {commitment, sealed}';
  }
  return {
    line: at,
    prev,
    epoch,
    command,
    ...(typeof raw['at'] === 'string' ? { at: raw['at'] } : {}),
    seeds: read,
    ...(table !== undefined ? { table: table as unknown[] } : {}),
    ...(shown !== undefined ? { shown: shown as string[] } : {}),
    ...(Array.isArray(raw['revealed']) ? { revealed: raw['revealed'] as unknown[] } : {}),
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
