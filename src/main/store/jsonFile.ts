import fs from 'node:fs';
import path from 'node:path';

/** A file that exists but is not valid JSON. The repository sets such files aside. */
export class StoreReadError extends Error {
  override readonly name = 'StoreReadError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file} is not valid JSON: ${reason}`);
  }
}

/** One segment of a document name: letters, digits, `.`, `_`, `-`, not starting with a dot. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Where a document lives, in the terms conf and electron-store take (`cwd` + `configName`). */
export interface DocumentLocation {
  cwd: string;
  configName: string;
  path: string;
}

/**
 * Maps a document name such as `roster` or `nights/2026-11-22-ab12` to its
 * folder, file stem and full path (`<root>/nights/2026-11-22-ab12.json`).
 * Names are checked so none can reach outside the data folder.
 */
export function locateDocument(root: string, name: string): DocumentLocation {
  const segments = name.split('/');
  if (segments.length > 2 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`"${name}" is not a document name: use letters, digits, . _ - and at most one folder, e.g. nights/2026-11-22-ab12`);
  }
  const configName = segments.pop() as string;
  const cwd = path.join(root, ...segments);
  return { cwd, configName, path: path.join(cwd, `${configName}.json`) };
}

/**
 * Reads and parses a JSON file: undefined when it does not exist, a
 * StoreReadError when it is not JSON. Read directly rather than through conf,
 * whose getter turns a missing file into `{}` and any JSON value into an object.
 */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StoreReadError(file, text.trim() === '' ? 'the file is empty' : (error as Error).message);
  }
}

/**
 * conf parses the existing file when it is constructed and again before each
 * write (to keep its own `__internal__` key), and throws on bad JSON. Its
 * writer never needs that content (reads go through readJsonFile, which does
 * report bad JSON), so it gets this lenient parser: a damaged file can still
 * be replaced.
 */
export function lenientParse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * conf writes through a temp file, fsyncs it and renames it over the old one;
 * the rename itself is durable only once the folder is synced. Best effort:
 * some platforms (Windows) cannot open a folder for syncing.
 */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not supported here; the file itself was already fsynced.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The `.json` documents directly in `root/folder`, as document names; none when the folder is missing. */
export function listDocuments(root: string, folder: string): string[] {
  let entries: string[];
  try {
    entries = fs.readdirSync(path.join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => `${folder}/${entry.slice(0, -'.json'.length)}`)
    .sort();
}

/**
 * The temporary files written before a rename over a document: conf and
 * electron-store (their `atomically` writer) write `<name>.json.tmp-` and 10
 * digits of the time and 6 hex digits; a whole journal or restored file is
 * written to `~<name>.jsonl.<pid>.tmp` (durableFile.ts), as are a night's
 * laptop chain (`~<id>.witness.<pid>.tmp`) and the seed key
 * (`~seed-key.<pid>.tmp`, `~seed-key.keychain.<pid>.tmp`), and the laptop's
 * signing key (`~laptop-key.<pid>.tmp`, `~laptop-key.keychain.<pid>.tmp`). Versions before
 * durableFile.ts wrote those as `<name>.tmp-<pid>`: a leftover of theirs is
 * removed too.
 */
const INTERRUPTED_WRITE =
  /(?:\.jsonl?|\.witness|^seed-key(?:\.keychain)?)\.tmp-[0-9a-f]+$|^~(?:.+\.(?:jsonl?|witness)|(?:seed|laptop)-key(?:\.keychain)?)\.[0-9]+\.tmp$/;

/**
 * Deletes the temporary files of interrupted atomic writes in `root` and its
 * folders (documents are at most one folder deep); returns their paths.
 * Only files of that exact shape are touched: a set-aside `.corrupt-` copy
 * or anything else in the folder is left alone.
 */
export function removeInterruptedWrites(root: string): string[] {
  const removed: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return removed;
    throw error;
  }
  const folders = [root, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name))];
  for (const folder of folders) {
    for (const name of fs.readdirSync(folder)) {
      if (!INTERRUPTED_WRITE.test(name)) continue;
      const file = path.join(folder, name);
      fs.rmSync(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}
