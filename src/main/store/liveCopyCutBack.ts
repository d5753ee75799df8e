import fs from 'node:fs';
import { chainStart, signatureLine, type RecordSignature } from '../night';
import { FIRST_EPOCH } from '../night/recordChain';
import { writeFileDurably } from './durableFile';
import { copyRows, withSignatures, type CopyRow } from './liveCopyLines';

/**
 * R35 *A laptop that comes back*, for a copy (docs/group-lan.md "A copy ahead of a takeover"): a copy of the night
 * held from a laptop that was taken over may hold that laptop's lines after the takeover point (it heard them before
 * the taker did). Those lines are not part of the night: the copy cuts back to the takeover point, keeps them aside
 * beside it (never merged, never deleted by itself) and follows the taker from the line after it. The sender says
 * where its night's takeovers are (`TakeOverPoint`); the copy cuts only to one naming its holder whose hash is its own
 * line's there, and only once the taker's signed take-over line chains on from it (store/liveCopies.ts `receive`).
 */

/** A take-over line of the sender's night: the laptop taken from, the line it goes on from and that line's chain hash. */
export interface TakeOverPoint {
  from: string;
  line: number;
  hash: string;
}

/** Where a copy cuts back to: its first `at` lines kept (the night after each), the lines after them set aside. */
export interface CutBack {
  at: number;
  head: string;
  epoch: number;
  ended: boolean;
  handedTo: string | null;
  kept: string[];
  aside: string[];
}

/**
 * The takeover point of a batch's night that a copy is ahead of: one naming the copy's holder before its last line,
 * from a sender writing at a later epoch than the copy's, whose hash is the copy's own at that line (the latest such).
 * Null when the batch names none (the copy takes the batch as ever); why not when it names some, none of them the
 * copy's line: a point that does not match cuts nothing (a forger cannot make the copy drop a line).
 */
export function cutBackPoint(
  copy: { nightId: string; holder: string; lines: number; epoch: number },
  text: () => string,
  points: readonly TakeOverPoint[] | undefined,
  senderEpoch: number | undefined,
  nameOf: (laptopId: string) => string,
): CutBack | string | null {
  const inside = (points ?? []).filter((point) => point.from === copy.holder && point.line < copy.lines);
  if (inside.length === 0 || senderEpoch === undefined || senderEpoch <= copy.epoch) return null;
  const rows = copyRows(copy.nightId, text());
  const headAt = (line: number) => (line === 0 ? chainStart(copy.nightId) : rows[line - 1]?.head);
  const epochAt = (line: number) => (line === 0 ? FIRST_EPOCH : (rows[line - 1]?.epoch ?? FIRST_EPOCH));
  // A copy whose line after the point rises an epoch holds the take-over line itself (the sender's lines, held from the
  // laptop that sent them before the takeover's writer: it follows on as ever, nothing to cut).
  const holdsTakeOver = (point: TakeOverPoint) => (rows[point.line]?.epoch ?? 0) > epochAt(point.line);
  const hashMatches = inside.filter((point) => headAt(point.line) === point.hash);
  if (hashMatches.length > 0 && hashMatches.every(holdsTakeOver)) return null;
  const matching = hashMatches.filter((point) => !holdsTakeOver(point)).sort((a, b) => b.line - a.line)[0];
  if (!matching) {
    const point = inside.at(-1) as TakeOverPoint;
    return `its night was taken over from ${nameOf(copy.holder)} after line ${point.line}, with a hash that is not this copy's line ${point.line}: the copy holds other lines there, and cuts nothing`;
  }
  const at = matching.line;
  const last = rows[at - 1] as CopyRow;
  return {
    at,
    head: last.head,
    epoch: last.epoch,
    ended: last.ended,
    handedTo: last.handedTo,
    kept: rows.slice(0, at).map((row) => row.text),
    aside: rows.slice(at).map((row) => row.text),
  };
}

/**
 * What a copy's host is told of a cut back (session/domains/copyCutBack.ts): the night, the laptop whose lines were set
 * aside (the copy's holder), the laptop that took the night over from it, the takeover point, how many lines were set
 * aside and the file they are kept in. Laptops by id.
 */
export interface CutLinesAside {
  nightId: string;
  from: string;
  by: string;
  line: number;
  lines: number;
  file: string;
}

/**
 * The laptop that wrote the line after a takeover point `at` (its take-over line). Where the night was taken over again
 * later (`points`, the batch's take-over points), the laptop the next one took it from: it held the night from `at` on.
 * Else the first signature, by the lines it signs, past `at` (each writer signs the night up to the last line it
 * wrote; the sender's own signs them all). The sender need not be the taker: the night may have been handed back to
 * the laptop taken over since, and that laptop's signature of its lines may lie beyond the batch that cuts back.
 */
export function takerAfter(at: number, signatures: readonly RecordSignature[], points: readonly TakeOverPoint[] = []): string {
  const next = points.filter((point) => point.line > at).sort((a, b) => a.line - b.line)[0];
  if (next) return next.from;
  const past = signatures.filter((s) => s.lines > at).sort((a, b) => a.lines - b.lines);
  return past[0]?.laptop ?? '';
}

/**
 * The lines a cut back set aside, written beside the copy (`<night>.jsonl.cut-back-after-<line>`, `-1`, `-2`... when
 * taken): the journal's header, the lines as their holder wrote them and its signature of them all (`signed`), so the
 * host can tell whose they are. Never read back as a copy, never deleted here. Its path.
 */
export function setAsideCutLines(copyPath: string, header: string, cut: CutBack, signed: RecordSignature | null): string {
  let target = `${copyPath}.cut-back-after-${cut.at}`;
  for (let n = 1; fs.existsSync(target); n++) target = `${copyPath}.cut-back-after-${cut.at}-${n}`;
  writeFileDurably(target, `${header}\n${withSignatures(cut.aside, cut.at, [])}${signed ? signatureLine(signed) : ''}`);
  return target;
}

/** The copy's text cut back to `cut.at` lines, with the earlier writers' signatures it keeps (`writers`), then `appended`. */
export function cutBackText(header: string, cut: CutBack, writers: readonly RecordSignature[], appended: string): string {
  return `${header}\n${withSignatures(cut.kept, 0, writers)}${appended}`;
}
