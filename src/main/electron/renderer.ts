import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the renderer comes from: the electron-vite dev server while
 * developing, the built file out/renderer/index.html otherwise. The IPC
 * sender check and the CSP both depend on telling the two apart.
 */
export type RendererSource =
  | { kind: 'dev-server'; url: URL }
  | { kind: 'file'; indexPath: string; url: URL };

/** out/main, where the built main process runs from. */
const mainDir = dirname(fileURLToPath(import.meta.url));

/** The sandboxed preload bundle (one CommonJS file, see electron.vite.config.ts). */
export const PRELOAD_PATH = join(mainDir, '../preload/index.cjs');

export function rendererSource(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): RendererSource {
  const devUrl = env['ELECTRON_RENDERER_URL'];
  if (!isPackaged && devUrl) return { kind: 'dev-server', url: new URL(devUrl) };
  const indexPath = join(mainDir, '../renderer/index.html');
  return { kind: 'file', indexPath, url: pathToFileURL(indexPath) };
}

/**
 * True when `url` is a page of our renderer: the dev server's origin, or
 * exactly our index.html file (any hash, e.g. `#/table`).
 */
export function isRendererUrl(source: RendererSource, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (source.kind === 'dev-server') return parsed.origin === source.url.origin;
  if (parsed.protocol !== 'file:' || parsed.search !== '') return false;
  // Compared as file paths: Chromium and Node may percent-encode an unusual install path differently.
  try {
    return fileURLToPath(parsed) === source.indexPath;
  } catch {
    return false;
  }
}
