import type { RecordSignature } from '../night';
import type { TakeOverPoint } from './liveCopyCutBack';

/**
 * R35, the live copy's words (store/liveCopies.ts): a batch as the holding laptop sends it, a copy as held here, and
 * the answer to a batch.
 */

/** A batch of lines as the holding laptop sent it (src/shared/groupLan.ts `groupPeerNightLinesArgs`). */
export interface LiveBatch {
  nightId: string;
  /** The laptop that sent it. */
  laptop: string;
  /** The index of its first line (1 = the start line). */
  from: number;
  /** The journal's first line, with the start line. */
  header?: string;
  lines: readonly string[];
  signed?: RecordSignature;
  /**
   * R35: the signatures of the laptops that wrote the night's earlier epochs, as the sender's journal holds them, of
   * the lines this batch ends or follows (each signs the night up to the last line its laptop wrote).
   */
  writers?: readonly RecordSignature[];
  /** The sender's epoch for the night now, when it says. */
  epoch?: number;
  /** R35: the take-over lines of the sender's night (a copy ahead of one cuts back to it). */
  takeOvers?: readonly TakeOverPoint[];
}

/** A copy held here: what a takeover reads (its text as on disk, its chain head, its lines, its holder's signature). */
export interface HeldCopy {
  nightId: string;
  /** The laptop holding the night, whose signature covers every line held. */
  holder: string;
  /** Command lines held (the header and signature lines not counted). */
  lines: number;
  /** The chain hash of the last line held (`chainStart` of the night when none). */
  head: string;
  /** The holder's signature of the last line held (null while no line is held). */
  signature: RecordSignature | null;
  /**
   * R35: the signature of each laptop that wrote an earlier epoch of the night, of its lines, as the copy holds it
   * (right after the last line it wrote): with the holder's, the record says which laptop wrote each line.
   */
  writers: RecordSignature[];
  /** The highest epoch of its lines. */
  epoch: number;
  /** Its last command line ended the night (a reopen after it opens it again). */
  ended: boolean;
  /** R35 *Handed over*: the laptop its last command line hands the night to; null when it hands it to none. */
  handedTo: string | null;
  /**
   * The highest epoch its holder said it writes the night at: above `epoch`, the copy lacks the holder's own takeover
   * line, and a takeover from it would write at the holder's epoch again. Kept beside the copy (`<night id>.heard`),
   * so a restart does not forget it.
   */
  heardEpoch: number;
  /**
   * R35: its `.heard` file did not read after a restart (damaged): a later epoch may have been heard, so a takeover
   * from it is refused until the copy hears its night again from a laptop (the file is then written anew).
   */
  heardUnreadable: boolean;
}

/**
 * A batch taken or not: the lines the copy holds now, and the laptop whose signature of them it holds (its holder: a
 * sender that is not gets that laptop's lines as it signed them, store/liveCopyRelay.ts); or why not, nothing of it
 * kept.
 */
export type BatchAnswer = { ok: true; held: number; holder?: string } | { ok: false; reason: string };
