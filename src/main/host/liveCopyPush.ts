import type { LiveCopyView } from '../../shared';
import type { LanPairing } from '../group/pairing';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { JournalTail } from '../store/journalTail';
import { signLines } from '../store/liveCopies';
import { fittingLines, LIVE_BATCH_CAP, relayBatch } from '../store/liveCopyRelay';
import type { PeerLink } from './peerLink';
import { PeerLinks } from './peerLinks';
import { QuestionBucket, type QuestionRate } from './questionRate';

/**
 * The holding laptop's side of the live copy (R35, docs/group-lan.md "A
 * live copy of the open night"): the open night's lines, once durable, go
 * to every paired laptop in batches, each with this laptop's signature of
 * its last line. Never on the path of a command: a command only asks for a
 * push (`kick`), which runs once the command was answered, one batch in
 * flight per laptop, the lines added meanwhile going in the next. A copy
 * that answers it holds fewer lines than were sent (it missed some, or
 * restarted) is sent the night again from its count + 1.
 */

/** How often a hand-over looks whether the new holder has its last line yet. */
const DELIVERY_POLL_MS = 20;

/**
 * How fast batches go to one laptop: under what its group listener answers a paired laptop (50 requests a second, a
 * burst of 100, groupLanPart.ts), with room for the group's sync. Over it, a batch is refused there and this laptop
 * asks the copy its count again, and the copy fell behind by more than a second (scripts/killMoves.ts). A table never
 * comes near it; a faster host's lines wait, and go in the next batch together.
 */
const BATCHES: QuestionRate = { perSecond: 40, burst: 80 };

interface CopyState {
  /** The night its count is of, and the count (null: not known yet, asked with an empty batch). */
  nightId: string | null;
  held: number | null;
  /** The laptop whose signature of those lines the copy holds, as it answered (R35: not this one, after a takeover). */
  holder: string | null;
  busy: boolean;
  /** Asked to verify while a batch was in flight: the running loop asks once it is answered. */
  verify: boolean;
  /** Why the last batch was refused or could not be sent, in words; null when it was taken. */
  problem: string | null;
  /** The batches it may be sent now (BATCHES). */
  bucket: QuestionBucket;
}

export interface LivePushOptions {
  pairing: LanPairing;
  files: GroupFilesPort;
  /** Told when what the console shows of the copies may have changed. */
  onChange: () => void;
}

export class LiveCopyPush {
  private tail: JournalTail | null = null;
  private readonly copies = new Map<string, CopyState>();
  private readonly links: PeerLinks;
  private pending = false;
  private stopped = false;

  constructor(private readonly options: LivePushOptions) {
    this.links = new PeerLinks(options.pairing);
  }

