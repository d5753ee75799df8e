import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RULES } from '../../../shared/settings';
import type { EngineCommand } from '../../engine';
import {
  chainStart,
  handOverLine,
  nightEpoch,
  replayHeldCopy,
  signatureLine,
  signerOf,
  takeOverLine,
  writerSignatures,
  type LaptopSigner,
  type RecordSignature,
} from '../../night';
import {
  decodeJournal,
  encodeEntry,
  hashOfLine,
  headerLine,
  recordedCommandOf,
  type JournalEntry,
  type JournalLine,
  type SealedSeed,
} from '../../night/format';
import { decideStep, emptyNight, keepStep, seedsRetired, type DecidedStep, type PlayedNight } from '../../night/play';
import { FIRST_EPOCH } from '../../night/recordChain';
import { someCommand } from '../../night/testing/laptops';
import { LiveCopies, signLines, type BatchAnswer, type GroupKeys, type LiveBatch } from '../liveCopies';
import type { CutLinesAside } from '../liveCopyCutBack';
import { copyRows } from '../liveCopyLines';
import { relayBatch } from '../liveCopyRelay';

/**
 * Two or three laptops of a group moving one night between them (docs/rules.md R35), for the schedule property
 * (store/moveSchedules.test.ts): each laptop has its own data folder with the real live copies (`LiveCopies`: a
 * batch checked, appended durably, read back after a kill), the night it holds played by the engine and written as
 * the journal writes it (seeds of a deck in play sealed with its own key), and the move lines of night/move.ts. The
 * network is simulated: a batch is sent, then delivered, delayed, dropped, duplicated or reordered as the schedule
 * says. What the group's LAN part does around the copies is modelled here, as host/liveCopyDesk.ts and
 * host/liveCopyPush.ts do it: a laptop holding the night open answers a batch from the laptop it took the night
 * over from with `night-moved` (`takenOverFrom`), which then stops writing it and keeps its later lines aside
 * (session/domains/nightAway.ts `nightMovedAway`) unless it writes at a later epoch; it refuses any other batch of
 * that night. Two laptops that reach each other also sync the moves their group documents hold (`followMoveInGroup`).
 */

export const NIGHT = '2026-12-06-sched1';
const AT = '2026-12-06T20:00:00.000Z';

/**
 * How a laptop learns its night moved (host/liveCopyDesk.ts, session/domains/groupLanFiles.ts `takenOverFrom`,
 * host/liveCopyPush.ts). `as-built`: the laptop holding the night answers `night-moved` naming the first takeover from
 * the sender in its night, and the sender stops on any such answer. `fixed`: it names the last takeover from the
 * sender with the epoch it writes at, a sender writing at a later epoch does not stop (it took the night back since),
 * and two laptops that reach each other sync the moves their group documents hold, a laptop stopping when they hold
 * a move at a later epoch than its own (host/moveBack.test.ts shows what `as-built` does).
 */
export type Fencing = 'as-built' | 'fixed';

/**
 * A night open on a laptop: its journal's command lines as on its disk, the chain head after each, its table, and
 * (R35) the signature of each laptop that wrote an earlier epoch, kept from the copy it took the night over from.
 */
interface Holding {
  texts: string[];
  heads: string[];
  played: PlayedNight;
  signatures: RecordSignature[];
  /** R35: every signature line of its journal (the copy it took the night over from kept one per batch): relayed from. */
  relayPoints: RecordSignature[];
}

