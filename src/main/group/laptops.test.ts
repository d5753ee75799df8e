import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laptopStatement, newKeyPair, signerOf } from '../night';
import type { GroupDocs, SharedHistory } from './groupDocs';
import type { GroupHistory } from './groupHistory';
import { readGroupFile } from './groupFile';
import { folderSigner } from './testing/context';
import { TEST_GROUP_ID, testGroup, testLaptopId } from './testing/kit';

/**
 * docs/group.md "Names people know" and "The laptops map": each laptop signs
 * its own name and key into the group documents; every other laptop shows
 * that name, even one that never heard from it but through a third; and an
 * entry another member wrote for it (a rename, a key of its own) is ignored.
 */

const NOTHING: SharedHistory = { roster: [], merges: [], paid: [], modes: {}, details: {} };
let work = '';
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-laptops-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** Laptop `n` of the test group on its own data folder, signing with the key kept there (as the session's), its first share recorded. */
function laptop(n: number, name = `laptop-${n}`): GroupHistory {
  const root = path.join(work, name);
  const group = testGroup(root, n, { signer: folderSigner(root, testLaptopId(n)) });
  group.publishShared(NOTHING);
  return group;
}

/** `to` takes in everything `from` holds of `laptopId` (its own files, by default), as the LAN hands them over. */
function hand(from: GroupHistory, to: GroupHistory, laptopId = from.laptopId): void {
  const report = to.receiveLaptopFiles(laptopId, from.laptopFiles(laptopId), { complete: true });
  expect(report.setAside).toEqual([]);
}

/** What a member's code may do to its own copy of the documents (Yjs lets anyone write any key). */
function docsOf(group: GroupHistory): GroupDocs {
  return (group as unknown as { parts: { docs: GroupDocs } }).parts.docs;
}

/** A member's forged documents written to its share, as its own code would. */
function shareForged(group: GroupHistory): void {
  (group as unknown as { parts: { share: { docsMergedIn(): void } } }).parts.share.docsMergedIn();
  group.publishShared(NOTHING);
}

describe("a laptop's name across the group", () => {
  it('renamed on one laptop, it shows on a second that hears it and on a third that hears only the second', () => {
    const ann = laptop(0);
    const bob = laptop(1);
    const cat = laptop(2);
    hand(ann, bob);
    expect(bob.laptopName(ann.laptopId)).toBe('Laptop 0');

    ann.rename('Kitchen laptop');
    ann.publishShared(NOTHING);
    // The owner's files say it at once: group.json, laptop.json and the manifest it shares.
    expect(ann.file.laptopName).toBe('Kitchen laptop');
    expect(ann.ownManifest()?.listing.laptopName).toBe('Kitchen laptop');
    expect(JSON.parse(fs.readFileSync(path.join(work, 'laptop-0', 'group', 'laptop.json'), 'utf8')).laptopName).toBe('Kitchen laptop');

    hand(ann, bob);
    bob.publishShared(NOTHING);
    expect(bob.laptopName(ann.laptopId)).toBe('Kitchen laptop');
    // Cat never hears from Ann: Bob's documents carry Ann's signed entry.
    hand(bob, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Kitchen laptop');
    expect(cat.knownLaptops().get(ann.laptopId)).toEqual({
      name: 'Kitchen laptop',
      publicKey: ann.knownLaptops().get(ann.laptopId)?.publicKey,
    });
    // Kept in Cat's group.json, with the key pinned at first sight: the group screen lists Ann, known by name only.
    const key = expect.stringMatching(/^[0-9a-f]{64}$/);
    expect(readGroupFile(path.join(work, 'laptop-2'))?.laptops).toEqual([
      { id: ann.laptopId, name: 'Kitchen laptop', lastHeardAt: null, publicKey: key, keyFrom: 'member' },
      { id: bob.laptopId, name: 'Laptop 1', lastHeardAt: expect.any(String), publicKey: key, keyFrom: 'itself' },
    ]);
  });

  it('the same key signs after a restart: a laptop opened again is not a new laptop to the group', () => {
    const ann = laptop(0);
    const key = ann.knownLaptops().get(ann.laptopId)?.publicKey;
    const again = testGroup(path.join(work, 'laptop-0'), 0, { signer: folderSigner(path.join(work, 'laptop-0')) });
    again.publishShared(NOTHING);
    expect(again.knownLaptops().get(ann.laptopId)?.publicKey).toBe(key);
  });
});

describe('an entry for another laptop, written by a member', () => {
  it('is ignored: neither a name changed under its signature nor a key of the forger’s own renames or re-keys it', () => {
    const ann = laptop(0);
    const cat = laptop(2);
    hand(ann, cat);
    const annKey = cat.knownLaptops().get(ann.laptopId)?.publicKey as string;
    expect(annKey).toMatch(/^[0-9a-f]{64}$/);

    // Mallory (laptop 3) took Ann's documents in, then wrote over Ann's entry: her name under Ann's old signature...
    const mallory = laptop(3, 'mallory');
    hand(ann, mallory);
    const laptops = docsOf(mallory).doc.getMap('laptops');
    const annEntry = laptops.get(ann.laptopId) as { name: string; publicKey: string; signature: string };
    laptops.set(ann.laptopId, { ...annEntry, name: 'Mallory was here' });
    shareForged(mallory);
    hand(mallory, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Laptop 0');
    expect(cat.knownLaptops().has(ann.laptopId)).toBe(false);

    // ...then a key of her own, well signed, for Ann's id: the group holds another key for Ann.
    const forged = signerOf(ann.laptopId, newKeyPair().privateKey);
    const statement = laptopStatement(TEST_GROUP_ID, ann.laptopId, 'Not Ann', forged.publicKey);
    laptops.set(ann.laptopId, { name: 'Not Ann', publicKey: forged.publicKey, signature: forged.sign(statement) });
    shareForged(mallory);
    hand(mallory, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Laptop 0');
    expect(readGroupFile(path.join(work, 'laptop-2'))?.laptops.find((l) => l.id === ann.laptopId)?.publicKey).toBe(annKey);

    // Ann takes Mallory's documents in and signs her entry again; her later write wins on every laptop.
    hand(mallory, ann);
    ann.publishShared(NOTHING);
    hand(ann, cat);
    expect(cat.knownLaptops().get(ann.laptopId)).toEqual({ name: 'Laptop 0', publicKey: annKey });
  });

  it('believed while the laptop is known only through the forger, it gives way once the laptop’s own files arrive', () => {
    const ann = laptop(0);
    const mallory = laptop(3, 'mallory');
    const forged = signerOf(ann.laptopId, newKeyPair().privateKey);
    const statement = laptopStatement(TEST_GROUP_ID, ann.laptopId, 'Not Ann', forged.publicKey);
    docsOf(mallory)
      .doc.getMap('laptops')
      .set(ann.laptopId, { name: 'Not Ann', publicKey: forged.publicKey, signature: forged.sign(statement) });
    shareForged(mallory);
    const cat = laptop(2);
    hand(mallory, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Not Ann');
    // Ann's own subfolder (here handed on by Mallory's own laptop as any paired laptop would) carries the entry she signed.
    hand(ann, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Laptop 0');
    expect(readGroupFile(path.join(work, 'laptop-2'))?.laptops.find((l) => l.id === ann.laptopId)).toMatchObject({
      publicKey: ann.knownLaptops().get(ann.laptopId)?.publicKey,
      keyFrom: 'itself',
    });
    // Mallory's copy, taken in again, changes nothing now.
    shareForged(mallory);
    hand(mallory, cat);
    expect(cat.laptopName(ann.laptopId)).toBe('Laptop 0');
  });

  it('copied from another group, or signed for another laptop, it does not verify', () => {
    const ann = laptop(0);
    const entry = docsOf(ann).signedLaptops(TEST_GROUP_ID).get(ann.laptopId);
    expect(entry).toBeDefined();
    expect(docsOf(ann).signedLaptops('g-00000000000000bb').size).toBe(0);
    const copied = docsOf(ann).doc.getMap('laptops');
    copied.set(testLaptopId(5), entry);
    expect([...docsOf(ann).signedLaptops(TEST_GROUP_ID).keys()]).toEqual([ann.laptopId]);
  });
});
