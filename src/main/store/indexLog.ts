import fs from 'node:fs';
import path from 'node:path';
import { nightIdSchema, nightSummarySchema, type NightSummary } from '../night/summary';
import { syncDirectory } from './jsonFile';

/** The log of the nights index's changes, beside `nights-index.json` in the data folder. */
export const INDEX_LOG_FILE = 'nights-index.log.jsonl';

/** Its first line, naming the format and version of every line after it. */
const HEADER = { format: 'in-between-dealer/nights-log', version: 1 } as const;

/** One change to the index: a night's line put (added, or replacing the line of the same id), or taken out. */
export type IndexChange = { put: NightSummary } | { drop: string };

/**
 * The changes that make `before` into `after`, line by line: a line is
 * compared by identity (the session replaces a line, never changes one), so
 * this is one pass over the index, not a comparison of 3 MB of figures.
 */
export function indexChanges(before: readonly NightSummary[], after: readonly NightSummary[]): IndexChange[] {
  const was = new Map(before.map((s) => [s.id, s]));
  const changes: IndexChange[] = [];
  for (const line of after) {
    if (was.get(line.id) !== line) changes.push({ put: line });
    was.delete(line.id);
  }
  for (const id of was.keys()) changes.push({ drop: id });
  return changes;
}

/** The index with the changes applied in order: a put replaces the line of its id where it stands, or comes last. */
export function applyIndexChanges(index: readonly NightSummary[], changes: readonly IndexChange[]): NightSummary[] {
  const out = [...index];
  for (const change of changes) {
    if ('put' in change) {
      const at = out.findIndex((s) => s.id === change.put.id);
      if (at >= 0) out[at] = change.put;
      else out.push(change.put);
    } else {
      const at = out.findIndex((s) => s.id === change.drop);
      if (at >= 0) out.splice(at, 1);
    }
  }
  return out;
}

/** What the log holds: its changes, and why it stopped being read if a line could not be (the changes before it stand). */
export interface ReadIndexLog {
  changes: IndexChange[];
  damaged?: string;
}

function parseChange(value: unknown): IndexChange | null {
  if (value === null || typeof value !== 'object') return null;
  if ('put' in value) {
    const put = nightSummarySchema.safeParse(value.put);
    return put.success ? { put: put.data } : null;
  }
  if ('drop' in value) {
    const drop = nightIdSchema.safeParse(value.drop);
    return drop.success ? { drop: drop.data } : null;
  }
  return null;
}

/**
 * The nights index's changes since it was last written whole, appended
 * one line each (docs/night-journal.md "Around the journals"): a change costs
 * one small append and one fdatasync, however long the history, where
 * writing the index whole at 1,000 nights is 3 MB. The index read is the
 * whole file with this log's changes applied; writing the index whole
 * (compacting) removes the log. Every change is absolute (a line as it now
 * is, or a line taken out), so applying the log again to an index already
 * written with it changes nothing: a crash between the whole write and the
 * log's removal loses nothing and adds nothing.
 */
export class IndexLog {
  constructor(readonly root: string) {}

  get path(): string {
    return path.join(this.root, INDEX_LOG_FILE);
  }

  /** The log's size in bytes; 0 when there is none. */
  bytes(): number {
    try {
      return fs.statSync(this.path).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  /**
   * The changes in the log, oldest first. A torn last line (the app died
   * inside an append, never acknowledged) is dropped; a line that cannot be
   * read ends the reading, with the reason (the repository sets the log aside).
   */
  read(): ReadIndexLog {
    let text: string;
    try {
      text = fs.readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { changes: [] };
      throw error;
    }
    const lines = text.split('\n');
    // What follows the last newline was never acknowledged: a torn write, or nothing.
    lines.pop();
    const changes: IndexChange[] = [];
    for (const [at, line] of lines.entries()) {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return { changes, damaged: `line ${at + 1} is not valid JSON` };
      }
      if (at === 0) {
        const header = value as { format?: unknown; version?: unknown } | null;
        if (header?.format !== HEADER.format || header.version !== HEADER.version)
          return { changes, damaged: `its first line does not name ${HEADER.format} version ${HEADER.version}` };
        continue;
      }
      const change = parseChange(value);
      if (!change) return { changes, damaged: `line ${at + 1} is not a change of the nights index` };
      changes.push(change);
    }
    return { changes };
  }

  /**
   * Appends the changes and waits for them to reach the disk (fdatasync):
   * durable when it returns. A new log gets its header first and its folder
   * synced. A failed write is cut back to where it started, so no partial
   * line stays.
   */
  append(changes: readonly IndexChange[]): void {
    if (changes.length === 0) return;
    const fd = fs.openSync(this.path, 'a');
    let size: number;
    try {
      size = fs.fstatSync(fd).size;
      const text = (size === 0 ? [HEADER, ...changes] : changes).map((line) => `${JSON.stringify(line)}\n`).join('');
      const bytes = Buffer.from(text, 'utf8');
      try {
        for (let written = 0; written < bytes.length;) written += fs.writeSync(fd, bytes, written, bytes.length - written);
        fs.fdatasyncSync(fd);
      } catch (error) {
        try {
          fs.ftruncateSync(fd, size);
        } catch {
          // The disk refuses even that: a torn last line is dropped when read.
        }
        throw error;
      }
    } finally {
      fs.closeSync(fd);
    }
    if (size === 0) syncDirectory(this.root);
  }

  /** Removes the log once the index is written whole with its changes (compacted). */
  remove(): void {
    try {
      fs.rmSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    syncDirectory(this.root);
  }
}
