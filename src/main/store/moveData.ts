import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory } from './jsonFile';

/**
 * Moving the data folder (docs/user-guide.md "Where the data lives"): a copy first,
 * every file then read back and compared with the original, and only a
 * copy that checks is used. The old folder is set aside by the caller once
 * the app runs on the new one; nothing here deletes it.
 */

/** Why a folder cannot receive the data; nothing was written. */
export class MoveDataError extends Error {
  override readonly name = 'MoveDataError';
}

/** Every file under a folder, as paths relative to it, sorted. */
function filesUnder(root: string, folder = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(root, relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out.sort();
}

/** Every copied file and folder synced to the disk before the app is pointed at the copy: a power cut then loses nothing. */
function syncCopy(target: string, files: readonly string[]): void {
  for (const file of files) {
    const fd = fs.openSync(path.join(target, file), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
  const folders = new Set(files.map((file) => path.dirname(path.join(target, file))));
  for (const folder of [...folders, target, path.dirname(target)]) syncDirectory(folder);
}

const digest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Where the data may go: an absolute folder outside the data folder (and not holding it), empty or not there yet. */
function moveTargetProblem(from: string, to: string): string | null {
  if (!path.isAbsolute(to)) return `"${to}" is not a whole path (it must start at the top of a drive)`;
  const source = path.resolve(from);
  const target = path.resolve(to);
  const inside = (outer: string, inner: string) => inner === outer || inner.startsWith(outer + path.sep);
  if (inside(source, target)) return `${target} is inside the data folder`;
  if (inside(target, source)) return `${target} holds the data folder`;
  if (fs.existsSync(target) && (!fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0))
    return `${target} is not an empty folder`;
  return null;
}

/** Copies the data folder to `to` and checks every file of the copy; a copy that does not check is removed. Returns the files copied. */
export function copyDataFolder(from: string, to: string): number {
  const problem = moveTargetProblem(from, to);
  if (problem) throw new MoveDataError(problem);
  const target = path.resolve(to);
  const existed = fs.existsSync(target);
  try {
    fs.cpSync(from, target, { recursive: true, errorOnExist: true, force: false });
    const files = filesUnder(from);
    const copied = filesUnder(target);
    if (copied.length !== files.length) throw new MoveDataError(`the copy holds ${copied.length} files, the data folder ${files.length}`);
    for (const file of files) {
      if (digest(path.join(from, file)) !== digest(path.join(target, file))) throw new MoveDataError(`${file} differs in the copy`);
    }
    syncCopy(target, copied);
    return files.length;
  } catch (error) {
    // The data folder is untouched: only what this copy wrote goes.
    if (existed) for (const name of fs.readdirSync(target)) fs.rmSync(path.join(target, name), { recursive: true, force: true });
    else fs.rmSync(target, { recursive: true, force: true });
    if (error instanceof MoveDataError) throw error;
    throw new MoveDataError((error as Error).message);
  }
}
