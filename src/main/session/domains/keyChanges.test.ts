import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NightExport as NightExportFile } from '../../night';
import type { GameSession } from '../gameSession';
import { checkNight } from '../../../checker';
import { currentNight, ok, playTurns, run, startNight, TestLaptops, groupOf } from '../testing/kit';

/**
 * docs/group.md "Keys that change", through the one door: K gives this laptop a new key (its old one signs the
 * hand-over: the others follow by themselves), T trusts the new key of a laptop that lost its own (the old one is
 * revoked for the whole group).
 */

let laptops: TestLaptops;
beforeEach(() => {
  laptops = new TestLaptops();
});
afterEach(() => laptops.dispose());

async function twoLaptops(): Promise<[GameSession, GameSession]> {
  const ann = laptops.laptop('ann');
  ok(ann.runNow('groupCreate', { name: 'Friday game' }));
  ok(ann.runNow('groupSetFolder', { path: laptops.folder }));
  const bob = laptops.laptop('bob');
  ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
  for (const laptop of [ann, bob, ann, bob]) await laptop.lookAtGroupFolder();
  return [ann, bob];
}

describe('keys that change, from the console', () => {
  it('R35: K hands this laptop over to a new key; the other laptop follows with nothing set aside and no question', async () => {
    const [ann, bob] = await twoLaptops();
    const keyFile = path.join(laptops.base, 'ann', 'laptop-key');
    const before = fs.readFileSync(keyFile, 'utf8');
    ok(ann.runNow('rotateLaptopKey', {}));
    expect(fs.readFileSync(keyFile, 'utf8')).not.toBe(before);
    await bob.lookAtGroupFolder();
    expect(groupOf(bob.getView()).setAside).toEqual([]);
    expect(groupOf(bob.getView()).keyChanges).toEqual([]);
  });

  it('R35: a laptop whose key was lost is named on the other console until its host trusts the new key; then nothing more is set aside', async () => {
    const [ann, bob] = await twoLaptops();
    const annId = groupOf(ann.getView()).laptopId;
    laptops.quit(ann);
    fs.rmSync(path.join(laptops.base, 'ann', 'laptop-key'));
    const again = laptops.laptop('ann');
    // The lost key is told on Ann's console; her next share is signed with the new one.
    expect(again.getView().storageNotices.map((n) => n.reason)).toContainEqual(expect.stringMatching(/signing key is gone/));
    ok(again.runNow('renameLaptop', { name: 'Ann again' }));
    await bob.lookAtGroupFolder();
    expect(groupOf(bob.getView()).keyChanges).toEqual([{ laptopId: annId, laptop: 'Ann again' }]);
    const refusedBefore = groupOf(bob.getView()).setAside.length;
    expect(refusedBefore).toBeGreaterThan(0);
    ok(bob.runNow('trustLaptopKey', { laptopId: annId }));
    expect(groupOf(bob.getView()).keyChanges).toEqual([]);
    ok(again.runNow('renameLaptop', { name: 'Ann once more' }));
    await bob.lookAtGroupFolder();
    expect(groupOf(bob.getView()).setAside).toHaveLength(refusedBefore);
    expect(groupOf(bob.getView()).laptops.find((l) => l.id === annId)?.name).toBe('Ann once more');
    // Asked again with no key change seen, it is refused in words and nothing changes.
    const again2 = bob.runNow('trustLaptopKey', { laptopId: annId });
    expect(again2.ok ? null : again2.error.code).toBe('no-key-change');
  });
});

describe("this laptop's own nights, exported in a group", () => {
  it("R35: carry their record signed by this laptop's key, which the night checker checks; with a new key, the new one signs", async () => {
    const [ann] = await twoLaptops();
    startNight(ann);
    playTurns(ann, 4);
    ok(run(ann, 'endNight'));
    const nightId = currentNight(ann).id;
    const exported = (): NightExportFile => {
      const result = ann.runNow('exportNight', { nightId, format: 'json' });
      if (!result.ok) throw new Error(result.error.message);
      return JSON.parse((result.data as { content: string }).content) as NightExportFile;
    };
    const first = exported();
    expect(first.record?.laptops.map((l) => l.name)).toEqual([groupOf(ann.getView()).laptops[0]?.name]);
    expect(checkNight(first)).toEqual([]);
    ok(ann.runNow('rotateLaptopKey', {}));
    const second = exported();
    expect(second.record?.laptops[0]?.publicKey).not.toBe(first.record?.laptops[0]?.publicKey);
    expect(checkNight(second)).toEqual([]);
  });
});
