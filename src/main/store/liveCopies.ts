import fs from 'node:fs';
import path from 'node:path';
import {
  chainStart,
  GrowingReplay,
  recordStatement,
  signatureLine,
  verifySignature,
  type LaptopSigner,
  type RecordSignature,
} from '../night';
import { FIRST_EPOCH } from '../night/recordChain';
import { writeFileDurably } from './durableFile';
import type { BatchAnswer, HeldCopy, LiveBatch } from './liveCopyBatch';
import { readHeardEpoch, writeHeardEpoch } from './liveCopyHeard';
import { cutBackPoint, cutBackText, setAsideCutLines, takerAfter, type CutBack, type CutLinesAside } from './liveCopyCutBack';
import { chainLines, checkedWriters, headerProblem, readCopy, withSignatures, type GroupKeys } from './liveCopyLines';
import { syncDirectory } from './jsonFile';
import { LIVE_BATCH_CAP, type BatchCap } from './liveCopyRelay';
import { nightIdSchema } from './schemas';

/**
 * R35, the night survives its laptop (docs/group-lan.md "A live copy of the
 * open night"): the open nights of paired laptops, held here line by line as
 * their holders send them, in `live/<night id>.jsonl` in the data folder.
 * Each file is a journal as the holder wrote it (its header, its lines as
 * they are on its disk, sealed seeds still sealed: this laptop cannot open
 * them, R12) followed by the holder's signature of the last line held. A
 * batch is appended as the journal appends a line (one write, fdatasync),
 * with its signature after it, so a copy killed mid-batch keeps every batch
 * before it whole: on reading, lines after the last signature are cut off.
 *
 * A batch is taken only when it continues the copy's chain from its head, is
 * signed by its holder with the key the group holds for it, names the night
 * in its header; otherwise nothing changes. Once durable it is replayed
 * (`replayCheck`), and cut off if it does not replay.
 */

export type { GroupKeys } from './liveCopyLines';
export type { BatchAnswer, HeldCopy, LiveBatch } from './liveCopyBatch';

const LIVE_FOLDER = 'live';
const EXTENSION = '.jsonl';
/** Beside a copy: the highest epoch its night was heard to be written at (`heardEpoch`). */
const HEARD_EXTENSION = '.heard';

interface Kept extends HeldCopy {
  header: string;
  /** Where each batch taken since the file was read ends (its signature line), so a batch that does not replay is cut off. */
  marks: Mark[];
  /** The file's size in bytes (where the next batch is written). */
  bytes: number;
  fd: number | null;
}

/** A batch's end in the file: the copy as it stood once that batch was taken. */
interface Mark {
  lines: number;
  bytes: number;
  head: string;
  signature: RecordSignature;
  writers: RecordSignature[];
  epoch: number;
  ended: boolean;
  handedTo: string | null;
}

/**
 * Replays a whole copy's text (R35: the engine, a deck sealed on the holder dealing the cards its lines show): null
 * when every line replays, else why not and how many lines before it do.
 */
export type ReplayCheck = (text: string) => { lines: number; problem: string } | null;

export class LiveCopies {
  readonly #copies = new Map<string, Kept>();
  /** R35: each copy as replayed so far (only the lines of each new batch are replayed: night/growingReplay.ts). */
  readonly #replays = new Map<string, GrowingReplay>();
  #loaded = false;
  /** R35: told of the lines each cut back set aside, once they are durable (the host is shown them: host/liveCopyDesk.ts). */
  onCutBack: ((aside: CutLinesAside) => void) | null = null;

  constructor(
    readonly root: string,
    /** A replay of the whole copy's text instead of the engine's as it grows (tests). */
    private readonly replay?: ReplayCheck,
    /** Nights whose holder sent lines that do not replay: from which line, and why (every batch reaching it is refused). */
    private readonly unplayable = new Map<string, { line: number; reason: string }>(),
    /** What one batch holds at most (the app's; a test's may be a few lines): the signatures kept are at most that apart. */
    private readonly batchCap: BatchCap = LIVE_BATCH_CAP,
  ) {}

