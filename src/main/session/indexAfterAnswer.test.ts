import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from '../store/confBackend';
import { DealerRepository } from '../store/repository';
import { GameSession } from './gameSession';
import { ask, countingBytes, currentNight, ok, playTurns, startNight, TestClock } from './testing/kit';

/**
 * Starting and ending a night answer before the nights index is written
 * (at 1,000 nights the index is about 3 MB and its write took 80-120 ms
 * inside End). The journal is the record: if the app dies before the
 * deferred write, the next start lists the night from its journal.
 */

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-index-after-answer-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const clock = new TestClock('2026-11-22T20:00:00.000Z');
/** The index as on disk: the whole file with the log of its changes applied (store/indexLog.ts), as the next start reads it. */
const indexFile = (): string => JSON.stringify({ nights: new DealerRepository(createConfBackend(root)).loadIndex() });

/** A session whose deferred index writes wait in `held` until the test runs them (or never, as if the app died first). */
function openSession(held: (() => void)[] = []): GameSession {
  return new GameSession({
    storage: createConfBackend(root),
    randomBytes: countingBytes('index-after-answer'),
    now: clock.now,
    deferIndexWrite: (job) => held.push(job),
  });
}

/** Plays a night of a few turns with the pot carried, its start indexed, and ends it; End's index write is left in `held`. Returns the pot carried. */
function playAndEnd(session: GameSession, held: (() => void)[]): number {
  startNight(session, { settings: { potAtEnd: 'carry' } });
  for (const job of held.splice(0)) job();
  playTurns(session, 6, { bet: () => 1 });
  const pot = currentNight(session).pot;
  ok(session.runNow('endNight', { stateId: currentNight(session).stateId }));
  return pot;
}

