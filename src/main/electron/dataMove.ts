import fs from 'node:fs';
import path from 'node:path';
import { DATA_POINTER, parseDataPointer, type DataPointer } from './dataLocation';

/**
 * The shell's half of moving the data folder (session/dataMove.ts copies and
 * checks): the new folder is written down in Electron's own folder and the
 * app restarts on it; at that start the old folder is renamed aside
 * (`<folder>.moved-<time>`, never deleted) and the pointer forgets it.
 */

function writePointer(userData: string, pointer: DataPointer): void {
  fs.mkdirSync(userData, { recursive: true });
  const file = path.join(userData, DATA_POINTER);
  const temp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(temp, JSON.stringify(pointer, undefined, '\t'));
  fs.renameSync(temp, file);
}

export function readPointer(userData: string): DataPointer | null {
  try {
    return parseDataPointer(fs.readFileSync(path.join(userData, DATA_POINTER), 'utf8'));
  } catch {
    return null;
  }
}

/** After a checked copy: the app will open `to` from now on, and set `from` aside at its next start. */
export function pointToMovedData(userData: string, from: string, to: string): void {
  writePointer(userData, { dataDir: path.resolve(to), setAside: path.resolve(from) });
}

/**
 * At start, on the new folder: the old one is renamed aside once; returns
 * its new name, or null when there was nothing to do. Never the folder in
 * use (--data-dir may name the old one again).
 */
export function setOldDataAside(userData: string, inUse: string, now: Date): string | null {
  const pointer = readPointer(userData);
  if (!pointer?.setAside || path.resolve(pointer.setAside) === path.resolve(inUse)) return null;
  let asideAs: string | null = null;
  if (fs.existsSync(pointer.setAside)) {
    asideAs = `${pointer.setAside}.moved-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(pointer.setAside, asideAs);
  }
  writePointer(userData, { dataDir: pointer.dataDir });
  return asideAs;
}
