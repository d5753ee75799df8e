import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SharedHistory } from './groupDocs';
import { FolderReader, STUCK_AFTER_MS } from './groupFolder';
import { manifestBytes, parseManifest } from './manifest';
import { publishToFolder } from './ownFolderCopy';
import { testGroup, testLaptopId } from './testing/kit';

/** docs/group.md: a laptop repairs its own files in the group folder; one id, one laptop; a copy stuck is reported. */

let work = '';
let folder = '';
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-own-copy-'));
  folder = path.join(work, 'shared');
  fs.mkdirSync(folder);
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const ann = { id: 'p-ann', name: 'Ann', colour: '#112233', initials: 'AN', archived: false };
const local = (paid: string[] = []): SharedHistory => ({ roster: [ann], merges: [], paid, modes: {}, details: {} });

function readManifest(laptopId: string) {
  const parsed = parseManifest(fs.readFileSync(path.join(folder, laptopId, 'manifest.json')));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.manifest;
}

describe('this laptop’s files in the group folder', () => {
  it('each manifest it writes has a seq one higher; a manifest written before seq existed reads as seq 0', () => {
    const group = testGroup(path.join(work, 'ann'), 0);
    group.publishShared(local(['t1']));
    const first = group.ownManifest()?.listing.seq ?? -1;
    group.publishShared(local(['t1', 't2']));
    expect(group.ownManifest()?.listing.seq).toBe(first + 1);
    const { seq: _seq, ...older } = group.ownManifest()?.listing ?? { seq: 0 };
    const parsed = parseManifest(Buffer.from(JSON.stringify(older)));
    expect(parsed.ok && parsed.manifest.seq).toBe(0);
  });

  it('a file of its own cut in the folder, its manifest unchanged, is written again at the next look; nothing is written when all is whole', () => {
    const group = testGroup(path.join(work, 'ann'), 0);
    group.publishShared(local(['t1']));
    expect(publishToFolder(group, folder, true).wrote).toBe(true);
    const docs = path.join(folder, group.laptopId, 'docs.yjs');
    const whole = fs.readFileSync(docs);
    const manifest = fs.readFileSync(path.join(folder, group.laptopId, 'manifest.json'));
    expect(publishToFolder(group, folder).wrote).toBe(false);
    fs.writeFileSync(docs, whole.subarray(0, 10));
    expect(publishToFolder(group, folder)).toEqual({ wrote: true, otherWriter: null });
    expect(fs.readFileSync(docs)).toEqual(whole);
    expect(fs.readFileSync(path.join(folder, group.laptopId, 'manifest.json'))).toEqual(manifest);
    fs.rmSync(docs);
    expect(publishToFolder(group, folder).wrote).toBe(true);
    expect(fs.readFileSync(docs)).toEqual(whole);
  });

  it('a file of its own changed in place at its own length is found by the whole read of the start, not by the lengths of each look', () => {
    const group = testGroup(path.join(work, 'ann'), 0);
    group.publishShared(local(['t1']));
    publishToFolder(group, folder, true);
    const docs = path.join(folder, group.laptopId, 'docs.yjs');
    const whole = fs.readFileSync(docs);
    const changed = Buffer.from(whole);
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 0xff, changed.length - 1);
    fs.writeFileSync(docs, changed);
    expect(publishToFolder(group, folder).wrote).toBe(false);
    expect(publishToFolder(group, folder, true).wrote).toBe(true);
    expect(fs.readFileSync(docs)).toEqual(whole);
  });

  it('its own id’s manifest there written by another laptop (seq as high, other bytes) is told and not written over; an older one is repaired', () => {
    const group = testGroup(path.join(work, 'ann'), 0);
    group.publishShared(local(['t1']));
    group.publishShared(local(['t1', 't2']));
    publishToFolder(group, folder, true);
    const own = readManifest(group.laptopId);
    const there = path.join(folder, group.laptopId, 'manifest.json');
    // Another laptop with this id wrote its own manifest, as far along as this one.
    const other = { ...own, writtenAt: '2026-03-01T21:00:00.000Z', files: {} };
    fs.writeFileSync(there, manifestBytes(other));
    const check = publishToFolder(group, folder);
    expect(check.wrote).toBe(false);
    expect(check.otherWriter?.writtenAt).toBe('2026-03-01T21:00:00.000Z');
    expect(readManifest(group.laptopId).files).toEqual({});
    // A sync tool late with a copy this laptop wrote before: written over with this laptop's.
    fs.writeFileSync(there, manifestBytes({ ...other, seq: own.seq - 1 }));
    expect(publishToFolder(group, folder)).toEqual({ wrote: true, otherWriter: null });
    expect(readManifest(group.laptopId)).toEqual(own);
  });
});

describe('a laptop’s copy stuck in the group folder', () => {
  it('files unlike their manifest for 10 minutes are reported by the laptop’s name and the time it began, until the copy is whole', () => {
    let now = Date.parse('2026-03-06T21:04:00.000Z');
    const clock = () => new Date(now);
    const bob = testGroup(path.join(work, 'bob'), 1, { now: clock });
    bob.publishShared(local(['t1']));
    publishToFolder(bob, folder, true);
    const docs = path.join(folder, bob.laptopId, 'docs.yjs');
    const whole = fs.readFileSync(docs);
    fs.writeFileSync(docs, whole.subarray(0, 5));
    const ann = testGroup(path.join(work, 'ann'), 0, { now: clock });
    const reader = new FolderReader(ann, folder);
    expect(reader.readAll()[0]?.waiting).toEqual(['docs.yjs']);
    expect(reader.stuck()).toEqual([]);
    now += STUCK_AFTER_MS - 1000;
    reader.readAll();
    expect(reader.stuck()).toEqual([]);
    now += 1000;
    reader.readAll();
    expect(reader.stuck()).toEqual([{ laptopId: testLaptopId(1), laptop: 'Laptop 1', since: '2026-03-06T21:04:00.000Z' }]);
    fs.writeFileSync(docs, whole);
    reader.readAll();
    expect(reader.stuck()).toEqual([]);
  });
});
