import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask, openSession, TestClock } from '../session/testing/kit';
import { decideUpdate, INITIAL_UPDATE_STATE, installedAppAt, nightIsOpen, updatesLeaveDataAlone } from './updatePolicy';

/**
 * An update replaces the app, never its data: the new version opens the data
 * folder an older one left, and its journal's upcasting carries the old
 * nights forward. fixtures/three-nights-before-journal is a folder as the
 * last version before the night journal left it, its last night still open.
 */

const FIXTURE = path.join(import.meta.dirname, '..', 'store', 'fixtures', 'three-nights-before-journal');
const EXPECTED = path.join(import.meta.dirname, '..', 'store', 'fixtures', 'three-nights-before-journal.expected.json');

let root: string;
let clock: TestClock;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-older-data-'));
  fs.cpSync(FIXTURE, path.join(root, 'data'), { recursive: true });
  clock = new TestClock();
  clock.setDay('2026-01-16');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

describe("the updated app opens an older version's data folder", () => {
  it('with every night, the open one resumed; no old file is lost (set aside at most); and no update is installed under that open night', () => {
    const dataDir = path.join(root, 'data');
    const before = filesUnder(dataDir);
    const expected = JSON.parse(fs.readFileSync(EXPECTED, 'utf8')) as { ids: string[]; openStateId: number };

    // The per-user data folder is outside what the installer replaces: the update leaves it as it was.
    const installed = installedAppAt(path.join(root, 'Programs', 'In-Between Dealer', 'In-Between Dealer.exe'), 'win32', undefined);
    expect(updatesLeaveDataAlone(dataDir, installed)).toBe(true);

    const session = openSession(dataDir, clock, 'updated');
    expect(
      ask(session, 'listNights')
        .map((night) => night.id)
        .sort(),
    ).toEqual([...expected.ids].sort());
    const view = session.getView();
    expect(view.night?.stateId).toBe(expected.openStateId);
    expect(view.storageNotices).toEqual([]);

    // Every file the older version wrote is still there, or kept beside under a new name.
    const after = filesUnder(dataDir);
    for (const file of before)
      expect(
        after.some((name) => name === file || name.startsWith(`${file}.`)),
        file,
      ).toBe(true);

    // The night it left open is open again: an update waiting is neither offered nor installed.
    expect(nightIsOpen(view)).toBe(true);
    const facts = { now: 0, checksOn: true, nightOpen: nightIsOpen(view) };
    const downloaded = decideUpdate(INITIAL_UPDATE_STATE, { type: 'downloaded', version: '9.9.9' }, facts);
    expect(downloaded.actions.filter((action) => action.type !== 'check')).toEqual([]);
    session.close();
  });
});