export interface Laptop {
  id: string;
  signer: LaptopSigner;
  root: string;
  alive: boolean;
  /** Counts the laptop's lives: an answer to a batch sent in an earlier life is lost with its connection. */
  life: number;
  copies: LiveCopies;
  night: Holding | null;
  /** What this laptop's push believes each peer holds (null: not known, asked with an empty batch). */
  held: Map<string, number | null>;
  /** The laptop each peer's copy answered it holds the night from (R35: relayed to, store/liveCopyRelay.ts). */
  holders: Map<string, string | undefined>;
  /** The copy's lines this laptop answered it held, and from whom: a kill never takes them back. */
  answered: { holder: string; lines: number; head: string } | null;
  /** The highest epoch this laptop has seen (in its journal or a copy it holds). */
  seen: number;
  /**
   * R35: the epoch the night reached here before it moved away (its journal set aside; one more after a hand-over), as
   * store/repository.ts `movedAwayEpoch` reads it: a takeover here from a copy ending below it is refused. On its disk.
   */
  movedAwayEpoch: number | null;
  /**
   * R35: the moves its group documents hold (session/domains/groupCore.ts `recordMoveInGroup`), its own and those a
   * paired laptop's documents brought (`followMoveInGroup`): kept across a kill, as the documents are on its disk.
   */
  documentMoves: DocMove[];
  /** Its key: the seeds it sealed, by commitment. */
  key: Map<string, string>;
  seeds: number;
}

/** A line a laptop wrote and acknowledged to its host. */
interface Written {
  writer: string;
  epoch: number;
  head: string;
}

/** A takeover made: by whom, from whom, the copy's chain heads, the takeover line's head. */
interface Move {
  by: string;
  from: string;
  heads: string[];
  head: string;
  epoch: number;
  handed: boolean;
}

/** A move as the group documents sign it: the laptop that took the night, the epoch it writes at, the line it went on from. */
interface DocMove {
  by: string;
  /** The laptop it was taken from, after its line `line`. */
  from: string;
  epoch: number;
  line: number;
}

/** A laptop told the night moved: the heads of the lines it wrote after the takeover point (kept aside). */
interface Fence {
  laptop: string;
  line: number;
  aside: string[];
}

interface InFlight {
  from: string;
  to: string;
  life: number;
  batch: LiveBatch;
}

/** The answer of a laptop that took the night over from the sender: the line it went on from, and its epoch now. */
interface MovedAnswer {
  moved: number;
  epoch: number;
}

export class ScheduleLaptops {
  readonly laptops: Laptop[];
  readonly written = new Map<string, Written>();
  readonly moves: Move[] = [];
  readonly fences: Fence[] = [];
  readonly inFlight: InFlight[] = [];
  /** Links cut, as "a|b" with a < b. */
  readonly cut = new Set<string>();
  /**
   * Batches cut short by a kill while written, nights handed over, copies cut back, batches of an earlier writer's lines
   * relayed: the property counts them to know it ran them.
   */
  readonly counts = { torn: 0, handed: 0, cutBack: 0, relayed: 0 };
  /** R35: what each copy cut back told its host (store/liveCopies.ts `onCutBack`, host/liveCopyDesk.ts shows it). */
  readonly cutBacks: CutLinesAside[] = [];

  private constructor(
    readonly work: string,
    count: number,
    readonly fencing: Fencing,
    /** The most lines a batch holds (the app's 256; a few make copies far behind a takeover: store/liveCopyRelay.ts). */
    readonly batchCap: number,
  ) {
    this.laptops = Array.from({ length: count }, (_, i) => {
      const id = `l-${String(i + 1).padStart(16, '0')}`;
      const root = path.join(work, `laptop${i}`);
      return {
        id,
        signer: signerOf(id, createHash('sha256').update(`schedule laptop ${i}`).digest('hex')),
        root,
        alive: true,
        life: 0,
        copies: this.newCopies(root),
        night: null,
        held: new Map(),
        holders: new Map(),
        answered: null,
        seen: 1,
        movedAwayEpoch: null,
        documentMoves: [],
        key: new Map(),
        seeds: 0,
      };
    });
  }

