import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameSession } from '../gameSession';
import { ok, TestLaptops, groupOf } from '../testing/kit';

/**
 * docs/group.md "Names people know": the host names this laptop for its
 * group (Alt+R on the group screen); the name reaches every laptop, and a
 * name that would not tell laptops apart is refused with nothing changed.
 * Laptops of one test share a host name, as two laptops called "laptop" do.
 */

let laptops: TestLaptops;
beforeEach(() => {
  laptops = new TestLaptops();
});
afterEach(() => laptops.dispose());

/** The names a laptop's group screen lists, this laptop's first. */
function names(laptop: GameSession): string[] {
  return groupOf(laptop.getView()).laptops.map((l) => l.name);
}

/** Ann, Bob and Cat in one group folder, each having read the others. */
async function threeLaptops(): Promise<[GameSession, GameSession, GameSession]> {
  const ann = laptops.laptop('ann');
  ok(ann.runNow('groupCreate', { name: 'Friday game' }));
  ok(ann.runNow('groupSetFolder', { path: laptops.folder }));
  const bob = laptops.laptop('bob');
  ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
  const cat = laptops.laptop('cat');
  ok(cat.runNow('groupSetFolder', { path: laptops.folder }));
  for (const laptop of [ann, bob, cat]) await laptop.lookAtGroupFolder();
  return [ann, bob, cat];
}

describe('renaming a laptop', () => {
  it('the new name shows on the laptop itself and, after a look at the group folder, on the two others', async () => {
    const [ann, bob, cat] = await threeLaptops();
    const annId = groupOf(ann.getView()).laptopId;
    ok(ann.runNow('renameLaptop', { name: '  Kitchen laptop ' }));
    expect(names(ann)[0]).toBe('Kitchen laptop');
    await bob.lookAtGroupFolder();
    await cat.lookAtGroupFolder();
    for (const other of [bob, cat]) expect(groupOf(other.getView()).laptops.find((l) => l.id === annId)?.name).toBe('Kitchen laptop');
    // Kept across a restart: group/laptop.json and group.json hold it.
    laptops.quit(ann);
    expect(names(laptops.laptop('ann'))[0]).toBe('Kitchen laptop');
  });

  it('a name another laptop of the group goes by (case and spaces aside) is refused, naming it; nothing changes', async () => {
    const [ann, bob] = await threeLaptops();
    ok(bob.runNow('renameLaptop', { name: 'Den laptop' }));
    await ann.lookAtGroupFolder();
    const before = ann.getView().group;
    const refused = ann.runNow('renameLaptop', { name: 'den   LAPTOP' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'laptop-name-taken', params: { name: 'Den laptop' } } });
    expect(ann.getView().group).toEqual(before);
  });

  it('an empty name, one over 60 characters or one of two lines is refused at the door, saying why; nothing changes', async () => {
    const [ann] = await threeLaptops();
    const before = names(ann)[0];
    for (const [name, why] of [
      ['   ', /name the laptop/],
      ['x'.repeat(61), /at most 60 characters/],
      ['Kitchen\nlaptop', /one line of text/],
    ] as const) {
      const refused = ann.runNow('renameLaptop', { name });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', params: { command: 'renameLaptop', field: 'name' } } });
      if (!refused.ok) expect(refused.error.message).toMatch(why);
    }
    expect(names(ann)[0]).toBe(before);
    expect(ann.runNow('renameLaptop', { name: 'x'.repeat(60) }).ok).toBe(true);
  });

  it('a laptop in no group has nothing to be named in: refused as the other group commands are', () => {
    const alone = laptops.laptop('alone');
    expect(alone.runNow('renameLaptop', { name: 'Kitchen laptop' })).toMatchObject({ ok: false, error: { code: 'not-in-group' } });
  });
});

describe("the laptop's key in a session", () => {
  it('kept in the data folder and the same after a restart; a key lost is told, and a new one signs', async () => {
    const [ann] = await threeLaptops();
    const keyFile = path.join(laptops.dataFolder('ann'), 'laptop-key');
    const key = fs.readFileSync(keyFile, 'utf8');
    laptops.quit(ann);
    const again = laptops.laptop('ann');
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
    expect(again.getView().storageNotices).toEqual([]);
    laptops.quit(again);

    fs.rmSync(keyFile);
    const lost = laptops.laptop('ann');
    expect(lost.getView().storageNotices).toEqual([
      expect.objectContaining({
        kind: 'missing',
        file: keyFile,
        reason: expect.stringMatching(
          /signing key is gone.*tells the group in its next manifest.*until each of them trusts the new key \(Alt\+T/,
        ),
      }),
    ]);
    expect(fs.readFileSync(keyFile, 'utf8')).not.toBe(key);
    // Told once: the group now knows the new key.
    laptops.quit(lost);
    expect(
      laptops
        .laptop('ann')
        .getView()
        .storageNotices.filter((n) => n.file === keyFile),
    ).toHaveLength(1);
  });
});
