import { describe, expect, it } from 'vitest';
import { BACKUPS_KEPT, backupsToKeep, type DatedBackup } from './backupRotation';

/** Days as UTC dates in these tests, so they do not depend on the machine's time zone. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const at = (day: number, time: string) => new Date(`2026-03-${String(day).padStart(2, '0')}T${time}.000Z`);
const backup = (day: number, time: string): DatedBackup => ({ id: `b-${day}-${time}`, createdAt: at(day, time) });

describe('which backups are kept (Actual Budget style)', () => {
  it('keeps the last 3 of today and the newest one of each earlier day, newest first', () => {
    const backups = [
      backup(1, '09:00:00'),
      backup(1, '23:00:00'),
      backup(2, '10:00:00'),
      ...['08:00:00', '12:00:00', '18:00:00', '23:30:00'].map((t) => backup(3, t)),
    ];
    expect(backupsToKeep(backups, at(3, '23:59:00'), utcDay)).toEqual([
      'b-3-23:30:00',
      'b-3-18:00:00',
      'b-3-12:00:00',
      'b-2-10:00:00',
      'b-1-23:00:00',
    ]);
  });

  it('keeps 10 in all: with a backup every day for a fortnight, the oldest days go', () => {
    const backups = Array.from({ length: 14 }, (_, i) => backup(i + 1, '22:00:00'));
    const kept = backupsToKeep(backups, at(14, '23:00:00'), utcDay);
    expect(kept).toHaveLength(BACKUPS_KEPT);
    expect(kept).toEqual(Array.from({ length: 10 }, (_, i) => `b-${14 - i}-22:00:00`));
  });

  it('a backup dated after today (the clock was set back) is counted with today, never deleted first', () => {
    const kept = backupsToKeep([backup(5, '10:00:00'), backup(4, '10:00:00')], at(4, '12:00:00'), utcDay);
    expect(kept).toEqual(['b-5-10:00:00', 'b-4-10:00:00']);
  });

  it('backups dated after now (the clock was ahead) are kept outside the count: one written now is never pushed out by them', () => {
    const future = ['08:00:00', '09:00:00', '10:00:00'].map((t) => backup(5, t));
    const kept = backupsToKeep([...future, backup(4, '12:00:00')], at(4, '12:00:00'), utcDay);
    expect(kept).toEqual(['b-5-10:00:00', 'b-5-09:00:00', 'b-5-08:00:00', 'b-4-12:00:00']);
  });

  it('the ones the caller names (just written, the undo of a restore) stay whatever the count says', () => {
    const today = ['08:00:00', '09:00:00', '10:00:00', '11:00:00'].map((t) => backup(4, t));
    expect(backupsToKeep(today, at(4, '12:00:00'), utcDay, ['b-4-08:00:00', 'b-gone'])).toEqual([
      'b-4-11:00:00',
      'b-4-10:00:00',
      'b-4-09:00:00',
      'b-4-08:00:00',
    ]);
  });

  it('nothing to keep from nothing', () => {
    expect(backupsToKeep([], at(1, '12:00:00'), utcDay)).toEqual([]);
  });
});
