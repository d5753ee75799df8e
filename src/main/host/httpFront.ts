import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WIRE_TOKEN_PARAM } from '../../shared';
import { cookieValue } from './access';
import type { ConnectionGuard } from './connectionGuard';
import { PRODUCTION_CSP } from './csp';
import type { ListenerPolicy } from './listenerPolicy';
import { isLoopback } from './serveArgs';
import { contentTypeFor, resolveStaticFile } from './staticFiles';

/**
 * The HTTP side every listener shares: who may ask (Host, Origin, token),
 * the headers every answer carries, and the files of the build a listener
 * serves (its policy says which).
 */

const SECURITY_HEADERS = {
  'Content-Security-Policy': PRODUCTION_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The headers of every answer. Cross-Origin-Opener-Policy only where a
 * browser honours it, a potentially trustworthy origin: this listener serves
 * plain http, so only loopback (`localhost`, 127.x, ::1). A phone on the LAN
 * would log "header has been ignored" on every load, and gain nothing.
 */
function securityHeaders(request: IncomingMessage, csp: string = PRODUCTION_CSP): Record<string, string> {
  const headers = { ...SECURITY_HEADERS, 'Content-Security-Policy': csp };
  return trustworthyOrigin(request) ? { ...headers, 'Cross-Origin-Opener-Policy': 'same-origin' } : headers;
}

function trustworthyOrigin(request: IncomingMessage): boolean {
  const named = namedHost(request);
  if (!named) return false;
  const hostname = named.hostname;
  return LOOPBACK_HOSTNAMES.has(hostname) || hostname.endsWith('.localhost') || isLoopback(hostname);
}

/** The request's `Host` header read as a URL's host, or null when it has none or it is not one. */
function namedHost(request: IncomingMessage): URL | null {
  const hostHeader = request.headers.host;
  if (!hostHeader) return null;
  try {
    return new URL(`http://${hostHeader}/`);
  } catch {
    return null;
  }
}

export function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'http://host.invalid');
  } catch {
    return null;
  }
}

/**
 * Without a token the host trusts anyone who can reach loopback, so it must
 * not let another web page in the same browser reach it: the `Host` must be a
 * loopback name (no DNS rebinding) and a browser's `Origin`, when sent, must
 * be this very host (no cross-site WebSocket).
 */
function acceptableOrigin(request: IncomingMessage, tokenSet: boolean, otherOrigins: () => readonly string[]): boolean {
  const hostHeader = request.headers.host;
  if (!hostHeader) return false;
  if (!tokenSet) {
    const hostname = hostHeader.replace(/:\d+$/, '');
    if (!LOOPBACK_HOSTNAMES.has(hostname) && !isLoopback(hostname)) return false;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const from = new URL(origin).host;
    // A page of a laptop whose night this one took over (R35): it still needs its token to open anything.
    return from === hostHeader || (tokenSet && otherOrigins().includes(from));
  } catch {
    return false;
  }
}

/** The listener's own addresses only, with its port: the policy's `hostNames`. */
function acceptableHost(request: IncomingMessage, hostNames: readonly string[], port: number): boolean {
  const named = namedHost(request);
  if (!named) return false;
  if (named.username !== '' || named.password !== '' || Number(named.port || '80') !== port) return false;
  return hostNames.includes(named.hostname) || isLoopback(named.hostname) || LOOPBACK_HOSTNAMES.has(named.hostname);
}

/** Host and Origin (acceptableOrigin), and on a listener with `hostNames`, the Host must be one of ours. */
export function acceptable(request: IncomingMessage, policy: ListenerPolicy, port: number): boolean {
  if (!acceptableOrigin(request, policy.tokenSet, policy.otherOrigins)) return false;
  return !policy.hostNames || acceptableHost(request, policy.hostNames(), port);
}

/** A refusal ends its connection: what a stranger pipelined behind it is never read, so never held. */
export function sendPlain(response: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const closing = status >= 400 ? { Connection: 'close' } : {};
  response.writeHead(status, {
    ...securityHeaders(response.req),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...closing,
    ...extra,
  });
  response.end(text);
}

export function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404): void {
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The files of the build as this listener serves them: a page or file needs
 * the query token (a fresh link) or the cookie it left (the page's own script
 * and style requests). Either token opens the files: they are the same for
 * every role; what a page may do is decided on its socket.
 */
export function fileServer(
  policy: ListenerPolicy,
  rendererDir: string,
  guard: ConnectionGuard,
  port: () => number,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  function authorised(request: IncomingMessage, url: URL): { ok: boolean; fromQuery: string | null } {
    if (!policy.tokenSet) return { ok: true, fromQuery: null };
    const fromQuery = url.searchParams.get(WIRE_TOKEN_PARAM);
    if (policy.credential(fromQuery) !== null) return { ok: true, fromQuery };
    return { ok: policy.credential(cookieValue(request, policy.tokenCookie)) !== null, fromQuery: null };
  }

  /** The file a path names, within the policy's `files` when the listener serves only some. */
  async function lookUp(pathname: string): ReturnType<typeof resolveStaticFile> {
    const files = policy.files;
    if (!files) return resolveStaticFile(rendererDir, pathname);
    const asked = pathname === '/' ? `/${files.index}` : pathname;
    const found = await resolveStaticFile(rendererDir, asked);
    if (!found.found) return found;
    const relativePath = relative(rendererDir, found.path).split(sep).join('/');
    return files.allowed.has(relativePath) ? found : { found: false, status: 404 };
  }

  return async (request, response) => {
    const url = requestUrl(request);
    if (!url) return sendPlain(response, 400, 'Bad request\n');
    if (!acceptable(request, policy, port())) return sendPlain(response, 403, 'Forbidden\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendPlain(response, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    }
    const auth = authorised(request, url);
    if (!auth.ok) return sendPlain(response, 401, 'This table needs its access link.\n');
    if (policy.tokenSet) guard.trust(request.socket);

    const found = await lookUp(url.pathname);
    if (!found.found) return sendPlain(response, found.status, found.status === 404 ? 'Not found\n' : 'Bad request\n');

    const page = found.path.endsWith('.html');
    const headers: Record<string, string | number> = {
      ...securityHeaders(request, page ? policy.csp() : PRODUCTION_CSP),
      'Content-Type': contentTypeFor(found.path),
      'Content-Length': found.size,
      // A page, and any answer to an address holding a token, is kept by no cache (nor a shared
      // browser's); the built assets are content-hashed, the same for everyone, and carry no cookie.
      'Cache-Control': page || url.searchParams.has(WIRE_TOKEN_PARAM) ? 'no-store' : 'private, max-age=3600',
    };
    if (auth.fromQuery !== null && page) {
      headers['Set-Cookie'] = `${policy.tokenCookie}=${encodeURIComponent(auth.fromQuery)}; Path=/; HttpOnly; SameSite=Strict`;
    }
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(found.path);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  };
}