  /** `count` laptops, the first holding a night just started by `players`. */
  static start(count: number, players: number, fencing: Fencing = 'fixed', batchCap = 256): ScheduleLaptops {
    const group = new ScheduleLaptops(fs.mkdtempSync(path.join(os.tmpdir(), 'move-schedule-')), count, fencing, batchCap);
    const first = group.laptops[0] as Laptop;
    first.night = { texts: [], heads: [], played: emptyNight(), signatures: [], relayPoints: [] };
    const start: EngineCommand = {
      type: 'start',
      nightId: NIGHT,
      at: AT,
      players: Array.from({ length: players }, (_, i) => ({ id: `p${i}`, name: `Player ${i}` })),
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
      settings: { ...DEFAULT_RULES },
      carryIn: 0,
    };
    if (group.play(first, start) !== null) throw new Error('the night does not start');
    return group;
  }

  close(): void {
    for (const laptop of this.laptops) laptop.copies.close();
    fs.rmSync(this.work, { recursive: true, force: true });
  }

  laptop(i: number): Laptop {
    return this.laptops[i % this.laptops.length] as Laptop;
  }

  reaches(a: Laptop, b: Laptop): boolean {
    return a.alive && b.alive && !this.cut.has(linkOf(a, b));
  }

  /**
   * The laptop the table knows holds the night: the one with the night open at the highest epoch (the people at the
   * table see which laptop that is, docs/design.md "A night on two laptops").
   */
  holder(): Laptop | null {
    let best: Laptop | null = null;
    for (const laptop of this.laptops)
      if (laptop.night && (!best?.night || nightEpoch(laptop.night.played) > nightEpoch(best.night.played))) best = laptop;
    return best;
  }

  /** A host command on `laptop`, which holds the night open: decided by the engine, written, acknowledged. Why not, or null. */
  play(laptop: Laptop, command: EngineCommand): string | null {
    const night = laptop.night;
    if (!night || !laptop.alive) return 'no night open there';
    const decided = decideStep(night.played, command, night.played.state.stateId, () => this.seedOf(laptop));
    if (!decided.ok) return decided.error.message;
    const epoch = nightEpoch(night.played);
    const entry: JournalEntry = {
      at: AT,
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' }>),
      ...(decided.step.seeds.length > 0 ? { seeds: decided.step.seeds } : {}),
      ...(decided.step.shown.length > 0 ? { shown: decided.step.shown } : {}),
      ...(decided.step.table.length > 0 ? { table: decided.step.table } : {}),
      ...(epoch > 1 ? { epoch } : {}),
    };
    this.write(laptop, night, entry, decided.step);
    return null;
  }

  /** Writes a line decided on the night open on `laptop`, as its journal does, durable before it is acknowledged. */
  private write(laptop: Laptop, night: Holding, entry: JournalEntry, step: DecidedStep): void {
    const epoch = entry.epoch ?? 1;
    // R35: a laptop never writes a line at an epoch lower than the highest it has seen.
    if (epoch < laptop.seen) throw new Error(`${laptop.id} writes at epoch ${epoch} after seeing epoch ${laptop.seen}`);
    const line = this.sealed(laptop, entry, seedsRetired(step.events));
    const prev = night.heads.at(-1) ?? chainStart(NIGHT);
    const head = hashOfLine(prev, line);
    night.texts.push(encodeEntry(line, prev).trimEnd());
    night.heads.push(head);
    keepStep(night.played, step, entry);
    laptop.seen = Math.max(laptop.seen, epoch);
    this.written.set(head, { writer: laptop.id, epoch, head });
  }

  /** A legal host command chosen by `r` on the laptop, if it holds the night open and is on. */
  writeSome(laptop: Laptop, r: number): void {
    if (!laptop.night || !laptop.alive) return;
    const command = someCommand(laptop.night.played, r);
    if (command) this.play(laptop, command);
  }

  /** The laptop's copies, on its data folder (the signatures they keep at most a batch apart, as this group's batches go). */
  private newCopies(root: string): LiveCopies {
    return new LiveCopies(root, undefined, undefined, { lines: this.batchCap, bytes: Number.MAX_SAFE_INTEGER });
  }

