import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MigrationError, migrate } from './migrations';
import { rosterFileSchema } from './schemas';

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8'));

describe('migrate', () => {
  it('brings a version 0 roster (a bare array) to version 1', () => {
    const { value, fromVersion } = migrate('roster', fixture('roster-v0.json'));
    expect(fromVersion).toBe(0);
    expect(rosterFileSchema.parse(value)).toEqual({
      format: 'in-between-dealer/roster',
      version: 1,
      players: [
        { id: 'p-ann', name: 'Ann', archived: false },
        { id: 'p-bo', name: 'Bo', archived: false },
        { id: 'p-cy', name: 'Cy', archived: false },
      ],
    });
  });

  it('leaves a current document as it is', () => {
    const doc = { format: 'in-between-dealer/roster', version: 1, players: [] };
    expect(migrate('roster', doc)).toEqual({ value: doc, fromVersion: 1 });
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
