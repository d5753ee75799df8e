import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { advance, currentNight, playTurns, startNight } from '../session/testing/kit';
import { journalLineCount, liveLaptopsPerTest, pair, until } from './testing/liveLaptops';

/**
 * R35, the night survives its laptop, part 2: Ann's laptop hosts, Bob's holds the live copy over loopback. While
 * Ann's laptop answers, Bob's is told to ask for a hand-over; once it is off, one command on Bob's console takes the
 * night over from the last line it holds; and Ann's laptop, back on, stops writing the night as soon as it hears of it.
 */
const laptops = liveLaptopsPerTest('take-over-');
const { laptop, switchedOff } = laptops;

describe('R35: taking a night over from a laptop that is gone', () => {
  it('R35: refused while the holder answers; taken over once it is off; the holder, back, stops and keeps its lines aside', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    await pair(ann, bob);
    const nightId = startNight(ann.session, {
      players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }, { name: 'Dmitri' }, { name: 'Eve' }],
    }).id;
    playTurns(ann.session, 4);
    while (currentNight(ann.session).phase !== 'bet') advance(ann.session);
    const atTheBet = currentNight(ann.session);
    const lines = fs.readFileSync(path.join(ann.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8').split('\n').length - 2;
    await until(() => bob.lan.live.copies.held(nightId)?.lines === lines);

    const busy = await bob.session.run('host', 'takeOverNight', { nightId });
    expect(busy).toMatchObject({ ok: false, error: { code: 'holder-reachable' } });
    expect(bob.session.getView().night).toBeNull();

    await switchedOff(ann);
    const taken = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!taken.ok) throw new Error(taken.error.message);
    expect(taken.data).toEqual({ nightId, line: lines, voidedTurn: atTheBet.turn?.n ?? null });
    const onBob = currentNight(bob.session);
    expect(onBob.id).toBe(nightId);
    expect(onBob.pot).toBe(atTheBet.pot);
    expect(onBob.players.map((p) => p.stack)).toEqual(atTheBet.players.map((p) => p.stack));
    // The table is told, though a new deck was shuffled on the same line: the night moved, and the turn in play is played again.
    expect(onBob.announcements.map((a) => [a.kind, a.playerId])).toEqual([
      ['night-moved', null],
      ['voided', atTheBet.turn?.playerId],
    ]);
    // The copy is the night's journal now; Bob's laptop holds no copy of it besides.
    expect(bob.lan.live.copies.held(nightId)).toBeUndefined();
    advance(bob.session);
    advance(bob.session);

    // Ann's laptop comes back with the night still open on it: before it takes a command, it asks Bob's, is told, and stops.
    const back = await laptop('ann');
    expect(back.session.getView().night).toBeNull();
    expect(await back.session.run('host', 'deal', { stateId: 0 })).toMatchObject({ ok: false, error: { code: 'no-night' } });
    const notice = back.session.getView().storageNotices.find((n) => n.setAsideAs.includes('.taken-over-'));
    expect(notice?.reason).toMatch(new RegExp(`night ${nightId} was taken over by .* after its line ${lines} \\(R35\\)`));
    // The same facts for the console to word in the host's language (NoticesBar), not only main's English.
    expect(notice?.nightMoved).toEqual({ night: nightId, by: expect.stringMatching(/./), line: lines, after: 0, handed: false });
    expect(currentNight(bob.session).id).toBe(nightId);
  });

  it('R35: a laptop whose own journal of the night, set aside, went on to epoch 4 takes nothing over from a copy at epoch 1; without it, it does', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    await pair(ann, bob);
    const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
    playTurns(ann.session, 2);
    const lines = journalLineCount(ann, nightId);
    await until(() => bob.lan.live.copies.held(nightId)?.lines === lines);
    await switchedOff(ann);
    // As if Bob's laptop had held the night at epoch 3 and handed it on (its journal then set aside, ending with the
    // hand-over), before a batch of Ann's from epoch 1 started this copy: the laptop handed to went on at epoch 4.
    const text = fs.readFileSync(path.join(ann.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8');
    const [header, ...rows] = text.split('\n').filter((row) => row !== '' && !row.startsWith('{"signed"'));
    const wentOn = [
      header,
      ...rows.map((row) => JSON.stringify({ ...JSON.parse(row), epoch: 3 })),
      JSON.stringify({ command: { type: 'hand-over', to: 'l-00000000000000aa' }, epoch: 3, prev: '0'.repeat(64) }),
      '{"damaged',
    ];
    const aside = path.join(bob.root, 'session', 'nights', `${nightId}.jsonl.taken-over-2026-03-06T20-30-00-000Z`);
    fs.mkdirSync(path.dirname(aside), { recursive: true });
    fs.writeFileSync(aside, `${wentOn.join('\n')}\n`);
    const refused = await bob.session.run('host', 'takeOverNight', { nightId });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'copy-not-ready',
        message: expect.stringContaining('ends at epoch 1, before the night went on from this laptop at epoch 4'),
      },
    });
    expect(bob.session.getView().night).toBeNull();
    // A journal of another night set aside says nothing of this one: with only that, the takeover goes through.
    fs.renameSync(aside, path.join(bob.root, 'session', 'nights', `2026-03-06-ffffff.jsonl.taken-over-2026-03-06T20-30-00-000Z`));
    const taken = await bob.session.run('host', 'takeOverNight', { nightId });
    expect(taken.ok).toBe(true);
    expect(currentNight(bob.session).id).toBe(nightId);
  });

  it('R35: a copy whose heard-epoch file does not read after a restart takes nothing over (a later epoch may have been heard) until its night is heard again', async () => {
    const ann = await laptop('ann');
    let bob = await laptop('bob');
    await pair(ann, bob);
    const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
    playTurns(ann.session, 2);
    await until(() => bob.lan.live.copies.held(nightId)?.lines === journalLineCount(ann, nightId));
    // Ann's laptop goes off; Bob's stops too, and the file beside its copy saying what epoch it heard is damaged
    // meanwhile. (Bob's comes back on the same port, as the app's 47900, so Ann's finds it again.)
    await switchedOff(ann);
    const port = Number(bob.lan.listening?.split(':')[1]);
    await switchedOff(bob);
    const heard = path.join(bob.root, 'live', `${nightId}.heard`);
    fs.writeFileSync(heard, '{"heardEpoch":');
    bob = await laptop('bob', { ports: [port] });
    expect(bob.lan.live.copies.held(nightId)).toMatchObject({ heardUnreadable: true });
    // Fail closed: the takeover is refused in words the host reads, and nothing is opened.
    const refused = await bob.session.run('host', 'takeOverNight', { nightId });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'copy-not-ready',
        message: expect.stringMatching(/cannot be read .* once a laptop holding the night has sent it here again/),
      },
    });
    expect(bob.session.getView().night).toBeNull();
    // Ann's laptop comes back and sends the night again: the copy hears its epoch, the file is written anew, and once
    // Ann's is off again the takeover goes through.
    const back = await laptop('ann');
    await until(() => {
      back.lan.live.round();
      return bob.lan.live.copies.held(nightId)?.heardUnreadable === false;
    });
    expect(JSON.parse(fs.readFileSync(heard, 'utf8'))).toEqual({ heardEpoch: 1 });
    await switchedOff(back);
    const taken = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!taken.ok) throw new Error(taken.error.message);
    expect(currentNight(bob.session).id).toBe(nightId);
  });

  it('R35: a night this laptop holds no copy of is refused in words, and so is one the console names wrongly', async () => {
    const bob = await laptop('bob');
    const refused = await bob.session.run('host', 'takeOverNight', { nightId: '2026-03-06-abcdef' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/no live copy/) } });
    const malformed = await bob.session.run('host', 'takeOverNight', { nightId: '../../etc' });
    expect(malformed.ok).toBe(false);
    // Only the host's console may take a night over: never the TV or a phone.
    const fromTv = await bob.session.run('table', 'takeOverNight', { nightId: '2026-03-06-abcdef' });
    expect(fromTv).toMatchObject({ ok: false });
  });
});
