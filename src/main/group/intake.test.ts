import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupHistory } from './groupHistory';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, testLaptopId, type SharedNight } from './testing/kit';
import { testContext } from './testing/context';

/** docs/group.md "The way in": a night reopened by its writer (R33) is taken only as a copy that extends the one held. */

let work = '';
let reopened: SharedNight;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-history-'));
  const played = playedNights(path.join(work, 'played'), 'reopen', { count: 1, reopenFirst: true });
  reopened = played.nights[0] as SharedNight;
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Ann's laptop (laptop 0) sharing one version of the night; its files as a transport hands them over. */
function annSharing(version: Buffer, root: string): Map<string, Uint8Array> {
  const ann = testGroup(root, 0, { isOwnNight: () => true });
  const judged = judgeNight(reopened.id, version);
  if (!judged.ok) throw new Error(judged.reason);
  ann.publishNight(judged.night);
  return ann.laptopFiles(ann.laptopId);
}

describe('a night reopened and ended again by its writer (R33)', () => {
  it('R33: the copy that extends the one held replaces it; the night shows its new turns', () => {
    const bob = testGroup(path.join(work, 'bob-extends'), 1);
    const [first, second] = reopened.versions as [Buffer, Buffer];
    bob.receiveLaptopFiles(testLaptopId(0), annSharing(first, path.join(work, 'ann-1')), { complete: true });
    const turnsBefore = bob.groupNights()[0]?.summary.turns ?? 0;
    const report = bob.receiveLaptopFiles(testLaptopId(0), annSharing(second, path.join(work, 'ann-1')), { complete: true });
    expect(report.nights).toEqual([reopened.id]);
    expect(report.setAside).toEqual([]);
    expect(bob.groupNights()[0]?.summary.turns).toBeGreaterThan(turnsBefore);
  });

  it('R33: a copy that does not extend the one held is set aside with a notice naming the laptop; the night held stays', () => {
    const bobRoot = path.join(work, 'bob-shrinks');
    const bob = testGroup(bobRoot, 1);
    const [first, second] = reopened.versions as [Buffer, Buffer];
    bob.receiveLaptopFiles(testLaptopId(0), annSharing(second, path.join(work, 'ann-2')), { complete: true });
    const held = bob.groupNights()[0]?.summary;
    // The first copy, shorter than the one held, as if the night had been cut back.
    const report = bob.receiveLaptopFiles(testLaptopId(0), annSharing(first, path.join(work, 'ann-3')), { complete: true });
    expect(report.nights).toEqual([]);
    expect(report.setAside.map((s) => [s.laptop, s.reason])).toEqual([
      ['Laptop 0', expect.stringMatching(/does not extend the copy of night .* held here/)],
    ]);
    expect(bob.groupNights()[0]?.summary).toEqual(held);
    // Started again, the laptop still counts the copy it held.
    const again = GroupHistory.open(testContext(bobRoot));
    expect(again?.groupNights()[0]?.summary).toEqual(held);
  });
});
