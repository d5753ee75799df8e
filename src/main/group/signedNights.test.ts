import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../shared/sha256';
import { chainedJournal, decodeJournal, signatureLine, signerOf } from '../night';
import { listed, MANIFEST_NAME, manifestBytes, nightFileName, parseManifest } from './manifest';
import { GroupHistory } from './groupHistory';
import { judgeNight } from './nightIntake';
import { playedNights, testGroup, testLaptopId, testSigner, type SharedNight } from './testing/kit';

/**
 * R35, docs/group.md "Signed nights": a night from another laptop counts by
 * proof, not by the order copies arrive in. The forgery is the one a group
 * member (or anyone with the shared folder) can make: a night edited so that
 * it still replays cleanly, its manifest made to match.
 */

let work = '';
let night: SharedNight;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-nights-'));
  night = playedNights(path.join(work, 'played'), 'signed', { count: 1 }).nights[0] as SharedNight;
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Files = Map<string, Uint8Array>;

/** Ann's laptop (laptop 0) sharing the night, signing with her key; her files as a transport hands them over. */
function annHonest(root: string): Files {
  const ann = testGroup(root, 0, { isOwnNight: () => true, signer: testSigner(0) });
  const judged = judgeNight(night.id, night.versions[0] as Buffer);
  if (!judged.ok) throw new Error(judged.reason);
  ann.publishNight(judged.night);
  return ann.laptopFiles(ann.laptopId);
}

/**
 * Ann's files with her night edited where the rules do not look (each player's buy-in on the start line, one chip
 * more: it replays cleanly, and who owes whom changes), its chain worked out again so that every line follows the one before,
 * and her manifest re-listed to match. `keepSignature`: the forger leaves Ann's signature in, made to name the new
 * head (it no longer checks); else takes it off, and the manifest's too, as if shared before signing.
 */
function forged(files: Files, keepSignature: boolean): Files {
  const name = nightFileName(night.id);
  const decoded = decodeJournal(Buffer.from(files.get(name) as Uint8Array).toString('utf8'));
  const entries = decoded.entries.map((entry) =>
    entry.command.type === 'start' ? { ...entry, command: { ...entry.command, startingChips: entry.command.startingChips + 1 } } : entry,
  );
  const { text, head } = chainedJournal(night.id, entries);
  const signed = decoded.signatures[0];
  const bytes = Buffer.from(keepSignature && signed ? text + signatureLine({ ...signed, head }) : text, 'utf8');
  const parsed = parseManifest(files.get(MANIFEST_NAME) as Uint8Array);
  if (!parsed.ok) throw new Error(parsed.reason);
  const { signature, publicKey, ...unsigned } = parsed.manifest;
  const manifest = {
    ...(keepSignature ? { ...unsigned, publicKey, signature } : unsigned),
    files: { ...unsigned.files, [name]: listed(bytes) },
  };
  return new Map([...files, [name, bytes], [MANIFEST_NAME, manifestBytes(manifest)]]);
}

/** What each player of the night bought in and ended with, as the group counts it. */
function money(group: ReturnType<typeof testGroup>): number[][] {
  return group.groupNights().flatMap((n) => (n.summary.results ?? []).map((r) => [r.boughtIn, r.finalChips]));
}

/** A laptop that only ever saw the honest copy. */
function honestOnly(root: string, honest: Files): ReturnType<typeof testGroup> {
  const group = testGroup(root, 1);
  group.receiveLaptopFiles(testLaptopId(0), honest, { complete: true });
  return group;
}

