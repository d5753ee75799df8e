import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  commandError,
  WIRE_CLOSE_LINK_REPLACED,
  WIRE_CLOSE_TABLE_FULL,
  WIRE_PATH,
  WIRE_ROLE_PARAM,
  WIRE_VIEWS_ONCE,
  WIRE_VIEWS_PARAM,
  WIRE_TOKEN_PARAM,
  type AppView,
  type Role,
  type WireMessage,
  viewForRole,
} from '../../shared';
import type { DealerService, WitnessLine } from '../session/service';
import { credentialOf, grantRole, sameSecret, type AccessTokens, type Credential } from './access';
import { ClientLink, DEFAULT_FLOW_LIMITS, type FlowLimits } from './clientLink';
import { CONNECTIONS_CHECK_MS, DEFAULT_CONNECTION_LIMITS, guardConnections, type ConnectionLimits } from './connectionGuard';
import { PhoneAllowances, type QuestionBucket, type QuestionRate } from './questionRate';
import { PRODUCTION_CSP } from './csp';
import { contentTypeFor, resolveStaticFile } from './staticFiles';
import { answerWireRequest, parseWireRequest, replySerialiser, ScreenAnswers } from './wireProtocol';
import { isLoopback } from './serveArgs';

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

const WEBSOCKET_PATH = WIRE_PATH;
/** Who is pushed a new view first. A paired laptop is pushed none: it syncs files, it watches nothing. */
const PUSH_ORDER: readonly Role[] = ['table', 'host', 'phone'];
/**
 * The largest message a client may send: a restore carries a whole backup
 * (the contract allows 64 MiB of JSON) as a JSON string, where escaping can
 * double it. Only a host socket (on loopback, or holding the host token) gets this far.
 */
const DEFAULT_MAX_MESSAGE_BYTES = 2 * 64 * 1024 * 1024 + 1024 * 1024;
/** A table or phone socket sends only getView and history questions. */
const READ_ONLY_MAX_MESSAGE_BYTES = 64 * 1024;
const TOKEN_COOKIE = 'dealer_token';
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
export const TABLE_FULL_REASON = 'the table is full';
/** How long a socket closed for a stale link has to take its close frame before it is cut. */
const STALE_CLOSE_GRACE_MS = 1000;

const SECURITY_HEADERS = {
  'Content-Security-Policy': PRODUCTION_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'http://host.invalid');
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Without a token the host trusts anyone who can reach loopback, so it must
 * not let another web page in the same browser reach it: the `Host` must be a
 * loopback name (no DNS rebinding) and a browser's `Origin`, when sent, must
 * be this very host (no cross-site WebSocket).
 */
function acceptableOrigin(request: IncomingMessage, tokenSet: boolean): boolean {
  const hostHeader = request.headers.host;
  if (!hostHeader) return false;
  if (!tokenSet) {
    const hostname = hostHeader.replace(/:\d+$/, '');
    if (!LOOPBACK_HOSTNAMES.has(hostname) && !isLoopback(hostname)) return false;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === hostHeader;
  } catch {
    return false;
  }
}

/** The listener's own addresses only, with its port: `hostNames` of HostOptions. */
function acceptableHost(request: IncomingMessage, hostNames: readonly string[], port: number): boolean {
  const hostHeader = request.headers.host;
  if (!hostHeader) return false;
  let named: URL;
  try {
    named = new URL(`http://${hostHeader}/`);
  } catch {
    return false;
  }
  if (named.username !== '' || named.password !== '' || Number(named.port || '80') !== port) return false;
  return hostNames.includes(named.hostname) || isLoopback(named.hostname) || LOOPBACK_HOSTNAMES.has(named.hostname);
}

/** A refusal ends its connection: what a stranger pipelined behind it is never read, so never held. */
function sendPlain(response: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const closing = status >= 400 ? { Connection: 'close' } : {};
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...closing,
    ...extra,
  });
  response.end(text);
}

