import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '../../shared/registry';

/**
 * Where the renderer comes from: the electron-vite dev server while
 * developing, our own `app://dealer/` origin otherwise (served from
 * out/renderer by src/main/electron/appProtocol.ts, never from file://).
 * The IPC sender check, the permission handlers and the CSP all depend on
 * knowing that origin.
 */
export type RendererSource = { kind: 'dev-server'; url: URL; origin: string } | { kind: 'app'; rootDir: string; origin: string };

/** The two windows' roles (docs/design.md "Two windows, four roles"); a phone is never a window. */
export type WindowRole = Extract<Role, 'host' | 'table'>;

/** Our privileged scheme and its one host. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'dealer';
/**
 * Spelled out rather than computed: Node's URL gives `'null'` as the origin
 * of a non-special scheme (`new URL('app://dealer/').origin`), while
 * Chromium, where the scheme is registered as standard, reports this.
 * @internal exported for tests only
 */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** out/main, where the built main process runs from. */
const mainDir = dirname(fileURLToPath(import.meta.url));

/** Each window's sandboxed preload: one self-contained CommonJS file per role (electron.vite.config.ts). */
export const PRELOAD_PATHS: Readonly<Record<WindowRole, string>> = {
  host: join(mainDir, '../preload/console.cjs'),
  table: join(mainDir, '../preload/table.cjs'),
};

/** The built renderer (out/renderer): the app's pages, and what the phones' LAN listener serves from, also while developing. */
export const BUILT_RENDERER_DIR = join(mainDir, '../renderer');

export function rendererSource(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): RendererSource {
  const devUrl = env['ELECTRON_RENDERER_URL'];
  if (!isPackaged && devUrl) {
    const url = new URL(devUrl);
    return { kind: 'dev-server', url, origin: url.origin };
  }
  return { kind: 'app', rootDir: BUILT_RENDERER_DIR, origin: APP_ORIGIN };
}

/** The page a window loads for `route` (`/` is the host console, `/table` the table view). */
export function pageUrl(source: RendererSource, route: '/' | '/table'): string {
  return source.kind === 'dev-server' ? new URL(`#${route}`, source.url).href : `${APP_ORIGIN}/index.html#${route}`;
}

/**
 * The origin of `url` as Chromium spells it (`scheme://host[:port]`), also
 * for our custom scheme, or null when it is not a URL with a host.
 * @internal exported for tests only
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '') return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * True when `origin` (a frame's `origin`, or a permission request's origin
 * or URL) is our renderer's: `app://dealer`, or the dev server's while
 * developing. A trailing slash or a path is tolerated; nothing else is.
 */
export function isRendererOrigin(source: RendererSource, origin: string): boolean {
  return originOf(origin) === source.origin;
}