  /** A command was accepted: its line (if any) is durable; the push runs after the answer, coalesced with the next commands'. */
  kick(): void {
    if (this.pending || this.stopped) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.pushAll();
    });
  }

  /**
   * Every paired laptop sent what it lacks. `verify` (every second): one that holds every line is asked again what it
   * holds (it may have restarted, or cut off lines that did not replay), and one that came back is reached again.
   */
  pushAll(verify = false): void {
    // No paired laptop: the journal is not even read.
    const peers = this.options.pairing.list();
    if (this.stopped || peers.length === 0 || !this.readTail()) return;
    for (const peer of peers) void this.pump(peer.laptopId, verify);
  }

  /** The console's view of who holds this laptop's open night, and how far behind. */
  view(name: (laptopId: string) => string): LiveCopyView[] {
    const tail = this.tail;
    if (!tail) return [];
    const out: LiveCopyView[] = [];
    for (const peer of this.options.pairing.list()) {
      const state = this.copies.get(peer.laptopId);
      if (!state || state.nightId !== tail.nightId) continue;
      // A laptop that cannot be reached holds no copy the host can count on; one that refused the lines says why.
      const refused = state.problem !== null && !state.problem.startsWith('unreachable');
      if (state.held === null && !refused) continue;
      out.push({
        laptopId: peer.laptopId,
        name: name(peer.laptopId),
        behind: Math.max(0, tail.lines.length - (state.held ?? 0)),
        problem: refused ? state.problem : null,
      });
    }
    return out;
  }

  /**
   * R35 *A laptop that comes back*: before this laptop takes a command for the night open here at its start, every
   * paired laptop is asked how far it holds the night; one that took it over answers so, and the night stops here
   * (pump: `night-moved`). Waits `withinMs` at most: a laptop out of reach now is heard at a later round, and the
   * lines written here meanwhile are the ones then kept aside.
   */
  async fence(withinMs: number): Promise<void> {
    const peers = this.options.pairing.list();
    if (this.stopped || peers.length === 0 || !this.readTail()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
    await Promise.race([Promise.all(peers.map((peer) => this.pump(peer.laptopId, true))), waited]);
    clearTimeout(timer);
  }

  /**
   * R35 *Handed over*: whether laptop `laptopId` holds every durable line of the open night (the hand-over's last),
   * pushing until it does or `withinMs` has passed. A laptop that has not said so by then is sent the lines again
   * every round, as any copy is.
   */
  async delivered(laptopId: string, withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    for (;;) {
      // A push in flight goes on with the journal as read now: read it here, or the hand-over line may not be in it yet
      // and a copy holding every line before it would count as holding the night.
      if (!this.copies.get(laptopId)?.busy) this.pushAll();
      else this.readTail();
      const tail = this.tail;
      const state = this.copies.get(laptopId);
      if (tail && state?.nightId === tail.nightId && state.held !== null && state.held >= tail.lines.length) return true;
      if (this.stopped || Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
    }
  }

  /** The paired laptops holding a copy of the open night now (they answered with their count, and took the lines). */
  holders(): string[] {
    const nightId = this.tail?.nightId;
    if (nightId === undefined) return [];
    return [...this.copies]
      .filter(([, state]) => state.nightId === nightId && state.held !== null && state.problem === null)
      .map(([id]) => id);
  }

  forget(laptopId: string): void {
    this.links.drop(laptopId);
    this.copies.delete(laptopId);
  }

  stop(): void {
    this.stopped = true;
    this.links.close();
    this.copies.clear();
  }

  /** The open night's journal read up to its last durable line; false when no night is open here or this laptop signs nothing. */
  private readTail(): boolean {
    const open = this.options.files.openNight();
    if (!open || !this.options.files.signer()) {
      this.tail = null;
      return false;
    }
    if (this.tail?.nightId !== open.nightId) this.tail = new JournalTail(open.nightId, open.journal);
    this.tail.read();
    return this.tail.header !== null;
  }

  private stateOf(laptopId: string): CopyState {
    let state = this.copies.get(laptopId);
    if (!state) {
      state = { nightId: null, held: null, holder: null, busy: false, verify: false, problem: null, bucket: new QuestionBucket(BATCHES) };
      this.copies.set(laptopId, state);
    }
    return state;
  }

  /** Sends one laptop batches until it holds every durable line (or refuses, or cannot be reached). */
  private async pump(laptopId: string, verify: boolean): Promise<void> {
    const state = this.stateOf(laptopId);
    if (state.busy) {
      state.verify ||= verify;
      return;
    }
    state.busy = true;
    try {
      for (;;) {
        const tail = this.tail;
        const signer = this.options.files.signer();
        const peer = this.options.pairing.find(laptopId);
        if (this.stopped || !tail?.header || !signer || !peer) return;
        if (state.nightId !== tail.nightId) {
          state.nightId = tail.nightId;
          state.held = null;
          state.holder = null;
        }
        const held = state.held;
        const probing = (verify || state.verify) && held !== null && held >= tail.lines.length;
        verify = state.verify = false;
        if (held !== null && held >= tail.lines.length && !probing) return;
        // Lines added while it waits go in this batch too.
        while (!state.bucket.take()) await new Promise((resolve) => setTimeout(resolve, state.bucket.waitMs()));
        if (this.stopped || this.tail !== tail) continue;
        // R35: a copy held from the laptop this one took the night over from, too far behind for a batch to reach the
        // take-over line, gets that laptop's lines as it signed them (store/liveCopyRelay.ts).
        const relayed =
          held === null || probing
            ? null
            : relayBatch(tail.lines, tail.relayPoints, tail.takeOvers, held, state.holder ?? undefined, LIVE_BATCH_CAP);
        const lines =
          held === null || probing ? [] : (relayed?.lines ?? tail.lines.slice(held, held + fittingLines(tail.lines, held, LIVE_BATCH_CAP)));
        const count = (held ?? 0) + lines.length;
        const head = tail.heads[count - 1];
        // R35: each earlier writer's signature of its lines goes with them (and with the line after them), to every copy.
        const writers = lines.length === 0 || relayed ? [] : tail.signatures.filter((s) => s.lines >= (held ?? 0) && s.lines <= count);
        const args = {
          laptop: signer.laptopId,
          key: peer.theirKey,
          nightId: tail.nightId,
          from: (held ?? 0) + 1,
          // R35: the epoch this laptop writes the night at now: a copy behind it takes nothing over.
          epoch: this.options.files.openNight()?.epoch ?? 1,
          ...(held === 0 ? { header: tail.header } : {}),
          lines,
          ...(relayed
            ? { signed: relayed.signed }
            : lines.length > 0 && head
              ? { signed: signLines(signer, tail.nightId, count, head) }
              : {}),
          ...(writers.length > 0 ? { writers } : {}),
          // R35: a copy ahead of one of this night's takeovers (it took the old holder's later lines) cuts back to it.
          ...(tail.takeOvers.length > 0 ? { takeOvers: tail.takeOvers } : {}),
        };
        const link = await this.linkTo(laptopId, state);
        if (!link) return;
        let answer;
        try {
          answer = await link.request('groupPeerNightLines', args);
        } catch (error) {
          this.links.drop(laptopId);
          state.held = null;
          state.problem = `unreachable (${(error as Error).message})`;
          return;
        }
        if (!answer.ok && answer.error.code === 'night-moved') {
          const { by, line, epoch } = answer.error.params ?? {};
          // R35: a laptop that took the night over before this one took it back holds an older epoch: it is the one to
          // stop (it hears so when it pushes here); this laptop goes on.
          if (Number(epoch) < (this.options.files.openNight()?.epoch ?? 0)) {
            state.held = null;
            state.problem = `it holds this night at an older epoch, ${String(epoch)}: it stops when it hears from this laptop`;
            this.options.onChange();
            return;
          }
          // R35: the copy took the night over while this laptop was away: it stops writing it, its journal kept aside.
          if (by !== undefined && line !== undefined) await this.options.files.nightMovedAway(tail.nightId, String(by), Number(line));
          this.tail = null;
          return;
        }
        if (!answer.ok) {
          state.problem = answer.error.message;
          // The copy answers how many it holds only when it takes the batch: asked again on the next round.
          state.held = null;
          this.options.onChange();
          return;
        }
        const before = state.held;
        state.held = answer.data.held;
        state.holder = answer.data.holder ?? null;
        if (state.problem !== null || before !== state.held) {
          state.problem = null;
          this.options.onChange();
        }
        // The copy holds more than this laptop wrote (an older journal of this night?): nothing more to send it.
        if (state.held > tail.lines.length) return;
        // It did not take the batch and holds no fewer lines than before: the next round asks again.
        if (held !== null && state.held === held && lines.length > 0) return;
      }
    } finally {
      state.busy = false;
    }
  }

  private async linkTo(laptopId: string, state: CopyState): Promise<PeerLink | null> {
    const link = await this.links.open(laptopId);
    if (link) return link;
    state.held = null;
    if (state.problem === null) {
      state.problem = 'unreachable';
      this.options.onChange();
    }
    return null;
  }
}