describe('the nights index written after the answer', () => {
  it('End answers before the index is written, and the write that follows lists the night ended', () => {
    const held: (() => void)[] = [];
    const session = openSession(held);
    startNight(session);
    for (const job of held.splice(0)) job();
    const beforeEnd = indexFile();
    playTurns(session, 4, { bet: () => 1 });
    ok(session.runNow('endNight', { stateId: currentNight(session).stateId }));
    expect(indexFile()).toBe(beforeEnd);
    expect(held).toHaveLength(1);
    for (const job of held.splice(0)) job();
    const written = JSON.parse(indexFile()) as { nights: { endedAt: string | null }[] };
    expect(written.nights.map((n) => n.endedAt === null)).toEqual([false]);
  });

  it('a night ended just before the app died, its index write never made, is listed ended with its figures at the next start', () => {
    const held: (() => void)[] = [];
    const dying = openSession(held);
    const carried = playAndEnd(dying, held);
    const listed = ask(dying, 'listNights');
    expect(listed[0]?.endedAt).not.toBeNull();
    // End's index write never runs (its job is dropped) and the session is never closed: the index on disk still calls the night open.
    const stale = JSON.parse(indexFile()) as { nights: { endedAt: string | null }[] };
    expect(stale.nights.map((n) => n.endedAt)).toEqual([null]);

    const again = openSession();
    expect(ask(again, 'listNights')).toEqual(listed);
    expect(again.getView().storageNotices).toEqual([]);
    expect(again.getView().night?.phase).toBe('ended');
    ok(again.runNow('closeNight', { stateId: currentNight(again).stateId }));
    startNight(again);
    // The pot carried on, and Ann's, Bob's and Cat's antes.
    expect(currentNight(again).pot).toBe(carried + 3);
  });

  it('a night started just before the app died, its index write never made, is listed and played on at the next start', () => {
    const held: (() => void)[] = [];
    const dying = openSession(held);
    playAndEnd(dying, held);
    for (const job of held.splice(0)) job();
    ok(dying.runNow('closeNight', { stateId: currentNight(dying).stateId }));
    const beforeStart = indexFile();
    startNight(dying);
    playTurns(dying, 3, { bet: () => 1 });
    const stateId = currentNight(dying).stateId;
    const listed = ask(dying, 'listNights');
    // Start's index write never runs: the index on disk lists only the first night.
    expect(indexFile()).toBe(beforeStart);

    const again = openSession();
    expect(currentNight(again).stateId).toBe(stateId);
    expect(ask(again, 'listNights').map((n) => n.id)).toEqual(listed.map((n) => n.id));
    expect(again.getView().storageNotices).toEqual([]);
  });

  it('quitting writes a waiting index write at once, not leaving it to the next start', () => {
    const held: (() => void)[] = [];
    const session = openSession(held);
    playAndEnd(session, held);
    session.close();
    const written = JSON.parse(indexFile()) as { nights: { endedAt: string | null }[] };
    expect(written.nights.map((n) => n.endedAt === null)).toEqual([false]);
  });

  it("End's index write is one line appended to the index's log: the whole file is left as it was", () => {
    const held: (() => void)[] = [];
    const session = openSession(held);
    for (let n = 0; n < 3; n++) {
      playAndEnd(session, held);
      for (const job of held.splice(0)) job();
      ok(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
    }
    session.close();
    const whole = fs.readFileSync(path.join(root, 'nights-index.json'), 'utf8');
    const again = openSession(held);
    startNight(again);
    for (const job of held.splice(0)) job();
    playTurns(again, 4, { bet: () => 1 });
    ok(again.runNow('endNight', { stateId: currentNight(again).stateId }));
    for (const job of held.splice(0)) job();
    expect(fs.readFileSync(path.join(root, 'nights-index.json'), 'utf8')).toBe(whole);
    const log = fs.readFileSync(path.join(root, 'nights-index.log.jsonl'), 'utf8').trim().split('\n');
    // The header, the night started, the night ended: its line alone, not the three nights before it.
    expect(log).toHaveLength(3);
    expect(log.slice(1).map((line) => (JSON.parse(line) as { put: { endedAt: string | null } }).put.endedAt === null)).toEqual([
      true,
      false,
    ]);
    expect(ask(openSession(), 'listNights').map((n) => n.endedAt === null)).toEqual([false, false, false, false]);
  });

  it('changes a session left in the log when it stopped without quitting are read at the next start, and the index written whole', () => {
    const held: (() => void)[] = [];
    const dying = openSession(held);
    playAndEnd(dying, held);
    for (const job of held.splice(0)) job();
    ok(dying.runNow('closeNight', { stateId: currentNight(dying).stateId }));
    startNight(dying);
    for (const job of held.splice(0)) job();
    const listed = ask(dying, 'listNights');
    expect(fs.existsSync(path.join(root, 'nights-index.log.jsonl'))).toBe(true);

    const again = openSession();
    expect(ask(again, 'listNights')).toEqual(listed);
    expect(again.getView().storageNotices).toEqual([]);
    expect(fs.existsSync(path.join(root, 'nights-index.log.jsonl'))).toBe(false);
    const whole = JSON.parse(fs.readFileSync(path.join(root, 'nights-index.json'), 'utf8')) as { nights: { id: string }[] };
    expect(whole.nights.map((n) => n.id).sort()).toEqual(listed.map((n) => n.id).sort());
  });

  it('quitting writes the index whole and removes its log, so the next start reads one file', () => {
    const held: (() => void)[] = [];
    const session = openSession(held);
    playAndEnd(session, held);
    for (const job of held.splice(0)) job();
    ok(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
    startNight(session);
    for (const job of held.splice(0)) job();
    expect(fs.existsSync(path.join(root, 'nights-index.log.jsonl'))).toBe(true);
    const listed = ask(session, 'listNights');
    session.close();
    expect(fs.existsSync(path.join(root, 'nights-index.log.jsonl'))).toBe(false);
    const whole = JSON.parse(fs.readFileSync(path.join(root, 'nights-index.json'), 'utf8')) as { nights: { id: string }[] };
    expect(whole.nights.map((n) => n.id).sort()).toEqual(listed.map((n) => n.id).sort());
  });
});