describe('R35: intake by proof', () => {
  it('R35: a forged copy (unsigned, the group holding no key for Ann yet) counts only until her signed copy comes, which replaces it; the forgery is kept aside', () => {
    const bob = testGroup(path.join(work, 'bob-forged-first'), 1, { signer: testSigner(1) });
    const honest = annHonest(path.join(work, 'ann-1'));
    expect(bob.receiveLaptopFiles(testLaptopId(0), forged(honest, false), { complete: true }).setAside).toEqual([]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([false]);
    const forgedMoney = money(bob);
    const report = bob.receiveLaptopFiles(testLaptopId(0), honest, { complete: true });
    expect(report.nights).toEqual([night.id]);
    expect(report.setAside.map((s) => [s.laptop, s.reason])).toEqual([
      ['Laptop 0', expect.stringMatching(/replaced by Laptop 0's signed copy/)],
    ]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([true]);
    expect(money(bob)).not.toEqual(forgedMoney);
    expect(money(bob)).toEqual(money(honestOnly(path.join(work, 'bob-honest-only'), honest)));
  });

  it("R35: a forged copy that keeps Ann's signature is refused naming her: the signature no longer checks", () => {
    const bob = testGroup(path.join(work, 'bob-kept-sig'), 1);
    const honest = annHonest(path.join(work, 'ann-2'));
    const report = bob.receiveLaptopFiles(testLaptopId(0), forged(honest, true), { complete: true });
    expect(report.nights).toEqual([]);
    expect(report.setAside.map((s) => [s.laptop, s.reason])).toEqual([
      ['Laptop 0', expect.stringMatching(/signature does not check.*Laptop 0/)],
    ]);
    // The honest copy, coming after, counts: a forgery that came first never shuts it out.
    expect(bob.receiveLaptopFiles(testLaptopId(0), honest, { complete: true }).nights).toEqual([night.id]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([true]);
    expect(money(bob)).toEqual(money(honestOnly(path.join(work, 'bob-honest-only-2'), honest)));
  });

  it("R35: once the group holds Ann's key, an unsigned forgery of her files is set aside naming her, and the night held stays", () => {
    const bob = testGroup(path.join(work, 'bob-honest-first'), 1);
    const honest = annHonest(path.join(work, 'ann-3'));
    bob.receiveLaptopFiles(testLaptopId(0), honest, { complete: true });
    const report = bob.receiveLaptopFiles(testLaptopId(0), forged(honest, false), { complete: true });
    expect(report.nights).toEqual([]);
    expect(report.setAside.map((s) => [s.laptop, s.reason])).toEqual([
      ['Laptop 0', expect.stringMatching(/not signed, but Laptop 0 signs/)],
    ]);
    expect(money(bob)).toEqual(money(honestOnly(path.join(work, 'bob-honest-only-3'), honest)));
    expect(bob.groupNights().map((n) => n.signed)).toEqual([true]);
  });

  it("R35: a manifest signed with another key than the one held for its laptop (a copied data folder, a forger's key) is set aside naming the laptop", () => {
    const bob = testGroup(path.join(work, 'bob-other-key'), 1);
    bob.receiveLaptopFiles(testLaptopId(0), annHonest(path.join(work, 'ann-4')), { complete: true });
    const impostor = testGroup(path.join(work, 'impostor'), 0, {
      isOwnNight: () => true,
      signer: signerOf(testLaptopId(0), sha256Hex('another key')),
    });
    const judged = judgeNight(night.id, night.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    impostor.publishNight(judged.night);
    const report = bob.receiveLaptopFiles(testLaptopId(0), impostor.laptopFiles(testLaptopId(0)), { complete: true });
    expect(report.setAside.map((s) => [s.laptop, path.basename(s.file).endsWith(MANIFEST_NAME), s.reason])).toEqual([
      ['Laptop 0', true, expect.stringMatching(/not the one this group holds for Laptop 0/)],
    ]);
  });

  it('R35: a night shared before signing counts, marked unsigned, while the group holds no key for its laptop', () => {
    const bob = testGroup(path.join(work, 'bob-unsigned'), 1);
    const ann = testGroup(path.join(work, 'ann-unsigned'), 0, { isOwnNight: () => true });
    const judged = judgeNight(night.id, night.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    ann.publishNight(judged.night);
    expect(bob.receiveLaptopFiles(testLaptopId(0), ann.laptopFiles(testLaptopId(0)), { complete: true }).nights).toEqual([night.id]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([false]);
    // What the nights list shows: the laptop by name, and "unsigned, from before signing".
    expect(bob.hostOf(night.id)).toEqual({ laptop: 'Laptop 0', signed: false });
  });

  it('R35: a laptop signs the nights it shared before signing at its next start; the others take the signed copies as the same nights', () => {
    const annRoot = path.join(work, 'ann-resign');
    const before = testGroup(annRoot, 0, { isOwnNight: () => true });
    const judged = judgeNight(night.id, night.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    before.publishNight(judged.night);
    const bob = testGroup(path.join(work, 'bob-resign'), 1);
    bob.receiveLaptopFiles(testLaptopId(0), before.laptopFiles(testLaptopId(0)), { complete: true });
    expect(bob.groupNights().map((n) => n.signed)).toEqual([false]);
    const after = GroupHistory.open({ dataRoot: annRoot, now: () => new Date(), isOwnNight: () => true, signer: testSigner(0) });
    const files = after?.laptopFiles(testLaptopId(0)) ?? new Map();
    expect(decodeJournal(Buffer.from(files.get(nightFileName(night.id))).toString('utf8')).signatures).toHaveLength(1);
    const report = bob.receiveLaptopFiles(testLaptopId(0), files, { complete: true });
    expect(report.setAside).toEqual([]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([true]);
  });

  it('R35: the signed copy of a night first shared unsigned extends it (the same chain), and the night becomes signed', () => {
    const bob = testGroup(path.join(work, 'bob-upgrade'), 1);
    const root = path.join(work, 'ann-upgrade');
    const judged = judgeNight(night.id, night.versions[0] as Buffer);
    if (!judged.ok) throw new Error(judged.reason);
    const before = testGroup(root, 0, { isOwnNight: () => true });
    before.publishNight(judged.night);
    bob.receiveLaptopFiles(testLaptopId(0), before.laptopFiles(testLaptopId(0)), { complete: true });
    const after = testGroup(path.join(work, 'ann-upgrade-signed'), 0, { isOwnNight: () => true, signer: testSigner(0) });
    after.publishNight(judged.night);
    const report = bob.receiveLaptopFiles(testLaptopId(0), after.laptopFiles(testLaptopId(0)), { complete: true });
    expect(report.setAside).toEqual([]);
    expect(bob.groupNights().map((n) => n.signed)).toEqual([true]);
  });
});
