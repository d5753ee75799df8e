import { WebSocket, type RawData } from 'ws';
import { commandError, viewForRole, WIRE_CLOSE_TABLE_FULL, type AppView, type Role, type WireMessage } from '../../shared';
import type { DealerService, WitnessLine } from '../session/service';
import { ClientLink, type FlowLimits } from './clientLink';
import type { ListenerPolicy } from './listenerPolicy';
import { PhoneAllowances, type QuestionBucket } from './questionRate';
import { ViewerSeats } from './viewerSeats';
import { answerWireRequest, parseWireRequest, replySerialiser, ScreenAnswers } from './wireProtocol';

/**
 * The sockets of one listener once let in (server.ts does the HTTP upgrade):
 * each one's link (clientLink.ts), its questions answered in order, the
 * views pushed to every one of them, and what the listener's policy bounds
 * (a place among `maxViewers`, a question rate, the unread limits).
 */

/**
 * Who is pushed a new view first: the TV (the table sees the card the moment the host does), then the console, then
 * the phones (two hundred of them never stand between the host and the console). Every text is made before the
 * first write, so the console's write follows the TV's at once. A paired laptop is pushed none: it syncs files.
 */
const PUSH_ORDER: readonly Role[] = ['table', 'host', 'phone'];
/** How long a socket closed by the host (turned away, a stale link) has to take its close frame before it is cut. */
const CLOSE_GRACE_MS = 1000;

export interface SocketSessionsOptions {
  service: DealerService;
  policy: ListenerPolicy;
  flow: FlowLimits;
  onClientDropped?: (role: Role, why: string) => void;
  onClientsChanged?: () => void;
}

/** What a socket opened with: its role, its token, its device's address, and whether it asked for `views=once`. */
export interface Arrival {
  role: Role;
  token: string | null;
  address: string | undefined;
  viewsOnce: boolean;
}

export class SocketSessions {
  readonly links = new Set<ClientLink>();
  /** The token each socket opened with, so a new link can close the ones holding the old. */
  private readonly openedWith = new Map<ClientLink, string | null>();
  private readonly seats: ViewerSeats;
  /** Each phone's allowance, whichever of its sockets it asks on. */
  private readonly allowances: PhoneAllowances | null;
  /** The read-only screens' answers, shared until the view changes (wireProtocol.ts). */
  private readonly screenAnswers: ScreenAnswers;
  private readonly serialiseReply = replySerialiser();

  constructor(private readonly options: SocketSessionsOptions) {
    this.seats = new ViewerSeats(options.policy.maxViewers);
    this.allowances = options.policy.questionRate ? new PhoneAllowances(options.policy.questionRate) : null;
    this.screenAnswers = new ScreenAnswers(options.service);
  }

  /** Read-only sockets let in and not gone yet (each holds a place among `maxViewers`). */
  get viewerCount(): number {
    return this.seats.count;
  }

  /** A socket that has just completed its upgrade: let in, or turned away when every place is taken. */
  arrive(client: WebSocket, arrival: Arrival): void {
    if (arrival.role === 'host') {
      this.welcome(client, arrival, null);
      return;
    }
    const seat = this.seats.take();
    if (seat) this.welcome(client, arrival, seat);
    else turnAway(client);
  }

  /** Closes every socket whose token no longer opens anything (after a new viewer link); returns how many. */
  dropStale(code: number, reason: string): number {
    let dropped = 0;
    for (const link of this.links) {
      if (this.options.policy.credential(this.openedWith.get(link)) !== null) continue;
      dropped++;
      link.socket.close(code, reason);
      // A client that does not take its close frame is cut all the same.
      setTimeout(() => link.socket.terminate(), CLOSE_GRACE_MS).unref();
    }
    return dropped;
  }

  /** Every heartbeat: pings, and phones' allowances that are whole again let go. */
  heartbeat(): void {
    for (const link of this.links) link.heartbeat();
    this.allowances?.sweep();
  }

  /** Every READING_CHECK_MS: the unread limits. */
  checkReading(): void {
    const now = performance.now();
    for (const link of this.links) link.checkReading(now);
  }

  terminateAll(): void {
    for (const link of this.links) link.socket.terminate();
  }