  /** The holder's push to `to`: the lines it believes `to` lacks (at most `cap`, and the group's batch), or an empty batch asking what it holds. */
  send(from: Laptop, to: Laptop, wanted: number, exactly = false): void {
    const night = from.night;
    if (!night || !from.alive || from === to) return;
    const held = from.held.get(to.id) ?? null;
    // A push here may send fewer lines than the group's batch (`wanted`), as a night with fewer new lines does; those
    // are the sender's own lines. Lines before its last take-over line (an earlier writer's) go as host/liveCopyPush.ts
    // sends them, as many as the batch holds (LIVE_BATCH_CAP), relayed where they must be: the app never sends them a
    // line short of a signature of their writer's that fits, which a smaller push did (a copy then took the earlier
    // writer's lines on the sender's word, named the sender its holder, and refused every later batch). `exactly`: at
    // most `wanted` lines all the same, as the app sends them only where the earlier writer's signatures are more than
    // a batch apart (a copy of the sender's holding none of its lines, for the tests of what such a copy may do).
    const takeOvers = takeOversOf(night.played);
    const beforeTakeOver = !exactly && held !== null && takeOvers.some((point) => point.line > held);
    const cap = beforeTakeOver ? this.batchCap : Math.min(wanted, this.batchCap);
    // A copy that holds every line is asked again what it holds (the push's check every second): it may have moved on.
    // R35: a copy far behind a takeover gets the lines of the laptop taken over from as it signed them, as
    // host/liveCopyPush.ts sends them.
    const relayed =
      held === null
        ? null
        : relayBatch(night.texts, night.relayPoints, takeOvers, held, from.holders.get(to.id), {
            lines: cap,
            bytes: Number.MAX_SAFE_INTEGER,
          });
    const lines = held === null ? [] : (relayed?.lines ?? night.texts.slice(held, held + cap));
    const count = (held ?? 0) + lines.length;
    const head = night.heads[count - 1];
    const batch: LiveBatch = {
      nightId: NIGHT,
      laptop: from.id,
      from: (held ?? 0) + 1,
      // The holder's epoch now, as the push says it (host/liveCopyPush.ts).
      epoch: nightEpoch(night.played),
      ...(held === 0 ? { header: headerLine(NIGHT).trimEnd() } : {}),
      lines,
      ...(relayed ? { signed: relayed.signed } : lines.length > 0 && head ? { signed: signLines(from.signer, NIGHT, count, head) } : {}),
      // R35: the earlier writers' signatures of the lines the batch ends or follows, as host/liveCopyPush.ts sends them.
      ...(lines.length > 0 && !relayed ? { writers: night.signatures.filter((s) => s.lines >= (held ?? 0) && s.lines <= count) } : {}),
      // R35: the night's take-over lines, as host/liveCopyPush.ts sends them (a copy ahead of one cuts back to it).
      takeOvers,
    };
    this.inFlight.push({ from: from.id, to: to.id, life: from.life, batch });
  }

  /**
   * Delivers a batch in flight (`keep`: a copy of it stays in flight, to arrive again); one on a cut link waits. `crash`:
   * the receiver is killed while it writes the batch (a prefix of it reaches its file, no answer goes back).
   */
  deliver(pick: number, keep: boolean, crash: number | null): void {
    if (this.inFlight.length === 0) return;
    const index = pick % this.inFlight.length;
    const flight = this.inFlight[index] as InFlight;
    const from = this.byId(flight.from);
    const to = this.byId(flight.to);
    if (this.cut.has(linkOf(from, to))) return;
    if (!keep) this.inFlight.splice(index, 1);
    if (!to.alive) return;
    if (crash !== null) {
      this.tear(to, flight.batch, crash);
      this.kill(to);
      return;
    }
    const answer = this.receive(to, flight.batch);
    // The answer goes back on the connection the batch came on: lost if the sender died since.
    if (from.alive && from.life === flight.life && !this.cut.has(linkOf(from, to))) this.answerArrived(from, to, answer);
  }

