/**
 * Which kept backups stay, as Actual Budget keeps them: the last 3 of
 * today, then the newest one of each earlier day, 10 in all, newest first.
 * Pure: the clock and the calendar day are given.
 */

export const BACKUPS_KEPT_TODAY = 3;
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

/** The ids to keep, newest first; every other backup may be deleted. */
export function backupsToKeep(backups: readonly DatedBackup[], now: Date, dayOf: (at: Date) => string = localDay): string[] {
  const today = dayOf(now);
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const kept: string[] = [];
  const daysKept = new Set<string>();
  let keptToday = 0;
  for (const backup of newestFirst) {
    const day = dayOf(backup.createdAt);
    // A backup dated after today (the clock was set back) counts as today's: it is the newest there is.
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
  return kept;
}
