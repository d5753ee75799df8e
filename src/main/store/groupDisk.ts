import fs from 'node:fs';
import { renameAside } from './fileAside';

/**
 * What the group (src/main/group, docs/group.md) does on disk, in one place
 * so the store keeps everything on disk (docs/design.md): its files in the
 * data folder, the mirror of every laptop's, the group folder a sync tool
 * shares, the LAN's paired laptops. Whole files are written with
 * `writeFileDurably` (durableFile.ts) like the store's own. Reads say
 * "not there" without throwing where a group folder mid-sync is ordinary.
 */

/** A file's bytes, or undefined when it is not there (or cannot be read now: a group folder may be mid-sync). */
export function readBytes(file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A file's bytes; undefined only when there is no such file (any other error is thrown, as by `readText`). */
export function readWholeBytes(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A file's text; undefined only when there is no such file (any other error is thrown: the caller decides what it means). */
export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A file's length on disk, or null when it is missing (or cannot be looked at). */
export function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.size ?? null;
  } catch {
    return null;
  }
}

export function isFolder(folder: string): boolean {
  try {
    return fs.statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

export function exists(file: string): boolean {
  return fs.existsSync(file);
}

/** The names in a folder; none when it is missing (any other error is thrown). */
export function namesIn(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Moves a file or a whole folder to `to` (on the same disk: one rename, nothing copied). */
export function move(from: string, to: string): void {
  fs.renameSync(from, to);
}

/** Renames a file that is not what it should be beside itself (`<file><suffix>`), never over an earlier one. */
export { renameAside };
