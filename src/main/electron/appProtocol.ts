import { readFile, realpath } from 'node:fs/promises';
import type { CustomScheme } from 'electron';
import { contentTypeFor, resolveStaticFile } from '../host/staticFiles';
import { APP_HOST, APP_SCHEME } from './renderer';

/**
 * `app://dealer/`: the built renderer served by main (docs/design.md "Two windows, four roles").
 * A standard scheme gets real origins (so the CSP's `'self'` and the IPC
 * sender check mean something) and a secure one counts as a secure
 * context (needed by the clipboard API). It must be registered before the
 * app is ready. `corsEnabled` is left off on purpose: our pages load their
 * own files same-origin, and without it no other origin can read ours.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** Headers every answer carries: our CSP, no MIME sniffing, no caching of an old build. */
function baseHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

function refusal(status: 400 | 404 | 405, csp: string): Response {
  return new Response(null, { status, headers: baseHeaders(csp) });
}

/**
 * The `protocol.handle` handler: only GET/HEAD of `app://dealer/<file>` for
 * files inside `rootDir` (out/renderer). `..` and its encoded forms
 * (`%2e%2e`, `%2f`), backslashes, NUL, dot-files and symlinks resolving
 * outside the folder are refused (src/main/host/staticFiles.ts, shared with
 * the headless host); `/` is index.html.
 */
export function createAppRequestHandler(rootDir: string, csp: string): (request: Request) => Promise<Response> {
  // The folder's real path, once: a symlinked install must still contain its own files.
  let realRoot: Promise<string> | null = null;

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, csp);
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refusal(400, csp);
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refusal(404, csp);

    realRoot ??= realpath(rootDir);
    const root = await realRoot.catch(() => null);
    if (root === null) return refusal(404, csp);
    const lookup = await resolveStaticFile(root, url.pathname);
    if (!lookup.found) return refusal(lookup.status, csp);

    const headers = { ...baseHeaders(csp), 'Content-Type': contentTypeFor(lookup.path), 'Content-Length': String(lookup.size) };
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = await readFile(lookup.path).catch(() => null);
    if (body === null) return refusal(404, csp);
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}
