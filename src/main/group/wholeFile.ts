import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a file whole: to a temporary file named `~<name>.<pid>.tmp` beside
 * it (a name sync tools and readers of the group folder ignore), synced,
 * then renamed over the file. Killed at any moment, the old file or the new
 * one is there, never half of one. `durable` false skips the sync, for a
 * copy whose manifest is synced after it: a power cut that loses the copy
 * leaves it unlisted or not matching, so it is taken in again.
 */
export function writeWholeFile(file: string, bytes: Uint8Array, durable = true): void {
  const temp = path.join(path.dirname(file), `~${path.basename(file)}.${process.pid}.tmp`);
  const fd = openMakingFolder(temp);
  try {
    fs.writeSync(fd, bytes);
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/** Opens a file to write, making its folder only when it is missing (an import writes thousands of files into a few folders). */
function openMakingFolder(file: string): number {
  try {
    return fs.openSync(file, 'w');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, 'w');
  }
}

/** A file's bytes, or undefined when it is not there (or cannot be read now: a group folder may be mid-sync). */
export function readFileIfAny(file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}
