import { WebSocket } from 'ws';
import type { AppView, Role, WireMessage } from '../../shared';
import { NOT_READING_CLOSE_CODE, type UnreadLimits } from './listenerPolicy';

/**
 * One connected browser as the host sees it: its role, and everything the
 * host sends it, within bounds. A client that stops reading must not make the
 * host hold memory without end, so:
 * - a view push supersedes the one before it: while the client is behind
 *   (more than `viewHighWaterBytes` waiting in its socket), only the newest
 *   view waits, once, and goes out when the socket drains;
 * - a reply is never dropped (the client waits for it), but a client with
 *   more than `maxBufferedBytes` already waiting is closed instead;
 * - a client that makes no progress for `stuckMs` while a view waits, or that
 *   answers no ping for two heartbeats, is closed. The host console's socket
 *   also counts as alive while its replies are being taken (a pong can wait
 *   behind a backup on a slow network); a read-only screen's cannot: what the
 *   host writes to a phone that never reads sinks into the kernel's buffers
 *   and looks taken, so only its pong shows it reads;
 * - every client but the console also has the listener's unread limits
 *   (listenerPolicy.ts, checkReading): too much waiting and none of it taken,
 *   or no pong for a while, and it is closed.
 * Whatever closes it, its close frame says why (NOT_READING_CLOSE_CODE).
 */
export interface FlowLimits {
  /** Above this many bytes waiting for the client, view pushes are held back (the newest kept). */
  viewHighWaterBytes: number;
  /** A reply due while more than this is waiting closes the client: it is not reading. */
  maxBufferedBytes: number;
  /** A client that reads nothing for this long while a view waits for it is closed. */
  stuckMs: number;
  /** How often the host pings; a client silent (no pong; for the host console, nothing read either) for two intervals in a row is closed. */
  heartbeatMs: number;
  /** Requests read ahead of the one running; beyond this the host stops reading from that client. */
  maxQueuedRequests: number;
}

export const DEFAULT_FLOW_LIMITS: FlowLimits = {
  viewHighWaterBytes: 256 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  stuckMs: 20_000,
  heartbeatMs: 15_000,
  maxQueuedRequests: 32,
};

/** Heartbeats in a row with no pong and nothing read before a client is taken for dead. */
const SILENT_BEATS_TO_CLOSE = 2;

