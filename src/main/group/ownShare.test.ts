import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/sha256';
import { GroupDocs, type SharedHistory } from './groupDocs';
import { testGroup, testLaptopId } from './testing/kit';

/** docs/group.md "On disk": this laptop's own subfolder, each file written whole before the manifest that lists it. */

let work = '';
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-own-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const ann = { id: 'p-ann', name: 'Ann', colour: '#112233', initials: 'AN', archived: false };
const local = (paid: string[] = []): SharedHistory => ({ roster: [ann], merges: [], paid, modes: {}, details: {} });

describe('this laptop’s share', () => {
  it('the group documents are written, then listed with their length and sha256; recording the same again writes nothing', () => {
    const group = testGroup(path.join(work, 'ann'), 0);
    expect(group.publishShared(local(['n1:p-bob>p-ann']))).toBe(true);
    const own = group.ownManifest();
    const docs = group.readHeld(group.laptopId, 'docs.yjs');
    expect(own?.listing.files['docs.yjs']).toEqual({ bytes: docs?.byteLength, sha256: sha256Hex(docs ?? new Uint8Array()) });
    expect(group.publishShared(local(['n1:p-bob>p-ann']))).toBe(false);
    expect(group.ownManifest()?.bytes).toEqual(own?.bytes);
  });

  it('what another laptop’s documents brought is in this laptop’s own copy at its next record, though nothing of its own changed', () => {
    const annGroup = testGroup(path.join(work, 'ann'), 0);
    annGroup.publishShared(local(['n1:p-bob>p-ann']));
    const bob = testGroup(path.join(work, 'bob'), 1);
    bob.publishShared(local());
    expect(bob.receiveLaptopFiles(testLaptopId(0), annGroup.laptopFiles(annGroup.laptopId), { complete: true }).docsChanged).toBe(true);
    expect(bob.publishShared(local(['n1:p-bob>p-ann']))).toBe(false);
    const copy = new GroupDocs();
    copy.applyUpdate(bob.readHeld(bob.laptopId, 'docs.yjs') ?? new Uint8Array());
    expect(copy.read().paid).toEqual(['n1:p-bob>p-ann']);
  });
});
