import fs from 'node:fs';
import path from 'node:path';
import { writeFileDurably } from '../store';
import { DATA_POINTER, DATA_POINTER_COPY, parseDataPointer, type DataPointer } from './dataLocation';

/**
 * The shell's half of moving the data folder (session/domains/dataMove.ts copies and
 * checks): the new folder is written down in Electron's own folder and the
 * app restarts on it; at that start the old folder is renamed aside
 * (`<folder>.moved-<time>`, never deleted) and the pointer forgets it.
 */

/**
 * The pointer and its copy, each written whole and synced (temporary file,
 * fsync, rename, folder fsync): a power cut leaves the old pointer or the
 * new one, never none. The copy lets a start that finds the pointer deleted
 * or damaged name the folder it pointed to (`pointerProblem`).
 */
function writePointer(userData: string, pointer: DataPointer): void {
  const text = JSON.stringify(pointer, undefined, '\t');
  writeFileDurably(path.join(userData, DATA_POINTER_COPY), text);
  writeFileDurably(path.join(userData, DATA_POINTER), text);
}

function readPointerFile(file: string): { there: boolean; pointer: DataPointer | null } {
  try {
    return { there: true, pointer: parseDataPointer(fs.readFileSync(file, 'utf8')) };
  } catch {
    return { there: false, pointer: null };
  }
}

export function readPointer(userData: string): DataPointer | null {
  return readPointerFile(path.join(userData, DATA_POINTER)).pointer;
}

/** The pointer missing or unreadable while its copy says the data was moved, or damaged with no copy: the host chooses. */
export interface PointerProblem {
  /** The pointer file. */
  file: string;
  /** The folder its copy names, or null when there is no readable copy. */
  moved: string | null;
}

/** Whether the pointer was lost or damaged after a move (its copy survives), or damaged outright; null when all is well. */
export function pointerProblem(userData: string): PointerProblem | null {
  const file = path.join(userData, DATA_POINTER);
  const pointer = readPointerFile(file);
  if (pointer.pointer) return null;
  const copy = readPointerFile(path.join(userData, DATA_POINTER_COPY)).pointer;
  if (!copy && !pointer.there) return null;
  return { file, moved: copy?.dataDir ?? null };
}

/** The host chose the data folder after a lost pointer: written down again, pointer and copy. */
export function pointToDataFolder(userData: string, dataDir: string): void {
  writePointer(userData, { dataDir: path.resolve(dataDir) });
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
