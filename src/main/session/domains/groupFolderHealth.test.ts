import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppView } from '../../../shared';
import { nightFileName, parseManifest } from '../../group';
import type { GameSession } from '../gameSession';
import { ask, closeNight, currentNight, ok, playTurns, run, startNight, TestClock, TestLaptops } from '../testing/kit';

/**
 * docs/group.md: nothing waits for ever (a copy stuck in the group folder is
 * reported), a laptop repairs its own files there, and one id is one laptop
 * (a data folder copied to a second laptop is found, and the host gives it a
 * new id: both laptops' work reaches the group).
 */

let laptops: TestLaptops;
beforeEach(() => {
  laptops = new TestLaptops();
});
afterEach(() => laptops.dispose());

function group(session: GameSession): NonNullable<AppView['group']> {
  const view = session.getView().group;
  if (!view) throw new Error('not in a group');
  return view;
}

/** A night played and ended on `day`, with an expense (a pizza shared by everyone at the table), then closed. */
function nightWithExpense(laptop: GameSession, clock: TestClock, day: string): string {
  clock.setDay(day);
  startNight(laptop);
  playTurns(laptop, 12);
  const players = currentNight(laptop).players.map((p) => p.id);
  ok(laptop.runNow('addExpense', { payer: players[0], amount: 1200, description: 'Pizza', sharers: players }));
  ok(run(laptop, 'endNight'));
  const id = currentNight(laptop).id;
  closeNight(laptop);
  return id;
}

/** Ann's laptop with a group in the shared folder and one ended night on it. */
function annWithANight(): { ann: GameSession; clock: TestClock; night: string; annId: string } {
  const clock = new TestClock();
  const ann = laptops.laptop('ann', clock);
  ok(ann.runNow('groupCreate', { name: 'Friday game' }));
  ok(ann.runNow('groupSetFolder', { path: laptops.folder }));
  const night = nightWithExpense(ann, clock, '2026-01-02');
  return { ann, clock, night, annId: group(ann).laptopId };
}

function nightIds(laptop: GameSession): string[] {
  return ask(laptop, 'listNights').map((n) => n.id);
}

function listedInFolder(laptopId: string): string[] {
  const bytes = fs.readFileSync(path.join(laptops.folder, laptopId, 'manifest.json'));
  const parsed = parseManifest(bytes);
  if (!parsed.ok) throw new Error(parsed.reason);
  return Object.keys(parsed.manifest.files);
}

describe('a copy in the group folder that stays incomplete', () => {
  it('is reported on Bob’s console after 10 minutes, naming Ann’s laptop and when it began; Ann’s next look repairs it and the notice goes', async () => {
    const { ann, clock, night, annId } = annWithANight();
    const annName = group(ann).laptops.find((l) => l.me)?.name;
    laptops.quit(ann);
    // Ann's night in the folder cut short while her laptop is off: her manifest still lists it whole.
    const file = path.join(laptops.folder, annId, nightFileName(night));
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));

    const bobClock = new TestClock('2026-01-03T21:04:00.000Z');
    const bob = laptops.laptop('bob', bobClock);
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    expect(nightIds(bob)).toEqual([]);
    expect(group(bob).stuck).toEqual([]);
    bobClock.setDay('2026-01-04');
    await bob.lookAtGroupFolder();
    expect(group(bob).stuck).toEqual([{ laptop: annName, since: expect.stringMatching(/^2026-01-03T21:04:/) as string }]);

    // Ann's laptop started again: its look at the folder writes its own file again, though its manifest did not change.
    const back = laptops.laptop('ann', clock);
    await back.lookAtGroupFolder();
    await bob.lookAtGroupFolder();
    expect(group(bob).stuck).toEqual([]);
    expect(nightIds(bob)).toEqual([night]);
  });
});

