import type { App, Session, WebPreferences } from 'electron';
import { PRODUCTION_CSP } from '../host/csp';
import type { RendererSource } from './renderer';

/**
 * Electron's security checklist, applied in one place: isolated sandboxed
 * renderers, a strict CSP, no navigation, no new windows, no permissions.
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
  };
}


/** Vite's dev server injects styles inline and talks HMR over a WebSocket; only then are those allowed. */
export function devServerCsp(devUrl: URL): string {
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
 * Put the CSP on every response the session receives. (Chromium does not
 * always run webRequest for file:// pages, so the renderer's index.html
 * carries the same policy in a meta tag as well.)
 */
export function applyContentSecurityPolicy(session: Session, source: RendererSource): void {
  const policy = contentSecurityPolicy(source);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
    });
  });
}

/** The app needs no camera, notifications, clipboard reads or anything else a page may ask for. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
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
