import {
  chainStart,
  decodeJournal,
  hashOfLine,
  JournalHeaderError,
  recordStatement,
  signatureLine,
  verifySignature,
  type JournalLine,
  type RecordSignature,
} from '../night';
import { FIRST_EPOCH } from '../night/recordChain';
import { LIVE_BATCH_CAP, thinnedRelayPoints, type BatchCap } from './liveCopyRelay';

/**
 * R35, the lines of a live copy (store/liveCopies.ts): a journal line's facts as its chain hash covers them, read
 * from its text as the holder wrote it (a seed sealed on the holder stays sealed: its commitment is what the chain
 * covers), the checks a batch's lines must pass (and, R35, the earlier writers' signatures it brings), and a copy
 * read back from its file.
 */

/** The keys the group holds for its laptops (R35: each writer's signature is checked against its laptop's), and their names. */
export interface GroupKeys {
  keyOf(laptopId: string): string | undefined;
  nameOf(laptopId: string): string;
}

/** A copy as read back from its file, and its text to write whole when it must change (null: as it is). */
export interface ReadCopy {
  header: string;
  lines: number;
  head: string;
  signature: RecordSignature;
  /** R35: the signatures of the laptops that wrote the night's earlier epochs, each right after the last line it wrote. */
  writers: RecordSignature[];
  /**
   * R35: the signatures kept between them, at most a batch apart (store/liveCopyRelay.ts): with them, once this laptop
   * takes the night over, a copy far behind gets each line as its writer signed it.
   */
  relayPoints: RecordSignature[];
  epoch: number;
  ended: boolean;
  handedTo: string | null;
  bytes: number;
  rewrite: string | null;
}

/** Why a journal's first line does not start a copy of this night, or null. */
export function headerProblem(header: string | undefined, nightId: string): string | null {
  if (header === undefined) return 'the first batch of a night comes with its journal header';
  try {
    const decoded = decodeJournal(`${header}\n`);
    if (decoded.header.night !== nightId) return `its journal header names night "${decoded.header.night}", not "${nightId}"`;
    if (decoded.header.version < 2) return 'its journal is of version 1, whose lines are not chained';
  } catch (error) {
    if (error instanceof JournalHeaderError) return `its journal header cannot be read: ${error.message}`;
    throw error;
  }
  return null;
}

/** A line's facts as its chain hash covers them (recordChain.ts), from its text as written. */
interface ChainedLine {
  prev: string;
  epoch: number;
  type: string;
  facts: JournalLine;
}

/** R35 *Handed over*: the laptop a hand-over line names, or null for any other line. */
function handedToOf(line: ChainedLine): string | null {
  const command = line.facts.command as { type: string; to?: unknown };
  return command.type === 'hand-over' && typeof command.to === 'string' ? command.to : null;
}

function chainedLine(text: string): ChainedLine | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || 'signed' in raw) return null;
  const { prev, epoch, ...facts } = raw as Record<string, unknown>;
  const command = facts['command'] as { type?: unknown } | undefined;
  if (typeof prev !== 'string' || typeof epoch !== 'number' || typeof command?.type !== 'string') return null;
  return { prev, epoch, type: command.type, facts: { ...(facts as unknown as JournalLine), epoch } };
}

/** The new lines of a batch as they chain on from a copy (chainLines). */
export interface ChainedLines {
  head: string;
  /** The chain hash after each new line. */
  heads: string[];
  epoch: number;
  ended: boolean | null;
  handedTo: string | null;
  /** R35: each take-over line among them: its place in the night (1 = the start line) and the laptop it names. */
  takeOvers: { at: number; from: string }[];
}

/**
 * The new lines checked to continue the chain from `head` (R35): each a line of the journal's version (its facts
 * checked by the journal's own reader), following the line before it, at an epoch that never falls and rises by one
 * at most; the first line of a night its start line, naming it. Their new head (and the head after each), epoch,
 * whether the night ended, every takeover line, and the laptop
 * the last of them hands the night to (R35), if it does.
 */