  dropFlight(pick: number): void {
    if (this.inFlight.length > 0) this.inFlight.splice(pick % this.inFlight.length, 1);
  }

  /** The copy side (host/liveCopyDesk.ts `receive`): night-moved to the laptop taken over from, else the store decides. */
  receive(to: Laptop, batch: LiveBatch): BatchAnswer | MovedAnswer {
    const night = to.night;
    if (night) {
      const fromSender = (entry: JournalEntry) => entry.command.type === 'take-over' && entry.command.from === batch.laptop;
      const move = this.fencing === 'fixed' ? night.played.entries.findLast(fromSender) : night.played.entries.find(fromSender);
      if (move?.command.type === 'take-over') return { moved: move.command.line, epoch: nightEpoch(night.played) };
      return { ok: false, reason: 'that night is open on this laptop' };
    }
    const before = to.copies.held(NIGHT);
    to.copies.onCutBack = (aside) => this.cutBacks.push(aside);
    const answer = to.copies.receive(batch, this.byId(batch.laptop).signer.publicKey, this.keys);
    const after = to.copies.held(NIGHT);
    if (before && after && after.lines - batch.lines.length < before.lines) this.counts.cutBack += 1;
    if (answer.ok && batch.signed && batch.signed.laptop !== batch.laptop && after?.lines === batch.from - 1 + batch.lines.length)
      this.counts.relayed += 1;
    if (answer.ok && batch.lines.length > 0) {
      // The desk replays the copy once the batch is durable and answered (the answer is not held back for it).
      to.copies.replayCheck(NIGHT);
      const copy = to.copies.held(NIGHT);
      to.seen = Math.max(to.seen, copy?.epoch ?? 1);
      if (copy) to.answered = { holder: copy.holder, lines: copy.lines, head: copy.head };
    }
    return answer;
  }

  /** The keys the group holds: each laptop's own (R35: every writer's signature is checked against its laptop's). */
  readonly keys: GroupKeys = { keyOf: (laptopId) => this.byId(laptopId).signer.publicKey, nameOf: (laptopId) => laptopId };

  private answerArrived(from: Laptop, to: Laptop, answer: BatchAnswer | MovedAnswer): void {
    // The two laptops reached each other: their group documents sync (the moves each holds), as a paired laptop's do.
    this.syncMoves(from, to);
    if ('moved' in answer) {
      // As host/liveCopyPush.ts: a laptop writing the night at a later epoch than the answer's (it took the night back
      // since, from that laptop or another) does not stop for an old move; the other stops when it hears of the later one.
      const older = from.night !== null && answer.epoch < nightEpoch(from.night.played);
      if (older && this.fencing === 'fixed') return;
      this.movedAway(from, answer.moved);
    } else if (answer.ok) {
      from.held.set(to.id, answer.held);
      from.holders.set(to.id, answer.holder);
    } else {
      from.held.set(to.id, null);
    }
  }

  /** R35 *A laptop that comes back*: told the night moved after `line`, it stops writing it; its later lines are kept aside. */
  private movedAway(laptop: Laptop, line: number): void {
    const night = laptop.night;
    if (!night) return;
    this.fences.push({ laptop: laptop.id, line, aside: night.heads.slice(line) });
    laptop.movedAwayEpoch = Math.max(laptop.movedAwayEpoch ?? FIRST_EPOCH, nightEpoch(night.played));
    laptop.night = null;
    laptop.held.clear();
    laptop.holders.clear();
  }

