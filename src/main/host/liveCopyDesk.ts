import {
  COMMAND_NAMES,
  COMMAND_REGISTRY,
  commandError,
  type CommandName,
  type GroupLanView,
  type HeldCopyView,
  type LiveCopyView,
  type ParsedCommandArgs,
  type PeerNightLinesAnswer,
} from '../../shared';
import type { LanPairing } from '../group/pairing';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import type { Outcome } from '../session/outcome';
import type { AfterCommands } from '../session/parts';
import { LiveCopies, type HeldCopy, type ReplayCheck } from '../store/liveCopies';
import { LiveCopyPush } from './liveCopyPush';

/**
 * R35, the night survives its laptop (docs/group-lan.md "A live copy of the
 * open night"), both sides on one laptop: as the holder of an open night it
 * pushes the night's lines to its paired laptops (liveCopyPush.ts); as a
 * paired laptop it keeps the open nights of the others, checked, in
 * `live/` of its data folder (store/liveCopies.ts). A copy of a night that
 * ended and whose signed record is in the group's history is let go.
 */

/** The console is told of a copy's progress at most this often (each line would be a view pushed). */
const VIEW_EVERY_MS = 1_000;

export interface LiveCopyOptions {
  pairing: LanPairing;
  files: GroupFilesPort;
  /** The data folder: the copies are kept in its `live/`. */
  dataRoot: string;
  everyMs: number;
  /** The part's slice of the view may read differently: the session pushes it. */
  changed: () => void;
  /** R35: the replay of a copy with its new lines; the engine's (`replayHeldCopy`, the cards shown for sealed decks) unless given. */
  replay?: ReplayCheck;
  /** Told once a batch is durable in a copy here (the bench's clock, tests). */
  onHeld?: (nightId: string, lines: number) => void;
}

export class LiveCopyDesk {
  readonly copies: LiveCopies;
  private readonly push: LiveCopyPush;
  private timer: ReturnType<typeof setInterval> | null = null;
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  /** The slice as the view last said it, so a push is asked only when it would read differently. */
  private shown = '';
  private stopped = false;
  /** Nights whose copy waits to be replayed. */
  private readonly replaying = new Set<string>();

  constructor(private readonly options: LiveCopyOptions) {
    this.copies = options.replay ? new LiveCopies(options.dataRoot, options.replay) : new LiveCopies(options.dataRoot);
    // R35: the lines a copy's cut back set aside are shown to the host (a storage notice), never merged.
    this.copies.onCutBack = (aside) => void options.files.copyCutBack({ ...aside, copy: this.copies.pathOf(aside.nightId) });
    this.push = new LiveCopyPush({ pairing: options.pairing, files: options.files, onChange: () => this.soon() });
  }

  /** What the part does after every accepted change: ask for a push, which runs once the command was answered. */
  readonly after: AfterCommands = Object.fromEntries(
    COMMAND_NAMES.filter((name: CommandName) => COMMAND_REGISTRY[name].changesState).map((name) => [name, () => this.kick()]),
  );

  private kick(): false {
    this.push.kick();
    return false;
  }

  start(): void {
    // Copies read from the data folder are replayed once, as each new batch is.
    for (const copy of this.copies.list()) this.replaySoon(copy.nightId);
    this.timer = setInterval(() => this.round(), this.options.everyMs);
    this.timer.unref();
  }

  /** Every paired laptop sent what it lacks; copies of nights shared and signed let go. */
  round(): void {
    this.push.pushAll(true);
    for (const copy of this.copies.list()) {
      if (!copy.ended) continue;
      const shared = this.options.files.sharedNight(copy.nightId);
      if (shared?.signed && shared.laptopId === copy.holder && this.copies.letGo(copy.nightId)) this.soon();
    }
  }

  /** The paired laptops holding a copy of this laptop's open night now (R35: they alone are told how its phones get in). */
  holders(): string[] {
    return this.push.holders();
  }

