import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLocation, startAfterLostPointer, withDataPointer } from './dataLocation';
import { pointerProblem, pointToDataFolder, pointToMovedData, readPointer, setOldDataAside } from './dataMove';

let work = '';
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-pointer-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the data folder after a move from the console', () => {
  it('the app opens the new folder from then on, and sets the old one aside once, never deleting it', () => {
    const userData = path.join(work, 'userData');
    const old = path.join(userData, 'data');
    const moved = path.join(work, 'elsewhere');
    fs.mkdirSync(old, { recursive: true });
    fs.writeFileSync(path.join(old, 'roster.json'), '{}');
    pointToMovedData(userData, old, moved);

    const base = dataLocation({ argv: ['dealer'], execPath: '/opt/dealer/dealer', env: {}, userData, exists: () => false });
    expect(withDataPointer(base, readPointer(userData))).toMatchObject({ dataDir: moved, how: 'moved' });
    // --data-dir still decides.
    const chosen = dataLocation({
      argv: ['dealer', '--data-dir=/srv/d'],
      execPath: '/opt/dealer/dealer',
      env: {},
      userData,
      exists: () => false,
    });
    expect(withDataPointer(chosen, readPointer(userData)).dataDir).toBe(path.resolve('/srv/d'));

    // Never the folder in use.
    expect(setOldDataAside(userData, old, new Date('2026-03-06T20:00:00Z'))).toBeNull();
    expect(fs.existsSync(old)).toBe(true);

    const aside = setOldDataAside(userData, moved, new Date('2026-03-06T20:00:00Z'));
    expect(aside).toBe(`${old}.moved-2026-03-06T20-00-00-000Z`);
    expect(fs.readFileSync(path.join(aside ?? '', 'roster.json'), 'utf8')).toBe('{}');
    expect(setOldDataAside(userData, moved, new Date())).toBeNull();
    expect(readPointer(userData)).toEqual({ dataDir: moved });
  });

  it('an unreadable pointer leaves the data where it was', () => {
    fs.writeFileSync(path.join(work, 'data-location.json'), 'not json');
    expect(readPointer(work)).toBeNull();
  });

  for (const damage of ['deleted', 'truncated'] as const) {
    it(`after a completed move, the pointer ${damage}: the app starts on the moved folder and asks, naming both folders`, () => {
      const userData = path.join(work, 'userData');
      const old = path.join(userData, 'data');
      const moved = path.join(work, 'elsewhere');
      fs.mkdirSync(old, { recursive: true });
      fs.mkdirSync(moved, { recursive: true });
      pointToMovedData(userData, old, moved);
      setOldDataAside(userData, moved, new Date('2026-03-06T20:00:00Z'));
      const pointer = path.join(userData, 'data-location.json');
      if (damage === 'deleted') fs.rmSync(pointer);
      else fs.writeFileSync(pointer, fs.readFileSync(pointer, 'utf8').slice(0, 9));

      const base = dataLocation({ argv: ['dealer'], execPath: '/opt/dealer/dealer', env: {}, userData, exists: () => false });
      const start = startAfterLostPointer(base, pointerProblem(userData), fs.existsSync);
      expect(start).toEqual({
        location: { dataDir: moved, userData: null, how: 'moved' },
        choice: { pointer, inUse: moved, other: old },
      });
      // The host keeps the moved folder: the pointer is whole again and nothing is asked at the next start.
      pointToDataFolder(userData, moved);
      expect(readPointer(userData)).toEqual({ dataDir: moved });
      expect(pointerProblem(userData)).toBeNull();
    });
  }

  it('the moved folder gone too: the app starts where it would without a pointer, and still names the other folder', () => {
    const userData = path.join(work, 'userData');
    pointToMovedData(userData, path.join(userData, 'data'), path.join(work, 'unplugged'));
    fs.rmSync(path.join(userData, 'data-location.json'));
    const base = dataLocation({ argv: ['dealer'], execPath: '/opt/dealer/dealer', env: {}, userData, exists: () => false });
    const start = startAfterLostPointer(base, pointerProblem(userData), fs.existsSync);
    expect(start.location).toEqual(base);
    expect(start.choice).toMatchObject({ inUse: base.dataDir, other: path.join(work, 'unplugged') });
    // --data-dir decides without asking.
    const chosen = dataLocation({ argv: ['dealer', '--data-dir=/srv/d'], execPath: '/x', env: {}, userData, exists: () => false });
    expect(startAfterLostPointer(chosen, pointerProblem(userData), fs.existsSync).choice).toBeNull();
  });
});
