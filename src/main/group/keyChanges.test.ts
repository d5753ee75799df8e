import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/sha256';
import { signerOf } from '../night';
import { GroupHistory } from './groupHistory';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, testLaptopId, testSigner, type SharedNight } from './testing/kit';

/**
 * docs/group.md "Keys that change": a laptop hands over to a new key (the old one signs the hand-over), or loses its
 * key (a member trusts the new one, which revokes the old for the whole group). Either way the group goes on, and a
 * stranger cannot revoke anyone's key.
 */

let work = '';
let nights: SharedNight[] = [];

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'key-changes-'));
  nights = playedNights(path.join(work, 'played'), 'keys', { count: 2 }).nights;
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function share(group: GroupHistory, k: number): void {
  const judged = judgeNight(nights[k]?.id as string, nights[k]?.versions[0] as Buffer);
  if (!judged.ok) throw new Error(judged.reason);
  group.publishNight(judged.night);
}

/** Ann's laptop (laptop 0) again on its data folder, signing with `seed`'s key (another key than before: lost, or rotated). */
function annAgain(root: string, seed: string): GroupHistory {
  const signer = signerOf(testLaptopId(0), sha256Hex(seed));
  const again = GroupHistory.open({ dataRoot: root, now: () => new Date(), isOwnNight: () => true, signer });
  if (!again) throw new Error('no group');
  return again;
}

describe('keys that change (R35)', () => {
  it('R35: a laptop that hands over to a new key is followed by the others without a question; its nights stay and new ones count', () => {
    const annRoot = path.join(work, 'ann-rotates');
    const ann = testGroup(annRoot, 0, { isOwnNight: () => true, signer: testSigner(0) });
    share(ann, 0);
    const bob = testGroup(path.join(work, 'bob-rotation'), 1, { signer: testSigner(1) });
    bob.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true });
    expect(ann.rotateKey(signerOf(testLaptopId(0), sha256Hex('next key')))).toBe(true);
    share(ann, 1);
    const report = bob.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true });
    expect(report.setAside).toEqual([]);
    expect(bob.groupNights().map((n) => [n.summary.id, n.signed])).toEqual(nights.map((n) => [n.id, true]));
    expect(bob.keyChanges()).toEqual([]);
  });

  it('R35: a laptop that lost its key is refused until a member trusts its new key; the revocation reaches a third laptop, which follows', () => {
    const annRoot = path.join(work, 'ann-loses');
    const ann = testGroup(annRoot, 0, { isOwnNight: () => true, signer: testSigner(0) });
    share(ann, 0);
    const bob = testGroup(path.join(work, 'bob-trusts'), 1, { signer: testSigner(1) });
    const cy = testGroup(path.join(work, 'cy-follows'), 2, { signer: testSigner(2) });
    for (const laptop of [bob, cy]) laptop.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true });
    bob.publishShared(bob.shared());
    cy.receiveLaptopFiles(testLaptopId(1), bob.laptopFiles(testLaptopId(1)), { complete: true });
    // Ann's key is lost: her laptop signs with a new one, with no hand-over.
    const lost = annAgain(annRoot, 'a new key after the old was lost');
    share(lost, 1);
    const refused = bob.receiveLaptopFiles(testLaptopId(0), lost.laptopFiles(testLaptopId(0)), { complete: true });
    expect(refused.setAside.map((s) => s.reason)).toEqual([
      expect.stringMatching(/not the one this group holds for Laptop 0.*a key it lost/),
    ]);
    expect(bob.keyChanges()).toEqual([{ laptopId: testLaptopId(0), laptop: 'Laptop 0', publicKey: expect.any(String) }]);
    expect(bob.trustKey(testLaptopId(0))).toBe(true);
    expect(bob.receiveLaptopFiles(testLaptopId(0), lost.laptopFiles(testLaptopId(0)), { complete: true }).nights).toEqual([nights[1]?.id]);
    // Cy never answered a question: Bob's revocation of the lost key, in the group documents, is enough.
    bob.publishShared(bob.shared());
    cy.receiveLaptopFiles(testLaptopId(1), bob.laptopFiles(testLaptopId(1)), { complete: true });
    const cyReport = cy.receiveLaptopFiles(testLaptopId(0), lost.laptopFiles(testLaptopId(0)), { complete: true });
    expect(cyReport.setAside).toEqual([]);
    expect(cy.groupNights().map((n) => n.summary.id)).toEqual(nights.map((n) => n.id));
  });

  it('R35: a revocation signed by a laptop the group holds no key for is not heard', () => {
    const annRoot = path.join(work, 'ann-stranger');
    const ann = testGroup(annRoot, 0, { isOwnNight: () => true, signer: testSigner(0) });
    share(ann, 0);
    const bob = testGroup(path.join(work, 'bob-stranger'), 1, { signer: testSigner(1) });
    bob.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true });
    // Mallory, a laptop Bob has never heard from, writes a revocation of Ann's key into documents Bob merges.
    const mallory = testGroup(path.join(work, 'mallory'), 7, { signer: testSigner(7) });
    mallory.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true });
    const forger = annAgain(annRoot, 'the forger');
    share(forger, 1);
    mallory.receiveLaptopFiles(testLaptopId(0), forger.laptopFiles(testLaptopId(0)), { complete: true });
    expect(mallory.trustKey(testLaptopId(0))).toBe(true);
    mallory.publishShared(mallory.shared());
    // Cy merges Mallory's documents, revocation included; Bob merges Cy's, never having heard from Mallory.
    const cy = testGroup(path.join(work, 'cy-stranger'), 2, { signer: testSigner(2) });
    cy.receiveLaptopFiles(testLaptopId(7), mallory.laptopFiles(testLaptopId(7)), { complete: true });
    cy.publishShared(cy.shared());
    expect(bob.receiveLaptopFiles(testLaptopId(2), cy.laptopFiles(testLaptopId(2)), { complete: true }).docsChanged).toBe(true);
    const report = bob.receiveLaptopFiles(testLaptopId(0), forger.laptopFiles(testLaptopId(0)), { complete: true });
    expect(report.setAside.map((s) => s.reason)).toEqual([expect.stringMatching(/not the one this group holds for Laptop 0/)]);
  });
});
