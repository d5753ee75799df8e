import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportFile } from '../../shared';
import { advance, checkedExportFile, currentNight, playTurns, startNight } from '../session/testing/kit';
import type { GameSession } from '../session/gameSession';
import { liveLaptopsPerTest, pair, until, type LiveLaptop } from './testing/liveLaptops';

/**
 * R35 *Handed over*: Ann's laptop, alive, hands its open night to Bob's, which holds it live. The hand-over waits for
 * the end of a turn, writes Ann's last line (the deck in play retired, its seed shown) and reaches Bob's copy; Ann's
 * console writes nothing more for the night; Bob's host opens it with the takeover key (nothing voided, no deck lost,
 * Ann's laptop still on); Ann's laptop stops once Bob's says it holds the night; and the night checker finds the
 * night right across the move.
 */
const laptops = liveLaptopsPerTest('hand-over-');
const { laptop } = laptops;

const PLAYERS = [{ name: 'Ann' }, { name: 'Bartholomew Featherstonehaugh' }, { name: 'Chloé' }, { name: 'Dmitri' }, { name: 'Eve' }];

function journalLines(owner: LiveLaptop, nightId: string): string[] {
  return fs
    .readFileSync(path.join(owner.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8')
    .split('\n')
    .slice(1, -1)
    .filter((line) => !line.startsWith('{"signed"'));
}

/** The id of the one laptop `session` is paired with. */
function onlyPairedId(session: GameSession): string {
  const paired = session.getView().groupLan?.paired ?? [];
  if (paired.length !== 1) throw new Error(`paired with ${paired.length} laptops, not one`);
  return (paired[0] as { laptopId: string }).laptopId;
}

/** Ann's laptop, holding a night of five players four turns in, with Bob's laptop holding its copy 0 lines behind. */
async function annWithBob(): Promise<{ ann: LiveLaptop; bob: LiveLaptop; nightId: string; bobId: string }> {
  const ann = await laptop('ann');
  const bob = await laptop('bob');
  await pair(ann, bob);
  const nightId = startNight(ann.session, { players: PLAYERS }).id;
  playTurns(ann.session, 4);
  const bobId = onlyPairedId(ann.session);
  return { ann, bob, nightId, bobId };
}

async function caughtUp(ann: LiveLaptop, bob: LiveLaptop, nightId: string, bobId: string): Promise<void> {
  const lines = journalLines(ann, nightId).length;
  ann.lan.live.round();
  await until(() => bob.lan.live.copies.held(nightId)?.lines === lines && ann.lan.live.copyAt(bobId)?.behind === 0);
}

describe('R35: handing a night over while both laptops are on', () => {
  it('R35: handed between turns, refused on Ann after it, opened on Bob with nothing voided, and Ann stops once Bob holds it', async () => {
    const { ann, bob, nightId, bobId } = await annWithBob();
    // Not while a turn is in play: the deck in play could not be put away as at the end of a deal.
    while (currentNight(ann.session).phase !== 'bet') advance(ann.session);
    await caughtUp(ann, bob, nightId, bobId);
    const before = journalLines(ann, nightId).length;
    const midTurn = await ann.session.run('host', 'handOverNight', { nightId, laptopId: bobId });
    expect(midTurn).toMatchObject({ ok: false, error: { code: 'wrong-phase', message: expect.stringMatching(/turn is in play/) } });
    expect(journalLines(ann, nightId)).toHaveLength(before);

    while (currentNight(ann.session).phase !== 'ready') advance(ann.session);
    await caughtUp(ann, bob, nightId, bobId);
    const atHandOver = currentNight(ann.session);
    const handed = await ann.session.run('host', 'handOverNight', { nightId, laptopId: bobId });
    if (!handed.ok) throw new Error(handed.error.message);
    const lines = journalLines(ann, nightId);
    expect(handed.data).toMatchObject({ nightId, line: lines.length, delivered: true });
    // Ann's last line names Bob's laptop and shows the seed of the deck it put away (R12).
    const last = JSON.parse(lines.at(-1) ?? '{}') as { command: { type: string; to: string }; revealed?: string[] };
    expect(last.command).toEqual({ type: 'hand-over', to: bobId });
    expect(last.revealed?.length).toBeGreaterThan(0);
    expect(bob.lan.live.copies.held(nightId)?.lines).toBe(lines.length);

    // Ann's console says where the night went, and writes nothing more for it: neither play nor an expense.
    expect(ann.session.getView().groupLan?.handedOver).toMatchObject({ laptopId: bobId });
    expect(await ann.session.run('host', 'deal', { stateId: atHandOver.stateId + 1 })).toMatchObject({
      ok: false,
      error: { code: 'night-moved' },
    });
    const players = atHandOver.players.map((p) => p.id);
    const expense = await ann.session.run('host', 'addExpense', {
      payer: players[0],
      amount: 1200,
      description: 'Pizza',
      sharers: players,
    });
    expect(expense).toMatchObject({ ok: false, error: { code: 'night-moved' } });
    expect(journalLines(ann, nightId)).toHaveLength(lines.length);
    const again = await ann.session.run('host', 'handOverNight', { nightId, laptopId: bobId });
    expect(again).toMatchObject({ ok: false, error: { code: 'night-moved' } });

    // Bob's console says the night was handed here; the takeover key opens it with Ann's laptop still on.
    await until(() => bob.session.getView().groupLan?.holding[0]?.handedHere === true);
    const opened = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.data).toEqual({ nightId, line: lines.length, voidedTurn: null });
    const onBob = currentNight(bob.session);
    expect(onBob.pot).toBe(atHandOver.pot);
    expect(onBob.players.map((p) => [p.name, p.stack])).toEqual(atHandOver.players.map((p) => [p.name, p.stack]));
    expect(onBob.dealerId).toBe(atHandOver.dealerId);
    playTurns(bob.session, 3);

    // Ann's laptop asks Bob's how far it holds the night, hears it was taken from there, and stops.
    ann.lan.live.round();
    await until(() => ann.session.getView().night === null);
    const notice = ann.session.getView().storageNotices.find((n) => n.setAsideAs.includes('.taken-over-'));
    expect(notice?.reason).toMatch(new RegExp(`night ${nightId} was handed over to .* after its line ${lines.length} \\(R35\\)`));
    expect(notice?.nightMoved).toMatchObject({ night: nightId, line: lines.length, after: 0, handed: true });

    // The night, ended on Bob's laptop, is right by the night checker across the move (R24 holds).
    const end = await bob.session.run('host', 'endNight', { stateId: currentNight(bob.session).stateId });
    if (!end.ok) throw new Error(end.error.message);
    const exported = await bob.session.run('host', 'exportNight', { nightId, format: 'json' });
    if (!exported.ok) throw new Error(exported.error.message);
    // Nothing wrong, and nothing the checker cannot redo: a hand-over loses no deck.
    expect(checkedExportFile((exported.data as ExportFile).content)).toEqual([]);
  });

  it('R35: a hand-over to a laptop that is not paired, or a night not open here, is refused in words and writes nothing', async () => {
    const { ann, bob, nightId, bobId } = await annWithBob();
    while (currentNight(ann.session).phase !== 'ready') advance(ann.session);
    await caughtUp(ann, bob, nightId, bobId);
    const before = journalLines(ann, nightId).length;
    const stranger = await ann.session.run('host', 'handOverNight', { nightId, laptopId: 'l-0123456789abcdef' });
    expect(stranger).toMatchObject({ ok: false, error: { code: 'not-paired' } });
    const otherNight = await ann.session.run('host', 'handOverNight', { nightId: '2026-03-06-abcdef', laptopId: bobId });
    expect(otherNight).toMatchObject({ ok: false, error: { code: 'no-night' } });
    // Only the host's console hands a night over: never the TV.
    const fromTv = await ann.session.run('table', 'handOverNight', { nightId, laptopId: bobId });
    expect(fromTv.ok).toBe(false);
    expect(journalLines(ann, nightId)).toHaveLength(before);
    expect(ann.session.getView().groupLan?.handedOver).toBeNull();
  });

  it('R35: a night handed to Bob is not taken over by Carol, who holds a copy too', async () => {
    const { ann, bob, nightId, bobId } = await annWithBob();
    const carol = await laptop('carol');
    await pair(ann, carol, true);
    while (currentNight(ann.session).phase !== 'ready') advance(ann.session);
    await caughtUp(ann, bob, nightId, bobId);
    const handed = await ann.session.run('host', 'handOverNight', { nightId, laptopId: bobId });
    if (!handed.ok) throw new Error(handed.error.message);
    await until(() => {
      ann.lan.live.round();
      return carol.lan.live.copies.held(nightId)?.lines === handed.data.line;
    });
    const byCarol = await carol.session.run('host', 'takeOverNight', { nightId });
    expect(byCarol).toMatchObject({ ok: false, error: { code: 'night-moved', message: expect.stringMatching(/handed night .* to /) } });
    expect(carol.session.getView().night).toBeNull();
  });
});
