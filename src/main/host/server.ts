import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { WireMessage } from '../../shared';
import type { DealerService } from '../session/service';
import { PRODUCTION_CSP } from './csp';
import { contentTypeFor, resolveStaticFile } from './staticFiles';
import { answerWireRequest, parseWireRequest } from './wireProtocol';
import { isLoopback } from './serveArgs';

/**
 * The headless host (DESIGN.md): the built renderer over HTTP and the same
 * contract as `window.api` over a WebSocket at `/ws` (src/shared/wire.ts),
 * in plain Node. It listens on loopback unless told otherwise; beyond
 * loopback the caller sets an access token, and then every page, file and
 * socket needs it.
 */
export interface HostOptions {
  service: DealerService;
  /** 0 picks a free port. */
  port: number;
  /** Listen address; 127.0.0.1 unless given. */
  host?: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** When set, requests without it are refused (401). */
  token?: string;
  /** Largest WebSocket message accepted, in bytes; a bigger one closes that socket (1009). */
  maxMessageBytes?: number;
}

export interface RunningHost {
  /** e.g. `http://127.0.0.1:5173/` (without the token). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const WEBSOCKET_PATH = '/ws';
/**
 * The largest message a client may send: a restore carries a whole backup
 * (the contract allows 64 MiB of JSON) as a JSON string, where escaping can
 * double it. Only a loopback client or one holding the token gets this far.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 2 * 64 * 1024 * 1024 + 1024 * 1024;
const TOKEN_COOKIE = 'dealer_token';

const SECURITY_HEADERS = {
  'Content-Security-Policy': PRODUCTION_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

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

function sendPlain(response: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  response.end(text);
}

function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404): void {
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function listenUrl(address: string, port: number): string {
  const shown = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const { service, token } = options;
  const listenAddress = options.host ?? '127.0.0.1';
  const rendererDir = await realpath(options.rendererDir);
  const maxPayload = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const tokenSet = token !== undefined && token !== '';

  /** The query token (a fresh link) or the cookie it left (the page's own script and style requests). */
  function authorised(request: IncomingMessage, url: URL): { ok: boolean; viaQuery: boolean } {
    if (!tokenSet) return { ok: true, viaQuery: false };
    if (sameSecret(url.searchParams.get('token'), token)) return { ok: true, viaQuery: true };
    return { ok: sameSecret(cookieValue(request, TOKEN_COOKIE), token), viaQuery: false };
  }

  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request);
    if (!url) return sendPlain(response, 400, 'Bad request\n');
    if (!acceptableOrigin(request, tokenSet)) return sendPlain(response, 403, 'Forbidden\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendPlain(response, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    }
    const auth = authorised(request, url);
    if (!auth.ok) return sendPlain(response, 401, 'This table needs its access link.\n');

    const found = await resolveStaticFile(rendererDir, url.pathname);
    if (!found.found) return sendPlain(response, found.status, found.status === 404 ? 'Not found\n' : 'Bad request\n');

    const headers: Record<string, string | number> = {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeFor(found.path),
      'Content-Length': found.size,
      // Built assets are content-hashed; the page itself must always be fresh.
      'Cache-Control': found.path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
    };
    if (auth.viaQuery) {
      headers['Set-Cookie'] = `${TOKEN_COOKIE}=${encodeURIComponent(token ?? '')}; Path=/; HttpOnly; SameSite=Strict`;
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

  const server = createServer((request, response) => {
    serveFile(request, response).catch(() => {
      if (!response.headersSent) sendPlain(response, 500, 'Internal error\n');
      else response.destroy();
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload });
  const send = (socket: WebSocket, message: WireMessage): void => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = requestUrl(request);
    if (!url || url.pathname !== WEBSOCKET_PATH) return refuseUpgrade(socket, 404);
    if (!acceptableOrigin(request, tokenSet)) return refuseUpgrade(socket, 403);
    // The socket's token travels in its URL (wire.ts), never only in a cookie.
    if (tokenSet && !sameSecret(url.searchParams.get('token'), token)) return refuseUpgrade(socket, 401);
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
  });

  sockets.on('connection', (client: WebSocket) => {
    client.on('error', () => client.terminate());
    // One request at a time per client, answered in order: a getView reply can
    // then never arrive after (and overwrite) the push of a later command's view.
    let queue = Promise.resolve();
    client.on('message', (data: RawData, isBinary: boolean) => {
      queue = queue.then(async () => {
        if (isBinary) {
          send(client, { type: 'error', id: null, message: 'requests are JSON text messages' });
          return;
        }
        const parsed = parseWireRequest(data.toString());
        send(client, parsed.ok ? await answerWireRequest(service, parsed.request) : parsed.reply);
      });
    });
  });

  const unsubscribe = service.onView((view) => {
    for (const client of sockets.clients) send(client, { type: 'view', view });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, listenAddress, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    url: listenUrl(listenAddress, port),
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