describe('one id, one laptop', () => {
  it('a data folder copied to a second laptop: both add an expense and play a night; the clash is found, a new id taken, and a third laptop gets every night', async () => {
    const { ann, clock, night: before, annId } = annWithANight();
    laptops.quit(ann);
    fs.cpSync(laptops.dataFolder('ann'), laptops.dataFolder('ann-copy'), { recursive: true });
    const first = laptops.laptop('ann', clock);
    const copyClock = new TestClock('2026-01-05T20:00:00.000Z');
    const copy = laptops.laptop('ann-copy', copyClock);
    expect(group(copy).laptopId).toBe(annId);

    const ofFirst = nightWithExpense(first, clock, '2026-01-09');
    const ofCopy = nightWithExpense(copy, copyClock, '2026-01-10');
    await first.lookAtGroupFolder();
    await copy.lookAtGroupFolder();
    await first.lookAtGroupFolder();
    // The folder keeps one manifest per id: whichever laptop's was written over finds the other writer.
    const found = [first, copy].filter((l) => group(l).idShared !== null);
    expect(found.length).toBeGreaterThan(0);
    const [taker] = found;
    if (!taker) throw new Error('none found');
    expect(group(taker).idShared).toMatchObject({ via: 'folder' });
    const takerNight = taker === first ? ofFirst : ofCopy;
    // Until then, the folder holds one laptop's work under the id: the other's night reaches nobody.
    expect([ofFirst, ofCopy].filter((n) => listedInFolder(annId).includes(nightFileName(n)))).toEqual([taker === first ? ofCopy : ofFirst]);

    ok(taker.runNow('groupNewLaptopId', {}));
    const newId = group(taker).laptopId;
    expect(newId).not.toBe(annId);
    expect(group(taker).idShared).toBeNull();
    expect(taker.getView().storageNotices.find((n) => n.kind === 'new-laptop-id')?.newLaptopId).toMatchObject({ moved: 1 });
    // The night from before the split stays the first id's; the one made since is shared under the new id.
    expect(listedInFolder(newId)).toContain(nightFileName(takerNight));
    expect(listedInFolder(newId)).not.toContain(nightFileName(before));

    await first.lookAtGroupFolder();
    await copy.lookAtGroupFolder();
    expect(listedInFolder(annId)).toContain(nightFileName(before));
    const cat = laptops.laptop('cat');
    ok(cat.runNow('groupSetFolder', { path: laptops.folder }));
    expect(nightIds(cat).sort()).toEqual([before, ofFirst, ofCopy].sort());
    expect(nightIds(first).sort()).toEqual([before, ofFirst, ofCopy].sort());
    expect(nightIds(copy).sort()).toEqual([before, ofFirst, ofCopy].sort());
    for (const laptop of [first, copy, cat]) expect(group(laptop).setAside).toEqual([]);
    expect(ask(cat, 'getNight', { nightId: takerNight }).night.id).toBe(takerNight);

    // Started again, the laptop that took the new id does not share its nights from before the split under it.
    laptops.quit(taker);
    const again = laptops.laptop(taker === first ? 'ann' : 'ann-copy');
    await again.lookAtGroupFolder();
    expect(group(again).laptopId).toBe(newId);
    expect(listedInFolder(newId)).not.toContain(nightFileName(before));
  });

  it('a laptop that leaves the group and joins its folder again is not taken for another laptop with its id', async () => {
    const { ann, clock, night, annId } = annWithANight();
    ok(ann.runNow('groupLeave', {}));
    ok(ann.runNow('groupSetFolder', { path: laptops.folder }));
    const later = nightWithExpense(ann, clock, '2026-01-09');
    await ann.lookAtGroupFolder();
    expect(group(ann).idShared).toBeNull();
    expect(group(ann).laptopId).toBe(annId);
    expect(listedInFolder(annId)).toEqual(expect.arrayContaining([nightFileName(night), nightFileName(later)]));
  });

  it('without another laptop found using its id, a laptop keeps it: the command is refused and nothing changes', () => {
    const { ann, annId } = annWithANight();
    const refused = ann.runNow('groupNewLaptopId', {});
    expect(refused.ok ? null : refused.error.code).toBe('laptop-id-not-shared');
    expect(group(ann).laptopId).toBe(annId);
  });
});
