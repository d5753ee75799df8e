import { LIVE_BATCH_MAX_BYTES, LIVE_LINES_PER_BATCH } from '../../shared';
import type { RecordSignature } from '../night';

/**
 * R35, a copy far behind a takeover (docs/group-lan.md "A copy far behind a takeover"): Carol's copy holds Ann's
 * night to line 100 when Bob takes it over from line 412. Bob's batches hold at most a batch's lines, so the first
 * ones hold only Ann's lines, and Carol takes no line of Ann's on Bob's word alone (his signature would sign lines he
 * made up just as well). So Bob sends them as Ann signed them: each batch ends where a signature of Ann's stands in
 * his journal (the copy he took over from kept one after each of her batches), and carries that signature; Carol
 * takes them as Ann's. Ann's batches each fit a batch, so her signatures are never more than a batch apart, and a
 * copy read back after a restart keeps enough of them (`thinnedRelayPoints`).
 */

/** How much one batch may hold (src/shared/groupLan.ts: lines, and the bytes of their text). */
export interface BatchCap {
  lines: number;
  bytes: number;
}

/** The app's: what the group's listener takes in one batch. */
export const LIVE_BATCH_CAP: BatchCap = { lines: LIVE_LINES_PER_BATCH, bytes: LIVE_BATCH_MAX_BYTES };

/** A batch of another laptop's lines, sent as it signed them. */
export interface RelayedBatch {
  lines: string[];
  signed: RecordSignature;
}

/**
 * The batch to send a copy that holds the night's first `held` lines, held from laptop `copyHolder` (as it answered;
 * undefined: it holds none), while those lines are of an epoch before the sender's: the lines from `held` + 1 to the
 * farthest signature of that epoch's writer (the laptop the next take-over line names) before that line that fits a
 * batch, with that signature (`points`: the signature lines of the sender's journal, each signing the chain where it
 * stands). Only for a copy held from that writer, or none yet (it then holds each line as its writer signed it), and
 * only when the batch the sender would send does not reach the take-over line. Null otherwise, or when no signature
 * fits: the batch is then sent as ever.
 */
export function relayBatch(
  texts: readonly string[],
  points: readonly RecordSignature[],
  takeOvers: readonly { from: string; line: number }[],
  held: number,
  copyHolder: string | undefined,
  cap: BatchCap,
): RelayedBatch | null {
  // The lines after `held` up to the next take-over line are of one epoch: the laptop it takes the night from wrote them.
  const next = takeOvers.filter((point) => point.line > held).sort((a, b) => a.line - b.line)[0];
  if (!next || (copyHolder ?? next.from) !== next.from || (copyHolder === undefined && held > 0)) return null;
  const fits = fittingLines(texts, held, cap);
  // A batch as ever reaches the take-over line: the copy takes it (and the lines before it) as it follows the night.
  if (held + fits > next.line) return null;
  const signed = points
    .filter((point) => point.laptop === next.from && point.lines > held && point.lines <= held + fits)
    .sort((a, b) => b.lines - a.lines)[0];
  if (!signed) return null;
  return { lines: texts.slice(held, signed.lines), signed };
}

/** How many of the lines after the `held` first fit one batch (one at least, as a batch of one long line goes alone). */
export function fittingLines(texts: readonly string[], held: number, cap: BatchCap): number {
  let count = 0;
  let bytes = 0;
  for (let index = held; index < texts.length && count < cap.lines; index++) {
    const length = (texts[index] as string).length;
    if (count > 0 && bytes + length > cap.bytes) break;
    count += 1;
    bytes += length;
  }
  return count;
}

/**
 * Of a copy's signatures (`points`, in order, each signing the chain where it stands), the ones that keep any two
 * kept ones of a laptop at most a batch apart (`lineBytes`: each command line's length), so that the copy, once taken
 * over, can send another copy far behind its lines as that laptop signed them (`relayBatch`). The farthest that fits
 * is kept each time; a gap no two signatures close stays as it is.
 */
export function thinnedRelayPoints(points: readonly RecordSignature[], lineBytes: readonly number[], cap: BatchCap): RecordSignature[] {
  // Bytes of the lines before each place, so a gap's bytes are one subtraction (a copy read at start-up may hold a
  // signature for every batch of a long night).
  const before = [0];
  for (const bytes of lineBytes) before.push((before.at(-1) as number) + bytes);
  const fits = (from: number, to: number) =>
    to - from <= 1 || (to - from <= cap.lines && (before[to] ?? 0) - (before[from] ?? 0) <= cap.bytes);
  const byLaptop = new Map<string, RecordSignature[]>();
  for (const point of points) {
    const own = byLaptop.get(point.laptop);
    if (own) own.push(point);
    else byLaptop.set(point.laptop, [point]);
  }
  const kept: RecordSignature[] = [];
  for (const own of byLaptop.values()) {
    let from = 0;
    own.forEach((point, index) => {
      const after = own[index + 1];
      // Kept when the next one would not fit a batch from the last kept (or there is no next one).
      if (!after || !fits(from, after.lines)) {
        kept.push(point);
        from = point.lines;
      }
    });
  }
  return kept.sort((a, b) => a.lines - b.lines);
}
