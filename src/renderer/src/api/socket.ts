import type { ApiResult, AppView, CommandArgs, CommandMethods, CommandsOf, DealerApi, WireMessage, WireRequest } from '../../../shared';
import type { HelpDealArgs, RevealDrawsArgs, WitnessMethod } from '../../../shared/witnessWire';
import { COMMAND_NAMES, commandsFor, type CommandName, type Role } from '../../../shared/registry';
import { WIRE_CLOSE_TABLE_FULL, WIRE_PATH, WIRE_TABLE_FULL_RETRY_MS, WIRE_TOKEN_PARAM, wireQuery } from '../../../shared/wire';

/**
 * How long a request may wait for the socket to (re)open before it is refused unsent.
 * @internal exported for tests only
 */
export const QUEUED_REQUEST_MS = 5000;
/**
 * How long a socket may stay "connecting" before it is given up and tried
 * again: on a phone whose Wi-Fi came back the first attempt can hang for a
 * minute in the TCP handshake, while a fresh one connects at once.
 * @internal exported for tests only
 */
export const CONNECT_TIMEOUT_MS = 8000;
/**
 * How long the check made on waking (a `getView` on a socket that looks open)
 * may go unanswered before the socket is taken for dead: after a phone slept,
 * its socket can look open for minutes while nothing comes through.
 * @internal exported for tests only
 */
export const PROBE_TIMEOUT_MS = 4000;

/**
 * `DealerApi` over the headless host's WebSocket (src/shared/wire.ts), for a
 * browser tab where there is no Electron preload. Requests made before the
 * socket opens wait for it; requests in flight when it drops are rejected
 * (their outcome is unknown, and the next view push tells the truth), and the
 * socket reconnects with a growing delay. `retryNow` (called when the page
 * comes back to the foreground or the network comes back) skips the wait,
 * or checks that an open-looking socket still answers; every (re)connection
 * fetches the view again, so a screen that was away catches up at once.
 */

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/**
 * The part of the browser's WebSocket this bridge uses, so tests (and the bench's phones, on Node's `ws`) can pass their own.
 */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

type SocketFactory = (url: string) => SocketLike;

export interface SocketApiOptions {
  url: string;
  createSocket?: SocketFactory;
  /** Delay before reconnect attempt `n` (0-based). */
  backoff?: (attempt: number) => number;
  /** Full screen for a browser tab; injected so the bridge stays DOM-free in tests. */
  toggleFullScreen?: () => Promise<void>;
  /** Open the table view in another tab; injected for the same reason. */
  openTableWindow?: () => Promise<void>;
  /** The clock, for `lastViewAt` (ms since the epoch). */
  now?: () => number;
  /**
   * R35: other socket URLs where the page's night may be found should its laptop stop answering (the laptop that
   * took the night over), asked each time the page's own fails; none unless given.
   */
  alternates?: () => readonly string[];
}

/** How the link to the dealer stands, and the ways to nudge it. */
interface ConnectionControls {
  status(): ConnectionStatus;
  /** Called whenever the connection status changes; returns the unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** When the last view arrived (`now()`), or null before the first: how far behind the screen may be. */
  lastViewAt(): number | null;
  /** The close code the host gave the socket when it last closed it (e.g. WIRE_CLOSE_TABLE_FULL), null once one opens. */
  lastCloseCode(): number | null;
  /**
   * Reconnect now instead of waiting out the backoff, or, when the socket
   * looks open, check that it still answers (and take the fresh view); a
   * socket that does not answer within PROBE_TIMEOUT_MS is dropped and
   * replaced. For page-visible and network-back events.
   */
  retryNow(): void;
  /** Closes the socket for good (no reconnect). */
  dispose(): void;
  /** Where the socket opens now: the page's own URL, or the alternate that let it in last (R35). */
  currentUrl(): string;
}

export type SocketDealerApi = DealerApi & ConnectionControls;

/**
 * What a phone's page may ask: the view and the questions the registry lets
 * the `phone` role send (history, the running tab). No method changes
 * anything, so no control on the page can; the host refuses a write from a
 * phone socket anyway.
 */
type PhoneApi = Pick<DealerApi, CommandsOf<'phone'> | 'getView' | 'onView'> & PhoneWitnessApi;

/**
 * A phone helping deal (docs/table-draw.md "The witness protocol"): its two
 * requests, which change no chip, seat or turn, and the host's pushes to it.
 */
