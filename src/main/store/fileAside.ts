import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory } from './jsonFile';

/**
 * Keeping a file out of the way instead of deleting it: a damaged file
 * (`.corrupt-<time>`), a night moved to a journal (`.pre-journal-<time>`),
 * a file a restore replaced (`.replaced-<time>`). Written once, for the
 * repository, the restore and the damage repair: never deletes, never
 * overwrites an earlier copy (a second one the same millisecond gets `-1`).
 */

/** A time as part of a file name: `2026-11-22T21-30-00-000Z`. */
export function fileStamp(at: Date | string): string {
  return (typeof at === 'string' ? at : at.toISOString()).replace(/[:.]/g, '-');
}

/** `file` + `suffix`, or with `-1`, `-2`... when that name is taken. */
function freeNameBeside(file: string, suffix: string): string {
  let target = `${file}${suffix}`;
  for (let n = 1; fs.existsSync(target); n++) target = `${file}${suffix}-${n}`;
  return target;
}

/** Renames a file aside; returns its new name, or null when there was no such file. */
export function renameAside(file: string, suffix: string): string | null {
  const target = freeNameBeside(file, suffix);
  try {
    fs.renameSync(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return target;
}

/**
 * Copies a file aside, leaving it where it is: the copy is synced before
 * this returns, so the original can then be replaced with nothing lost at
 * any moment in between.
 */
export function copyAside(file: string, suffix: string): string {
  const target = freeNameBeside(file, suffix);
  fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  syncDirectory(path.dirname(target));
  return target;
}