  pushView(view: AppView): void {
    // Serialised once, and only for the screens connected (the phones' listener has no console): the screens' text,
    // and the console's is that text with the console's own fields added, made before anything is written, so no
    // serialising stands between one screen's write and the next (on two cores a write often hands the CPU to the
    // page it wakes). A client that is behind keeps only the newest.
    const watched = viewForRole(view, 'phone');
    let screensText: Buffer | null = null;
    let consoleText: Buffer | null = null;
    for (const link of this.links) {
      if (link.role === 'host') consoleText ??= consoleViewMessage(view, watched, (screensText ??= viewMessage(watched)));
      else if (link.role !== 'peer') screensText ??= viewMessage(watched);
    }
    for (const role of PUSH_ORDER) {
      for (const link of this.links) {
        if (link.role !== role) continue;
        if (role === 'host') {
          if (consoleText) link.pushView(consoleText, view);
        } else if (screensText) link.pushView(screensText, watched);
      }
    }
  }

  private welcome(client: WebSocket, arrival: Arrival, seat: { leave: () => void } | null): void {
    const { role, token, address, viewsOnce } = arrival;
    const { service, policy, flow } = this.options;
    const link = new ClientLink(
      client,
      role,
      flow,
      (dropped, why) => this.options.onClientDropped?.(dropped.role, why),
      policy.unread(role),
    );
    this.links.add(link);
    this.openedWith.set(link, token);
    this.options.onClientsChanged?.();
    /** Reveal requests pushed to this socket and not answered yet: each one's answer is the host's own asking, free. */
    let revealsOwed = 0;
    // A phone helping deal (docs/table-draw.md) gets its reveal requests on its own socket.
    const line: WitnessLine | undefined =
      role === 'phone'
        ? {
            send: (message) => {
              if (message.kind === 'reveal-request') revealsOwed++;
              link.sendReply({ type: 'witness', message });
            },
          }
        : undefined;
    const allowance = role !== 'host' ? this.allowances?.open(token, address) : undefined;
    client.on('close', () => {
      this.links.delete(link);
      this.openedWith.delete(link);
      seat?.leave();
      allowance?.close();
      if (line) service.tableWitnesses?.lineClosed(line);
      // The last screen gone: what was kept for screens goes too (a quiet table may keep one view for hours).
      if (role !== 'host' && !this.anyScreen()) this.screenAnswers.forget();
      this.options.onClientsChanged?.();
    });
    client.on('error', () => client.terminate());
    // One request at a time per client, answered in order: a getView reply can
    // then never arrive after (and overwrite) the push of a later command's view.
    let queue = Promise.resolve();
    const bucket: QuestionBucket | null = allowance?.bucket ?? null;
    client.on('message', (data: RawData, isBinary: boolean) => {
      link.requestQueued();
      // A phone's reveals answer the host's own request: one per request asked is free, or a fast table would leave its phones out.
      // Anything else, a reveal nobody asked for included, comes out of the phone's allowance.
      const owed = revealsOwed > 0 && this.answersHost(data, isBinary);
      if (owed) revealsOwed--;
      const waitMs = bucket === null || owed || bucket.take() ? 0 : bucket.waitMs();
      // Asked too fast: refused, and nothing more is read from it until it may ask again.
      if (waitMs > 0) link.holdReading(waitMs);
      queue = queue
        .then(async () =>
          link.sendReply(
            waitMs > 0
              ? refuseQuestion(data, isBinary, waitMs)
              : viewSentOnce(await this.answerMessage(data, isBinary, role, line), link, viewsOnce),
            this.serialiseReply,
          ),
        )
        // Whatever a message holds, it costs the host at most this reply.
        .catch(() => link.sendReply({ type: 'error', id: null, message: 'the host could not answer that message' }))
        .finally(() => link.requestDone())
        .catch(() => client.terminate());
    });
  }

  private anyScreen(): boolean {
    for (const link of this.links) if (link.role !== 'host') return true;
    return false;
  }