export function chainLines(
  header: string,
  from: string,
  fromEpoch: number,
  held: number,
  lines: readonly string[],
  first: boolean,
): ChainedLines | string {
  let head = from;
  const heads: string[] = [];
  const takeOvers: ChainedLines['takeOvers'] = [];
  let epoch = fromEpoch;
  let ended: boolean | null = null;
  let handedTo: string | null = null;
  const nightId = (JSON.parse(header) as { night: string }).night;
  for (const [index, text] of lines.entries()) {
    const at = held + index + 1;
    // The journal's reader judges the line's facts alone (a sealed seed it cannot open is not damage here), a
    // takeover's place counted from the night's start.
    const decoded = decodeJournal(`${header}\n${text}\n`, undefined, { linesBefore: at - 1 });
    if (decoded.damage && decoded.damage.sealed !== true) return `line ${at} cannot be used (${decoded.damage.reason})`;
    const line = chainedLine(text);
    if (!line || (decoded.entries.length === 0 && decoded.damage === null)) return `line ${at} is not a line of the night`;
    if (line.prev !== head) return `line ${at} does not follow the line before it (its chain is broken, R35)`;
    // R35: epochs never fall; one rises only on a take-over line, by exactly one.
    if (line.epoch < epoch || line.epoch > epoch + 1 || (line.epoch > epoch && line.type !== 'take-over'))
      return `line ${at} is at epoch ${line.epoch} after epoch ${epoch} (R35)`;
    if (first && index === 0) {
      const start = line.facts.command as { type: string; nightId?: string };
      if (start.type !== 'start' || start.nightId !== nightId) return 'its first line does not start this night';
    }
    // Each takeover in the batch: the laptop the night was taken from (R35, a copy follows its night).
    if (line.epoch > epoch) takeOvers.push({ at, from: String((line.facts.command as { from?: unknown }).from) });
    epoch = line.epoch;
    head = hashOfLine(head, line.facts);
    heads.push(head);
    if (line.type === 'end') ended = true;
    else if (line.type === 'reopen') ended = false;
    handedTo = handedToOf(line);
  }
  return { head, heads, epoch, ended, handedTo, takeOvers };
}

/**
 * A copy as read back from its file: its lines up to the last signature that signs them as they chain (anything after
 * it, a batch cut short by a kill, is dropped), and the file's text to write whole when it must change (cut back, or
 * its many signatures compacted, keeping them at most a batch of `cap` apart: store/liveCopyRelay.ts). Compacted, it keeps the last signature and, R35, each earlier writer's signature
 * of its epoch (right before the take-over line naming it, or at the end while that line has not come): the signatures
 * of each batch in between say nothing more.
 */
export function readCopy(nightId: string, text: string, cap: BatchCap = LIVE_BATCH_CAP): ReadCopy | null {
  const rows = text.split('\n');
  const header = rows[0] ?? '';
  if (headerProblem(header, nightId) !== null) return null;
  let head = chainStart(nightId);
  let epoch = FIRST_EPOCH;
  let ended = false;
  let handedTo: string | null = null;
  let count = 0;
  const lines: string[] = [];
  /** The laptop each take-over line names, by its place in the night. */
  const takenFrom = new Map<number, string>();
  const signatures: RecordSignature[] = [];
  let good = { lines: 0, head, epoch, ended, handedTo: null as string | null, signatures: 0 };
  // The last row is empty after the final newline, or a line cut short: never whole, so never read.
  for (const row of rows.slice(1, -1)) {
    const signed = signatureOf(row);
    if (signed) {
      if (signed.lines !== count || signed.head !== head) break;
      signatures.push(signed);
      good = { lines: count, head, epoch, ended, handedTo, signatures: signatures.length };
      continue;
    }
    const line = chainedLine(row);
    if (!line || line.prev !== head) break;
    if (line.epoch > epoch) takenFrom.set(count + 1, String((line.facts.command as { from?: unknown }).from));
    head = hashOfLine(head, line.facts);
    epoch = line.epoch;
    if (line.type === 'end') ended = true;
    else if (line.type === 'reopen') ended = false;
    handedTo = handedToOf(line);
    count += 1;
    lines.push(row);
  }
  const kept = signatures.slice(0, good.signatures);
  const signature = kept.at(-1);
  // Not one batch whole: nothing is held (the holder sends the night again from its start line).
  if (!signature) return null;
  // The last signature is kept whole: a writer's signature of the same lines beside it says nothing more.
  const writers = epochWriters(kept.slice(0, -1), takenFrom, good.lines).filter(
    (s) => s.laptop !== signature.laptop || s.lines !== signature.lines,
  );
  const held = lines.slice(0, good.lines);
  // Thinned with the last signature among them (it stands for the lines before it too), which is kept apart.
  const relayPoints = thinnedRelayPoints(
    kept,
    held.map((line) => line.length),
    cap,
  ).filter((s) => s.laptop !== signature.laptop || s.lines !== signature.lines);
  const between = relayPoints.filter((point) => !writers.some((s) => s.laptop === point.laptop && s.lines === point.lines));
  const whole = `${header}\n${withSignatures(held, 0, [...writers, ...between])}${signatureLine(signature)}`;
  return {
    header,
    lines: good.lines,
    head: good.head,
    signature,
    writers,
    relayPoints,
    epoch: good.epoch,
    ended: good.ended,
    handedTo: good.handedTo,
    bytes: Buffer.byteLength(whole, 'utf8'),
    rewrite: whole === text ? null : whole,
  };
}

/** A command line of a copy as held: its text, and the chain hash, epoch, end and hand-over of the night after it. */
export interface CopyRow {
  text: string;
  head: string;
  epoch: number;
  ended: boolean;
  handedTo: string | null;
}

/**
 * R35: the command lines of a copy's text (as `readCopy` keeps it: its file holds nothing after its last signature),
 * each with the night as it stood after it: what a cut back to one of them keeps.
 */
