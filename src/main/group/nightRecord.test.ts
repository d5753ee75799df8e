import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNight } from '../../checker';
import { answerQuestion } from '../history';
import { chainedJournal, decodeJournal, exportNight, nightSummary, replayPrefix, signatureLine, type NightExport } from '../night';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, testLaptopId, testSigner, type SharedNight } from './testing/kit';

/**
 * R35: an export carries the night's signed record (docs/export-format.md "record"), so a stranger with the export
 * alone can check which laptop wrote the night and that nothing was changed: the group's copy of another laptop's
 * night carries the copy as that laptop signed it, this laptop's own night the journal it signs now.
 */

let work = '';
let signed: SharedNight;
let unsigned: SharedNight;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'night-record-'));
  signed = playedNights(path.join(work, 'signed'), 'record', { count: 1, signer: testSigner(0) }).nights[0] as SharedNight;
  unsigned = playedNights(path.join(work, 'unsigned'), 'record-old', { count: 1 }).nights[0] as SharedNight;
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Bob (laptop 1) holding Ann's (laptop 0) copy of `night` as she shared it. */
function bobHolding(night: SharedNight, root: string, annSigns: boolean): ReturnType<typeof testGroup> {
  const ann = testGroup(path.join(root, 'ann'), 0, { isOwnNight: () => true, ...(annSigns ? { signer: testSigner(0) } : {}) });
  const judged = judgeNight(night.id, night.versions[0] as Buffer);
  if (!judged.ok) throw new Error(judged.reason);
  ann.publishNight(judged.night);
  const bob = testGroup(path.join(root, 'bob'), 1);
  expect(bob.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true }).nights).toEqual([night.id]);
  return bob;
}

/** An export made the way the history's questions make it, through JSON as a file would carry it. */
function asFile(exported: NightExport): unknown {
  return JSON.parse(JSON.stringify(exported));
}

describe('R35: the signed record in a night export', () => {
  it('R35: another laptop’s night exported from the group carries her signed copy and her key under her name, and checks clean', () => {
    const bob = bobHolding(signed, path.join(work, 'held'), true);
    const held = bob.nightRecord(signed.id);
    const record = held?.record;
    expect(record?.laptops).toEqual([{ laptopId: testLaptopId(0), name: 'Laptop 0', publicKey: testSigner(0).publicKey }]);
    const night = bob.readGroupNight(signed.id);
    if (!night || !record) throw new Error('not held');
    expect(checkNight(asFile(exportNight(night, undefined, undefined, record)))).toEqual([]);
    // Bob's own nights are none of the group's copies.
    expect(bob.nightRecord('2026-01-01-000000')).toBeNull();
  });

  it('R35: a copy shared before signing is held with no record, and its export is judged unsigned (not a violation)', () => {
    const bob = bobHolding(unsigned, path.join(work, 'held-unsigned'), false);
    expect(bob.nightRecord(unsigned.id)).toEqual({ record: null });
    const night = bob.readGroupNight(unsigned.id);
    if (!night) throw new Error('not held');
    const findings = checkNight(asFile(exportNight(night)));
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'R35', kind: 'cannot-check', expected: expect.stringMatching(/^unsigned: from before signing/) }),
    ]);
  });

  it('R35: this laptop’s own ended night, exported with its signer, is signed now and checks clean; without one it goes unsigned', () => {
    const judged = judgeNight(signed.id, signed.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    const source = {
      repo: undefined as never,
      index: [nightSummary(judged.night)],
      roster: [],
      now: new Date(),
      paidTransfers: new Set<string>(),
      settleModes: {},
      live: judged.night,
      merges: [],
      pay: { directory: { players: {}, bank: {} } as never, hidden: {} },
    };
    const ask = (extra: object) => {
      const answer = answerQuestion('exportNight', { nightId: signed.id, format: 'json', payDetails: false }, { ...source, ...extra });
      if (!answer.ok) throw new Error(answer.error.message);
      return JSON.parse(answer.data.content) as NightExport;
    };
    const own = ask({ signer: { signer: testSigner(2), name: 'Laptop 2' } });
    expect(own.record?.laptops).toEqual([{ laptopId: testLaptopId(2), name: 'Laptop 2', publicKey: testSigner(2).publicKey }]);
    expect(checkNight(own)).toEqual([]);
    expect(ask({}).record).toBeNull();
  });

  it('R35: a night forged on its start line (each player one chip more), re-chained and replayed, passes every rule but not its record', () => {
    const text = (signed.versions[0] as Buffer).toString('utf8');
    const decoded = decodeJournal(text);
    const entries = decoded.entries.map((entry) =>
      entry.command.type === 'start' ? { ...entry, command: { ...entry.command, startingChips: entry.command.startingChips + 1 } } : entry,
    );
    const { text: chained, head } = chainedJournal(signed.id, entries);
    const signature = decoded.signatures[0];
    if (!signature) throw new Error('unsigned');
    // The forger keeps Ann's signature line, made to name the new head: only her key could sign that head.
    const forgedText = chained + signatureLine({ ...signature, head });
    const { night, failure } = replayPrefix(decodeJournal(forgedText).entries);
    expect(failure).toBeNull();
    const laptops = [{ laptopId: testLaptopId(0), name: 'Laptop 0', publicKey: testSigner(0).publicKey }];
    // Without its record the forgery replays and passes every rule: what caught it before R35 was nothing.
    expect(checkNight(asFile(exportNight(night))).filter((f) => f.kind === 'violation')).toEqual([]);
    const findings = checkNight(asFile(exportNight(night, undefined, undefined, { journal: forgedText, laptops })));
    expect(findings.filter((f) => f.kind === 'violation')).toEqual([
      expect.objectContaining({
        rule: 'R35',
        found: expect.stringContaining(`does not check against Laptop 0 (${testLaptopId(0)})'s key`),
      }),
    ]);
    // And the honest record under the forged export: the facts differ from what Ann signed.
    const swapped = checkNight(asFile(exportNight(night, undefined, undefined, { journal: text, laptops })));
    expect(swapped.filter((f) => f.kind === 'violation').map((f) => [f.rule, f.expected.split(' ')[0]])).toEqual(
      entries[0]?.command.type === 'start' ? entries[0].command.players.map(() => ['R35', 'startingChips']) : [],
    );
  });
});
