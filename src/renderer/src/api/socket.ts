import type { ApiResult, AppView, CommandArgs, CommandMethods, DealerApi, WireMessage, WireRequest } from '../../../shared';
import { COMMAND_NAMES, type Role } from '../../../shared/registry';
import { WIRE_PATH, WIRE_TOKEN_PARAM, wireQuery } from '../../../shared/wire';

/** How long a request may wait for the socket to (re)open before it is refused unsent. */
export const QUEUED_REQUEST_MS = 5000;

/**
 * `DealerApi` over the headless host's WebSocket (src/shared/wire.ts), for a
 * browser tab where there is no Electron preload. Requests made before the
 * socket opens wait for it; requests in flight when it drops are rejected
 * (their outcome is unknown, and the next view push tells the truth), and the
 * socket reconnects with a growing delay.
 */

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/** The part of the browser's WebSocket this bridge uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface SocketApiOptions {
  url: string;
  createSocket?: SocketFactory;
  /** Delay before reconnect attempt `n` (0-based). */
  backoff?: (attempt: number) => number;
  /** Full screen for a browser tab; injected so the bridge stays DOM-free in tests. */
  toggleFullScreen?: () => Promise<void>;
  /** Open the table view in another tab; injected for the same reason. */
  openTableWindow?: () => Promise<void>;
}

export type SocketDealerApi = DealerApi & {
  status(): ConnectionStatus;
  /** Called whenever the connection status changes; returns the unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Closes the socket for good (no reconnect). */
  dispose(): void;
};

const OPEN = 1;

/** 250 ms, 500 ms, 1 s, 2 s, then every 4 s. */
export function defaultBackoff(attempt: number): number {
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
  const token = tokenFrom(location.search) ?? tokenFrom(location.hash.split('?')[1] ?? '');
  return `${scheme}://${location.host}${WIRE_PATH}${wireQuery(role, token)}`;
}

function tokenFrom(query: string): string | null {
  return new URLSearchParams(query).get(WIRE_TOKEN_PARAM);
}

interface Pending {
  resolve(value: unknown): void;
  reject(reason: Error): void;
}

export function createSocketApi(options: SocketApiOptions): SocketDealerApi {
  const createSocket: SocketFactory = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoff ?? defaultBackoff;
  const viewListeners = new Set<(view: AppView) => void>();
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

  function setStatus(next: ConnectionStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function emitView(view: AppView): void {
    for (const listener of viewListeners) listener(view);
  }

  function connect(): void {
    const ws = createSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
      for (const request of outbox.splice(0)) ws.send(JSON.stringify(request));
      // A view may have changed while we were away: fetch it rather than wait.
      void getView().then(emitView, () => undefined);
    };
    ws.onmessage = (event) => {
      if (typeof event.data === 'string') receive(event.data);
    };
    ws.onerror = () => undefined; // onclose follows and handles it
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      failInFlight(new Error('The connection to the dealer was lost.'));
      if (disposed) return;
      setStatus('reconnecting');
      retryTimer = setTimeout(connect, backoff(attempt++));
    };
  }

  function receive(data: string): void {
    let message: WireMessage;
    try {
      message = JSON.parse(data) as WireMessage;
    } catch {
      return; // not ours to answer; the host only sends JSON
    }
    if (message.type === 'view') {
      emitView(message.view);
    } else if (message.type === 'reply') {
      settle(message.id)?.resolve(message.result);
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

  function request<T>(message: WireRequest): Promise<T> {
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
    const result = await request<ApiResult>({ id: nextId++, method: 'getView' });
    if (!result.ok) throw new Error(result.error.message);
    return result.view;
  }

  // One method per command name in the contract, so a command added there (e.g. getStandings) is bridged with no change here.
  const commands = Object.fromEntries(
    COMMAND_NAMES.map((method) => [
      method,
      (args: CommandArgs<typeof method>) => request<ApiResult>({ id: nextId++, method, args }),
    ]),
  ) as CommandMethods;

  connect();

  return {
    ...commands,
    getView,
    onView(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    toggleFullScreen: options.toggleFullScreen ?? (() => Promise.resolve()),
    openTableWindow: options.openTableWindow ?? (() => Promise.resolve()),
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const ws = socket;
      socket = null;
      ws?.close();
      for (const [id, entry] of pending) {
        pending.delete(id);
        entry.reject(new Error('The connection to the dealer is closed.'));
      }
      outbox.length = 0;
    },
  };
}
