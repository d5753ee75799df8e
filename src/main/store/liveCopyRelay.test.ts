import { describe, expect, it } from 'vitest';
import type { RecordSignature } from '../night';
import { signLines, type LiveBatch } from './liveCopies';
import { relayBatch, thinnedRelayPoints } from './liveCopyRelay';
import { NIGHT, ScheduleLaptops, type Laptop } from './testing/scheduleLaptops';

/**
 * R35, a copy far behind a takeover (docs/group-lan.md "A copy far behind a takeover"): the laptop that took the night
 * over sends a copy held from the laptop it took it from that laptop's lines as it signed them, a batch at a time.
 */

/** A signature of `laptop` at line `lines` (only its laptop and place matter to the choice of a batch). */
function point(laptop: string, lines: number): RecordSignature {
  return { laptop, key: 'k', lines, head: `h${lines}`, sig: 's' };
}

const texts = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
const cap = { lines: 4, bytes: 1_000 };
/** Ann wrote lines 1 to 10 (her batches signed at 3, 6, 9 and 10); Bob took the night over after line 10. */
const annPoints = [3, 6, 9, 10].map((lines) => point('ann', lines));
const takeOvers = [{ from: 'ann', line: 10 }];

describe('R35: the batches of an earlier writer’s lines, as it signed them', () => {
  it('R35: a copy held from Ann, too far behind for a batch to reach Bob’s take-over line, is sent Ann’s lines to the farthest signature of hers that fits', () => {
    expect(relayBatch(texts, annPoints, takeOvers, 2, 'ann', cap)).toEqual({ lines: texts.slice(2, 6), signed: annPoints[1] });
    // A copy holding none yet gets them as Ann signed them too.
    expect(relayBatch(texts, annPoints, takeOvers, 0, undefined, cap)).toEqual({ lines: texts.slice(0, 3), signed: annPoints[0] });
  });

  it('R35: none is relayed when a batch as ever reaches the take-over line, the copy is held from another laptop, or no signature fits', () => {
    expect(relayBatch(texts, annPoints, takeOvers, 7, 'ann', cap)).toBeNull();
    expect(relayBatch(texts, annPoints, takeOvers, 2, 'bob', cap)).toBeNull();
    expect(relayBatch(texts, [point('ann', 9)], takeOvers, 2, 'ann', cap)).toBeNull();
    expect(relayBatch(texts, [point('carol', 5)], takeOvers, 2, 'ann', cap)).toBeNull();
    expect(relayBatch(texts, annPoints, [], 2, 'ann', cap)).toBeNull();
  });

  it('R35: a copy read back keeps its signatures at most a batch apart, by lines and by bytes', () => {
    const every = Array.from({ length: 10 }, (_, i) => point('ann', i + 1));
    const kept = (lineBytes: number[], batch = cap) => thinnedRelayPoints(every, lineBytes, batch).map((p) => p.lines);
    expect(kept(Array(10).fill(10))).toEqual([4, 8, 10]);
    // Long lines: three of 400 bytes do not fit a batch of 1,000.
    expect(kept(Array(10).fill(400))).toEqual([2, 4, 6, 8, 10]);
    // Each laptop's apart: Bob's one signature stays.
    expect(thinnedRelayPoints([...every, point('bob', 5)], Array(10).fill(10), cap).map((p) => [p.laptop, p.lines])).toEqual([
      ['ann', 4],
      ['bob', 5],
      ['ann', 8],
      ['ann', 10],
    ]);
  });

  it('R35: a copy takes Ann’s lines from Bob’s laptop only as Ann signed them, with the key the group holds for Ann, and no take-over line among them', () => {
    // Batches of 3 lines: Chloé's copy holds Ann's first 3 lines, Bob's all of Ann's; Ann's laptop dies, Bob's takes over.
    const group = ScheduleLaptops.start(3, 3, 'fixed', 3);
    try {
      const [ann, bob, chloe] = group.laptops as [Laptop, Laptop, Laptop];
      for (let i = 0; i < 4; i++) group.writeSome(ann, 0.4);
      // Asked what it holds (nothing), then sent the first 3 lines.
      for (let round = 0; round < 2; round++) {
        group.send(ann, chloe, 3);
        group.deliver(0, false, null);
      }
      expect(chloe.copies.held(NIGHT)).toMatchObject({ holder: ann.id, lines: 3 });
      for (let i = 0; i < 6; i++) group.writeSome(ann, 0.4);
      for (let round = 0; round < 12; round++) {
        group.send(ann, bob, 3);
        group.deliver(0, false, null);
      }
      const annLines = ann.night?.texts.length ?? 0;
      expect(annLines).toBeGreaterThan(6);
      expect(bob.copies.held(NIGHT)?.lines).toBe(annLines);
      group.kill(ann);
      expect(group.takeOver(bob)).toBe(true);
      const heads = bob.night?.heads ?? [];
      const rows = bob.night?.texts ?? [];
      const batch = (lines: number, signed: RecordSignature): LiveBatch => ({
        nightId: NIGHT,
        laptop: bob.id,
        from: 4,
        epoch: 2,
        lines: rows.slice(3, lines),
        signed,
      });
      // Bob's word alone for Ann's lines: refused, as before.
      expect(group.receive(chloe, batch(6, signLines(bob.signer, NIGHT, 6, heads[5] as string)))).toEqual({
        ok: false,
        reason: `this laptop holds that night from another laptop (${ann.id})`,
      });
      // Made by Bob's key in Ann's name: refused.
      const inAnnsName = { ...signLines(bob.signer, NIGHT, 6, heads[5] as string), laptop: ann.id };
      expect(group.receive(chloe, batch(6, inAnnsName))).toEqual({
        ok: false,
        reason: 'it is signed with a key that is not the one the group holds for that laptop',
      });
      // Ann's signature, lines changed after she signed them: refused.
      const annAt6 = signLines(ann.signer, NIGHT, 6, heads[5] as string);
      const changed = batch(6, annAt6);
      expect(group.receive(chloe, { ...changed, lines: [...changed.lines.slice(0, 2), changed.lines[0] as string] })).toMatchObject({
        ok: false,
      });
      expect(chloe.copies.held(NIGHT)).toMatchObject({ holder: ann.id, lines: 3 });
      // Ann's signature of them: taken as Ann's.
      expect(group.receive(chloe, batch(6, annAt6))).toEqual({ ok: true, held: 6, holder: ann.id });
      // The take-over line is Bob's to sign: relayed under Ann's name, with it, refused.
      const withTakeOver: LiveBatch = {
        ...batch(annLines + 1, signLines(ann.signer, NIGHT, annLines + 1, heads[annLines] as string)),
        from: 7,
        lines: rows.slice(6, annLines + 1),
      };
      expect(group.receive(chloe, withTakeOver)).toMatchObject({ ok: false });
      // And the night as Bob's push sends it reaches Chloé's copy to Bob's last line.
      group.settle();
      expect(chloe.copies.held(NIGHT)).toMatchObject({ holder: bob.id, lines: heads.length, epoch: 2 });
      expect(group.counts.relayed).toBeGreaterThan(0);
    } finally {
      group.close();
    }
  });
});
