import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLocation, withDataPointer } from './dataLocation';
import { pointToMovedData, readPointer, setOldDataAside } from './dataMove';

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
});
