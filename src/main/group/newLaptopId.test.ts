import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/sha256';
import { signerOf } from '../night';
import { nightFileName } from './manifest';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, testLaptopId, testSigner, type SharedNight } from './testing/kit';

/** docs/group.md "One id, one laptop": a new id keeps what both laptops shared with the first, and signs what it moves. */

let work = '';
let nights: SharedNight[] = [];
const NEW_ID = 'l-00000000000000ff';

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'new-laptop-id-'));
  nights = playedNights(path.join(work, 'played'), 'split', { count: 2 }).nights;
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Ann's laptop, signing, with a night shared before the split and one made after it; what the other laptop's manifest held at the split. */
function annAfterSplit(root: string) {
  const ann = testGroup(root, 0, { isOwnNight: () => true, signer: testSigner(0) });
  const [before, since] = nights.map((n) => {
    const judged = judgeNight(n.id, n.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    return judged.night;
  });
  if (!before || !since) throw new Error('two nights needed');
  ann.publishNight(before);
  const atSplit = ann.laptopFiles(ann.laptopId);
  const theirs = { ...(ann.ownManifest()?.listing.files ?? {}) };
  ann.publishNight(since);
  return { ann, atSplit, theirs, before: before.state.nightId, since: since.state.nightId };
}

describe('a new laptop id', () => {
  it('keeps the night from before the split with the first id and shares the one made since under the new id, signed with its new key: a third laptop counts both', () => {
    const { ann, atSplit, theirs, before, since } = annAfterSplit(path.join(work, 'ann'));
    const cat = testGroup(path.join(work, 'cat'), 2, { signer: testSigner(2) });
    expect(cat.receiveLaptopFiles(testLaptopId(0), atSplit, { complete: true }).nights).toEqual([before]);

    const move = ann.takeNewLaptopId(NEW_ID, theirs, signerOf(NEW_ID, sha256Hex('a new key')));
    expect(move).toEqual({ laptopId: NEW_ID, formerId: testLaptopId(0), moved: [nightFileName(since)] });
    expect(ann.laptopId).toBe(NEW_ID);
    expect(ann.file.formerLaptopIds).toEqual([testLaptopId(0)]);
    expect(Object.keys(ann.ownManifest()?.listing.files ?? {})).toEqual([nightFileName(since)]);
    expect(ann.heldUnderFormerId(nightFileName(before))).toBe(true);
    expect(ann.heldUnderFormerId(nightFileName(since))).toBe(false);

    const report = cat.receiveLaptopFiles(NEW_ID, ann.laptopFiles(NEW_ID), { complete: true });
    expect(report.setAside).toEqual([]);
    expect(report.nights).toEqual([since]);
    expect(cat.writerOf(before)).toBe(testLaptopId(0));
    expect(cat.writerOf(since)).toBe(NEW_ID);
  });
});
