import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chipValueToMinorUnits, MigrationError, migrate } from './migrations';
import { nightFileSchema, nightPartFileSchema, nightsFileSchema, rosterFileSchema, settingsFileSchema } from './schemas';

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

describe('money in minor units (M1)', () => {
  it('M1: converts an old chip value in major units to minor units of its currency, without binary noise', () => {
    expect(chipValueToMinorUnits(0.25, 'EUR')).toBe(25);
    expect(chipValueToMinorUnits(0.29, 'EUR')).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(chipValueToMinorUnits(1.005, '')).toBe(101); // 100.49999999999999 in binary: a naive round gives 100
    expect(chipValueToMinorUnits(0, '')).toBe(0);
    expect(chipValueToMinorUnits(500, 'JPY')).toBe(500);
    expect(chipValueToMinorUnits(1.5, 'KWD')).toBe(1500);
    expect(chipValueToMinorUnits(0.125, 'EUR')).toBe(13); // finer than a cent: the nearest cent, halves up
    expect(chipValueToMinorUnits(-1.74, 'EUR')).toBe(-174);
    expect(() => chipValueToMinorUnits(Number.NaN, 'EUR')).toThrow(MigrationError);
  });

  it('M1: version 1 settings (fixture) keep the last chip value in minor units', () => {
    const { value, fromVersion } = migrate('settings', fixture('data-before-minor-units/settings.json'));
    expect(fromVersion).toBe(1);
    const settings = settingsFileSchema.parse(value);
    expect(settings.version).toBe(2);
    expect(settings.lastSetup?.chipValue).toBe(29);
    expect(settings.lastSetup?.currency).toBe('EUR');
    expect(settings.nextCarry).toBe(9);
  });

  it('M1: a version 1 nights index (fixture) has chip values and results in minor units, exactly net chips x chip value', () => {
    const { value, fromVersion } = migrate('nights', fixture('data-before-minor-units/nights-index.json'));
    expect(fromVersion).toBe(1);
    const [night] = nightsFileSchema.parse(value).nights;
    expect(night?.chipValue).toBe(29);
    expect(night?.results.map((r) => [r.netChips, r.netMoney])).toEqual([
      [-6, -174],
      [-3, -87],
      [0, 0],
    ]);
  });

  it('M1: version 2 night heads and version 1 night parts (fixture) carry the chip value in minor units', () => {
    const head = migrate('night', fixture('data-before-minor-units/nights/2026-11-20-d4d209.json'));
    const part = migrate('nightPart', fixture('data-before-minor-units/night-parts/2026-11-20-d4d209-0001.json'));
    expect([head.fromVersion, part.fromVersion]).toEqual([2, 1]);
    expect(nightFileSchema.parse(head.value).version).toBe(3);
    const started = nightPartFileSchema.parse(part.value).events.find((e) => e.type === 'night-started');
    expect(started).toMatchObject({ chipValue: 29, currency: 'EUR' });
    // Everything else in the night is kept as it was.
    const before = fixture('data-before-minor-units/night-parts/2026-11-20-d4d209-0001.json') as { events: unknown[] };
    expect((part.value as { events: unknown[] }).events.slice(2)).toEqual(before.events.slice(2));
  });
});