  /**
   * R35: two laptops that reached each other hold the same moves in their group documents; a laptop whose night the
   * documents say went on at a later epoch on another laptop stops (session/domains/nightAway.ts `followMoveInGroup`,
   * which the app runs whenever another laptop's documents arrive). Not modelled: the group folder, which carries
   * the documents between laptops that never reach each other.
   */
  private syncMoves(a: Laptop, b: Laptop): void {
    if (this.fencing !== 'fixed') return;
    for (const [one, other] of [
      [a, b],
      [b, a],
    ] as const)
      for (const move of one.documentMoves)
        if (!other.documentMoves.some((m) => m.by === move.by && m.epoch === move.epoch)) other.documentMoves.push({ ...move });
    for (const laptop of [a, b]) this.followMoves(laptop);
  }

  private followMoves(laptop: Laptop): void {
    const night = laptop.night;
    if (!night) return;
    // The documents' moves by epoch (group/groupDocs.ts `movesOf`); the last one says where the night went on.
    const moves = [...laptop.documentMoves].sort((a, b) => a.epoch - b.epoch);
    const last = moves.at(-1);
    const epoch = nightEpoch(night.played);
    if (!last || last.by === laptop.id || last.epoch <= epoch) return;
    // Its lines are left out from the first move past its epoch, the one taken from it when the documents hold it.
    const superseding = moves.filter((move) => move.epoch > epoch);
    const point = superseding.find((move) => move.from === laptop.id) ?? superseding[0] ?? last;
    this.movedAway(laptop, point.line);
  }

  /** A batch's text cut short where a kill stopped its write: `at` in [0, 1) of its bytes. */
  private tear(to: Laptop, batch: LiveBatch, at: number): void {
    if (!to.copies.held(NIGHT) || !batch.signed) return;
    // As the store appends it: each earlier writer's signature it does not hold yet after the line it signs up to, the
    // sender's last.
    const copy = to.copies.held(NIGHT);
    const holds = [...(copy?.writers ?? []), ...(copy?.signature ? [copy.signature] : [])];
    const writers = (batch.writers ?? []).filter((w) => !holds.some((h) => h.laptop === w.laptop && h.lines === w.lines));
    const after = (n: number) =>
      writers
        .filter((s) => s.lines === n)
        .map(signatureLine)
        .join('');
    const lines = batch.lines.map((line, i) => `${line}\n${after(batch.from + i)}`).join('');
    const whole = `${after(batch.from - 1)}${lines}${signatureLine(batch.signed)}`;
    fs.appendFileSync(to.copies.pathOf(NIGHT), whole.slice(0, Math.floor(at * whole.length)));
    this.counts.torn += 1;
  }

  /** The laptop stops: what it had not made durable (its push's state, the batches on their way to it) is lost. */
  kill(laptop: Laptop): void {
    if (!laptop.alive) return;
    laptop.alive = false;
    laptop.copies.close();
    laptop.held.clear();
    laptop.holders.clear();
    for (let i = this.inFlight.length - 1; i >= 0; i--) if (this.inFlight[i]?.to === laptop.id) this.inFlight.splice(i, 1);
  }

  /** The laptop starts again on its data folder: its journal as written, its copies as read back (batches cut by the kill dropped). */
  back(laptop: Laptop): void {
    if (laptop.alive) return;
    laptop.alive = true;
    laptop.life += 1;
    laptop.copies = this.newCopies(laptop.root);
    for (const copy of laptop.copies.list()) laptop.copies.replayCheck(copy.nightId);
    // What it answered it held was durable first (one write and fdatasync per batch): it is all still there, the same
    // lines. Named after the laptop it answered, or after the writer of the lines beyond them: a batch cut by the kill
    // is kept up to the last signature that reached the disk, which may be an earlier writer's of its own lines, sent
    // with the batch (store/liveCopyLines.ts `readCopy`); every line it holds is still signed by its writer.
    const copy = laptop.copies.held(NIGHT);
    const answered = laptop.answered;
    if (!answered) return;
    const text = laptop.copies.text(NIGHT);
    const rows = text === undefined ? [] : copyRows(NIGHT, text);
    const same = copy !== undefined && copy.lines >= answered.lines && rows[answered.lines - 1]?.head === answered.head;
    const named = copy?.holder === answered.holder || (copy !== undefined && copy.lines > answered.lines);
    if (!same || !named)
      throw new Error(`${laptop.id} answered it held ${answered.lines} lines, and holds ${copy?.lines ?? 'no copy'} after a kill`);
  }

