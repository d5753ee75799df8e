import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laptopIdentity } from './groupFile';
import { MANIFEST_FORMAT, type Manifest } from './manifest';
import { GroupMembership } from './membership';
import { TEST_GROUP_ID, testLaptopId } from './testing/kit';

/** docs/group.md "On disk": group/group.json, written before it is held; leaving moves the group aside whole. */

let root = '';
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'group-membership-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function join(): GroupMembership {
  const me = laptopIdentity(root);
  return GroupMembership.start(root, {
    format: 'in-between-dealer/group',
    version: 1,
    groupId: TEST_GROUP_ID,
    name: 'Friday game',
    laptopId: me.laptopId,
    laptopName: me.laptopName,
    folder: null,
    laptops: [],
    peers: [],
  });
}

function manifestOf(n: number, name: string): Manifest {
  return {
    format: MANIFEST_FORMAT,
    version: 1,
    groupId: TEST_GROUP_ID,
    laptopId: testLaptopId(n),
    laptopName: name,
    writtenAt: '2026-01-02T22:00:00.000Z',
    seq: 0,
    files: {},
  };
}

describe('being in a group', () => {
  it('is read back from group/group.json, changes included; a data folder with none is in no group', () => {
    expect(GroupMembership.read(root)).toBeNull();
    join().update((file) => ({ ...file, folder: '/shared/friday' }));
    expect(GroupMembership.read(root)?.file).toMatchObject({ name: 'Friday game', folder: '/shared/friday' });
  });

  it('a laptop heard from is written down when its name changes or a minute has passed, not at every look', () => {
    const membership = join();
    const groupFile = path.join(root, 'group', 'group.json');
    membership.heard(manifestOf(1, 'Bob'), new Date('2026-01-02T22:00:00.000Z'));
    fs.utimesSync(groupFile, 0, 0);
    membership.heard(manifestOf(1, 'Bob'), new Date('2026-01-02T22:00:30.000Z'));
    expect(fs.statSync(groupFile).mtimeMs).toBe(0);
    membership.heard(manifestOf(1, 'Bobby'), new Date('2026-01-02T22:00:40.000Z'));
    expect(fs.statSync(groupFile).mtimeMs).not.toBe(0);
    expect(GroupMembership.read(root)?.file.laptops).toEqual([
      { id: testLaptopId(1), name: 'Bobby', lastHeardAt: '2026-01-02T22:00:40.000Z' },
    ]);
    expect(membership.laptopName(testLaptopId(1))).toBe('Bobby');
    expect(membership.laptopName(testLaptopId(2))).toBe(testLaptopId(2));
  });

  it('leaving moves the group folder aside whole and keeps only who this laptop is', () => {
    const membership = join();
    fs.writeFileSync(path.join(root, 'group', 'aside.json'), '{}');
    GroupMembership.leave(root, new Date('2026-01-03T10:00:00.000Z'));
    expect(GroupMembership.read(root)).toBeNull();
    expect(fs.readdirSync(path.join(root, 'group'))).toEqual(['laptop.json']);
    expect(laptopIdentity(root).laptopId).toBe(membership.laptopId);
    const left = path.join(root, 'group-left-2026-01-03T10-00-00-000Z');
    expect(fs.readdirSync(left).sort()).toEqual(['aside.json', 'group.json', 'laptop.json']);
  });
});
