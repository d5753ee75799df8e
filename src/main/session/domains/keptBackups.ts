import type { BackupReason, BackupsList, KeptBackup } from '../../../shared';
import { BackupFolder, backupsFromTheFuture, backupsToKeep, localDay, type BackupFile } from '../../store';

/**
 * The backups that keep themselves (docs/design.md "Backups that keep
 * themselves"): one after every night ends, the day's first while the app
 * is open, and one of what a restore replaces, just before it does. All go
 * into `backups/` in the data folder, in the backup format (history/backup.ts),
 * rotated as Actual Budget keeps them (store/backupRotation.ts).
 *
 * Never inside a command's answer: the night-end backup is written after the
 * answer has gone (`defer`), the daily one from a timer between commands.
 * Only the backup before a restore is written inside its command, since it
 * must exist before anything is replaced.
 */
export interface KeptBackupsOptions {
  root: string;
  now: () => Date;
  /** The whole backup file as it would be saved now, or null when there is nothing to back up. */
  content: () => string | null;
  /** Runs a job once the current command has answered; setImmediate by default. */
  defer?: (job: () => void) => void;
  /** The calendar day of a moment, for the daily backup and the rotation; the host's local day by default. */
  dayOf?: (at: Date) => string;
  /** Told the names of the backups dated after now (the clock was ahead): kept, and the host is told. */
  onFutureBackups?: (names: readonly string[]) => void;
  /** When the last night ended, or null: a night-end backup a crash kept from being written is written at start. */
  lastNightEnded?: () => Date | null;
  /** Backups that keep themselves: after every night and daily (the app and the headless host); off, only when asked. */
  automatic?: boolean;
}

/** How often the open app checks whether today's backup is written. */
const DAILY_CHECK_MS = 60 * 60 * 1000;

export class KeptBackups {
  readonly #folder: BackupFolder;
  readonly #now: () => Date;
  readonly #content: () => string | null;
  readonly #defer: (job: () => void) => void;
  readonly #dayOf: (at: Date) => string;
  readonly #onFuture: (names: readonly string[]) => void;
  readonly #lastNightEnded: () => Date | null;
  readonly #automatic: boolean;
  /** Nights held by each backup, by id: a backup file is never changed, so it is read once. */
  readonly #nights = new Map<string, number | null>();
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: KeptBackupsOptions) {
    this.#folder = new BackupFolder(options.root);
    this.#now = options.now;
    this.#content = options.content;
    this.#defer = options.defer ?? ((job) => void setImmediate(job));
    this.#dayOf = options.dayOf ?? localDay;
    this.#onFuture = options.onFutureBackups ?? (() => {});
    this.#lastNightEnded = options.lastNightEnded ?? (() => null);
    this.#automatic = options.automatic ?? false;
  }

  get folder(): string {
    return this.#folder.folder;
  }

  /**
   * Writes a backup now and rotates the folder; returns its id, or null when
   * there is nothing to back up. Throws when the disk refuses the write.
   */
  write(reason: BackupReason): string | null {
    const content = this.#content();
    if (content === null) return null;
    const now = this.#now();
    const id = this.#folder.write(now, reason, content);
    this.rotate(now, id);
    return id;
  }

  /**
   * Deletes the backups the rotation no longer keeps. Never the one just
   * written nor the undo of the last restore, whatever the dates say; those
   * dated after now are kept and reported.
   */
  rotate(now = this.#now(), justWritten?: string): void {
    const files = this.#folder.list();
    const undo = this.#undoRestore(files, now);
    const keep = new Set(
      backupsToKeep(
        files,
        now,
        this.#dayOf,
        [justWritten, undo].filter((id) => id !== undefined),
      ),
    );
    for (const file of files) if (!keep.has(file.id)) this.#folder.remove(file.id);
    this.checkClock(files, now);
  }

  /** Reports the backups dated after now, if any (at start and at every rotation). */
  checkClock(files = this.#folder.list(), now = this.#now()): void {
    const future = backupsFromTheFuture(files, now);
    if (future.length > 0) this.#onFuture(future.map((file) => file.id));
  }

  /** The backup the last restore made of what it replaced: by the clock of now, not one dated in the future. */
  #undoRestore(files: readonly BackupFile[], now: Date): string | undefined {
    const undos = files.filter((file) => file.reason === 'before-restore');
    return (undos.find((file) => file.createdAt.getTime() <= now.getTime()) ?? undos[0])?.id;
  }

  /** After a night has ended: a backup once the answer has gone. A failed automatic backup changes nothing and is tried again at the next. */
  afterNightEnded(): void {
    if (!this.#automatic) return;
    this.#defer(() => this.#quietly('night-end'));
  }

  /** The day's first backup, if none was written today (by any reason). */
  dailyIfDue(): void {
    const today = this.#dayOf(this.#now());
    if (this.#folder.list().some((file) => this.#dayOf(file.createdAt) === today)) return;
    this.#quietly('daily');
  }

  /**
   * The night-end backup of the last night, if no backup was written since
   * it ended (the app was killed before its deferred write): written at start
   * rather than only after the next night.
   */
  nightEndIfMissed(): void {
    const ended = this.#lastNightEnded();
    if (ended === null) return;
    const now = this.#now();
    // A backup dated in the future proves nothing about this night.
    const newest = this.#folder.list().find((file) => file.createdAt.getTime() <= now.getTime());
    if (newest && newest.createdAt.getTime() >= ended.getTime()) return;
    this.#quietly('night-end');
  }

  /** Checks for today's backup and catches up a missed night-end one soon after start, then every hour while the app is open. */
  start(): void {
    if (this.#timer || !this.#automatic) return;
    // The day's first backup, when due, holds the last night too: only when it is not is the missed one written.
    this.#defer(() => {
      this.dailyIfDue();
      this.nightEndIfMissed();
    });
    this.#timer = setInterval(() => this.dailyIfDue(), DAILY_CHECK_MS);
    this.#timer.unref?.();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  list(): BackupsList {
    const files = this.#folder.list();
    const backups = files.map((file) => this.#describe(file));
    return { backups, folder: this.#folder.folder, undoRestore: this.#undoRestore(files, this.#now()) ?? null };
  }

  /** A kept backup's text, or null when it is not kept (rotated away, or never there). */
  read(id: string): string | null {
    return this.#folder.read(id);
  }

  #describe(file: BackupFile): KeptBackup {
    if (!this.#nights.has(file.id)) this.#nights.set(file.id, nightsIn(this.#folder.read(file.id)));
    return {
      id: file.id,
      createdAt: file.createdAt.toISOString(),
      reason: file.reason,
      nights: this.#nights.get(file.id) ?? null,
      bytes: file.bytes,
    };
  }

  #quietly(reason: BackupReason): void {
    try {
      this.write(reason);
    } catch {
      // The data itself is safe; the next night's end or the next hourly check tries again.
    }
  }
}

/** How many nights a backup file holds, or null when it cannot be read. */
function nightsIn(text: string | null): number | null {
  if (text === null) return null;
  try {
    const nights = (JSON.parse(text) as { nights?: unknown }).nights;
    return Array.isArray(nights) ? nights.length : null;
  } catch {
    return null;
  }
}