  /**
   * R35 *Taken over*, as the host's Alt+O does it (host/groupLanPart.ts `takeOver`, session/domains/nightMove.ts
   * `takeOverNight`): refused while the laptop the copy names answers; the copy replayed, the takeover line decided by
   * the engine and written after the copy's lines, the copy let go. Whether it was taken over.
   */
  takeOver(by: Laptop, handed = false): boolean {
    const held = by.copies.held(NIGHT);
    const text = by.copies.text(NIGHT);
    if (!by.alive || by.night || !held || held.ended || text === undefined) return false;
    const from = this.byId(held.holder);
    // As the part refuses it: a copy behind an epoch it heard of lacks that epoch's takeover line.
    if (held.heardEpoch > held.epoch || held.heardUnreadable) return false;
    // Nor from a copy ending below the epoch the night reached here before it moved away (host/groupLanPart.ts).
    if (by.movedAwayEpoch !== null && by.movedAwayEpoch > held.epoch) return false;
    if (!handed && this.reaches(by, from)) return false;
    const copy = replayHeldCopy(text);
    if (!copy.ok) throw new Error(`the copy on ${by.id} does not replay: ${copy.problem}`);
    const moved = takeOverLine(copy, from.id, by.id, () => this.seedOf(by), AT);
    if (!moved.ok) return false;
    const decoded = decodeJournal(text, undefined, { chain: true, unopened: true });
    const texts = text
      .split('\n')
      .slice(1)
      .filter((row) => row !== '' && !row.startsWith('{"signed"'));
    const night: Holding = { texts, heads: [...decoded.heads], played: copy.night, signatures: [], relayPoints: copy.signatures };
    by.night = night;
    this.write(by, night, moved.entry, moved.step);
    // R35: as session/domains/nightMove.ts keeps them: every earlier writer's signature of its lines.
    night.signatures = writerSignatures(night.played.entries, copy.signatures);
    by.copies.letGo(NIGHT, true);
    by.answered = null;
    this.moves.push({
      by: by.id,
      from: from.id,
      heads: decoded.heads,
      head: night.heads.at(-1) as string,
      epoch: moved.entry.epoch ?? 1,
      handed,
    });
    // R35: signed into its group documents at once (session/domains/groupCore.ts `recordMoveInGroup`).
    by.documentMoves.push({ by: by.id, from: from.id, epoch: moved.entry.epoch ?? 1, line: decoded.heads.length });
    return true;
  }

  /**
   * R35 *Handed over*: the holder writes its hand-over line naming `to`, sends `to` every line it lacks, and `to` takes
   * the night over from exactly that line. Whether it was handed over.
   */
  handOver(holder: Laptop, to: Laptop): boolean {
    const night = holder.night;
    if (!night || holder === to || !this.reaches(holder, to) || to.night) return false;
    const copy = to.copies.held(NIGHT);
    if (copy && copy.holder !== holder.id) return false;
    const handed = handOverLine(night.played, to.id, holder.id, AT);
    if (!handed.ok) return false;
    this.write(holder, night, handed.entry, handed.step);
    for (let round = 0; round < 100 && (holder.held.get(to.id) ?? -1) < night.texts.length; round++) {
      const flights = this.inFlight.length;
      this.send(holder, to, 256);
      const flight = this.inFlight.splice(flights, 1)[0];
      if (!flight) break;
      this.answerArrived(holder, to, this.receive(to, flight.batch));
    }
    if (to.copies.held(NIGHT)?.lines !== night.texts.length) throw new Error(`${to.id} did not take the lines handed over`);
    // Its journal ends with the hand-over: the laptop handed to goes on at the next epoch.
    holder.movedAwayEpoch = Math.max(holder.movedAwayEpoch ?? FIRST_EPOCH, nightEpoch(night.played) + 1);
    holder.night = null;
    holder.held.clear();
    holder.holders.clear();
    this.counts.handed += 1;
    if (!this.takeOver(to, true)) throw new Error(`${to.id} could not take over the night handed to it`);
    return true;
  }

