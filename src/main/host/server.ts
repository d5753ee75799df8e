import { realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import {
  WIRE_CLOSE_LINK_REPLACED,
  WIRE_CLOSE_TABLE_FULL,
  WIRE_PATH,
  WIRE_ROLE_PARAM,
  WIRE_VIEWS_ONCE,
  WIRE_VIEWS_PARAM,
  type AppView,
  type Role,
} from '../../shared';
import type { DealerService } from '../session/service';
import { grantRole, type AccessTokens } from './access';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from './clientLink';
import { CONNECTIONS_CHECK_MS, DEFAULT_CONNECTION_LIMITS, guardConnections, type ConnectionLimits } from './connectionGuard';
import { acceptable, fileServer, refuseUpgrade, requestUrl, sendPlain } from './httpFront';
import { policyFor, READING_CHECK_MS, type UnreadLimits } from './listenerPolicy';
import type { QuestionRate } from './questionRate';
import { SocketSessions, TABLE_FULL_REASON as TURNED_AWAY_REASON } from './socketSessions';

/**
 * The headless host (docs/design.md): the built renderer over HTTP and the same
 * contract as `window.api` over a WebSocket at `/ws` (src/shared/wire.ts),
 * in plain Node. It listens on loopback unless told otherwise; beyond
 * loopback the caller sets two access tokens (access.ts), and then every
 * page, file and socket needs one of them. Each socket has a role (wire.ts):
 * only the host's may change anything.
 */
export interface HostOptions {
  service: DealerService;
  /** 0 picks a free port. */
  port: number;
  /** Listen address; 127.0.0.1 unless given. */
  host?: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** When set, requests without one of them are refused (401); the viewer token opens read-only sockets. */
  tokens?: AccessTokens;
  /** Largest WebSocket message accepted, in bytes; a bigger one closes that socket (1009). */
  maxMessageBytes?: number;
  /** How much the host holds for a slow client and when it gives up on it (clientLink.ts). */
  flow?: Partial<FlowLimits>;
  /** Told when the host closes a client that stopped reading or answering. */
  onClientDropped?: (role: Role, why: string) => void;
  /**
   * A listener for viewers only (the phones' LAN listener, phoneAccess.ts):
   * instead of `tokens`, the one viewer token in force now (it may change:
   * `dropStaleClients` then closes the sockets opened with an older one).
   * No host token exists for it, so every socket is `phone` or `table`.
   */
  viewerToken?: () => string;
  /** With `viewerToken`: the viewer tokens of nights taken over from other laptops (R35), let in as well. */
  followedTokens?: () => readonly string[];
  /**
   * R35: the TV links' tokens of nights taken over from other laptops (tvFollow.ts): each opens a table socket here,
   * nothing else. With `tokens` (the main listener beyond loopback), or alone (a listener for those TVs only).
   */
  tvTokens?: () => readonly string[];
  /** Origins (`host:port`) of another listener whose pages may open a socket here, with a token (R35). */
  otherOrigins?: () => readonly string[];
  /** More places (`ws://host:port`) a page of this listener may open a socket to (its CSP's connect-src). */
  connectSources?: () => readonly string[];
  /**
   * A listener for paired laptops only (the group's listener,
   * group/lanListener.ts): whether a token is a paired laptop's key or the
   * pairing code open now. Every socket is then `peer`, and nothing else is
   * granted; no page is served (give `files` with none allowed).
   */
  peerToken?: (token: string) => boolean;
  /** When set, only these files of the build are served (relative paths, `/`-separated), and `/` is `index`. */
  files?: { allowed: ReadonlySet<string>; index: string };
  /**
   * When set, the `Host` a request names must be one of these addresses with
   * the port listened on (DNS rebinding: a web page cannot reach the listener
   * through a name of its own that resolves here).
   */
  hostNames?: () => readonly string[];
  /** The cookie that carries the token for a page's own files (a listener on another port of the same address needs its own). */
  tokenCookie?: string;
  /** Told when a client connects or goes (for a count of who is watching). */
  onClientsChanged?: () => void;
  /**
   * Views go out once the command that made them has been answered, not
   * inside it: the phones' listener, whose pushes to every phone must not
   * delay the host's own command. Views made in the same turn of the event
   * loop go out once, the newest.
   */
  deferViewPushes?: boolean;
  /** Read-only sockets (table, phone) held at once; one more is closed with TABLE_FULL_CLOSE_CODE. No cap unless given. */
  maxViewers?: number;
  /** How fast a read-only screen may send, per phone (its token and address, questionRate.ts); no limit unless given. */
  questionRate?: QuestionRate;
  /** Strangers and timeouts (connectionGuard.ts). */
  connections?: Partial<ConnectionLimits>;
  /** When a socket other than the console's counts as not reading (listenerPolicy.ts); the listener's own unless given. */
  unread?: Partial<UnreadLimits>;
}

export interface ConnectionInfo {
  role: Role;
  /** Bytes waiting to reach the client. */
  bufferedBytes: number;
  /** A view push is held back until the client catches up. */
  viewWaiting: boolean;
}

export interface RunningHost {
  /** e.g. `http://127.0.0.1:5173/` (without the token). */
  url: string;
  port: number;
  /** The clients connected now, for tests and diagnostics. */
  connections(): ConnectionInfo[];
  /** How many clients are connected now (connections().length, without making the list). */
  clientCount(): number;
  /** Closes every socket whose token no longer opens anything (after a new viewer link); returns how many. */
  dropStaleClients(): number;
  close(): Promise<void>;
}

/**
 * The largest message a client may send: a restore carries a whole backup
 * (the contract allows 64 MiB of JSON) as a JSON string, where escaping can
 * double it. Only a host socket (on loopback, or holding the host token) gets this far.
 */
const DEFAULT_MAX_MESSAGE_BYTES = 2 * 64 * 1024 * 1024 + 1024 * 1024;
/** A table or phone socket sends only getView and history questions. */
const READ_ONLY_MAX_MESSAGE_BYTES = 64 * 1024;
/**
 * The close code a socket gets when its link was replaced (4000-4999: the application's own).
 * @internal exported for tests only
 */
export const LINK_REPLACED_CLOSE_CODE = WIRE_CLOSE_LINK_REPLACED;
/**
 * The close code a read-only socket gets when the listener holds `maxViewers` already.
 * @internal exported for tests only
 */
export const TABLE_FULL_CLOSE_CODE = WIRE_CLOSE_TABLE_FULL;
/** @internal exported for tests only */
export const TABLE_FULL_REASON = TURNED_AWAY_REASON;

function listenUrl(address: string, port: number): string {
  const shown = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`;
}

/**
 * One listener: the transport every listener shares (HTTP, the upgrade, the
 * timers), with what this one lets in and bounds in its policy
 * (listenerPolicy.ts), and its sockets in socketSessions.ts.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const { service } = options;
  const policy = policyFor(options);
  const listenAddress = options.host ?? '127.0.0.1';
  const rendererDir = await realpath(options.rendererDir);
  const maxPayload = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const flow: FlowLimits = { ...DEFAULT_FLOW_LIMITS, ...options.flow };
  let port = 0;

  const sessions = new SocketSessions({
    service,
    policy,
    flow,
    ...(options.onClientDropped ? { onClientDropped: options.onClientDropped } : {}),
    ...(options.onClientsChanged ? { onClientsChanged: options.onClientsChanged } : {}),
  });

  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_MS }, (request, response) => {
    serveFile(request, response).catch(() => {
      if (!response.headersSent) sendPlain(response, 500, 'Internal error\n');
      else response.destroy();
    });
  });
  const guard = guardConnections(server, { ...DEFAULT_CONNECTION_LIMITS, ...options.connections }, policy.tokenSet);
  const serveFile = fileServer(policy, rendererDir, guard, () => port);

  const sockets = new WebSocketServer({ noServer: true, maxPayload, clientTracking: false });
  // A read-only screen only asks small questions: it gets no room for a backup-sized message.
  const readOnlySockets = new WebSocketServer({
    noServer: true,
    maxPayload: Math.min(maxPayload, READ_ONLY_MAX_MESSAGE_BYTES),
    clientTracking: false,
  });

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(request);
    if (!url || url.pathname !== WIRE_PATH) return refuseUpgrade(socket, 404);
    if (!acceptable(request, policy, port)) return refuseUpgrade(socket, 403);
    const token = policy.socketToken(request, url);
    const grant = grantRole(policy.credential(token), url.searchParams.get(WIRE_ROLE_PARAM));
    if (!grant.ok) return refuseUpgrade(socket, grant.status);
    if (policy.tokenSet) guard.trust(socket);
    const accepting = grant.role === 'host' ? sockets : readOnlySockets;
    const arrival = {
      role: grant.role,
      token,
      address: request.socket.remoteAddress,
      viewsOnce: url.searchParams.get(WIRE_VIEWS_PARAM) === WIRE_VIEWS_ONCE,
    };
    // Whether a place is free is decided once the socket is upgraded: only a socket let in holds one.
    accepting.handleUpgrade(request, socket, head, (client) => sessions.arrive(client, arrival));
  });

  let closing: Promise<void> | null = null;
  /** The newest view not yet pushed, when pushes wait for the command to be answered (`deferViewPushes`). */
  let viewToPush: AppView | null = null;
  const unsubscribe = service.onView((view) => {
    if (!policy.deferViewPushes) return sessions.pushView(view);
    const scheduled = viewToPush !== null;
    viewToPush = view;
    if (scheduled) return;
    setImmediate(() => {
      const newest = viewToPush;
      viewToPush = null;
      if (newest && !closing) sessions.pushView(newest);
    });
  });

  const heartbeat = setInterval(() => sessions.heartbeat(), flow.heartbeatMs);
  heartbeat.unref();
  const readingCheck = setInterval(() => sessions.checkReading(), Math.min(READING_CHECK_MS, flow.heartbeatMs));
  readingCheck.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, listenAddress, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: listenUrl(listenAddress, port),
    port,
    clientCount: () => sessions.links.size,
    connections: () =>
      [...sessions.links].map((link) => ({ role: link.role, bufferedBytes: link.bufferedBytes, viewWaiting: link.viewWaiting })),
    dropStaleClients: () => (policy.tokenSet ? sessions.dropStale(LINK_REPLACED_CLOSE_CODE, 'this link was replaced by a new one') : 0),
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        clearInterval(readingCheck);
        unsubscribe();
        sessions.terminateAll();
        sockets.close();
        readOnlySockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
