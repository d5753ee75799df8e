import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { viewForRole } from '../../shared';
import { currentNight, playTurns, run, startNight } from '../session/testing/kit';
import { liveLaptopsPerTest, pair, until, type LiveLaptop } from './testing/liveLaptops';

/**
 * R35, the night survives its laptop, part 1 (docs/group-lan.md "A live copy of the open night"): two laptops of a
 * group paired over loopback, each a real session with the group's LAN part; the night played on one is held, line by
 * line, on the other.
 */
const laptops = liveLaptopsPerTest('live-copy-');
const { laptop } = laptops;

/** The command lines of a night's journal on the laptop holding it (signature lines are not lines). */
function journalLines(holder: LiveLaptop, nightId: string): string[] {
  const text = fs.readFileSync(path.join(holder.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8');
  return text
    .split('\n')
    .slice(1, -1)
    .filter((line) => !line.startsWith('{"signed"'));
}

function heldLines(copy: LiveLaptop, nightId: string): string[] {
  const text = copy.lan.live.copies.text(nightId) ?? '';
  return text
    .split('\n')
    .slice(1, -1)
    .filter((line) => !line.startsWith('{"signed"'));
}

describe('R35: a live copy of the open night on a paired laptop', () => {
  it('R35: the lines played on one laptop arrive on the other as they are written, exactly as on its disk, signed by it', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    await pair(ann, bob);
    startNight(ann.session);
    const nightId = currentNight(ann.session).id;
    for (let turn = 0; turn < 4; turn++) {
      playTurns(ann.session, 1);
      const written = journalLines(ann, nightId).length;
      await until(() => bob.lan.live.copies.held(nightId)?.lines === written);
    }
    expect(heldLines(bob, nightId)).toEqual(journalLines(ann, nightId));
    const held = bob.lan.live.copies.held(nightId);
    const annId = ann.session.getView().group?.laptopId;
    expect(held?.holder).toBe(annId);
    expect(held?.signature).toMatchObject({ laptop: annId, lines: held?.lines });

    // Each console says so: the holder who holds its night and how far behind, the copy whose night it holds.
    await until(() => (ann.session.getView().groupLan?.liveCopies ?? []).some((copy) => copy.behind === 0), 3_000);
    expect(ann.session.getView().groupLan?.liveCopies).toEqual([
      { laptopId: bob.session.getView().group?.laptopId, name: expect.any(String), behind: 0, problem: null },
    ]);
    await until(() => bob.session.getView().groupLan?.holding[0]?.lines === held?.lines, 3_000);
    expect(bob.session.getView().groupLan?.holding).toEqual([
      { nightId, laptopId: annId, name: expect.any(String), lines: held?.lines, ended: false, handedHere: false },
    ]);
    // Only the host's console: the TV and phones never get the slice.
    expect(viewForRole(bob.session.getView(), 'table').groupLan).toBeUndefined();
    expect(viewForRole(ann.session.getView(), 'phone').groupLan).toBeUndefined();
  });

  it('R35: several paired laptops hold the night, each listed on the holder with how far behind', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    const cat = await laptop('cat');
    await pair(ann, bob);
    await pair(ann, cat, true);
    startNight(ann.session);
    const nightId = currentNight(ann.session).id;
    playTurns(ann.session, 2);
    const written = journalLines(ann, nightId).length;
    await until(() => [bob, cat].every((copy) => copy.lan.live.copies.held(nightId)?.lines === written));
    expect(heldLines(cat, nightId)).toEqual(journalLines(ann, nightId));
    await until(() => ann.session.getView().groupLan?.liveCopies.length === 2, 3_000);
    expect(ann.session.getView().groupLan?.liveCopies.map((copy) => copy.behind)).toEqual([0, 0]);
  });

  it('R35: a copy that restarted (or missed lines) is sent the night from what it holds; the ended night is marked ended', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    await pair(ann, bob);
    startNight(ann.session);
    const nightId = currentNight(ann.session).id;
    playTurns(ann.session, 2);
    await until(() => bob.lan.live.copies.held(nightId)?.lines === journalLines(ann, nightId).length);
    const heldBefore = bob.lan.live.copies.held(nightId)?.lines ?? 0;
    // Bob quits; Ann plays on; Bob comes back on the same data folder (and port, as the app's 47900) and is caught up.
    const port = Number(bob.lan.listening?.split(':')[1]);
    await laptops.switchedOff(bob);
    playTurns(ann.session, 3);
    await until(() => (ann.session.getView().groupLan?.liveCopies ?? []).length === 0, 3_000);
    const bobAgain = await laptop('bob', { ports: [port] });
    expect(bobAgain.lan.live.copies.held(nightId)?.lines).toBe(heldBefore);
    expect(heldBefore).toBeLessThan(journalLines(ann, nightId).length);
    // Ann's next round (every second in the app) asks Bob what it holds and sends the rest.
    ann.lan.live.round();
    run(ann.session, 'endNight', { stateId: currentNight(ann.session).stateId });
    await until(() => bobAgain.lan.live.copies.held(nightId)?.lines === journalLines(ann, nightId).length);
    expect(heldLines(bobAgain, nightId)).toEqual(journalLines(ann, nightId));
    expect(bobAgain.lan.live.copies.held(nightId)?.ended).toBe(true);
    // The ended night arrives the usual way, signed; only then is the copy let go.
    bobAgain.lan.live.round();
    expect(bobAgain.lan.live.copies.held(nightId)).toBeDefined();
    await bobAgain.lan.syncNow();
    await until(() => {
      bobAgain.lan.live.round();
      return bobAgain.lan.live.copies.held(nightId) === undefined;
    });
    expect(fs.existsSync(path.join(bobAgain.root, 'live', `${nightId}.jsonl`))).toBe(false);
  });

  it('R35: lines of a night the sender does not hold are refused, naming it: its own open night sent back to its holder; lines that do not replay too', async () => {
    const ann = await laptop('ann');
    let doesNotReplay = Number.POSITIVE_INFINITY;
    let mostHeld = 0;
    const bob = await laptop('bob', {
      onLiveLinesHeld: (_night, lines) => (mostHeld = Math.max(mostHeld, lines)),
      replayLiveCopy: (text) => {
        const lines = text.split('\n').filter((line) => line.startsWith('{"at"') || line.startsWith('{"command"')).length;
        return lines > doesNotReplay ? { lines: doesNotReplay, problem: 'the engine refuses it' } : null;
      },
    });
    await pair(ann, bob);
    startNight(ann.session);
    const nightId = currentNight(ann.session).id;
    playTurns(ann.session, 1);
    await until(() => bob.lan.live.copies.held(nightId)?.lines === journalLines(ann, nightId).length);
    const held = bob.lan.live.copies.held(nightId);
    const text = bob.lan.live.copies.text(nightId) ?? '';
    const [header, ...rest] = text.split('\n');
    const lines = rest.filter((line) => line.length > 0 && !line.startsWith('{"signed"'));
    // Bob's key for Ann's listener, as its pairing file keeps it.
    const peers = JSON.parse(fs.readFileSync(path.join(bob.root, 'group', 'lan-peers.json'), 'utf8')) as {
      peers: { laptopId: string; theirKey: string }[];
    };
    const annId = ann.session.getView().group?.laptopId as string;
    const key = peers.peers.find((peer) => peer.laptopId === annId)?.theirKey as string;
    const bobId = bob.session.getView().group?.laptopId as string;
    const sent = await ann.session.run('peer', 'groupPeerNightLines', {
      laptop: bobId,
      key,
      nightId,
      from: 1,
      header,
      lines,
      signed: { ...held?.signature, laptop: bobId },
    });
    expect(sent.ok).toBe(false);
    if (!sent.ok) {
      expect(sent.error.code).toBe('live-copy-refused');
      expect(sent.error.message).toContain('that night is open on this laptop');
      expect(sent.error.params?.['laptop']).toBeTruthy();
    }
    // From here Bob's replay finds Ann's new lines do not replay: they are cut off, later ones refused, Ann's console says so.
    doesNotReplay = held?.lines ?? 0;
    playTurns(ann.session, 1);
    // Taken, durable, then replayed and cut off.
    await until(() => mostHeld > (held?.lines ?? 0) && bob.lan.live.copies.held(nightId)?.lines === held?.lines);
    // Ann's next round (every second) asks Bob what it holds, sends it the rest, and is refused.
    ann.lan.live.round();
    await until(() => (ann.session.getView().groupLan?.liveCopies[0]?.problem ?? '').includes('does not replay'), 3_000);
    expect(ann.session.getView().groupLan?.liveCopies[0]?.problem).toContain(`line ${(held?.lines ?? 0) + 1} does not replay`);
    expect(ann.session.getView().groupLan?.liveCopies[0]?.behind).toBeGreaterThan(0);
    // A laptop that is not paired is not heard at all.
    const stranger = await ann.session.run('peer', 'groupPeerNightLines', {
      laptop: 'l-00000000000000ff',
      key,
      nightId,
      from: 1,
      lines: [],
    });
    expect(!stranger.ok && stranger.error.code).toBe('not-paired');
  });
});