  /** Every laptop back on and every link mended; each night open pushed to every laptop until nothing changes. */
  /** Every laptop back, every link mended, and each holder pushing batches of at most `cap` lines until nothing changes. */
  settle(cap = this.batchCap): void {
    this.cut.clear();
    for (const laptop of this.laptops) this.back(laptop);
    this.inFlight.length = 0;
    let before = '';
    for (let round = 0; round < 50 + 1000 / cap; round++) {
      for (const from of this.laptops)
        for (const to of this.laptops) {
          if (from === to || !from.night) continue;
          this.send(from, to, cap);
          const flight = this.inFlight.pop();
          if (flight) this.answerArrived(from, to, this.receive(to, flight.batch));
        }
      // What each push believes a copy holds too: a round that only learnt a count sends the lines in the next.
      const now = JSON.stringify(
        this.laptops.map((l) => [l.night?.texts.length ?? null, l.copies.held(NIGHT)?.lines ?? null, [...l.held]]),
      );
      if (now === before) return;
      before = now;
    }
  }

  /** The journal text of the night open on `laptop`. */
  journalText(laptop: Laptop): string {
    const texts = laptop.night?.texts ?? [];
    return `${headerLine(NIGHT)}${texts.map((row) => `${row}\n`).join('')}`;
  }

  /** What `laptop` sealed, opened as its store's key does. */
  opener(laptop: Laptop): (sealed: SealedSeed) => string {
    return (sealed) => {
      const seed = laptop.key.get(sealed.commitment);
      if (seed === undefined) throw new Error(`it was not sealed by ${laptop.id}`);
      return seed;
    };
  }

  private byId(id: string): Laptop {
    const laptop = this.laptops.find((l) => l.id === id);
    if (!laptop) throw new Error(`no laptop ${id}`);
    return laptop;
  }

  private seedOf(laptop: Laptop): string {
    return createHash('sha256').update(`${laptop.id}:${laptop.seeds++}`).digest('hex');
  }

  /** The line as the laptop's store writes it: seeds of decks still in play sealed with its key, those retired revealed. */
  private sealed(laptop: Laptop, entry: JournalEntry, retired: readonly string[]): JournalLine {
    const drawn = entry.seeds ?? [];
    const { seeds: _seeds, ...rest } = entry;
    const line: JournalLine = { ...rest };
    if (drawn.length > 0)
      line.seeds = drawn.map((seed) => {
        if (retired.includes(seed)) return seed;
        const commitment = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
        laptop.key.set(commitment, seed);
        return { commitment, sealed: Buffer.alloc(60, laptop.id.at(-1)).toString('base64url') };
      });
    const revealed = retired.filter((seed) => !drawn.includes(seed));
    if (revealed.length > 0) line.revealed = revealed;
    return line;
  }
}

/** R35: the night's take-over lines: the laptop each names, the line it goes on from and that line's hash. */
function takeOversOf(night: PlayedNight): { from: string; line: number; hash: string }[] {
  return night.entries.flatMap((entry) =>
    entry.command.type === 'take-over' ? [{ from: entry.command.from, line: entry.command.line, hash: entry.command.hash }] : [],
  );
}

function linkOf(a: Laptop, b: Laptop): string {
  return a.id < b.id ? `${a.id}|${b.id}` : `${b.id}|${a.id}`;
}
