import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from '../../store/confBackend';
import { GameSession } from '../gameSession';
import { checkedExport, countingBytes, currentNight, ok, playTurns, run, startNight, TestClock } from '../testing/kit';

/**
 * R34: the laptop's chain for a night whose cards the table draws is 4,097
 * hashes (8-25 ms). Start draws its secret and keeps it beside the journal,
 * then answers; the chain is made after the answer, before the draw for the
 * dealer (R7) that first commits to it, or by that draw if it comes first.
 */

let root: string;
const clock = new TestClock('2026-12-07T21:00:00.000Z');
const sessions: GameSession[] = [];
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-laptop-chain-'));
});
afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A session on a folder of its own whose after-answer work waits in `held`; every one draws the same random bytes. */
function openSession(folder: string, held: (() => void)[]): GameSession {
  const session = new GameSession({
    storage: createConfBackend(path.join(root, folder)),
    randomBytes: countingBytes('laptop-chain'),
    now: clock.now,
    afterAnswer: (job) => held.push(job),
  });
  sessions.push(session);
  return session;
}

describe("R34: the laptop's chain made after Start's answer", () => {
  it('Start of a night the table deals leaves the chain for after its answer, and the first draw commits to that chain either way', () => {
    const waiting: (() => void)[] = [];
    const drawnFirst = openSession('draw-first', waiting);
    startNight(drawnFirst, { settings: { cards: 'table' } });
    expect(waiting).toHaveLength(1);
    // The draw for the dealer before the chain's job ran (a command sent at once): it makes the chain itself.
    ok(run(drawnFirst, 'drawForDealer'));

    const madeAfter: (() => void)[] = [];
    const asTheAppDoes = openSession('made-after', madeAfter);
    startNight(asTheAppDoes, { settings: { cards: 'table' } });
    for (const job of madeAfter.splice(0)) job();
    ok(run(asTheAppDoes, 'drawForDealer'));

    const commitment = currentNight(asTheAppDoes).tableDraw?.fingerprint;
    expect(commitment).toMatch(/^[0-9a-f]{8}$/);
    expect(currentNight(drawnFirst).tableDraw?.fingerprint).toBe(commitment);
    // The job that comes after the draw finds the chain made, and the night goes on and checks.
    for (const job of waiting.splice(0)) job();
    for (const session of [drawnFirst, asTheAppDoes]) {
      playTurns(session, 4, { bet: () => 1 });
      const night = session.currentNight;
      if (!night) throw new Error('no night');
      expect(checkedExport(night)).toEqual([]);
    }
  });

  it('a night the shuffled deck deals leaves nothing for after its answer', () => {
    const held: (() => void)[] = [];
    const session = openSession('deck', held);
    startNight(session, { settings: { cards: 'deck' } });
    expect(held).toEqual([]);
  });
});