interface PhoneWitnessApi {
  helpDeal(args: HelpDealArgs): Promise<ApiResult<unknown>>;
  revealDraws(args: RevealDrawsArgs): Promise<ApiResult<unknown>>;
  /** Called on each push about dealing (a reveal request, the phone's status as a witness), as it came: the page parses it (witnessPush). Returns the unsubscribe. */
  onWitness(listener: (message: unknown) => void): () => void;
}
export type PhoneSocketApi = PhoneApi & ConnectionControls;

const CONNECTING = 0;
const OPEN = 1;

/** 250 ms, 500 ms, 1 s, 2 s, then every 4 s. */
function defaultBackoff(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 4000);
}

type PageLocation = Pick<Location, 'protocol' | 'host' | 'search' | 'hash'>;

/**
 * The role a page of the headless host plays: the TV's route (`#/table`) is
 * the table, read only whatever token it holds; every other route is the
 * console, which the host grants only to loopback or the host token (a
 * viewer token makes it a read-only phone).
 */
export function roleFor(location: Pick<Location, 'hash'>): Role {
  return /^#\/table(?:[/?]|$)/.test(location.hash) ? 'table' : 'host';
}

/** The WebSocket URL for a page served by the headless host: its role, and its access token when it has one. */
export function socketUrlFor(location: PageLocation, role: Role = roleFor(location)): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const token = pageToken(location);
  // The console asks for each command's view once (wire.ts views=once); the TV and phones send no commands.
  return `${scheme}://${location.host}${WIRE_PATH}${wireQuery(role, token, role === 'host')}`;
}

/** The token in a page's address (its query, else its route's: `#/table?token=`), if any. */
export function pageToken(location: Pick<Location, 'search' | 'hash'>): string | null {
  return tokenFrom(location.search) ?? tokenFrom(location.hash.split('?')[1] ?? '');
}

function tokenFrom(query: string): string | null {
  return new URLSearchParams(query).get(WIRE_TOKEN_PARAM);
}

/** What a page listens to for "I am back": the window (network, page shown again) and the document (visibility). */
export interface WakeSources {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string };
}

/**
 * Calls `retry` when the page may have been away: it became visible again (a
 * phone woke, the tab came to the front), it was restored from the back-forward
 * cache, or the network came back or went (going offline drops a socket that
 * no longer answers instead of waiting for TCP to notice). Returns the
 * unsubscribe.
 */
export function retryOnWake(sources: WakeSources, retry: () => void): () => void {
  const onVisibility = (): void => {
    if (sources.document.visibilityState === 'visible') retry();
  };
  const onNetwork = (): void => retry();
  sources.document.addEventListener('visibilitychange', onVisibility);
  sources.window.addEventListener('online', onNetwork);
  sources.window.addEventListener('offline', onNetwork);
  sources.window.addEventListener('pageshow', onNetwork);
  return () => {
    sources.document.removeEventListener('visibilitychange', onVisibility);
    sources.window.removeEventListener('online', onNetwork);
    sources.window.removeEventListener('offline', onNetwork);
    sources.window.removeEventListener('pageshow', onNetwork);
  };
}

interface Pending {
  resolve(value: unknown): void;
  reject(reason: Error): void;
}

/** The socket itself: requests and replies by id, view pushes, reconnecting. The APIs below add their methods on top. */
interface SocketBridge extends ConnectionControls {
  request<T>(method: CommandName | WitnessMethod, args: unknown): Promise<T>;
  getView(): Promise<AppView>;
  onView(listener: (view: AppView) => void): () => void;
  onWitness(listener: (message: unknown) => void): () => void;
}