  forget(laptopId: string): void {
    this.push.forget(laptopId);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.viewTimer) clearTimeout(this.viewTimer);
    this.push.stop();
    this.copies.close();
  }

  /**
   * The console's slice: who holds this laptop's open night (and how far behind), the laptop it was handed to, if
   * any, and the nights held here.
   */
  view(name: (laptopId: string) => string): Pick<GroupLanView, 'liveCopies' | 'holding' | 'handedOver'> {
    const me = this.options.files.identity().laptopId;
    const handedTo = this.options.files.openNight()?.handedTo ?? null;
    const slice = {
      liveCopies: this.push.view(name),
      holding: this.copies.list().map((copy: HeldCopy): HeldCopyView => ({
        nightId: copy.nightId,
        laptopId: copy.holder,
        name: name(copy.holder),
        lines: copy.lines,
        ended: copy.ended,
        handedHere: copy.handedTo === me,
      })),
      handedOver: handedTo === null ? null : { laptopId: handedTo, name: name(handedTo) },
    };
    this.shown = fingerprintOf(slice);
    return slice;
  }

  /** What the slice would say now, laptops by id (no name looked up): a push is asked for only when it changed. */
  private fingerprint(): string {
    const me = this.options.files.identity().laptopId;
    const holding = this.copies.list().map((copy) => ({ ...copy, handedHere: copy.handedTo === me }));
    return fingerprintOf({ liveCopies: this.push.view((id) => id), holding });
  }

  /** R35 *A laptop that comes back*: the paired laptops asked whether they took the night open here over (liveCopyPush.ts). */
  fence(withinMs: number): Promise<void> {
    return this.push.fence(withinMs);
  }

  /** R35 *Handed over*: whether `laptopId` holds the open night up to its last line, waiting `withinMs` at most. */
  delivered(laptopId: string, withinMs: number): Promise<boolean> {
    return this.push.delivered(laptopId, withinMs);
  }

  /** The live copy of this laptop's open night that `laptopId` holds, as the console sees it; undefined when none. */
  copyAt(laptopId: string): LiveCopyView | undefined {
    return this.push.view((id) => id).find((copy) => copy.laptopId === laptopId);
  }

  /** A paired laptop's batch of its open night's lines (authenticated by the part): checked, kept, answered with the count held. */
  receive(args: ParsedCommandArgs<'groupPeerNightLines'>, name: (laptopId: string) => string): Outcome<PeerNightLinesAnswer> {
    const { files } = this.options;
    const sender = name(args.laptop);
    const refuse = (why: string): Outcome<PeerNightLinesAnswer> => ({
      ok: false,
      error: commandError('live-copy-refused', `${sender}'s lines of night ${args.nightId} were not taken: ${why}.`, 'R35', {
        laptop: sender,
        night: args.nightId,
      }),
    });
    // R35: the sender held this night, and this laptop took it over: the sender stops writing it (liveCopyPush.ts).
    const moved = files.takenOverFrom(args.nightId, args.laptop);
    if (moved !== null)
      return {
        ok: false,
        error: commandError(
          'night-moved',
          `Night ${args.nightId} was taken over by ${files.identity().laptopName} after line ${moved.line} (R35).`,
          'R35',
          {
            night: args.nightId,
            by: files.identity().laptopId,
            line: String(moved.line),
            // The sender stops only if this is later than its own epoch: it may have taken the night back since.
            epoch: String(moved.epoch),
          },
        ),
      };
    if (files.openNight()?.nightId === args.nightId) return refuse('that night is open on this laptop');
    const shared = files.sharedNight(args.nightId);
    if (shared && shared.laptopId !== args.laptop) return refuse(`that night is ${name(shared.laptopId)}'s`);
    const answer = this.copies.receive(
      {
        nightId: args.nightId,
        laptop: args.laptop,
        from: args.from,
        lines: args.lines,
        ...(args.epoch !== undefined ? { epoch: args.epoch } : {}),
        ...(args.header !== undefined ? { header: args.header } : {}),
        ...(args.signed ? { signed: args.signed } : {}),
        ...(args.writers ? { writers: args.writers } : {}),
        ...(args.takeOvers ? { takeOvers: args.takeOvers } : {}),
      },
      files.keyOf(args.laptop),
      // R35: each earlier writer's signature against the key the group holds for that laptop.
      { keyOf: (laptopId) => files.keyOf(laptopId), nameOf: name },
    );
    if (!answer.ok) return refuse(answer.reason);
    if (args.lines.length > 0) {
      this.options.onHeld?.(args.nightId, answer.held);
      this.replaySoon(args.nightId);
      this.soon();
    }
    return { ok: true, data: { held: answer.held, ...(answer.holder !== undefined ? { holder: answer.holder } : {}) } };
  }

  /** The copy replayed once the answer is sent, its new batches together (a long night's replay takes tens of ms). */
  private replaySoon(nightId: string): void {
    if (this.replaying.has(nightId)) return;
    this.replaying.add(nightId);
    setImmediate(() => {
      this.replaying.delete(nightId);
      if (!this.stopped && this.copies.replayCheck(nightId) !== null) this.soon();
    });
  }

  /** The console told within VIEW_EVERY_MS, once, if its slice would read differently. */
  private soon(): void {
    if (this.viewTimer) return;
    this.viewTimer = setTimeout(() => {
      this.viewTimer = null;
      if (this.fingerprint() !== this.shown) this.options.changed();
    }, VIEW_EVERY_MS);
    this.viewTimer.unref();
  }
}

/** The slice in a few characters: each copy's laptop, how far behind and why not; each night held, its lines, end and hand-over. */
function fingerprintOf(slice: {
  liveCopies: readonly Pick<LiveCopyView, 'laptopId' | 'behind' | 'problem'>[];
  holding: readonly Pick<HeldCopyView, 'nightId' | 'lines' | 'ended' | 'handedHere'>[];
}): string {
  const copies = slice.liveCopies.map((copy) => `${copy.laptopId}:${copy.behind}:${copy.problem ?? ''}`);
  const held = slice.holding.map((copy) => `${copy.nightId}:${copy.lines}:${copy.ended}:${copy.handedHere}`);
  return `${copies.join('|')}/${held.join('|')}`;
}
