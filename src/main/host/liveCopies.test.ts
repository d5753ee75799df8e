import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testSigner } from '../group/testing/kit';
import { LiveCopies, type LiveBatch } from '../store/liveCopies';
import { changedJournal, realJournal, signedBatch } from './testing/liveJournal';

type LaptopSigner = ReturnType<typeof testSigner>;

/**
 * R35, the live copy's store (docs/group-lan.md "A live copy of the open night"): a night's lines as its holder
 * sends them, kept only when they continue the copy's chain, are signed by the holder with the key the group holds
 * for it, and name the night; a copy cut short by a kill keeps every whole batch before the cut.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'live-copies-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const journal = realJournal(fs.mkdtempSync(path.join(work, 'holder-')), 6);
const ann = testSigner(0);
const cat = testSigner(2);

/** Lines [from, to] (1-based) of the journal as `signer` sends them. */
function batch(from: number, to: number, signer: LaptopSigner = ann, lines?: string[]): LiveBatch {
  return signedBatch(journal, from, to, signer, lines);
}

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(work, 'copy-'));
});

function fileOf(copies: LiveCopies): string {
  return fs.readFileSync(copies.pathOf(journal.nightId), 'utf8');
}

describe('R35: a live copy keeps only what its holder signed, in order', () => {
  it('R35: batches in order are kept as the holder wrote them; read again, the copy has the same lines, head and signature', () => {
    expect(journal.lines.length).toBeGreaterThan(12);
    // Seeds of decks in play are sent sealed, as on the holder's disk: the copy chains them without opening them (R12).
    expect(journal.lines.some((line) => line.includes('"sealed"'))).toBe(true);
    const copies = new LiveCopies(root);
    expect(copies.receive(batch(1, 5), ann.publicKey)).toMatchObject({ ok: true, held: 5 });
    expect(copies.receive(batch(6, 12), ann.publicKey)).toMatchObject({ ok: true, held: 12 });
    const held = copies.held(journal.nightId);
    expect(held).toMatchObject({ holder: ann.laptopId, lines: 12, head: journal.heads[11], ended: false });
    expect(held?.signature).toMatchObject({ laptop: ann.laptopId, lines: 12, head: journal.heads[11] });
    // The header and the lines exactly as on the holder's disk, each batch's signature after it.
    const text = fileOf(copies);
    expect(text.startsWith(`${journal.header}\n${journal.lines.slice(0, 5).join('\n')}\n{"signed"`)).toBe(true);
    copies.close();
    const again = new LiveCopies(root);
    expect(again.held(journal.nightId)).toEqual(held);
    // Read again, the copy is compacted to its lines and the last signature.
    expect(
      fileOf(again)
        .split('\n')
        .filter((row) => row.startsWith('{"signed"')),
    ).toHaveLength(1);
    expect(again.receive(batch(13, journal.lines.length), ann.publicKey)).toMatchObject({ ok: true, held: journal.lines.length });
    again.close();
  });

  it('R35: a batch out of order changes nothing and is answered with the count held, so the holder sends from count + 1', () => {
    const copies = new LiveCopies(root);
    copies.receive(batch(1, 4), ann.publicKey);
    const before = fileOf(copies);
    expect(copies.receive(batch(7, 9), ann.publicKey)).toMatchObject({ ok: true, held: 4 });
    expect(copies.receive(batch(3, 9), ann.publicKey)).toMatchObject({ ok: true, held: 4 });
    expect(fileOf(copies)).toBe(before);
    expect(copies.receive(batch(5, 9), ann.publicKey)).toMatchObject({ ok: true, held: 9 });
    copies.close();
  });

  it('R35: a forged signature, a changed line, a line taken out or a wrong key are refused, and nothing changes', () => {
    const copies = new LiveCopies(root);
    copies.receive(batch(1, 4), ann.publicKey);
    const before = fileOf(copies);
    const forged = batch(5, 8);
    const otherSig = forged.signed?.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) as string;
    expect(copies.receive({ ...forged, signed: { ...forged.signed!, sig: otherSig } }, ann.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('signature does not check'),
    });
    // A line changed after it was signed: its chain no longer ends at the signed head.
    const changed = batch(5, 8);
    const lines = [...changed.lines];
    lines[1] = (lines[1] as string).replace(/"at":"[^"]+"/, '"at":"2026-03-01T23:59:59.000Z"');
    expect(copies.receive({ ...changed, lines }, ann.publicKey)).toMatchObject({ ok: false });
    // A line taken out: the next does not follow the one before it.
    const gap = batch(5, 8, ann, [journal.lines[4] as string, journal.lines[6] as string, journal.lines[7] as string]);
    expect(copies.receive(gap, ann.publicKey)).toMatchObject({ ok: false, reason: expect.stringContaining('does not follow') });
    // Signed by Cat's key for Ann's laptop id, or checked against a key that is not Ann's.
    const catKey = { ...batch(5, 8), signed: { ...batch(5, 8, cat).signed!, laptop: ann.laptopId } };
    expect(copies.receive(catKey, ann.publicKey)).toMatchObject({ ok: false });
    expect(copies.receive(batch(5, 8), cat.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not the one the group holds'),
    });
    expect(copies.receive(batch(5, 8), undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('no key') });
    expect(fileOf(copies)).toBe(before);
    expect(copies.held(journal.nightId)?.lines).toBe(4);
    copies.close();
  });

  it('R35: a batch for a night held from another laptop, or whose header names another night, is refused', () => {
    const copies = new LiveCopies(root);
    copies.receive(batch(1, 4), ann.publicKey);
    // Cat sends lines of the night Ann holds (signed by Cat, chaining as Ann's do): refused, Ann's copy unchanged.
    expect(copies.receive(batch(5, 8, cat), cat.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('from another laptop'),
    });
    const other = new LiveCopies(fs.mkdtempSync(path.join(work, 'other-')));
    const wrongHeader = { ...batch(1, 3), header: journal.header.replace(journal.nightId, 'n-another-night') };
    expect(other.receive(wrongHeader, ann.publicKey)).toMatchObject({ ok: false, reason: expect.stringContaining('names night') });
    expect(other.receive({ ...batch(1, 3), header: undefined } as LiveBatch, ann.publicKey)).toMatchObject({ ok: false });
    expect(other.list()).toEqual([]);
    copies.close();
    other.close();
  });

  it('R35: a batch that does not replay is cut off once checked (back to the last batch that replays), and every later batch reaching it refused', () => {
    const copies = new LiveCopies(root, (text) =>
      text.split('\n').length > 8 ? { lines: 4, problem: 'the card turned is not the one shown' } : null,
    );
    expect(copies.receive(batch(1, 3), ann.publicKey)).toMatchObject({ ok: true, held: 3 });
    expect(copies.replayCheck(journal.nightId)).toBeNull();
    const afterFirst = fileOf(copies);
    expect(copies.receive(batch(4, 6), ann.publicKey)).toMatchObject({ ok: true, held: 6 });
    expect(copies.replayCheck(journal.nightId)).toContain('line 5 does not replay: the card turned is not the one shown');
    expect(copies.held(journal.nightId)).toMatchObject({ lines: 3, head: journal.heads[2] });
    expect(fileOf(copies)).toBe(afterFirst);
    expect(copies.receive(batch(4, 6), ann.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('line 5 does not replay'),
    });
    // Read again from its file, the copy is the batch that replayed.
    copies.close();
    expect(new LiveCopies(root).held(journal.nightId)?.lines).toBe(3);
  });

  it('R35: a copy cut anywhere in its last batch (a torn last line, a kill mid-write) keeps every whole batch before it, and takes the rest again', () => {
    const whole = new LiveCopies(root);
    whole.receive(batch(1, 5), ann.publicKey);
    const afterFirst = fs.statSync(whole.pathOf(journal.nightId)).size;
    whole.receive(batch(6, 10), ann.publicKey);
    whole.close();
    const full = fs.readFileSync(path.join(root, 'live', `${journal.nightId}.jsonl`));
    for (let cut = afterFirst; cut < full.length; cut += 11) {
      const dir = fs.mkdtempSync(path.join(work, 'cut-'));
      fs.mkdirSync(path.join(dir, 'live'));
      fs.writeFileSync(path.join(dir, 'live', `${journal.nightId}.jsonl`), full.subarray(0, cut));
      const copies = new LiveCopies(dir);
      expect(copies.held(journal.nightId)).toMatchObject({ lines: 5, head: journal.heads[4] });
      expect(fs.statSync(copies.pathOf(journal.nightId)).size).toBe(afterFirst);
      expect(copies.receive(batch(6, 10), ann.publicKey)).toMatchObject({ ok: true, held: 10 });
      copies.close();
    }
    // Cut inside the first batch: nothing whole is held, the file goes, and the night is taken again from its start line.
    const dir = fs.mkdtempSync(path.join(work, 'cut-'));
    fs.mkdirSync(path.join(dir, 'live'));
    fs.writeFileSync(path.join(dir, 'live', `${journal.nightId}.jsonl`), full.subarray(0, afterFirst - 3));
    const copies = new LiveCopies(dir);
    expect(copies.list()).toEqual([]);
    expect(copies.receive(batch(1, 5), ann.publicKey)).toMatchObject({ ok: true, held: 5 });
    copies.close();
  });

  it('R35: a copy whose night ended is let go; one still open is not', () => {
    const ended = realJournal(fs.mkdtempSync(path.join(work, 'ended-')), 2, true, 'live-ended');
    const nightId = ended.nightId;
    const copies = new LiveCopies(root);
    copies.receive(batch(1, 3), ann.publicKey);
    expect(copies.letGo(journal.nightId)).toBe(false);
    expect(copies.receive(signedBatch(ended, 1, ended.lines.length, ann), ann.publicKey)).toMatchObject({
      ok: true,
      held: ended.lines.length,
    });
    expect(copies.held(nightId)?.ended).toBe(true);
    expect(copies.letGo(nightId)).toBe(true);
    expect(fs.existsSync(copies.pathOf(nightId))).toBe(false);
    expect(copies.list().map((copy) => copy.nightId)).toEqual([journal.nightId]);
    copies.close();
  });

  it('R35: lines the holder signed that the engine does not replay (a bet above the stack) are cut off and refused, naming why', () => {
    const betAt = journal.lines.findIndex((line) => line.includes('"type":"bet"'));
    expect(betAt).toBeGreaterThan(0);
    // The holder's own lines, one bet changed and the chain made again from it: the chain and the signature check.
    const forged = changedJournal(
      journal,
      betAt,
      (line) => line.replace(/"amount":(\d+|"pot")/, '"amount":9999'),
      path.join(work, 'forged.jsonl'),
    );
    const copies = new LiveCopies(root);
    expect(copies.receive(signedBatch(forged, 1, betAt, ann), ann.publicKey)).toMatchObject({ ok: true, held: betAt });
    expect(copies.replayCheck(journal.nightId)).toBeNull();
    expect(copies.receive(signedBatch(forged, betAt + 1, betAt + 2, ann), ann.publicKey)).toMatchObject({ ok: true, held: betAt + 2 });
    expect(copies.replayCheck(journal.nightId)).toMatch(new RegExp(`^line ${betAt + 1} does not replay: .*engine refuses`));
    expect(copies.held(journal.nightId)?.lines).toBe(betAt);
    expect(copies.receive(signedBatch(forged, betAt + 1, betAt + 2, ann), ann.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not replay'),
    });
    copies.close();
  });

  it('R35: the epoch a copy heard its night is written at is kept across a restart, and the file beside it goes with the copy', () => {
    // The holder says it writes the night at epoch 3 (it took it over twice since these lines): a takeover from this
    // copy, which lacks those takeover lines, would write at epoch 2 again, so the group part refuses it
    // (`copy-not-ready`) as long as the copy remembers, and it must after a restart too.
    const copies = new LiveCopies(root);
    expect(copies.receive({ ...batch(1, 4), epoch: 1 }, ann.publicKey)).toMatchObject({ ok: true, held: 4 });
    expect(fs.existsSync(path.join(copies.folder, `${journal.nightId}.heard`))).toBe(false);
    expect(copies.receive({ ...batch(5, 6), lines: [], epoch: 3 }, ann.publicKey)).toMatchObject({ ok: true, held: 4 });
    expect(copies.held(journal.nightId)).toMatchObject({ lines: 4, epoch: 1, heardEpoch: 3 });
    copies.close();
    const again = new LiveCopies(root);
    expect(again.held(journal.nightId)).toMatchObject({ lines: 4, epoch: 1, heardEpoch: 3 });
    // Let go (taken over here, or ended and in the history): nothing of it stays.
    expect(again.letGo(journal.nightId, true)).toBe(true);
    expect(fs.readdirSync(again.folder)).toEqual([]);
    again.close();
  });
});
