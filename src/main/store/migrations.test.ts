import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MigrationError, migrate } from './migrations';
import { rosterFileSchema } from './schemas';

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8'));

describe('migrate', () => {
  it('brings a version 0 roster (a bare array) to the current version', () => {
    const { value, fromVersion } = migrate('roster', fixture('roster-v0.json'));
    expect(fromVersion).toBe(0);
    expect(rosterFileSchema.parse(value)).toEqual({
      format: 'in-between-dealer/roster',
      version: 2,
      players: [
        { id: 'p-ann', name: 'Ann', colour: '#e6194b', initials: 'AN', archived: false },
        { id: 'p-bo', name: 'Bo', colour: '#3cb44b', initials: 'BO', archived: false },
        { id: 'p-cy', name: 'Cy', colour: '#ffe119', initials: 'CY', archived: false },
      ],
    });
  });

  it('brings a version 1 roster to version 2: palette colour by position, initials from the name (fixture)', () => {
    const { value, fromVersion } = migrate('roster', fixture('roster-v1.json'));
    expect(fromVersion).toBe(1);
    expect(rosterFileSchema.parse(value).players).toEqual([
      { id: 'p-ana', name: 'Ana Lopez', colour: '#e6194b', initials: 'AL', archived: false },
      { id: 'p-leo', name: 'Leo', colour: '#3cb44b', initials: 'LE', archived: true },
      { id: 'p-zoe', name: 'zoë', colour: '#ffe119', initials: 'ZO', archived: false },
    ]);
  });

  it('refuses a version 1 roster whose player has no name', () => {
    expect(() => migrate('roster', { format: 'in-between-dealer/roster', version: 1, players: [{ id: 'a' }] })).toThrow(
      /player 0 of the version 1 roster has no name/,
    );
  });

  it('leaves a current document as it is', () => {
    const doc = { format: 'in-between-dealer/roster', version: 2, players: [] };
    expect(migrate('roster', doc)).toEqual({ value: doc, fromVersion: 2 });
  });

  it('refuses a version 0 roster entry without a name', () => {
    expect(() => migrate('roster', [{ id: 'a', name: 'Ann' }, { id: 'b' }])).toThrow(/player 1 of the version 0 roster/);
  });

  it('refuses a file of another format, a newer version or no version', () => {
    expect(() => migrate('roster', { format: 'in-between-dealer/settings', version: 1 })).toThrow(
      /expected format "in-between-dealer\/roster", found "in-between-dealer\/settings"/,
    );
    expect(() => migrate('night', { format: 'in-between-dealer/night', version: 7 })).toThrow(/newer version of the app/);
    expect(() => migrate('settings', { format: 'in-between-dealer/settings' })).toThrow(/version must be a whole number/);
    expect(() => migrate('settings', [])).toThrow(MigrationError);
  });

  it('refuses an old version with no migration', () => {
    expect(() => migrate('nights', { format: 'in-between-dealer/nights', version: 0 })).toThrow(/no migration from version 0/);
  });
});
