import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { advance, currentNight, playTurns, startNight } from '../session/testing/kit';
import { journalLineCount, liveLaptopsPerTest, pair, pushUntilHeld, until } from './testing/liveLaptops';

/**
 * R35 *A laptop that comes back*, when the night went back and forth: Ann's laptop is taken over by Bob's, comes back
 * (told, it stops), then takes the night back from Bob's at the next epoch. Bob's laptop, back with its older epoch,
 * must stop; the night stays on Ann's. Found by the schedule property (store/moveSchedules.test.ts): the laptop holding
 * a night answers `night-moved` to a laptop it once took the night over from, so Bob's stale laptop stopped Ann's,
 * which holds the later epoch. The answer now says its epoch, and a laptop at a later epoch goes on
 * (host/liveCopyPush.ts).
 */
const laptops = liveLaptopsPerTest('move-back-');
const { laptop, switchedOff } = laptops;

/** A port free now, so a laptop that comes back listens where its paired laptop knows to reach it. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('R35: a night taken back by the laptop it was taken from', () => {
  it('R35: the laptop that held the older epoch stops when it comes back; the one that took the night back goes on', async () => {
    const ports = { ann: await freePort(), bob: await freePort() };
    const ann = await laptop('ann', { ports: [ports.ann] });
    const bob = await laptop('bob', { ports: [ports.bob] });
    await pair(ann, bob);
    const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
    playTurns(ann.session, 2);
    await until(() => bob.lan.live.copies.held(nightId)?.lines === journalLineCount(ann, nightId));

    // Ann's laptop goes off; Bob's takes the night over (epoch 2) and plays on.
    await switchedOff(ann);
    const taken = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!taken.ok) throw new Error(taken.error.message);
    advance(bob.session);
    advance(bob.session);

    // Ann's laptop comes back, is told, stops, and then holds a live copy of Bob's night.
    const annBack = await laptop('ann', { ports: [ports.ann] });
    annBack.lan.live.round();
    await until(() => annBack.session.getView().night === null);
    // (Bob's first round finds its link to Ann's old process closed; a later one reaches the laptop that came back.)
    await pushUntilHeld(bob, annBack, nightId);
    expect(annBack.lan.live.copies.held(nightId)?.lines).toBe(journalLineCount(bob, nightId));

    // Bob's laptop goes off; Ann's takes the night back (epoch 3) and plays on.
    await switchedOff(bob);
    const back = await annBack.session.run('host', 'takeOverNight', { nightId });
    if (!back.ok) throw new Error(back.error.message);
    advance(annBack.session);

    // Bob's laptop comes back with the night still open at epoch 2 while Ann's is off: nobody tells it yet.
    await switchedOff(annBack);
    const bobBack = await laptop('bob', { ports: [ports.bob] });
    expect(currentNight(bobBack.session).id).toBe(nightId);

    // Ann's laptop comes back at epoch 3 and asks Bob's at its start: Bob's answers night-moved (it once took the night
    // from Ann's), but at epoch 2, older than Ann's: Ann's goes on. Bob's, at its next round, is told and stops.
    const annAgain = await laptop('ann', { ports: [ports.ann] });
    expect(currentNight(annAgain.session).id).toBe(nightId);
    for (let round = 0; round < 20 && bobBack.session.getView().night !== null; round++) {
      bobBack.lan.live.round();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(bobBack.session.getView().night).toBeNull();
    const notice = bobBack.session.getView().storageNotices.find((n) => n.setAsideAs.includes('.taken-over-'));
    expect(notice?.reason).toMatch(/was taken over by .* \(R35\)/);
    expect(currentNight(annAgain.session).id).toBe(nightId);
    // Ann's laptop plays on at epoch 3.
    advance(annAgain.session);
  }, 20_000);
});
