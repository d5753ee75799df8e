import fs from 'node:fs';
import path from 'node:path';
import { nightIdSchema } from '../night';
import { writeFileDurably } from './durableFile';
import { syncDirectory } from './jsonFile';

/** The folder of the night journals, inside the data folder. */
export const JOURNAL_FOLDER = 'nights';
export const JOURNAL_EXTENSION = '.jsonl';

/**
 * The night journals on disk: one append-only file a night
 * (`nights/<id>.jsonl`). An append is one write and one fdatasync on a file
 * kept open, so a command costs the same on turn 300 as on turn 3, after
 * 1,000 nights as after one. Only whole lines are ever left behind by this
 * process: a failed append is cut back to where it started.
 */
export class JournalFiles {
  readonly #open = new Map<string, { fd: number; size: number }>();

  constructor(readonly root: string) {}

  get folder(): string {
    return path.join(this.root, JOURNAL_FOLDER);
  }

  pathOf(nightId: string): string {
    return path.join(this.folder, `${nightId}${JOURNAL_EXTENSION}`);
  }

  /**
   * The ids of every journal in the data folder. A file whose name is not a
   * night id (a "… copy.jsonl" left by a file manager or a sync tool) is not
   * one of ours: it is left alone, never read, so it cannot stop a start.
   */
  list(): string[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((n) => n.endsWith(JOURNAL_EXTENSION))
      .map((n) => n.slice(0, -JOURNAL_EXTENSION.length))
      .filter((id) => nightIdSchema.safeParse(id).success)
      .sort();
  }

  /** Every journal's size in bytes, by id (one stat each; no file is read). */
  sizes(): Map<string, number> {
    const sizes = new Map<string, number>();
    for (const id of this.list()) {
      try {
        sizes.set(id, fs.statSync(this.pathOf(id)).size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return sizes;
  }

  /** The journal's text, or undefined when there is none. */
  read(nightId: string): string | undefined {
    try {
      return fs.readFileSync(this.pathOf(nightId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  size(nightId: string): number {
    const known = this.#open.get(nightId);
    return known ? known.size : fs.statSync(this.pathOf(nightId)).size;
  }

  /**
   * Writes a whole journal at once (a new night's first lines, a migrated
   * night, a restored one): to a temporary file, synced, renamed over the
   * name, the folder synced. A crash leaves the old file or the new one.
   */
  writeWhole(nightId: string, text: string): void {
    this.close(nightId);
    writeFileDurably(this.pathOf(nightId), text);
  }

  /** Cuts a journal back to `bytes` (a torn last line that was never acknowledged), before appending to it. */
  truncate(nightId: string, bytes: number): void {
    this.close(nightId);
    fs.truncateSync(this.pathOf(nightId), bytes);
  }

  /**
   * Appends whole lines and waits for them to reach the disk (fdatasync):
   * durable when it returns. When the write fails (a full disk) the file is
   * cut back to where it was, so no partial line stays in it.
   */
  append(nightId: string, text: string): void {
    let file = this.#open.get(nightId);
    if (!file) {
      const fd = fs.openSync(this.pathOf(nightId), 'r+');
      file = { fd, size: fs.fstatSync(fd).size };
      this.#open.set(nightId, file);
    }
    const bytes = Buffer.from(text, 'utf8');
    try {
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(file.fd, bytes, written, bytes.length - written, file.size + written);
      fs.fdatasyncSync(file.fd);
    } catch (error) {
      try {
        fs.ftruncateSync(file.fd, file.size);
      } catch {
        // The disk refuses even that: the reader drops a torn last line anyway.
      }
      throw error;
    }
    file.size += bytes.length;
  }

  /** Closes the file kept open for appending (the night ended, or is being replaced). */
  close(nightId: string): void {
    const file = this.#open.get(nightId);
    if (!file) return;
    this.#open.delete(nightId);
    fs.closeSync(file.fd);
  }

  closeAll(): void {
    for (const id of [...this.#open.keys()]) this.close(id);
  }

  /** Where the laptop's chain secret of a night drawn by the table is kept (docs/table-draw.md): beside its journal, never in it. */
  witnessPathOf(nightId: string): string {
    return path.join(this.folder, `${nightId}${WITNESS_EXTENSION}`);
  }

  /** Writes the file holding the laptop's chain secret of a night (sealed by store/witnessSecrets.ts): once, atomically, readable by this user only. */
  writeWitnessFile(nightId: string, text: string): void {
    writeFileDurably(this.witnessPathOf(nightId), `${text}\n`, { mode: 0o600 });
  }

  /**
   * R34 *A lost chain*: a chain file that no longer serves is renamed
   * `<night>.witness.lost-<time>` (never deleted: what it held may still
   * explain the night). Returns the new name, or '' when there was none.
   */
  setWitnessFileAside(nightId: string, at: Date): string {
    const from = this.witnessPathOf(nightId);
    const to = `${from}.lost-${at.toISOString().replace(/[:.]/g, '-')}`;
    try {
      fs.renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    }
    syncDirectory(path.dirname(from));
    return to;
  }

  /** That file's text, or undefined when none was kept. */
  readWitnessFile(nightId: string): string | undefined {
    try {
      return fs.readFileSync(this.witnessPathOf(nightId), 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

/** The laptop's chain secret beside a night's journal (R34). */
const WITNESS_EXTENSION = '.witness';
