import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordStatement, replayHeldCopy, signatureLine, signerOf } from '../../night';
import type { GameSession } from '../gameSession';
import { advance, ask, checkedExport, currentNight, ok, openSession, run, startNight, TestClock } from '../testing/kit';

/**
 * R35 *Taken over*, as the session plays it: Ann's laptop holds a night and
 * dies mid-turn; Bob's laptop, holding a copy of her journal and her
 * signature of its last line, goes on from it. The turn in play is voided
 * and played again, the deck in play is lost and a new one shuffled and cut,
 * every chip carries over (R24), Bob's laptop ends the night and its export
 * is judged right by the night checker across the move. And Ann's laptop,
 * coming back, stops writing the night and keeps its journal aside whole.
 */

const ANN = signerOf('l-00000000000000a1', createHash('sha256').update('Ann laptop').digest('hex'));
const BOB_ID = 'l-00000000000000b1';
const roots: string[] = [];
const clock = new TestClock();

function folder(label: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `dealer-move-${label}-`));
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** Ann's journal as her laptop streamed it: her lines, then her signature of the last (docs/group-lan.md). */
function annsCopy(root: string, nightId: string): string {
  const text = fs.readFileSync(path.join(root, 'nights', `${nightId}.jsonl`), 'utf8');
  const held = replayHeldCopy(text);
  if (!held.ok) throw new Error(held.problem);
  const sig = ANN.sign(recordStatement(nightId, ANN.laptopId, held.lines, held.head));
  return text + signatureLine({ laptop: ANN.laptopId, key: ANN.publicKey, lines: held.lines, head: held.head, sig });
}

/** Plays on until a bet is asked (a turn in play: its posts out, no chip moved yet). */
function toABet(session: GameSession, turnsFirst: number): void {
  for (let step = 0; step < turnsFirst * 4; step++) advance(session, {}, step);
  while (currentNight(session).phase !== 'bet') advance(session);
}

describe('R35 a night taken over by the laptop holding its copy', () => {
  it('R35, R21, R24: goes on from the last line held, the turn in play voided and played again, every chip carried over', async () => {
    const annRoot = folder('ann');
    const ann = openSession(annRoot, clock, 'ann');
    const nightId = startNight(ann, { players: [{ name: 'Ann' }, { name: 'Bartholomew Featherstonehaugh' }, { name: 'Zoë' }] }).id;
    toABet(ann, 5);
    const before = currentNight(ann);
    const copy = annsCopy(annRoot, nightId);

    const bob = openSession(folder('bob'), clock, 'bob');
    const answer = await bob.groupFiles.takeOverNight(copy, ANN.laptopId);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.data).toMatchObject({ nightId, voidedTurn: before.turn?.n ?? null });

    const after = currentNight(bob);
    expect(after.id).toBe(nightId);
    expect(after.pot).toBe(before.pot);
    expect(after.players.map((p) => [p.name, p.stack])).toEqual(before.players.map((p) => [p.name, p.stack]));
    // A new deck at once, which the table cuts before the turn is played again (R9-R11).
    expect(after.phase).toBe('cut');

    // Bob's laptop plays on and ends the night; its export is judged right across the move.
    for (let step = 0; step < 40 || currentNight(bob).phase !== 'ready'; step++) advance(bob, {}, step);
    ok(run(bob, 'endNight'));
    const ended = bob.currentNight;
    if (!ended) throw new Error('no night');
    expect(ended.state.phase.kind).toBe('ended');
    // Right across the move: the one finding says the lost deck's cards stand as its lines showed them, unprovable.
    expect(checkedExport(ended)).toEqual([expect.stringMatching(/^R35 deck play-\d+ was lost with its laptop .*never revealed/)]);
  });

  it('R35: a reload on the laptop that took the night over replays it to the same table', async () => {
    const annRoot = folder('ann');
    const ann = openSession(annRoot, clock, 'ann');
    const nightId = startNight(ann).id;
    toABet(ann, 3);
    const bobRoot = folder('bob');
    const bob = openSession(bobRoot, clock, 'bob');
    const answer = await bob.groupFiles.takeOverNight(annsCopy(annRoot, nightId), ANN.laptopId);
    expect(answer.ok).toBe(true);
    for (let step = 0; step < 9; step++) advance(bob, {}, step);
    const played = currentNight(bob);
    bob.close();
    const again = openSession(bobRoot, clock, 'bob');
    expect(currentNight(again)).toEqual(played);
    expect(again.getView().storageNotices).toEqual([]);
  });

  it('R35: refused while this laptop has a night of its own open, and for a copy that does not replay', async () => {
    const annRoot = folder('ann');
    const ann = openSession(annRoot, clock, 'ann');
    const nightId = startNight(ann).id;
    toABet(ann, 1);
    const copy = annsCopy(annRoot, nightId);
    const bob = openSession(folder('bob'), clock, 'bob');
    startNight(bob);
    const busy = await bob.groupFiles.takeOverNight(copy, ANN.laptopId);
    expect(busy).toMatchObject({ ok: false, error: { code: 'night-open', rule: 'R35' } });

    const catRoot = folder('cat');
    const cat = openSession(catRoot, clock, 'cat');
    const forged = copy.replace(/"amount":1/, '"amount":2');
    const refused = await cat.groupFiles.takeOverNight(forged, ANN.laptopId);
    expect(refused.ok).toBe(false);
    expect(cat.getView().night).toBeNull();
    expect(fs.existsSync(path.join(catRoot, 'nights', `${nightId}.jsonl`))).toBe(false);
  });

  it('R35: the laptop that comes back stops writing the night and keeps its journal aside whole, saying where it went', async () => {
    const annRoot = folder('ann');
    const ann = openSession(annRoot, clock, 'ann');
    const nightId = startNight(ann).id;
    toABet(ann, 2);
    const held = replayHeldCopy(annsCopy(annRoot, nightId));
    if (!held.ok) throw new Error(held.problem);
    // Two more lines written here after the copy's last: not part of the night any more.
    advance(ann);
    advance(ann);
    const journal = fs.readFileSync(path.join(annRoot, 'nights', `${nightId}.jsonl`), 'utf8');

    expect(await ann.groupFiles.nightMovedAway(nightId, BOB_ID, held.lines)).toBe(true);
    expect(ann.getView().night).toBeNull();
    expect(ask(ann, 'listNights').some((n) => n.id === nightId)).toBe(false);
    const aside = fs.readdirSync(path.join(annRoot, 'nights')).filter((name) => name.startsWith(`${nightId}.jsonl.taken-over-`));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(annRoot, 'nights', aside[0] ?? ''), 'utf8')).toBe(journal);
    const notice = ann.getView().storageNotices.find((n) => n.reason.includes('taken over'));
    expect(notice?.reason).toMatch(/after its line \d+ \(R35\).*The 2 commands written here after that line/);
    // A night that is not open here is not stopped twice.
    expect(await ann.groupFiles.nightMovedAway(nightId, BOB_ID, held.lines)).toBe(false);
    // Restarted, the laptop does not bring the night back.
    ann.close();
    expect(openSession(annRoot, clock, 'ann').getView().night).toBeNull();
  });
});
