import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StorageNotice } from '../../shared';
import { checkedExportFile, playTurns, startNight } from '../session/testing/kit';
import { liveLaptopsPerTest, pair, until, type LiveLaptop } from './testing/liveLaptops';
import { commandRows, endedAndExported, idOf, journalRows, ready } from './testing/liveNights';

/**
 * R35 *A laptop that comes back*, for a copy (docs/group-lan.md "A copy ahead of a takeover"), on real laptops over
 * loopback: Ann's laptop holds the night, Bob's and Carol's hold copies. Bob's laptop is off for a while; Carol's copy
 * goes on to Ann's last line; then Ann's laptop dies and Bob's, back, takes the night over from the line it holds.
 * Carol's copy holds Ann's lines after that line, which are not the night's: it cuts back to it, keeps them aside and
 * follows Bob's. Before, it answered it held Ann's count, refused every batch of Bob's for good, and could never take
 * the night over from Bob's.
 */
const laptops = liveLaptopsPerTest('cut-back-');
const { laptop, switchedOff } = laptops;

/** The laptop goes by `name` in the group (each laptop of a test is named after the machine otherwise). */
async function named(owner: LiveLaptop, name: string): Promise<void> {
  const renamed = await owner.session.run('host', 'renameLaptop', { name });
  if (!renamed.ok) throw new Error(renamed.error.message);
}

/** The notice a laptop's console shows of a copy cut back (R35), if any. */
function cutBackNotices(owner: LiveLaptop): StorageNotice[] {
  return owner.session.getView().storageNotices.filter((n) => n.copyCutBack !== undefined);
}

describe('R35: a copy ahead of a takeover point cuts back to it and follows the laptop that took the night over', () => {
  it('R35: Carol’s copy, ahead of Bob’s takeover, becomes Bob’s night exactly, Ann’s later lines aside and her host told of them; Carol’s laptop then takes it over from Bob’s and the checker finds the night right', async () => {
    const ann = await laptop('ann');
    let bob = await laptop('bob');
    let carol = await laptop('carol');
    await pair(ann, bob);
    await pair(ann, carol, true);
    await pair(bob, carol, true);
    await named(ann, 'Ann’s laptop');
    await named(bob, 'Bob’s laptop');
    const [annId, bobId] = [idOf(ann.session), idOf(bob.session)];
    // Carol's laptop takes the new names in (the group's files, asked for at once rather than after a minute).
    await carol.lan.syncNow();
    const names = new Map(carol.session.getView().group?.laptops.map((l) => [l.id, l.name]));
    expect([names.get(annId), names.get(bobId)]).toEqual(['Ann’s laptop', 'Bob’s laptop']);
    const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
    playTurns(ann.session, 2);
    ready(ann.session);
    const taken = journalRows(ann, nightId).length;
    await until(() => {
      ann.lan.live.round();
      return [bob, carol].every((l) => l.lan.live.copies.held(nightId)?.lines === taken);
    });

    // Bob's laptop goes off; Ann's plays on, and Carol's copy takes every line of it.
    await switchedOff(bob);
    playTurns(ann.session, 2);
    const annRows = journalRows(ann, nightId);
    expect(annRows.length).toBeGreaterThan(taken);
    await until(() => {
      ann.lan.live.round();
      return carol.lan.live.copies.held(nightId)?.lines === annRows.length;
    });

    // Ann's laptop dies; Bob's, back, takes the night over from the line it holds, and plays on.
    await switchedOff(ann);
    bob = await laptop('bob');
    const moved = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!moved.ok) throw new Error(moved.error.message);
    expect(moved.data.line).toBe(taken);
    playTurns(bob.session, 1);
    ready(bob.session);

    // Carol's copy follows Bob's night exactly; Ann's lines after the takeover point are kept aside beside it.
    await until(() => {
      bob.lan.live.round();
      return (
        carol.lan.live.copies.held(nightId)?.holder === bobId &&
        carol.lan.live.copies.held(nightId)?.lines === journalRows(bob, nightId).length
      );
    });
    const bobRows = journalRows(bob, nightId);
    expect(commandRows(carol.lan.live.copies.text(nightId) ?? '')).toEqual(bobRows);
    expect(carol.lan.live.copies.held(nightId)).toMatchObject({ holder: bobId, epoch: 2, heardEpoch: 2 });
    const folder = carol.lan.live.copies.folder;
    const aside = fs.readdirSync(folder).filter((name) => name.includes('.cut-back-after-'));
    expect(aside).toEqual([`${nightId}.jsonl.cut-back-after-${taken}`]);
    const asideText = fs.readFileSync(path.join(folder, aside[0] as string), 'utf8');
    expect(commandRows(asideText)).toEqual(annRows.slice(taken));
    expect(asideText.trimEnd().split('\n').at(-1)).toContain(`"laptop":"${annId}"`);
    // R35: Carol's host is told, until dismissed: whose lines were set aside, how many, after which line, which laptop
    // took the night over, and the file they are kept in.
    await until(() => cutBackNotices(carol).length > 0);
    const told = cutBackNotices(carol);
    const after = annRows.length - taken;
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        file: carol.lan.live.copies.pathOf(nightId),
        setAsideAs: path.join(folder, aside[0] as string),
        copyCutBack: { night: nightId, from: 'Ann’s laptop', by: 'Bob’s laptop', line: taken, after },
      }),
    ]);
    expect(told[0]?.reason).toContain(
      `held ${after} lines that Ann’s laptop wrote after Bob’s laptop took the night over from it at line ${taken} (R35)`,
    );
    expect(fs.existsSync(told[0]?.setAsideAs ?? '')).toBe(true);
    // Bob's console hears of no refusal from Carol's laptop: it holds the night 0 lines behind.
    await until(() => bob.lan.live.copyAt(idOf(carol.session))?.behind === 0);
    expect(bob.lan.live.copyAt(idOf(carol.session))).toMatchObject({ behind: 0, problem: null });

    // Bob's laptop goes off in turn; Carol's takes the night over from Bob's, and ends it.
    await switchedOff(bob);
    const again = await carol.session.run('host', 'takeOverNight', { nightId });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.data.line).toBe(bobRows.length);
    ready(carol.session);
    const { content, recordRows } = await endedAndExported(carol, nightId);
    // The night checker (which shares no code with the app) finds nothing wrong: none of Ann's lines after the
    // takeover point is in it; all it cannot check are the decks in play lost with Ann's and Bob's laptops.
    expect(recordRows.slice(0, bobRows.length)).toEqual(bobRows);
    for (const finding of checkedExportFile(content)) expect(finding).toMatch(/^R35 cannot-check deck play-\d+ was lost with its laptop/);
    // The aside lines stay, never merged, never deleted by themselves; told once, the notice lasts across a restart.
    expect(fs.existsSync(path.join(folder, aside[0] as string))).toBe(true);
    await switchedOff(carol);
    carol = await laptop('carol');
    expect(cutBackNotices(carol)).toEqual(told);
  }, 30_000);
});
