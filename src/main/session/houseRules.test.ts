import { describe, expect, it } from 'vitest';
import type { NightView, RuleSettings } from '../../shared';
import type { GameSession } from './gameSession';
import {
  advance,
  currentNight,
  ok,
  openSession as openSessionOn,
  playTurns as playOn,
  run,
  sessionFolderPerTest,
  startNight,
  TestClock,
  type TablePlay,
} from './testing/kit';

/**
 * The house rules (R26-R33) through the session: each new command of the
 * registry reaches the engine, is written to the night's journal and
 * replays the same after a restart; the view says what the console needs.
 */

const folder = sessionFolderPerTest('dealer-house-', 'house');
const openSession = (): GameSession => openSessionOn(folder.root, new TestClock('2026-11-23T20:00:00.000Z'), 'house');
const night = currentNight;

const HOUSE: Partial<RuleSettings> = {
  pass: true,
  maxBet: 4,
  firstRound: 'half-pot',
  anteWhen: 'every-deal',
  pair: 'high-low',
  postPays: 3,
};

function start(session: GameSession, settings: Partial<RuleSettings> = HOUSE): NightView {
  return startNight(session, { startingChips: 30, settings });
}

/** Passes every other bet asked, where the rules allow; bets the pot otherwise. */
const PASS_OR_POT: TablePlay = { cut: 5, bet: (view, step) => (step % 2 === 0 && view.canPass ? 'pass' : 'pot') };

function playTurns(session: GameSession, turns: number): void {
  playOn(session, turns, PASS_OR_POT);
}

describe('house rules through the session', () => {
  it('R26-R32: every new command is played, journaled and replays identical after a restart', () => {
    const session = openSession();
    start(session);
    ok(run(session, 'drawForDealer'));
    const ids = night(session).players.map((p) => p.id);
    // R31: a newcomer from the roster's point of view: a new name gets a roster entry.
    ok(run(session, 'seatPlayer', { player: { name: 'Zoe' }, afterPlayerId: ids[0], buyIn: 20 }));
    const zoe = session.getView().roster.find((p) => p.name === 'Zoe');
    expect(zoe).toBeDefined();
    expect(night(session).players.map((p) => p.name)).toEqual(['Ann', 'Zoe', 'Bob', 'Cat']);
    ok(run(session, 'movePlayer', { playerId: ids[2], afterPlayerId: ids[0] }));
    expect(night(session).players.map((p) => p.name)).toEqual(['Ann', 'Cat', 'Zoe', 'Bob']);
    playTurns(session, 3);
    // R32: sit Bob out between turns (unless it is his turn right now) and bring him back.
    const bob = night(session).players.find((p) => p.name === 'Bob');
    if (!bob) throw new Error('no Bob');
    if (night(session).phase !== 'ready') playTurns(session, 1);
    ok(run(session, 'sitOut', { playerId: bob.id }));
    expect(night(session).players.find((p) => p.id === bob.id)).toMatchObject({ sittingOut: true, status: 'sitting-out' });
    playTurns(session, 4);
    ok(run(session, 'comeBack', { playerId: bob.id }));
    playTurns(session, 12);
    const view = night(session);
    expect(view.settings).toMatchObject(HOUSE);
    expect(view.recentTurns.some((t) => t.outcome === 'pass' && t.bet === null && t.limit !== null)).toBe(true);
    expect(view.recentTurns.every((t) => t.limit === null || t.limit <= 4)).toBe(true);
    const before = session.getView();
    expect(openSession().getView()).toEqual(before);
  });

  it('R27, R26: the view gives the largest bet allowed and its cap, and whether the player may pass', () => {
    const session = openSession();
    start(session, { maxBet: 2, pass: true });
    for (let step = 0; night(session).phase !== 'bet' && night(session).phase !== 'pair-call' && step < 20; step++)
      advance(session, PASS_OR_POT, 1);
    if (night(session).phase === 'pair-call') advance(session, PASS_OR_POT, 1);
    const view = night(session);
    expect(view.phase).toBe('bet');
    expect(view.betLimits).toEqual({ min: 1, max: 2, cap: 'max-bet' });
    expect(view.canPass).toBe(true);
    expect(view.turn?.limit).toBe(2);
    const refused = run(session, 'bet', { amount: 3 });
    expect(!refused.ok && refused.error).toMatchObject({ code: 'bet-above-limit', rule: 'R27' });
  });

  it('R31, R32: bad arguments are refused by the schema with a message for the host', () => {
    const session = openSession();
    start(session);
    const noName = run(session, 'seatPlayer', { player: { name: ' ' }, afterPlayerId: 'x', buyIn: 10 });
    expect(!noName.ok && noName.error.code).toBe('invalid-input');
    const badCall = run(session, 'callPair', { call: 'up' });
    expect(!badCall.ok && badCall.error.message).toContain('higher');
    const unknown = run(session, 'sitOut', { playerId: 'nobody' });
    expect(!unknown.ok && unknown.error.code).toBe('unknown-player');
  });

  it('R33: the most recent night is reopened after it was closed; its carry no longer starts the next night', () => {
    const session = openSession();
    start(session, { potAtEnd: 'carry' });
    playTurns(session, 4);
    if (night(session).phase !== 'ready' && night(session).phase !== 'draw') playTurns(session, 1);
    const potBefore = night(session).pot;
    const stacksBefore = night(session).players.map((p) => p.stack);
    ok(run(session, 'endNight'));
    const ended = night(session);
    ok(run(session, 'closeNight'));
    expect(session.getView().night).toBeNull();
    ok(session.runNow('reopenNight', { stateId: ended.stateId }));
    const reopened = night(session);
    expect(reopened).toMatchObject({ endedAt: null, pot: potBefore, reopened: 1 });
    expect(reopened.players.map((p) => p.stack)).toEqual(stacksBefore);
    playTurns(session, 1);
    // The history lists it open again, and a restart finds it on the table.
    expect(openSession().getView().night?.id).toBe(reopened.id);
    ok(run(session, 'endNight'));
    expect(night(session).results).not.toBeNull();
  });

  it('R33: a night is not reopened once a later night has started', () => {
    const session = openSession();
    start(session);
    const first = night(session);
    ok(run(session, 'endNight'));
    ok(run(session, 'closeNight'));
    start(session);
    const refused = session.runNow('reopenNight', { stateId: first.stateId + 1 });
    expect(!refused.ok && refused.error).toMatchObject({ rule: 'R33' });
  });
});

describe('R34 through the session', () => {
  it('R34: a night whose cards the table draws starts, the laptop drawing alone, and replays the same cards after a restart', () => {
    const session = openSession();
    const started = start(session, { cards: 'table' });
    expect(started.settings.cards).toBe('table');
    expect(started.tableDraw).toBeNull();
    playTurns(session, 6);
    const before = currentNight(session);
    expect(before.turnsPlayed).toBe(6);
    expect(before.tableDraw).toMatchObject({ phones: 0, laptopAlone: true, missedLastDraw: [], shoeSize: 52 });
    expect(before.tableDraw?.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    const cards = before.recentTurns.map((t) => t.cards);
    session.close();
    const again = openSession();
    expect(currentNight(again).recentTurns.map((t) => t.cards)).toEqual(cards);
    // The same chain goes on: the next turn draws after a restart too.
    playTurns(again, 1);
    expect(currentNight(again).turnsPlayed).toBe(7);
    again.close();
  });
});