  get folder(): string {
    return path.join(this.root, LIVE_FOLDER);
  }

  pathOf(nightId: string): string {
    return path.join(this.folder, `${nightId}${EXTENSION}`);
  }

  /** Every copy held, read from the folder the first time. */
  list(): readonly HeldCopy[] {
    this.load();
    return [...this.#copies.values()].map(summary);
  }

  held(nightId: string): HeldCopy | undefined {
    this.load();
    const kept = this.#copies.get(nightId);
    return kept ? summary(kept) : undefined;
  }

  /** A copy's text as held (the header, its lines, the holder's signature of the last): what a takeover starts from. */
  text(nightId: string): string | undefined {
    this.load();
    if (!this.#copies.has(nightId)) return undefined;
    return fs.readFileSync(this.pathOf(nightId), 'utf8');
  }

  /**
   * Takes a batch, checked against the copy held (`holderKey`: the key the group holds for the sender). A batch that
   * does not start right after the last line held changes nothing and is answered with the count held, so the holder
   * sends from there. A batch from a laptop other than the copy's holder is taken only when its lines carry the copy
   * on through that laptop's takeover from the holder (R35): the copy then follows the night to its new holder. R35:
   * every take-over line must follow a signature of the laptop it names of the lines before it (its epoch's writer),
   * held or in the batch (`writers`), each checked against the key the group holds for that laptop (`keys`).
   */
  receive(
    batch: LiveBatch,
    holderKey: string | undefined,
    keys: GroupKeys = { keyOf: (laptopId) => (laptopId === batch.laptop ? holderKey : undefined), nameOf: (laptopId) => laptopId },
  ): BatchAnswer {
    this.load();
    const kept = this.#copies.get(batch.nightId);
    // R35: another laptop's lines are taken only as they carry on the copy through its takeover from the holder.
    const moved = kept !== undefined && kept.holder !== batch.laptop;
    const elsewhere = `this laptop holds that night from another laptop (${kept?.holder ?? ''})`;
    // R35: a paired laptop writing the night at a later epoch than the copy's took it over after the copy's last line.
    if (kept && batch.epoch !== undefined) this.hear(kept, batch.epoch);
    // R35: a copy ahead of the sender's takeover from its holder holds lines that are not the night's: it answers the
    // takeover point as its count (so the sender sends from the line after it), and cuts back once those lines come.
    // The sender may be the holder itself, the night handed back to it since: its lines after the point are fenced too.
    const cut = kept ? cutBackPoint(kept, () => this.text(kept.nightId) ?? '', batch.takeOvers, batch.epoch, keys.nameOf) : null;
    if (typeof cut === 'string') return refuse(cut);
    const held = cut?.at ?? kept?.lines ?? 0;
    if (batch.from !== held + 1 || batch.lines.length === 0) return { ok: true, held, ...(kept ? { holder: kept.holder } : {}) };
    // (Lines that did not replay after a takeover point were the old holder's: they say nothing of the taker's.)
    const unplayable = this.unplayable.get(batch.nightId);
    if (unplayable && !(cut && unplayable.line > cut.at) && held + batch.lines.length >= unplayable.line) return refuse(unplayable.reason);
    const signed = batch.signed;
    if (!signed) return refuse('the lines are not signed');
    // R35: lines of an earlier epoch sent by a later holder as their writer signed them (store/liveCopyRelay.ts): taken
    // as that laptop's, by a copy held from it (too far behind for a batch to reach the take-over line) or by none yet.
    const relayed = !cut && signed.laptop !== batch.laptop && (kept === undefined || signed.laptop === kept.holder);
    const signerKey = relayed ? keys.keyOf(signed.laptop) : holderKey;
    if (signerKey === undefined) return refuse('the group holds no key for that laptop yet (it has not synced with this one)');
    let header = kept?.header;
    if (!header) {
      const problem = headerProblem(batch.header, batch.nightId);
      if (problem) return refuse(problem);
      header = batch.header as string;
    }
    // What the batch goes on from: the copy, or the copy cut back to the takeover point.
    const base = cut && kept ? cutBase(cut, kept) : kept;
    const chained = chainLines(
      header,
      base?.head ?? chainStart(batch.nightId),
      base?.epoch ?? FIRST_EPOCH,
      held,
      batch.lines,
      kept === undefined,
    );
    if (typeof chained === 'string') return refuse(moved ? elsewhere : chained);
    // R35: the batch carries the copy on through a takeover from its holder (one of the night's holders before the
    // copy's may have been taken over first: the copy's first lines are then that laptop's).
    // Relayed, they are the holder's alone: a take-over line among them would be the sender's to sign.
    if (relayed && chained.takeOvers.length > 0) return refuse(elsewhere);
    if (moved && !relayed && !chained.takeOvers.some((move) => move.from === kept.holder)) return refuse(elsewhere);
    // R35: cut back only for the takeover line itself, from the holder, at an epoch above every line the copy holds.
    const cutBy = chained.takeOvers[0];
    if (cut && (cutBy?.at !== held + 1 || cutBy.from !== kept?.holder || chained.epoch <= (kept?.epoch ?? FIRST_EPOCH)))
      return refuse(elsewhere);
    const lines = held + batch.lines.length;
    if ((!relayed && signed.laptop !== batch.laptop) || signed.lines !== lines || signed.head !== chained.head)
      return refuse(`its signature does not sign the night's ${lines} lines as they chain`);
    if (signed.key !== signerKey) return refuse('it is signed with a key that is not the one the group holds for that laptop');
    if (!verifySignature(signerKey, recordStatement(batch.nightId, signed.laptop, lines, chained.head), signed.sig))
      return refuse('its signature does not check: the lines were changed after they were signed, or it is a forgery');
    const writers = checkedWriters(batch, base, chained, keys);
    if (typeof writers === 'string') return refuse(writers);
    const appended = `${withSignatures(batch.lines, held, writers.fresh)}${signatureLine(signed)}`;
    const copy: Kept = kept ?? {
      nightId: batch.nightId,
      holder: batch.laptop,
      header,
      lines: 0,
      head: chainStart(batch.nightId),
      signature: null,
      writers: [],
      epoch: FIRST_EPOCH,
      ended: false,
      handedTo: null,
      heardEpoch: FIRST_EPOCH,
      heardUnreadable: false,
      bytes: 0,
      fd: null,
      marks: [],
    };
    if (cut && kept) this.cutBack(kept, cut, appended, takerAfter(cut.at, [...writers.all, signed], batch.takeOvers));
    else if (!kept) {
      const text = `${header}\n${appended}`;
      writeFileDurably(this.pathOf(batch.nightId), text);
      copy.bytes = Buffer.byteLength(text, 'utf8');
      this.#copies.set(batch.nightId, copy);
    } else this.append(copy, appended);
    copy.holder = signed.laptop;
    copy.lines = lines;
    copy.head = chained.head;
    copy.epoch = chained.epoch;
    copy.signature = signed;
    copy.writers = writers.all.filter((s) => s.laptop !== signed.laptop || s.lines !== signed.lines);
    if (chained.ended !== null) copy.ended = chained.ended;
    copy.handedTo = chained.handedTo;
    this.hear(copy, Math.max(copy.epoch, batch.epoch ?? FIRST_EPOCH));
    copy.marks.push(markOf({ ...copy, signature: signed }));
    return { ok: true, held: lines, holder: copy.holder };
  }

  /**
   * R35: the copy cut back to `cut.at` lines and `appended` after them (the taker's lines from its take-over line):
   * the lines after the cut set aside beside it, the copy written whole anew (no batch before this one to go back to).
   */
  private cutBack(kept: Kept, cut: CutBack, appended: string, taker: string): void {
    // The signatures kept between the earlier writers' (R35, store/liveCopyRelay.ts) stay with the lines they sign.
    const between = (readCopy(kept.nightId, this.text(kept.nightId) ?? '', this.batchCap)?.relayPoints ?? []).filter(
      (point) => point.lines < cut.at && !kept.writers.some((s) => s.laptop === point.laptop && s.lines === point.lines),
    );
    const file = setAsideCutLines(this.pathOf(kept.nightId), kept.header, cut, kept.signature);
    this.onCutBack?.({ nightId: kept.nightId, from: kept.holder, by: taker, line: cut.at, lines: cut.aside.length, file });
    this.closeFile(kept);
    const text = cutBackText(kept.header, cut, [...kept.writers.filter((s) => s.lines <= cut.at), ...between], appended);
    writeFileDurably(this.pathOf(kept.nightId), text);
    kept.bytes = Buffer.byteLength(text, 'utf8');
    kept.marks = [];
    kept.ended = cut.ended;
    // The lines replayed after the cut are not the copy's any more: it is replayed from its start.
    this.#replays.get(kept.nightId)?.reset();
    // What did not replay of the lines set aside says nothing of the taker's.
    const unplayable = this.unplayable.get(kept.nightId);
    if (unplayable && unplayable.line > cut.at) this.unplayable.delete(kept.nightId);
  }

  /**
   * R35: the copy heard its night is written at `epoch`: kept durably beside the copy when that is more than the copy
   * holds, so that after a restart a takeover from a copy behind it is still refused (`copy-not-ready`).
   */
  private hear(kept: Kept, epoch: number): void {
    // Heard again after its file did not read: what a laptop says now is what the copy knows (the file written anew).
    const again = kept.heardUnreadable;
    if (epoch <= kept.heardEpoch && !again) return;
    kept.heardEpoch = Math.max(kept.heardEpoch, epoch);
    kept.heardUnreadable = false;
    if (again || kept.heardEpoch > kept.epoch || fs.existsSync(this.heardPathOf(kept.nightId)))
      writeHeardEpoch(this.heardPathOf(kept.nightId), kept.heardEpoch);
  }

  private heardPathOf(nightId: string): string {
    return path.join(this.folder, `${nightId}${HEARD_EXTENSION}`);
  }

  /**
   * R35: replays a copy as held, once its batches are durable (never on the path of the holder's answer): only the
   * lines added since the last check, onto the night as replayed then (night/growingReplay.ts; from the start after a
   * cut back or a restart). Lines that do not replay are cut off with the batch
   * that brought them (the copy goes back to the last batch whose lines all replay) and every later batch reaching
   * them is refused. Why they do not replay, or null.
   */
  replayCheck(nightId: string): string | null {
    const kept = this.#copies.get(nightId);
    const text = kept ? this.text(nightId) : undefined;
    if (!kept || text === undefined) return null;
    let growing = this.#replays.get(nightId);
    if (!this.replay && !growing) this.#replays.set(nightId, (growing = new GrowingReplay()));
    const failed = this.replay ? this.replay(text) : (growing as GrowingReplay).check(text);
    if (!failed) return null;
    const reason = `line ${failed.lines + 1} does not replay: ${failed.problem}`;
    this.unplayable.set(nightId, { line: failed.lines + 1, reason });
    const mark = kept.marks.findLast((m) => m.lines <= failed.lines);
    if (!mark) {
      this.remove(kept);
      return reason;
    }
    kept.fd ??= fs.openSync(this.pathOf(nightId), 'r+');
    fs.ftruncateSync(kept.fd, mark.bytes);
    fs.fdatasyncSync(kept.fd);
    kept.marks = kept.marks.filter((m) => m.lines <= mark.lines);
    Object.assign(kept, {
      lines: mark.lines,
      bytes: mark.bytes,
      head: mark.head,
      signature: mark.signature,
      writers: mark.writers,
      epoch: mark.epoch,
      ended: mark.ended,
      handedTo: mark.handedTo,
    });
    return reason;
  }

  /**
   * Lets a copy go (its night ended and its signed record is in the group's history, or this laptop took the night
   * over: its journal holds every line): the file is deleted. Only the caller knows either; a copy of a night not
   * ended is otherwise never let go.
   */
  letGo(nightId: string, takenOver = false): boolean {
    const kept = this.#copies.get(nightId);
    // R35: an open night's copy goes only once this laptop took the night over (its journal then holds every line).
    if (!kept || (!kept.ended && !takenOver)) return false;
    this.remove(kept);
    return true;
  }

  /** The copy's file and the epoch kept beside it deleted, and the copy forgotten. */
  private remove(kept: Kept): void {
    this.closeFile(kept);
    this.#copies.delete(kept.nightId);
    this.#replays.delete(kept.nightId);
    fs.rmSync(this.pathOf(kept.nightId), { force: true });
    fs.rmSync(this.heardPathOf(kept.nightId), { force: true });
    syncDirectory(this.folder);
  }

  close(): void {
    for (const kept of this.#copies.values()) this.closeFile(kept);
  }

  /** One write and one fdatasync, as the journal appends; a failed write is cut back, so only whole batches stay. */
  private append(kept: Kept, text: string): void {
    kept.fd ??= fs.openSync(this.pathOf(kept.nightId), 'r+');
    const bytes = Buffer.from(text, 'utf8');
    try {
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(kept.fd, bytes, written, bytes.length - written, kept.bytes + written);
      fs.fdatasyncSync(kept.fd);
    } catch (error) {
      try {
        fs.ftruncateSync(kept.fd, kept.bytes);
      } catch {
        // The reader cuts off what follows the last signature anyway.
      }
      throw error;
    }
    kept.bytes += bytes.length;
  }

  private closeFile(kept: Kept): void {
    if (kept.fd !== null) fs.closeSync(kept.fd);
    kept.fd = null;
  }

  /** Reads every copy once: lines after the last good signature (a batch cut by a kill) are cut off the file. */
  private load(): void {
    if (this.#loaded) return;
    this.#loaded = true;
    let names: string[];
    try {
      names = fs.readdirSync(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const nightId = name.endsWith(EXTENSION) ? name.slice(0, -EXTENSION.length) : '';
      if (!nightIdSchema.safeParse(nightId).success) continue;
      const read = readCopy(nightId, fs.readFileSync(this.pathOf(nightId), 'utf8'), this.batchCap);
      if (!read) {
        fs.rmSync(this.pathOf(nightId), { force: true });
        continue;
      }
      const { rewrite, relayPoints: _relayPoints, ...copy } = read;
      if (rewrite !== null) writeFileDurably(this.pathOf(nightId), rewrite);
      const mark = markOf(copy);
      // R35: the epoch heard before the restart still holds: a takeover from a copy behind it stays refused.
      const heard = readHeardEpoch(this.heardPathOf(nightId));
      const heardEpoch = Math.max(copy.epoch, heard ?? FIRST_EPOCH);
      const heardUnreadable = heard === null;
      this.#copies.set(nightId, { ...copy, nightId, holder: copy.signature.laptop, heardEpoch, heardUnreadable, fd: null, marks: [mark] });
    }
  }
}

/**
 * The holder's signature of its night's first `lines` lines, whose chain hash is `head` (R35): what goes with each
 * batch it sends, as a signed night is signed (docs/group.md "Signed nights").
 */
export function signLines(signer: LaptopSigner, nightId: string, lines: number, head: string): RecordSignature {
  return {
    laptop: signer.laptopId,
    key: signer.publicKey,
    lines,
    head,
    sig: signer.sign(recordStatement(nightId, signer.laptopId, lines, head)),
  };
}

/** The copy as it stood after line `cut.at`: what a batch from the takeover line chains on from. */
function cutBase(cut: CutBack, kept: Kept): Pick<Kept, 'lines' | 'head' | 'epoch' | 'signature' | 'writers'> {
  return { lines: cut.at, head: cut.head, epoch: cut.epoch, signature: null, writers: kept.writers.filter((s) => s.lines <= cut.at) };
}

/** The copy as it stands, to go back to if a later batch does not replay. */
function markOf(copy: Mark): Mark {
  const { lines, bytes, head, signature, writers, epoch, ended, handedTo } = copy;
  return { lines, bytes, head, signature, writers, epoch, ended, handedTo };
}

function refuse(reason: string): BatchAnswer {
  return { ok: false, reason };
}

function summary(kept: Kept): HeldCopy {
  const { header: _header, bytes: _bytes, fd: _fd, marks: _marks, ...copy } = kept;
  return copy;
}
