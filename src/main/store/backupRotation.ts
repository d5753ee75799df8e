/**
 * Which kept backups stay, as Actual Budget keeps them: the last 3 of
 * today, then the newest one of each earlier day, 10 in all, newest first.
 * Pure: the clock and the calendar day are given.
 *
 * Whatever the dates say, nothing the host may need is deleted: a backup
 * dated after now (written while the clock was ahead) is kept outside the
 * count, so it can never push out one written now, and the caller names the
 * ones that must stay (the one just written, the undo of the last restore).
 */

const BACKUPS_KEPT_TODAY = 3;
/** @internal exported for tests only */
export const BACKUPS_KEPT = 10;

export interface DatedBackup {
  id: string;
  createdAt: Date;
}

/** The calendar day of a moment where the app runs (the host's day, not UTC), e.g. `2026-11-26`. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The backups dated after now, newest first: the clock was ahead when they were written (or is behind now). */
export function backupsFromTheFuture<T extends DatedBackup>(backups: readonly T[], now: Date): T[] {
  return backups.filter((b) => b.createdAt.getTime() > now.getTime()).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** The ids to keep, newest first; every other backup may be deleted. `alwaysKeep`: ids kept whatever their dates. */
export function backupsToKeep(
  backups: readonly DatedBackup[],
  now: Date,
  dayOf: (at: Date) => string = localDay,
  alwaysKeep: readonly string[] = [],
): string[] {
  const today = dayOf(now);
  const future = backupsFromTheFuture(backups, now);
  const dated = backups.filter((b) => !future.includes(b));
  const newestFirst = [...dated].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const kept: string[] = [];
  const daysKept = new Set<string>();
  let keptToday = 0;
  for (const backup of newestFirst) {
    const day = dayOf(backup.createdAt);
    if (day >= today) {
      if (keptToday >= BACKUPS_KEPT_TODAY) continue;
      keptToday++;
    } else {
      if (daysKept.has(day)) continue;
      daysKept.add(day);
    }
    kept.push(backup.id);
    if (kept.length === BACKUPS_KEPT) break;
  }
  const present = new Set(backups.map((b) => b.id));
  const extra = alwaysKeep.filter((id) => present.has(id) && !kept.includes(id));
  return [...future.map((b) => b.id), ...kept, ...extra];
}
