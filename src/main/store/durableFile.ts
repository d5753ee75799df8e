import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory } from './jsonFile';

export interface WholeFileOptions {
  /** The new file's permissions: 0o600 keeps a secret to this user (applied even over an older temporary file). */
  mode?: number;
  /**
   * False skips both syncs, for a copy whose manifest is synced after it
   * (docs/group.md): a power cut that loses the copy leaves it unlisted or
   * not matching, so it is taken in again. True by default.
   */
  durable?: boolean;
}

/**
 * The one way the app writes a file whole: to a temporary file beside it,
 * `~<name>.<pid>.tmp` (a name sync tools and the group folder's readers
 * ignore, and start-up removes: jsonFile.ts `removeInterruptedWrites`),
 * synced, renamed over the file, then the folder synced so the rename
 * itself survives a power cut. Killed at any moment, the old file or the
 * new one is there, never half of one.
 */
export function writeFileDurably(file: string, content: string | Uint8Array, options: WholeFileOptions = {}): void {
  const durable = options.durable ?? true;
  const folder = path.dirname(file);
  const temp = path.join(folder, `~${path.basename(file)}.${process.pid}.tmp`);
  const fd = openMakingFolder(temp, options.mode ?? 0o666);
  try {
    if (options.mode !== undefined) fs.fchmodSync(fd, options.mode);
    fs.writeFileSync(fd, content);
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  if (durable) syncDirectory(folder);
}

/** Opens a file to write, making its folder only when it is missing (an import writes thousands of files into a few folders). */
function openMakingFolder(file: string, mode: number): number {
  try {
    return fs.openSync(file, 'w', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, 'w', mode);
  }
}