function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404): void {
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function messageText(data: RawData): string {
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
}

function listenUrl(address: string, port: number): string {
  const shown = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const { service } = options;
  const tokens = options.tokens && options.tokens.host !== '' && options.tokens.viewer !== '' ? options.tokens : null;
  const viewerToken = options.viewerToken ?? null;
  const peerToken = options.peerToken ?? null;
  const listenAddress = options.host ?? '127.0.0.1';
  const rendererDir = await realpath(options.rendererDir);
  const maxPayload = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const flow: FlowLimits = { ...DEFAULT_FLOW_LIMITS, ...options.flow };
  const tokenSet = tokens !== null || viewerToken !== null || peerToken !== null;
  const tokenCookie = options.tokenCookie ?? TOKEN_COOKIE;
  let port = 0;

  /** What a token is worth here: a viewer-only listener knows no host token, and no token means nothing. */
  function credential(given: string | null | undefined): Credential {
    if (peerToken) return typeof given === 'string' && peerToken(given) ? 'peer' : null;
    if (viewerToken) return sameSecret(given, viewerToken()) ? 'viewer' : null;
    return credentialOf(tokens, given);
  }

  /** Host and Origin (acceptableOrigin), and on a listener with `hostNames`, the Host must be one of ours. */
  function acceptable(request: IncomingMessage): boolean {
    if (!acceptableOrigin(request, tokenSet)) return false;
    return !options.hostNames || acceptableHost(request, options.hostNames(), port);
  }

  /**
   * The query token (a fresh link) or the cookie it left (the page's own
   * script and style requests). Either token opens the files: they are the
   * same for every role; what a page may do is decided on its socket.
   */
  function authorised(request: IncomingMessage, url: URL): { ok: boolean; fromQuery: string | null } {
    if (!tokenSet) return { ok: true, fromQuery: null };
    const fromQuery = url.searchParams.get(WIRE_TOKEN_PARAM);
    if (credential(fromQuery) !== null) return { ok: true, fromQuery };
    return { ok: credential(cookieValue(request, tokenCookie)) !== null, fromQuery: null };
  }

  /** The file a path names, within `files` when the listener serves only some. */
  async function lookUp(pathname: string): ReturnType<typeof resolveStaticFile> {
    const files = options.files;
    if (!files) return resolveStaticFile(rendererDir, pathname);
    const asked = pathname === '/' ? `/${files.index}` : pathname;
    const found = await resolveStaticFile(rendererDir, asked);
    if (!found.found) return found;
    const relativePath = relative(rendererDir, found.path).split(sep).join('/');
    return files.allowed.has(relativePath) ? found : { found: false, status: 404 };
  }

  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request);
    if (!url) return sendPlain(response, 400, 'Bad request\n');
    if (!acceptable(request)) return sendPlain(response, 403, 'Forbidden\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendPlain(response, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    }
    const auth = authorised(request, url);
    if (!auth.ok) return sendPlain(response, 401, 'This table needs its access link.\n');
    if (tokenSet) guard.trust(request.socket);

    const found = await lookUp(url.pathname);
    if (!found.found) return sendPlain(response, found.status, found.status === 404 ? 'Not found\n' : 'Bad request\n');

    const page = found.path.endsWith('.html');
    const headers: Record<string, string | number> = {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeFor(found.path),
      'Content-Length': found.size,
      // A page, and any answer to an address holding a token, is kept by no cache (nor a shared
      // browser's); the built assets are content-hashed, the same for everyone, and carry no cookie.
      'Cache-Control': page || url.searchParams.has(WIRE_TOKEN_PARAM) ? 'no-store' : 'private, max-age=3600',
    };
    if (auth.fromQuery !== null && page) {
      headers['Set-Cookie'] = `${tokenCookie}=${encodeURIComponent(auth.fromQuery)}; Path=/; HttpOnly; SameSite=Strict`;
    }
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(found.path);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }

  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_MS }, (request, response) => {
    serveFile(request, response).catch(() => {
      if (!response.headersSent) sendPlain(response, 500, 'Internal error\n');
      else response.destroy();
    });
  });

  const guard = guardConnections(server, { ...DEFAULT_CONNECTION_LIMITS, ...options.connections }, tokenSet);

  const sockets = new WebSocketServer({ noServer: true, maxPayload });
  // A read-only screen only asks small questions: it gets no room for a backup-sized message.
  const readOnlySockets = new WebSocketServer({ noServer: true, maxPayload: Math.min(maxPayload, READ_ONLY_MAX_MESSAGE_BYTES) });
  const links = new Set<ClientLink>();
  const serialiseReply = replySerialiser();
  /** Each phone's allowance, whichever of its sockets it asks on. */
  const allowances = options.questionRate ? new PhoneAllowances(options.questionRate) : null;
  /** The read-only screens' answers, shared until the view changes (wireProtocol.ts). */
  const screenAnswers = new ScreenAnswers(service);

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(request);
    if (!url || url.pathname !== WEBSOCKET_PATH) return refuseUpgrade(socket, 404);
    if (!acceptable(request)) return refuseUpgrade(socket, 403);
    const token = socketToken(request, url);
    const grant = grantRole(credential(token), url.searchParams.get(WIRE_ROLE_PARAM));
    if (!grant.ok) return refuseUpgrade(socket, grant.status);
    if (tokenSet) guard.trust(socket);
    const accepting = grant.role === 'host' ? sockets : readOnlySockets;
    const full = grant.role !== 'host' && options.maxViewers !== undefined && viewerCount() >= options.maxViewers;
    const address = request.socket.remoteAddress;
    const viewsOnce = url.searchParams.get(WIRE_VIEWS_PARAM) === WIRE_VIEWS_ONCE;
    accepting.handleUpgrade(request, socket, head, (client) =>
      full ? turnAway(client) : welcome(client, grant.role, token, address, viewsOnce),
    );
  });

  /**
   * The socket's token travels in its URL (wire.ts). On the phones' listener a
   * page reloaded without it in its address (phone.html takes it out) has the
   * cookie its link left: a browser sends that only to this very origin
   * (SameSite=Strict), and its Origin header is checked (acceptable).
   */
  function socketToken(request: IncomingMessage, url: URL): string | null {
    const inUrl = url.searchParams.get(WIRE_TOKEN_PARAM);
    if (inUrl !== null || !viewerToken || request.headers.origin === undefined) return inUrl;
    return cookieValue(request, tokenCookie);
  }

  function viewerCount(): number {
    let count = 0;
    for (const link of links) if (link.role !== 'host') count++;
    return count;
  }

  /** One read-only screen too many: told why (the phone page says so), then cut if it does not take its close frame. */
  function turnAway(client: WebSocket): void {
    client.on('error', () => client.terminate());
    client.close(TABLE_FULL_CLOSE_CODE, TABLE_FULL_REASON);
    setTimeout(() => client.terminate(), STALE_CLOSE_GRACE_MS).unref();
  }

  /** The token each socket opened with, so a new link can close the ones holding the old. */
  const openedWith = new Map<ClientLink, string | null>();

  function welcome(client: WebSocket, role: Role, token: string | null, address: string | undefined, viewsOnce: boolean): void {
    const link = new ClientLink(client, role, flow, (dropped, why) => options.onClientDropped?.(dropped.role, why));
    links.add(link);
    openedWith.set(link, token);
    options.onClientsChanged?.();
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
    const allowance = role !== 'host' ? allowances?.open(token, address) : undefined;
    client.on('close', () => {
      links.delete(link);
      openedWith.delete(link);
      allowance?.close();
      if (line) service.tableWitnesses?.lineClosed(line);
      options.onClientsChanged?.();
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
      const owed = revealsOwed > 0 && answersHost(data, isBinary);
      if (owed) revealsOwed--;
      const waitMs = bucket === null || owed || bucket.take() ? 0 : bucket.waitMs();
      // Asked too fast: refused, and nothing more is read from it until it may ask again.
      if (waitMs > 0) link.holdReading(waitMs);
      queue = queue
        .then(async () =>
          link.sendReply(
            waitMs > 0
              ? refuseQuestion(data, isBinary, waitMs)
              : viewSentOnce(await answerMessage(data, isBinary, role, line), link, viewsOnce),
            serialiseReply,
          ),
        )
        // Whatever a message holds, it costs the host at most this reply.
        .catch(() => link.sendReply({ type: 'error', id: null, message: 'the host could not answer that message' }))
        .finally(() => link.requestDone())
        .catch(() => client.terminate());
    });
  }

  async function answerMessage(data: RawData, isBinary: boolean, role: Role, line: WitnessLine | undefined): Promise<WireMessage> {
    if (isBinary) return { type: 'error', id: null, message: 'requests are JSON text messages' };
    const parsed = parseWireRequest(messageText(data));
    if (!parsed.ok) return parsed.reply;
    if (role === 'host') return answerWireRequest(service, parsed.request, role, line);
    // A paired laptop's answers change as files arrive, whatever the view: never kept.
    if (role === 'peer') return withoutView(await answerWireRequest(service, parsed.request, role, line));
    return forWatchers(await screenAnswers.answer(parsed.request, role, () => answerWireRequest(service, parsed.request, role, line)));
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

  /** Whether a message is a phone's reveals (revealDraws), read cheaply before the question rate is applied. */
  function answersHost(data: RawData, isBinary: boolean): boolean {
    if (isBinary || !service.tableWitnesses) return false;
    const text = messageText(data);
    if (!text.includes('"revealDraws"')) return false;
    const parsed = parseWireRequest(text);
    return parsed.ok && parsed.request.method === 'revealDraws';
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

  function pushView(view: AppView): void {
    // Serialised and encoded once for the console and once for the screens that only watch; a client that is behind keeps only the newest.
    const text = Buffer.from(JSON.stringify({ type: 'view', view } satisfies WireMessage), 'utf8');
    const watched = viewForRole(view, 'phone');
    const watchersText =
      watched === view ? text : Buffer.from(JSON.stringify({ type: 'view', view: watched } satisfies WireMessage), 'utf8');
    // The TV first, then the console, then the phones: the table sees the card the moment the host does, and
    // two hundred phones never stand between the host and the console (each write wakes a reader, about 0.1-1 ms).
    for (const role of PUSH_ORDER) {
      for (const link of links) {
        if (link.role !== role) continue;
        if (role === 'host') link.pushView(text, view);
        else link.pushView(watchersText, watched);
      }
    }
  }
  let closing: Promise<void> | null = null;
  /** The newest view not yet pushed, when pushes wait for the command to be answered (`deferViewPushes`). */
  let viewToPush: AppView | null = null;
  const unsubscribe = service.onView((view) => {
    if (!options.deferViewPushes) return pushView(view);
    const scheduled = viewToPush !== null;
    viewToPush = view;
    if (scheduled) return;
    setImmediate(() => {
      const newest = viewToPush;
      viewToPush = null;
      if (newest && !closing) pushView(newest);
    });
  });

  const heartbeat = setInterval(() => {
    for (const link of links) link.heartbeat();
    allowances?.sweep();
  }, flow.heartbeatMs);
  heartbeat.unref();

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
    clientCount: () => links.size,
    connections: () => [...links].map((link) => ({ role: link.role, bufferedBytes: link.bufferedBytes, viewWaiting: link.viewWaiting })),
    dropStaleClients() {
      if (!tokenSet) return 0;
      let dropped = 0;
      for (const link of links) {
        if (credential(openedWith.get(link)) !== null) continue;
        dropped++;
        link.socket.close(LINK_REPLACED_CLOSE_CODE, 'this link was replaced by a new one');
        // A client that does not take its close frame is cut all the same.
        setTimeout(() => link.socket.terminate(), STALE_CLOSE_GRACE_MS).unref();
      }
      return dropped;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        unsubscribe();
        for (const link of links) link.socket.terminate();
        sockets.close();
        readOnlySockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