/** The close code a close event carries, or null. */
function closeCodeOf(event: unknown): number | null {
  const code = (event as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

function openSocketBridge(options: SocketApiOptions): SocketBridge {
  /** Where the socket opens: the page's own host, or the alternate that let it in last (R35). */
  let url = options.url;
  const createSocket: SocketFactory = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoff ?? defaultBackoff;
  const now = options.now ?? Date.now;
  const viewListeners = new Set<(view: AppView) => void>();
  const witnessListeners = new Set<(message: unknown) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const pending = new Map<number, Pending>();
  /** Requests made while the socket was not open, sent once it opens. */
  const outbox: WireRequest[] = [];
  let nextId = 1;
  let socket: SocketLike | null = null;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let disposed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | null = null;
  /** The socket a wake-up check is waiting on, so two checks never run at once. */
  let probing: SocketLike | null = null;
  let lastView: number | null = null;
  /** The newest view pushed on the current socket: the view of an `answered` (wire.ts, views=once). */
  let pushedView: AppView | null = null;
  let closeCode: number | null = null;

  function setStatus(next: ConnectionStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function emitView(view: AppView): void {
    lastView = now();
    for (const listener of viewListeners) listener(view);
  }

  function clearTimers(): void {
    if (retryTimer) clearTimeout(retryTimer);
    if (connectTimer) clearTimeout(connectTimer);
    retryTimer = null;
    connectTimer = null;
  }

  /** Sockets opening at once (the page's own address and, once it failed, the alternates): the first to open is kept. */
  let trying: SocketLike[] = [];

  /**
   * Opens the socket. Once the page's own laptop has failed to answer (attempt > 0), the alternates it was told
   * (R35: the paired laptops, docs/group-lan.md "What follows a takeover") are tried at the same time, and the
   * first that lets the page in is kept, and tried first from then on.
   */
  function connect(): void {
    clearTimers();
    pushedView = null;
    socket = null;
    const alternates = attempt > 0 ? (options.alternates?.() ?? []).filter((target) => target !== url) : [];
    const candidates = [url, ...alternates].map((target) => ({ target, ws: createSocket(target) }));
    trying = candidates.map((candidate) => candidate.ws);
    connectTimer = setTimeout(() => {
      for (const ws of trying) drop(ws);
      trying = [];
      failed();
    }, CONNECT_TIMEOUT_MS);
    for (const { target, ws } of candidates) {
      ws.onopen = () => {
        if (!trying.includes(ws)) return;
        for (const other of trying) if (other !== ws) drop(other);
        trying = [];
        url = target;
        opened(ws);
      };
      ws.onerror = () => undefined; // onclose follows and handles it
      ws.onclose = (event) => {
        if (!trying.includes(ws)) return;
        trying = trying.filter((other) => other !== ws);
        if (target === url) closeCode = closeCodeOf(event);
        if (trying.length === 0) failed();
      };
    }
  }

  /** A socket given up before it opened: it says nothing more. */
  function drop(ws: SocketLike): void {
    ws.onopen = ws.onmessage = ws.onclose = null;
    if (ws.readyState === CONNECTING || ws.readyState === OPEN) ws.close();
  }

  function opened(ws: SocketLike): void {
    socket = ws;
    if (connectTimer) clearTimeout(connectTimer);
    connectTimer = null;
    attempt = 0;
    closeCode = null;
    setStatus('open');
    ws.onmessage = (event) => {
      if (socket === ws && typeof event.data === 'string') receive(event.data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      closeCode = closeCodeOf(event);
      lost(ws);
    };
    for (const request of outbox.splice(0)) ws.send(JSON.stringify(request));
    // A view may have changed while we were away: fetch it rather than wait.
    void getView().then(emitView, () => undefined);
  }

  /** The socket closed, or is given up (no answer on waking): fail what it carried and try again. */
  function lost(ws: SocketLike): void {
    if (socket !== ws) return;
    socket = null;
    probing = null;
    drop(ws);
    failed();
  }

  /** No socket now: what was in flight failed, and the next attempt waits its turn. */
  function failed(): void {
    clearTimers();
    failInFlight(new Error('The connection to the dealer was lost.'));
    if (disposed) return;
    setStatus('reconnecting');
    retryTimer = setTimeout(connect, closeCode === WIRE_CLOSE_TABLE_FULL ? WIRE_TABLE_FULL_RETRY_MS : backoff(attempt++));
  }

  function retryNow(): void {
    if (disposed) return;
    if (socket === null) {
      if (trying.length > 0) return;
      // Waiting out the backoff: the page is back, so try at once, and from the shortest delay again.
      attempt = 0;
      connect();
      return;
    }
    if (socket.readyState !== OPEN || probing === socket) return;
    const ws = socket;
    probing = ws;
    const timer = setTimeout(() => {
      if (probing === ws) lost(ws);
    }, PROBE_TIMEOUT_MS);
    void getView().then(
      (view) => {
        clearTimeout(timer);
        if (probing === ws) probing = null;
        emitView(view);
      },
      () => clearTimeout(timer),
    );
  }

  function receive(data: string): void {
    let message: WireMessage;
    try {
      message = JSON.parse(data) as WireMessage;
    } catch {
      return; // not ours to answer; the host only sends JSON
    }
    if (message.type === 'view') {
      pushedView = message.view;
      emitView(message.view);
    } else if (message.type === 'witness') {
      for (const listener of witnessListeners) listener(message.message);
    } else if (message.type === 'reply') {
      settle(message.id)?.resolve(message.result);
    } else if (message.type === 'answered') {
      const entry = settle(message.id);
      if (pushedView) entry?.resolve({ ok: true, view: pushedView, data: message.data });
      else entry?.reject(new Error('The dealer answered with a view this page was never sent.'));
    } else if (message.type === 'error' && message.id !== null) {
      settle(message.id)?.reject(new Error(message.message));
    }
  }

  function settle(id: number): Pending | undefined {
    const entry = pending.get(id);
    pending.delete(id);
    return entry;
  }

  function failInFlight(error: Error): void {
    const queued = new Set(outbox.map((r) => r.id));
    for (const [id, entry] of pending) {
      if (queued.has(id)) continue;
      pending.delete(id);
      entry.reject(error);
    }
  }

  function send<T>(message: WireRequest): Promise<T> {
    if (disposed) return Promise.reject(new Error('The connection to the dealer is closed.'));
    return new Promise<T>((resolve, reject) => {
      pending.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
      if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
      else {
        outbox.push(message);
        // A request must not run minutes later when the link comes back: the host may have moved on.
        setTimeout(() => {
          const waiting = outbox.indexOf(message);
          if (waiting < 0) return;
          outbox.splice(waiting, 1);
          settle(message.id)?.reject(new Error('No connection to the dealer: nothing was sent.'));
        }, QUEUED_REQUEST_MS);
      }
    });
  }

  /** The host answers getView like a command (an ApiResult), so the view is unwrapped here. */
  async function getView(): Promise<AppView> {
    const result = await send<ApiResult>({ id: nextId++, method: 'getView' });
    if (!result.ok) throw new Error(result.error.message);
    return result.view;
  }

  connect();

  return {
    request: (method, args) => send({ id: nextId++, method, args } as WireRequest),
    getView,
    onView(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    onWitness(listener) {
      witnessListeners.add(listener);
      return () => witnessListeners.delete(listener);
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    lastViewAt: () => lastView,
    lastCloseCode: () => closeCode,
    retryNow,
    currentUrl: () => url,
    dispose() {
      disposed = true;
      clearTimers();
      const ws = socket;
      socket = null;
      ws?.close();
      for (const other of trying) drop(other);
      trying = [];
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.reject(new Error('The connection to the dealer is closed.'));
      }
      outbox.length = 0;
    },
  };
}

/**
 * One bridge method per command name given, each a request on the socket.
 * The one cast of the bridge's answers: an object built from a list of names
 * cannot be typed name by name, but each method sends its own name, and the
 * answer it resolves with is the door's, typed by that command (DataOf);
 * the callers below narrow the list to the role's commands the same way.
 */
function commandMethods(bridge: SocketBridge, names: readonly CommandName[]): Partial<CommandMethods> {
  return Object.fromEntries(
    names.map((method) => [method, (args: CommandArgs<typeof method>) => bridge.request<ApiResult>(method, args)]),
  ) as Partial<CommandMethods>;
}

/** What every socket API hands out besides its commands. */
function connectionOf(bridge: SocketBridge): Pick<SocketBridge, 'getView' | 'onView'> & ConnectionControls {
  return {
    getView: bridge.getView,
    onView: bridge.onView,
    status: bridge.status,
    onStatus: bridge.onStatus,
    lastViewAt: bridge.lastViewAt,
    lastCloseCode: bridge.lastCloseCode,
    retryNow: bridge.retryNow,
    currentUrl: bridge.currentUrl,
    dispose: bridge.dispose,
  };
}

/** The console's bridge: every command of the contract, so a command added there is bridged with no change here. */
export function createSocketApi(options: SocketApiOptions): SocketDealerApi {
  const bridge = openSocketBridge(options);
  return {
    ...(commandMethods(bridge, COMMAND_NAMES) as CommandMethods),
    ...connectionOf(bridge),
    toggleFullScreen: options.toggleFullScreen ?? (() => Promise.resolve()),
    openTableWindow: options.openTableWindow ?? (() => Promise.resolve()),
  };
}

/**
 * A phone's bridge: only the commands the registry lets the `phone` role send
 * (questions), derived from it, so nothing on a phone's page can even try a
 * write.
 */
export function createPhoneSocketApi(options: Omit<SocketApiOptions, 'toggleFullScreen' | 'openTableWindow'>): PhoneSocketApi {
  const bridge = openSocketBridge(options);
  return {
    ...(commandMethods(bridge, commandsFor('phone')) as Pick<CommandMethods, CommandsOf<'phone'>>),
    ...connectionOf(bridge),
    helpDeal: (args) => bridge.request<ApiResult<unknown>>('helpDeal', args),
    revealDraws: (args) => bridge.request<ApiResult<unknown>>('revealDraws', args),
    onWitness: bridge.onWitness,
  };
}