export function copyRows(nightId: string, text: string): CopyRow[] {
  let head = chainStart(nightId);
  let ended = false;
  const rows: CopyRow[] = [];
  for (const row of text.split('\n').slice(1)) {
    if (row === '' || signatureOf(row)) continue;
    const line = chainedLine(row);
    if (!line || line.prev !== head) break;
    head = hashOfLine(head, line.facts);
    if (line.type === 'end') ended = true;
    else if (line.type === 'reopen') ended = false;
    rows.push({ text: row, head, epoch: line.epoch, ended, handedTo: handedToOf(line) });
  }
  return rows;
}

/**
 * R35: of `signatures`, those that say who wrote an epoch: right before a take-over line naming their laptop
 * (`takenFrom`, by the take-over's place), or after the last line held (`lines`: its take-over may come in the next
 * batch). One per place and laptop, in order.
 */
function epochWriters(signatures: readonly RecordSignature[], takenFrom: ReadonlyMap<number, string>, lines: number): RecordSignature[] {
  const out: RecordSignature[] = [];
  for (const signed of signatures) {
    const writes = signed.lines === lines || takenFrom.get(signed.lines + 1) === signed.laptop;
    if (writes && !out.some((s) => s.laptop === signed.laptop && s.lines === signed.lines)) out.push(signed);
  }
  return out.sort((a, b) => a.lines - b.lines);
}

/** Lines numbered from `held` + 1, each signature of `signatures` after the line it signs up to (one at `held` first). */
export function withSignatures(lines: readonly string[], held: number, signatures: readonly RecordSignature[]): string {
  let out = '';
  const at = (n: number) => {
    for (const signed of signatures) if (signed.lines === n) out += signatureLine(signed);
  };
  at(held);
  lines.forEach((line, index) => {
    out += `${line}\n`;
    at(held + index + 1);
  });
  return out;
}

function signatureOf(row: string): RecordSignature | null {
  if (!row.startsWith('{"signed"')) return null;
  try {
    return (JSON.parse(row) as { signed: RecordSignature }).signed;
  } catch {
    return null;
  }
}

/**
 * R35: the earlier writers' signatures a batch brings (`batch.writers`), each in its place (after a line held last or
 * one of the batch), signing the chain there, with the key the group holds for its laptop; and each take-over line of
 * the batch following a signature of the laptop it names (held or brought), so that the copy says who wrote each line.
 * The signatures new to the copy (`fresh`), and every writer's signature it holds with them (`all`); or why not.
 */
export function checkedWriters(
  batch: { nightId: string; lines: readonly string[]; writers?: readonly RecordSignature[] },
  kept: { lines: number; head: string; signature: RecordSignature | null; writers: readonly RecordSignature[] } | undefined,
  chained: ChainedLines,
  keys: GroupKeys,
): { fresh: RecordSignature[]; all: RecordSignature[] } | string {
  const held = kept?.lines ?? 0;
  const lines = held + batch.lines.length;
  const headAt = (n: number) => (n === held ? (kept?.head ?? chainStart(batch.nightId)) : chained.heads[n - held - 1]);
  const holds = [...(kept?.writers ?? []), ...(kept?.signature ? [kept.signature] : [])];
  const same = (a: RecordSignature) => (b: RecordSignature) => a.laptop === b.laptop && a.lines === b.lines;
  const fresh: RecordSignature[] = [];
  for (const signed of batch.writers ?? []) {
    const name = keys.nameOf(signed.laptop);
    const of = `${name}'s signature of the night's first ${signed.lines} lines`;
    if (signed.lines < Math.max(1, held) || signed.lines > lines) return `${of} does not sign lines of this batch`;
    if (signed.head !== headAt(signed.lines)) return `${of} does not sign them as they chain`;
    const key = keys.keyOf(signed.laptop);
    if (key === undefined) return `the group holds no key for ${name}, which wrote lines of it: ${of} cannot be checked`;
    if (signed.key !== key) return `${of} is made with a key that is not the one the group holds for ${name}`;
    if (!verifySignature(key, recordStatement(batch.nightId, signed.laptop, signed.lines, signed.head), signed.sig))
      return `${of} does not check: they were changed after ${name} signed them, or it is a forgery`;
    if (!holds.some(same(signed)) && !fresh.some(same(signed))) fresh.push(signed);
  }
  const all = [...holds, ...fresh];
  for (const { at, from } of chained.takeOvers)
    if (!all.some((s) => s.laptop === from && s.lines === at - 1)) {
      const name = keys.nameOf(from);
      return `line ${at} takes the night over from ${name}, but no signature of ${name}'s comes with the ${at - 1} lines before it: nothing would tell they are ${name}'s (R35)`;
    }
  const takenFrom = new Map<number, string>(chained.takeOvers.map(({ at, from }) => [at, from]));
  // Those held before the batch stay; of those at the line held last or later, each writer's of its epoch, and those at the end.
  const earlier = (kept?.writers ?? []).filter((s) => s.lines < held);
  return {
    fresh,
    all: [
      ...earlier,
      ...epochWriters(
        all.filter((s) => s.lines >= held),
        takenFrom,
        lines,
      ),
    ],
  };
}