export class ClientLink {
  /** The newest view not yet sent: its text (serialised once, shared by every client) and the view it is. */
  private waitingView: { text: string | Buffer; view: AppView | null } | null = null;
  /** The view last handed to the socket: a reply after it, on the same socket, arrives after it. */
  private sentView: AppView | null = null;
  private stuckTimer: ReturnType<typeof setTimeout> | null = null;
  /** Frames the socket has handed to the OS: counts up while the client reads. */
  private written = 0;
  private writtenAtLastBeat = 0;
  private writtenWhenStuck = 0;
  private answeredPing = true;
  private silentBeats = 0;
  private queuedRequests = 0;
  /** Reading is held back for a while (a screen asking faster than its question rate). */
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the client last showed it reads (a pong: it took everything sent before the ping), and when it was last pinged. */
  private heardAt = performance.now();
  private pingedAt = performance.now();
  /** Bytes waiting for it at the last reading check, when more than the unread limit (null: within it). */
  private unreadAtLastCheck: number | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly role: Role,
    private readonly limits: FlowLimits,
    /** Told why the host closed this client (for the host's log). */
    private readonly onDropped: (link: ClientLink, why: string) => void = () => undefined,
    /** When it counts as not reading (listenerPolicy.ts); null for the console, which is never closed for it. */
    private readonly unread: UnreadLimits | null = null,
  ) {
    socket.on('pong', () => {
      this.answeredPing = true;
      this.heardAt = performance.now();
    });
    socket.once('close', () => {
      this.clearStuckTimer();
      if (this.holdTimer) clearTimeout(this.holdTimer);
      this.holdTimer = null;
    });
  }

  /** Bytes waiting to reach this client (queued in ws and in the socket). */
  get bufferedBytes(): number {
    return this.socket.bufferedAmount;
  }

  get viewWaiting(): boolean {
    return this.waitingView !== null;
  }

  /**
   * An answer the client is waiting for: sent, unless the client is so far
   * behind that it is closed. A serialiser may give the text in parts (UTF-8
   * buffers shared by every client asking the same), sent as the fragments of
   * one message, so nothing is copied per client.
   */
  sendReply(message: WireMessage, serialise: (message: WireMessage) => string | readonly Buffer[] = JSON.stringify): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.close('it stopped reading its replies');
      return;
    }
    const text = serialise(message);
    if (typeof text === 'string') {
      this.write(text);
      return;
    }
    // One message in fragments, sent back to back: nothing else can come between them.
    text.forEach((part, index) => this.write(part, index === text.length - 1));
  }

  /** A new view (`{type:'view'}` already serialised, as UTF-8 once for every client): replaces any view still waiting for this client. */
  pushView(text: string | Buffer, view: AppView | null = null): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.waitingView = { text, view };
    this.flushView();
  }

  /** Whether `view` is the newest view this client was sent, nothing newer waiting: a reply sent now reaches the client after it. */
  hasBeenSent(view: AppView): boolean {
    return this.sentView === view && this.waitingView === null;
  }

  /** Called by the host's heartbeat: closes a client that neither answered the last ping nor read anything since. */
  heartbeat(): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const reading = this.role === 'host' && this.written !== this.writtenAtLastBeat;
    const silent = !this.answeredPing && !reading;
    this.silentBeats = silent ? this.silentBeats + 1 : 0;
    // Two beats, not one: a pong can wait behind one large reply (a backup) on a slow network.
    if (this.silentBeats >= SILENT_BEATS_TO_CLOSE) {
      this.close('it stopped answering');
      return;
    }
    this.answeredPing = false;
    this.writtenAtLastBeat = this.written;
    this.pingedAt = performance.now();
    this.socket.ping();
  }

  /**
   * Called every READING_CHECK_MS: closes a client that holds more than its
   * unread limit and took none of it since the last check, or that answered
   * no ping for `silentMs`; pings one not heard from for a while.
   */
  checkReading(now = performance.now()): void {
    if (!this.unread || this.socket.readyState !== WebSocket.OPEN) return;
    const waiting = this.socket.bufferedAmount;
    const over = waiting > this.unread.maxUnreadBytes;
    if (over && this.unreadAtLastCheck !== null && waiting >= this.unreadAtLastCheck) {
      this.close(`not reading: more than ${kilobytes(this.unread.maxUnreadBytes)} waiting`);
      return;
    }
    this.unreadAtLastCheck = over ? waiting : null;
    if (now - this.heardAt > this.unread.silentMs) {
      this.close(`not reading: no answer for ${Number((this.unread.silentMs / 1000).toFixed(1))} s`);
      return;
    }
    // Pinged often enough that a client reading on a slow network answers well within silentMs. (The heartbeat's
    // own count of silent beats is left alone: its pong may answer this ping, never the other way round.)
    if (now - this.pingedAt >= this.unread.silentMs / 4) {
      this.pingedAt = now;
      this.socket.ping();
    }
  }

  /** A request was read from this client; with too many waiting, the host stops reading more for now. */
  requestQueued(): void {
    this.queuedRequests++;
    this.followReading();
  }

  requestDone(): void {
    this.queuedRequests--;
    this.followReading();
  }

  /** Reads nothing more from this client for `ms` (it asked faster than it may). */
  holdReading(ms: number): void {
    if (this.holdTimer || this.socket.readyState !== WebSocket.OPEN) return;
    this.holdTimer = setTimeout(() => {
      this.holdTimer = null;
      this.followReading();
    }, ms);
    this.holdTimer.unref();
    this.followReading();
  }

  /** Reading paused while too many requests wait or while held back, resumed once neither. */
  private followReading(): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const hold = this.queuedRequests > this.limits.maxQueuedRequests || this.holdTimer !== null;
    if (hold && !this.socket.isPaused) this.socket.pause();
    else if (!hold && this.socket.isPaused) this.socket.resume();
  }

  private write(text: string | Buffer, fin = true): void {
    this.socket.send(text, { binary: false, fin }, (error) => {
      if (error) return;
      this.written++;
      this.flushView();
    });
  }

  private flushView(): void {
    if (this.waitingView === null || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.viewHighWaterBytes) {
      this.startStuckTimer();
      return;
    }
    const { text, view } = this.waitingView;
    this.sentView = view;
    this.waitingView = null;
    this.clearStuckTimer();
    this.write(text);
  }

  private startStuckTimer(): void {
    if (this.stuckTimer) return;
    this.writtenWhenStuck = this.written;
    this.stuckTimer = setTimeout(() => {
      this.stuckTimer = null;
      if (this.waitingView === null) return;
      // Still reading, only slowly: it gets the newest view when it catches up.
      if (this.written !== this.writtenWhenStuck) this.startStuckTimer();
      else this.close('it stopped reading');
    }, this.limits.stuckMs);
    this.stuckTimer.unref();
  }

  private clearStuckTimer(): void {
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    this.stuckTimer = null;
  }

  /**
   * Closed for not reading: its close frame says why (it reaches a client
   * whose buffers still had room, and a page that reads again then knows),
   * and the connection is cut at once, so nothing is held for it meanwhile:
   * a client that is not reading would never answer a close frame.
   */
  private close(why: string): void {
    this.waitingView = null;
    this.clearStuckTimer();
    this.socket.close(NOT_READING_CLOSE_CODE, why);
    this.socket.terminate();
    this.onDropped(this, why);
  }
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
