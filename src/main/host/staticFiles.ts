import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

/**
 * Resolving a request path to a file of the built renderer, and nothing
 * else: no directory listings, nothing outside the folder (`..`, encoded
 * `..`, symlinks pointing out), no hidden files.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup = { found: true; path: string; size: number } | { found: false; status: 400 | 404 };

/**
 * The file `urlPath` (the URL's pathname, still percent-encoded) names inside
 * `rootDir`, which must be a real (symlink-free) absolute path.
 */
export async function resolveStaticFile(rootDir: string, urlPath: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { found: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { found: false, status: 400 };

  const segments = decoded.split('/').filter((segment) => segment !== '');
  // `..` is refused outright rather than normalised; dot-files are never part of a build.
  if (segments.some((segment) => segment.startsWith('.'))) return { found: false, status: 404 };
  const relative = segments.length === 0 ? 'index.html' : segments.join(sep);

  let real: string;
  try {
    real = await realpath(join(rootDir, relative));
  } catch {
    return { found: false, status: 404 };
  }
  if (!real.startsWith(rootDir + sep)) return { found: false, status: 404 };

  const info = await stat(real).catch(() => null);
  if (!info?.isFile()) return { found: false, status: 404 };
  return { found: true, path: real, size: info.size };
}
