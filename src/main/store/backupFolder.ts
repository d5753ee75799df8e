import fs from 'node:fs';
import path from 'node:path';
import type { BackupReason } from '../../shared';
import { writeFileDurably } from './durableFile';

/**
 * The folder of the kept backups, inside the data folder: they move with it.
 * @internal exported for tests only
 */
export const BACKUP_FOLDER = 'backups';

const REASONS: readonly BackupReason[] = ['night-end', 'daily', 'before-restore'];

/** `in-between-dealer-backup-2026-11-26-21-30-05-123-night-end.json`, `-2` added when two land in one millisecond. */
const FILE_NAME =
  /^in-between-dealer-backup-(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{3})-(night-end|daily|before-restore)(?:-\d+)?\.json$/;

export interface BackupFile {
  id: string;
  createdAt: Date;
  reason: BackupReason;
  bytes: number;
}

/**
 * A kept backup's file name says when and why it was written (UTC), so listing them reads no file.
 * @internal exported for tests only
 */
export function backupFileName(at: Date, reason: BackupReason): string {
  const stamp = at.toISOString().slice(0, 23).replace(/[T:.]/g, '-');
  return `in-between-dealer-backup-${stamp}-${reason}.json`;
}

function parseBackupFileName(name: string): { createdAt: Date; reason: BackupReason } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms, reason] = match;
  const createdAt = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  if (Number.isNaN(createdAt.getTime()) || !REASONS.includes(reason as BackupReason)) return null;
  return { createdAt, reason: reason as BackupReason };
}

/**
 * The backups folder of a data folder. Only files named as this app names
 * its backups are listed, read or deleted: anything else the host puts
 * there is left alone.
 */
export class BackupFolder {
  constructor(readonly root: string) {}

  get folder(): string {
    return path.join(this.root, BACKUP_FOLDER);
  }

  list(): BackupFile[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: BackupFile[] = [];
    for (const name of names) {
      const parsed = parseBackupFileName(name);
      if (!parsed) continue;
      try {
        files.push({ id: name, ...parsed, bytes: fs.statSync(path.join(this.folder, name)).size });
      } catch {
        // Gone between the listing and the stat: not kept.
      }
    }
    return files.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  }

  /** Writes a backup durably under a free name; returns its id. */
  write(at: Date, reason: BackupReason, content: string): string {
    const base = backupFileName(at, reason);
    let name = base;
    for (let n = 2; fs.existsSync(path.join(this.folder, name)); n++) name = base.replace(/\.json$/, `-${n}.json`);
    writeFileDurably(path.join(this.folder, name), content);
    return name;
  }

  /** A kept backup's text, or null when there is no such backup. */
  read(id: string): string | null {
    if (!parseBackupFileName(id)) return null;
    try {
      return fs.readFileSync(path.join(this.folder, id), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  remove(id: string): void {
    if (!parseBackupFileName(id)) return;
    fs.rmSync(path.join(this.folder, id), { force: true });
  }
}
