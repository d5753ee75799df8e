import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, currentNight, playTurns, startNight } from '../session/testing/kit';
import { journalLineCount, liveLaptopsPerTest, pair, pushUntilHeld, until, type LiveLaptop } from './testing/liveLaptops';

/**
 * R35 *A laptop that comes back*, by the group folder: Bob's laptop takes Ann's night over and signs the move into
 * the group documents, which it copies out to the group folder at once. Ann's laptop, back on where it can reach no
 * paired laptop (Bob's is off too, or on another network), still learns of the move from the folder before it takes
 * a command, and stops writing the night.
 */
const laptops = liveLaptopsPerTest('move-by-folder-');
const { laptop, switchedOff } = laptops;
let folder = '';

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'move-by-folder-shared-'));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

async function useFolder(laptopOn: LiveLaptop): Promise<void> {
  const set = await laptopOn.session.run('host', 'groupSetFolder', { path: folder });
  if (!set.ok) throw new Error(set.error.message);
}

/** Ann's night of three, held live by Bob's laptop up to its last line (both paired and on the group folder). */
async function annsNightHeldByBob(turns: number): Promise<{ ann: LiveLaptop; bob: LiveLaptop; nightId: string; lines: number }> {
  const ann = await laptop('ann');
  const bob = await laptop('bob');
  await pair(ann, bob);
  await useFolder(ann);
  await useFolder(bob);
  const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
  playTurns(ann.session, turns);
  const lines = journalLineCount(ann, nightId);
  await until(() => bob.lan.live.copies.held(nightId)?.lines === lines);
  return { ann, bob, nightId, lines };
}

/** The same night taken over by Bob's laptop once Ann's is off. */
async function annsNightTakenByBob(turns: number): Promise<{ bob: LiveLaptop; nightId: string; lines: number }> {
  const { ann, bob, nightId, lines } = await annsNightHeldByBob(turns);
  await switchedOff(ann);
  const taken = await bob.session.run('host', 'takeOverNight', { nightId });
  if (!taken.ok) throw new Error(taken.error.message);
  advance(bob.session);
  return { bob, nightId, lines };
}

describe('R35: a move travels by the group folder', () => {
  it('R35: Ann’s laptop, back on with no paired laptop in reach, reads the takeover in the group folder and stops', async () => {
    const { bob, nightId, lines } = await annsNightTakenByBob(3);
    // Bob's laptop goes off too: Ann's, back on, reaches no paired laptop and has only the folder to learn from.
    await switchedOff(bob);

    const back = await laptop('ann');
    expect(back.session.getView().night).toBeNull();
    expect(await back.session.run('host', 'deal', { stateId: 0 })).toMatchObject({ ok: false, error: { code: 'no-night' } });
    const notice = back.session.getView().storageNotices.find((n) => n.setAsideAs.includes('.taken-over-'));
    expect(notice?.reason).toMatch(new RegExp(`night ${nightId} was taken over by .* after its line ${lines} \\(R35\\)`));
    // Its journal is kept aside whole; the night is no longer in its list.
    expect(fs.readdirSync(path.join(back.root, 'session', 'nights')).some((name) => name.startsWith(`${nightId}.jsonl.taken-over-`))).toBe(
      true,
    );
    const listed = back.session.runNow('listNights', {});
    expect(listed.ok && listed.data.map((n) => n.id)).not.toContain(nightId);
  });

  it('R35: the laptop that took the night over is not stopped by its own move, which the folder holds too', async () => {
    const { bob, nightId } = await annsNightTakenByBob(2);
    await switchedOff(bob);

    const bobBack = await laptop('bob');
    expect(currentNight(bobBack.session).id).toBe(nightId);
    advance(bobBack.session);
    expect(currentNight(bobBack.session).id).toBe(nightId);
  });

  it('R35: after two moves (Ann → Bob → Carol), Ann’s laptop is told where its own lines left the night, and how many it wrote after', async () => {
    const { ann, bob, nightId, lines: held } = await annsNightHeldByBob(2);

    // Bob's laptop goes off; Ann's writes on, then goes off too: Bob's copy lacks what Ann's wrote last.
    await switchedOff(bob);
    advance(ann.session);
    advance(ann.session);
    const writtenAfter = journalLineCount(ann, nightId) - held;
    expect(writtenAfter).toBeGreaterThan(0);
    await switchedOff(ann);

    // Bob's laptop, back, takes the night over from its copy (epoch 2, after Ann's line `held`) and plays on.
    const bobBack = await laptop('bob');
    const taken = await bobBack.session.run('host', 'takeOverNight', { nightId });
    if (!taken.ok) throw new Error(taken.error.message);
    advance(bobBack.session);
    advance(bobBack.session);
    advance(bobBack.session);

    // Carol's laptop pairs with Bob's, holds its copy, and takes the night over when Bob's goes off (epoch 3).
    const carol = await laptop('carol');
    await pair(bobBack, carol, true);
    await useFolder(carol);
    await pushUntilHeld(bobBack, carol, nightId);
    expect(carol.lan.live.copies.held(nightId)?.lines).toBe(journalLineCount(bobBack, nightId));
    await switchedOff(bobBack);
    const again = await carol.session.run('host', 'takeOverNight', { nightId });
    if (!again.ok) throw new Error(again.error.message);
    await switchedOff(carol);

    // Ann's laptop, back with only the folder: its lines left the night at Bob's move, after its line `held`, not at
    // Carol's (a line of Bob's night); the commands it wrote after that are counted, to be entered again on Carol's.
    const annBack = await laptop('ann');
    expect(annBack.session.getView().night).toBeNull();
    const notice = annBack.session.getView().storageNotices.find((n) => n.setAsideAs.includes('.taken-over-'));
    expect(notice?.reason).toContain(`after its line ${held} (R35)`);
    expect(notice?.reason).toContain(`The ${writtenAfter} commands written here after that line are not part of the night`);
  }, 20_000);
});
