import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupHistory } from './groupHistory';
import { nightFileName } from './manifest';
import { judgeNight, type NightJudgement } from './nightIntake';
import { readNightsIndex } from './nightsIndex';
import { playedNights, testGroup, testLaptopId, type SharedNight } from './testing/kit';
import { testContext } from './testing/context';

/**
 * docs/group.md "Start-up": `group/index.json` keeps the night checker's
 * verdicts by the sha256 of the copy judged, so a start-up judges nothing
 * again; a damaged or edited index costs time (the copies are judged again),
 * never trust; a copy changed on this disk is judged again.
 */

let work = '';
let nights: SharedNight[] = [];
let annFiles: Map<string, Uint8Array>;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'group-index-'));
  nights = playedNights(path.join(work, 'played'), 'index', { count: 3, turns: 4 }).nights;
  const ann = testGroup(path.join(work, 'ann'), 0, { isOwnNight: () => true });
  for (const night of nights) {
    const judged = judgeNight(night.id, night.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    ann.publishNight(judged.night);
  }
  annFiles = ann.laptopFiles(ann.laptopId);
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Bob's laptop, having taken Ann's nights in; its data folder. */
function bobWithAnnsNights(name: string): string {
  const root = path.join(work, name);
  const bob = testGroup(root, 1);
  const report = bob.receiveLaptopFiles(testLaptopId(0), annFiles, { complete: true });
  expect(report.nights).toHaveLength(nights.length);
  return root;
}

/** Bob's laptop started again, counting the nights the checker is asked to judge. */
function reopen(root: string): { group: GroupHistory; judged: string[] } {
  const judged: string[] = [];
  const judge = (nightId: string, bytes: Uint8Array): NightJudgement => {
    judged.push(nightId);
    return judgeNight(nightId, bytes);
  };
  const group = GroupHistory.open(testContext(root, { isOwnNight: () => false, judge }));
  if (!group) throw new Error('no group');
  return { group, judged };
}

function indexFile(root: string): string {
  return path.join(root, 'group', 'index.json');
}

function counted(group: GroupHistory): Record<string, number> {
  return Object.fromEntries(group.groupNights().map((n) => [n.summary.id, n.summary.turns]));
}

describe('the index of nights judged (group/index.json)', () => {
  it('a start-up with the index whole judges no night again, and counts them all', () => {
    const root = bobWithAnnsNights('bob-whole');
    const { group, judged } = reopen(root);
    expect(judged).toEqual([]);
    expect(Object.keys(counted(group)).sort()).toEqual(nights.map((n) => n.id).sort());
  });

  it('a damaged index is not read: every night is judged again, counts, and the index is written again', () => {
    const root = bobWithAnnsNights('bob-damaged');
    const before = counted(reopen(root).group);
    fs.writeFileSync(indexFile(root), '{"sha256":"0000", "nights": [ cut sho');
    const { group, judged } = reopen(root);
    expect(judged.sort()).toEqual(nights.map((n) => n.id).sort());
    expect(counted(group)).toEqual(before);
    expect(readNightsIndex(indexFile(root))).toMatchObject({ kind: 'read', checksummed: true });
    // Once written again, the next start-up judges nothing.
    expect(reopen(root).judged).toEqual([]);
  });

  it('an index edited on disk is not trusted: the nights count with what their journals say, not with the edit', () => {
    const root = bobWithAnnsNights('bob-edited');
    const held = counted(reopen(root).group);
    const file = indexFile(root);
    const index = JSON.parse(fs.readFileSync(file, 'utf8')) as { sha256: string; nights: { summary: { turns: number } }[] };
    // A figure changed, the file still schema-valid and still carrying its old checksum.
    for (const entry of index.nights) entry.summary.turns = 999;
    fs.writeFileSync(file, JSON.stringify(index));
    const { group, judged } = reopen(root);
    expect(judged).toHaveLength(nights.length);
    expect(counted(group)).toEqual(held);
  });

  it('an index an older version wrote (no checksum) is read through its schema, judges nothing, and is written again with a checksum', () => {
    const root = bobWithAnnsNights('bob-older');
    const held = counted(reopen(root).group);
    const file = indexFile(root);
    const { nights: entries } = JSON.parse(fs.readFileSync(file, 'utf8')) as { nights: unknown[] };
    fs.writeFileSync(file, JSON.stringify({ nights: entries }));
    const { group, judged } = reopen(root);
    expect(judged).toEqual([]);
    expect(counted(group)).toEqual(held);
    expect(readNightsIndex(file)).toMatchObject({ kind: 'read', checksummed: true });
  });

  it('a copy changed on this disk after it was judged is judged again, does not count while it fails, and is taken in again from its laptop', () => {
    const root = bobWithAnnsNights('bob-changed');
    const night = nights[0] as SharedNight;
    const copy = path.join(root, 'group', 'laptops', testLaptopId(0), nightFileName(night.id));
    fs.appendFileSync(copy, '{"not":"a journal line"}\n');
    const { group, judged } = reopen(root);
    expect(judged).toEqual([night.id]);
    expect(counted(group)[night.id]).toBeUndefined();
    // Ann's laptop still has it: the next sync brings the copy back, and it counts again.
    const report = group.receiveLaptopFiles(testLaptopId(0), annFiles, { complete: true });
    expect(report.nights).toEqual([night.id]);
    expect(report.setAside).toEqual([]);
    expect(Object.keys(counted(group)).sort()).toEqual(nights.map((n) => n.id).sort());
  });
});
