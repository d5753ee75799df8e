import type { App, Session, WebContents, WebPreferences } from 'electron';
import { PRODUCTION_CSP } from '../host/csp';
import { isRendererOrigin, type RendererSource } from './renderer';

/**
 * Electron's security checklist, applied in one place: isolated sandboxed
 * renderers, a strict CSP, no navigation, no new windows, and no permission
 * but writing text to the clipboard from our own pages.
 */

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    experimentalFeatures: false,
    // The TV plays its sound cues without anyone touching it first; the app plays no other media.
    autoplayPolicy: 'no-user-gesture-required',
  };
}

/** Vite's dev server injects styles inline and talks HMR over a WebSocket; only then are those allowed. */
function devServerCsp(devUrl: URL): string {
  const hmrSocket = `ws://${devUrl.host}`;
  return PRODUCTION_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    `connect-src 'self' ${hmrSocket}`,
  );
}

export function contentSecurityPolicy(source: RendererSource): string {
  return source.kind === 'dev-server' ? devServerCsp(source.url) : PRODUCTION_CSP;
}

/**
 * The dev server's pages get their CSP as a response header here. (Pages
 * from `app://` get theirs from the protocol handler, appProtocol.ts; the
 * built index.html carries the same policy in a meta tag as well.)
 */
export function applyDevServerContentSecurityPolicy(session: Session, source: RendererSource): void {
  if (source.kind !== 'dev-server') return;
  const policy = contentSecurityPolicy(source);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
    });
  });
}

/** The one permission the app uses: "Copy as text" writes the settle-up to the clipboard. */
const ALLOWED_PERMISSION = 'clipboard-sanitized-write';

/**
 * Whether a page may have `permission`: only the clipboard write, and only
 * for a page of our own origin in one of our windows. Camera, notifications,
 * clipboard reads and everything else are refused.
 * @internal exported for tests only
 */
export function permissionAllowed(
  source: RendererSource,
  isOurs: (contents: WebContents | null) => boolean,
  contents: WebContents | null,
  permission: string,
  origin: string,
): boolean {
  return permission === ALLOWED_PERMISSION && isRendererOrigin(source, origin) && isOurs(contents);
}

/** Both of Chromium's permission paths (the check, then the request) answer the same. */
export function restrictPermissions(session: Session, source: RendererSource, isOurs: (contents: WebContents | null) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(permissionAllowed(source, isOurs, contents, permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin) =>
    permissionAllowed(source, isOurs, contents, permission, requestingOrigin),
  );
}

/**
 * Every web contents the app creates stays on its page: navigation, new
 * windows and <webview> are refused. (Hash changes such as `#/table` are
 * in-page navigations and do not reach `will-navigate`.)
 */
export function lockDownWebContents(app: App): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
