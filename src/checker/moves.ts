import type { Findings } from './findings';
import type { RecordLine } from './recordLine';

/**
 * R35, a night moved between laptops (docs/night-checker.md "Moves"): the epochs of the record's lines, its
 * `hand-over` and `take-over` lines, and who signed each epoch. Written from the rules and the record's format alone:
 *
 * - the first line is at epoch 1; epochs never fall; an epoch rises only on a `take-over` line, by exactly 1;
 * - a take-over names the laptop taken from, `line` n (the number of the night's lines before it: the start line is
 *   line 1) and `hash`, the chain hash of line n, which is also its own `prev`; the lines of the old epoch written after
 *   line n are not part of the night (kept aside on that laptop), so a record holding them is wrong;
 * - a hand-over is followed by a take-over (nothing else), by the laptop it names;
 * - each epoch's writer signs the epoch's last line (a signature placed right after it, before the take-over), and that
 *   writer is the laptop the take-over names; the last epoch's writer is the laptop of the record's final signature, and
 *   every signature placed inside an epoch is its writer's.
 */

/** A signature line as read by record.ts. */
interface PlacedSignature {
  laptop: string;
  /** Its own line number in the journal text. */
  at: number;
  /** How many of the night's lines come before it. */
  after: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Each epoch's writer, as the record names it: the `from` of the take-over that ends it, the last one's the final signer. */
export function writersOf(lines: readonly RecordLine[], signatures: readonly PlacedSignature[]): Map<number, string> {
  const writers = new Map<number, string>();
  for (const line of lines) {
    const from = line.command['from'];
    if (line.command['type'] === 'take-over' && typeof from === 'string' && !writers.has(line.epoch - 1)) writers.set(line.epoch - 1, from);
  }
  const final = signatures.at(-1);
  const lastEpoch = Math.max(...lines.map((l) => l.epoch));
  if (final && final.after === lines.length && !writers.has(lastEpoch)) writers.set(lastEpoch, final.laptop);
  return writers;
}

/**
 * Where the chain says the take-over at `index` follows: line n's hash when n names a line before it, so that the lines
 * kept aside between n and the take-over are reported here once rather than as a broken chain.
 */
export function takeOverPoint(lines: readonly RecordLine[], index: number): number | null {
  const line = lines[index];
  const n = line?.command['line'];
  if (line?.command['type'] !== 'take-over' || typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > index) return null;
  return n;
}

export function checkMoves(
  lines: readonly RecordLine[],
  heads: readonly string[],
  signatures: readonly PlacedSignature[],
  name: (laptopId: string) => string,
  f: Findings,
): void {
  const writers = writersOf(lines, signatures);
  const writerName = (epoch: number) => {
    const writer = writers.get(epoch);
    return writer ? name(writer) : 'no laptop (no signature names its writer)';
  };
  const where = (index: number) => {
    const line = lines[index] as RecordLine;
    return `line ${line.line} of the record (epoch ${line.epoch}, ${writerName(line.epoch)})`;
  };
  const first = lines[0];
  if (first && first.epoch !== 1)
    f.violation('R35', null, `line ${first.line} of the record at epoch 1 (the laptop that opened the night)`, `epoch ${first.epoch}`);
  let highest = first?.epoch ?? 1;
  lines.forEach((line, index) => {
    if (index === 0) return;
    const type = line.command['type'];
    const before = lines[index - 1] as RecordLine;
    if (before.command['type'] === 'hand-over' && type !== 'take-over')
      f.violation('R35', null, `a take-over right after the hand-over on ${where(index - 1)}`, `${String(type)} on line ${line.line}`);
    if (type === 'take-over') {
      checkTakeOver(lines, heads, index, highest, writers, name, where, f);
      highest = Math.max(highest, line.epoch);
      return;
    }
    if (line.epoch < highest)
      f.violation(
        'R35',
        null,
        `${where(index)} at epoch ${highest} or later: epochs never fall, a laptop never writes below the highest it has seen`,
        `epoch ${line.epoch}`,
      );
    else if (line.epoch > highest) {
      f.violation(
        'R35',
        null,
        `${where(index)} at epoch ${highest}: an epoch rises only on a take-over line`,
        `epoch ${line.epoch} on a ${String(type)} line`,
      );
      highest = line.epoch;
    }
  });
  checkEpochSignatures(lines, signatures, writers, name, where, f);
}

function checkTakeOver(
  lines: readonly RecordLine[],
  heads: readonly string[],
  index: number,
  highest: number,
  writers: Map<number, string>,
  name: (laptopId: string) => string,
  where: (index: number) => string,
  f: Findings,
): void {
  const line = lines[index] as RecordLine;
  const { from, line: n, hash } = line.command;
  const here = `the take-over on ${where(index)}`;
  if (line.epoch !== highest + 1)
    f.violation('R35', null, `${here} at epoch ${highest + 1}, the next after ${highest}`, `epoch ${line.epoch}`);
  if (typeof from !== 'string' || typeof n !== 'number' || !Number.isInteger(n) || typeof hash !== 'string' || !HEX64.test(hash)) {
    f.violation('R35', null, `${here}: {from, line, hash} (a laptop id, a line number, 64 hex digits)`, JSON.stringify(line.command));
    return;
  }
  const newWriter = writers.get(line.epoch);
  if (newWriter === from)
    f.violation('R35', null, `${here} by a laptop other than the one taken from`, `${name(from)} taking over from itself`);
  const before = lines[index - 1] as RecordLine;
  if (before.command['type'] === 'hand-over' && before.command['to'] !== newWriter)
    f.violation(
      'R35',
      null,
      `${here} by the laptop the hand-over on line ${before.line} names, ${name(String(before.command['to']))}`,
      `taken over by ${newWriter ? name(newWriter) : 'no laptop a signature names'}`,
    );
  if (n < 1 || n > index) {
    f.violation('R35', null, `${here} naming a line of the night before it (1 to ${index})`, `line ${n}`);
    return;
  }
  // Lines of the old epoch after the takeover point: written by a laptop that had not seen the take-over. Kept aside.
  for (let k = n; k < index; k++) {
    const kept = lines[k] as RecordLine;
    f.violation(
      'R35',
      null,
      `no line after the takeover point (night line ${n}, line ${(lines[n - 1] as RecordLine).line} of the record) before ${here}: a line written after it by the laptop taken from is kept aside, never part of the night`,
      `${where(k)}: ${String(kept.command['type'])}`,
    );
  }
  if (hash !== line.prev) f.violation('R35', null, `${here}: its hash the same as its own prev (${line.prev})`, `hash ${hash}`);
  const pointHash = heads[n - 1];
  if (hash !== pointHash)
    f.violation(
      'R35',
      null,
      `${here}: the hash of night line ${n} (line ${(lines[n - 1] as RecordLine).line} of the record), ${pointHash}`,
      `hash ${hash}`,
    );
}

/**
 * Each epoch but the last: its writer (the take-over's `from`) signs its last line, with a signature placed right
 * after it. Every signature placed inside an epoch is that epoch's writer's (the final one names the last writer).
 */
function checkEpochSignatures(
  lines: readonly RecordLine[],
  signatures: readonly PlacedSignature[],
  writers: Map<number, string>,
  name: (laptopId: string) => string,
  where: (index: number) => string,
  f: Findings,
): void {
  lines.forEach((line, index) => {
    if (line.command['type'] !== 'take-over') return;
    const from = line.command['from'];
    const n = takeOverPoint(lines, index);
    if (typeof from !== 'string' || n === null) return;
    const there = signatures.filter((s) => s.after === n);
    if (!there.some((s) => s.laptop === from))
      f.violation(
        'R35',
        null,
        `a signature by ${name(from)}, the laptop the take-over on line ${line.line} names, right after the takeover point ${where(n - 1)}`,
        there.length === 0 ? 'no signature there' : `signed there by ${there.map((s) => name(s.laptop)).join(', ')}`,
      );
  });
  // The final signature names the last epoch's writer; every other one is the writer's of the epoch it is placed in.
  for (const signature of signatures.slice(0, -1)) {
    const signed = lines[signature.after - 1];
    if (!signed) continue;
    const writer = writers.get(signed.epoch);
    if (writer !== undefined && writer !== signature.laptop)
      f.violation(
        'R35',
        null,
        `the signature on line ${signature.at} of the record by ${name(writer)}, the writer of epoch ${signed.epoch}`,
        `signed by ${name(signature.laptop)}`,
      );
  }
}