  private async answerMessage(data: RawData, isBinary: boolean, role: Role, line: WitnessLine | undefined): Promise<WireMessage> {
    const { service } = this.options;
    if (isBinary) return { type: 'error', id: null, message: 'requests are JSON text messages' };
    const parsed = parseWireRequest(messageText(data));
    if (!parsed.ok) return parsed.reply;
    if (role === 'host') return answerWireRequest(service, parsed.request, role, line);
    // A paired laptop's answers change as files arrive, whatever the view: never kept.
    if (role === 'peer') return withoutView(await answerWireRequest(service, parsed.request, role, line));
    return forWatchers(await this.screenAnswers.answer(parsed.request, role, () => answerWireRequest(service, parsed.request, role, line)));
  }

  /** Whether a message is a phone's reveals (revealDraws), read cheaply before the question rate is applied. */
  private answersHost(data: RawData, isBinary: boolean): boolean {
    if (isBinary || !this.options.service.tableWitnesses) return false;
    const text = messageText(data);
    if (!text.includes('"revealDraws"')) return false;
    const parsed = parseWireRequest(text);
    return parsed.ok && parsed.request.method === 'revealDraws';
  }
}

/** `{"type":"view","view":...}` as UTF-8. */
function viewMessage(view: AppView): Buffer {
  return Buffer.from(JSON.stringify({ type: 'view', view } satisfies WireMessage), 'utf8');
}

/**
 * The console's view message made from the screens' (`watched`, the same view without the console-only fields):
 * those fields' JSON added before its two closing braces, instead of the whole view serialised a second time.
 * @internal exported for tests only
 */
export function consoleViewMessage(view: AppView, watched: AppView, watchedMessage: Buffer): Buffer {
  if (watched === view) return watchedMessage;
  let extra = '';
  for (const [key, value] of Object.entries(view)) {
    if (key in watched || value === undefined) continue;
    extra += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  if (extra === '') return watchedMessage;
  return Buffer.concat([watchedMessage.subarray(0, watchedMessage.length - 2), Buffer.from(`${extra}}}`, 'utf8')]);
}

/** The words of a read-only socket turned away because every place is taken (its code is WIRE_CLOSE_TABLE_FULL). */
export const TABLE_FULL_REASON = 'the table is full';

/** One read-only screen too many: told why (the phone page says so), then cut if it does not take its close frame. */
function turnAway(client: WebSocket): void {
  client.on('error', () => client.terminate());
  client.close(WIRE_CLOSE_TABLE_FULL, TABLE_FULL_REASON);
  setTimeout(() => client.terminate(), CLOSE_GRACE_MS).unref();
}

function messageText(data: RawData): string {
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
}

/**
 * A command's answer to a console (views=once) whose view was pushed to it
 * just before: `answered`, not the view again, so the view of one command
 * is serialised, written and read once, while the TV is drawing it.
 */
function viewSentOnce(message: WireMessage, link: ClientLink, viewsOnce: boolean): WireMessage {
  if (!viewsOnce || link.role !== 'host' || message.type !== 'reply' || !message.result.ok) return message;
  const { view, data } = message.result;
  if (!link.hasBeenSent(view)) return message;
  return data === undefined ? { type: 'answered', id: message.id } : { type: 'answered', id: message.id, data };
}

/** A TV's or phone's answer carries the view without what is the console's alone (viewForRole). */
function forWatchers(message: WireMessage): WireMessage {
  if (message.type !== 'reply' || !message.result.ok) return message;
  const view = viewForRole(message.result.view, 'phone');
  return view === message.result.view ? message : { ...message, result: { ...message.result, view } };
}

/** A paired laptop is told its answer and nothing of this table: no view. */
function withoutView(message: WireMessage): WireMessage {
  if (message.type !== 'reply' || !message.result.ok) return message;
  const { view: _view, ...rest } = message.result;
  return { ...message, result: rest as typeof message.result };
}

/** The answer to a question asked faster than the question rate: its id, and when to ask again. */
function refuseQuestion(data: RawData, isBinary: boolean, waitMs: number): WireMessage {
  const parsed = isBinary ? null : parseWireRequest(messageText(data));
  if (!parsed?.ok) return parsed?.reply ?? { type: 'error', id: null, message: 'requests are JSON text messages' };
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = commandError('too-many-questions', `Too many questions from this screen: ask again in ${seconds} s.`, undefined, {
    seconds,
  });
  return { type: 'reply', id: parsed.request.id, result: { ok: false, error } };
}
