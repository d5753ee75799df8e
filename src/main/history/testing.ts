import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_RULES, type ApiResult, type AppView, type CommandData, type NightView } from '../../shared';
import { Bot } from '../../../scripts/lib/bot';
import { endNight, playTurns, sessionTable, startNight } from '../../../scripts/lib/playNight';
import { SeededStream } from '../../../scripts/lib/seededStream';
import { createConfBackend } from '../store';
import { GameSession } from '../session/gameSession';

/**
 * Test helpers for the history: a real GameSession on a temporary folder,
 * with a clock the test moves from night to night, and simulator bots playing.
 */

/** A clock that ticks a second per call from whatever day the test sets. */
export class TestClock {
  private t = Date.parse('2026-01-02T20:00:00.000Z');
  readonly now = (): Date => new Date((this.t += 1000));
  setDay(isoDay: string): void {
    this.t = Date.parse(`${isoDay}T20:00:00.000Z`);
  }
}

/** Deterministic "secure" bytes, so every run deals the same cards. */
export function countingBytes(label: string): (size: number) => Uint8Array {
  let n = 0;
  return (size) => {
    const out = Buffer.alloc(size);
    for (let filled = 0; filled < size; filled += 32) createHash('sha256').update(`${label}:${n++}`).digest().copy(out, filled);
    return new Uint8Array(out);
  };
}

export function openSession(root: string, clock: TestClock, label = 'history'): GameSession {
  return new GameSession({ storage: createConfBackend(root), randomBytes: countingBytes(label), now: clock.now });
}

/** A test's data folder and clock, and the sessions it opened there (closed after the test). */
export interface SessionFolder {
  readonly root: string;
  readonly clock: TestClock;
  /** Opens a session on the folder, as the app does at start; closed after the test. */
  start(): GameSession;
  /** Closes the session opened last, as a host quitting the app. */
  closeLast(): void;
}

/**
 * A fresh data folder and clock for every test of the file that calls this
 * (at its top level), removed after each test with every session opened on it.
 */
export function sessionFolderPerTest(prefix: string, label?: string): SessionFolder {
  let root = '';
  let clock = new TestClock();
  let open: GameSession[] = [];
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    clock = new TestClock();
    open = [];
  });
  afterEach(() => {
    for (const session of open) session.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return {
    get root() {
      return root;
    },
    get clock() {
      return clock;
    },
    start() {
      const session = openSession(root, clock, label);
      open.push(session);
      return session;
    },
    closeLast() {
      open.pop()?.close();
    },
  };
}

export function accepted<T>(result: ApiResult<T>): { view: AppView; data: T } {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return { view: result.view, data: result.data as T };
}

/** Asks the session a question and returns its data, typed. */
export function ask<K extends keyof CommandData>(session: GameSession, question: K, args: unknown = {}): CommandData[K] {
  return accepted(session.runNow(question, args) as ApiResult<CommandData[K]>).data;
}

export function currentNight(session: GameSession): NightView {
  const night = session.getView().night;
  if (!night) throw new Error('no night');
  return night;
}

export interface PlayedNight {
  players: string[];
  day: string;
  turns: number;
  /** Before the turns: a buy-in for the first player, then a cash-out of the last one halfway. */
  buyInAndCashOut?: boolean;
}

/** Plays and ends (without closing) one night with simulator bots; returns its id. */
export function playNight(session: GameSession, clock: TestClock, plan: PlayedNight, seed = 'history'): string {
  clock.setDay(plan.day);
  const table = sessionTable(session);
  const bot = new Bot(new SeededStream(Buffer.from(`${seed}/${plan.day}`), 'bots'));
  const nightPlan = { players: plan.players, startingChips: 20, rules: DEFAULT_RULES, turns: plan.turns, chipValue: 25 };
  startNight(table, nightPlan);
  if (plan.buyInAndCashOut) {
    playTurns(table, bot, { ...nightPlan, turns: Math.floor(plan.turns / 2) });
    const night = currentNight(session);
    const first = night.players[0];
    const last = night.players.at(-1);
    if (!first || !last) throw new Error('no players');
    accepted(session.runNow('buyIn', { stateId: night.stateId, playerId: first.id, amount: 10 }));
    accepted(session.runNow('cashOut', { stateId: currentNight(session).stateId, playerId: last.id }));
  }
  playTurns(table, bot, nightPlan);
  endNight(table);
  return currentNight(session).id;
}

export function closeNight(session: GameSession): void {
  accepted(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
}

/** The seeds drawn on a night and not retired since: the decks still in play (R12). */
export function seedsInPlay(night: Readonly<{ entries: readonly { seeds?: string[] }[]; events: readonly { type: string; seed?: string }[] }> | null): string[] {
  if (!night) return [];
  const retired = new Set(night.events.flatMap((e) => (e.type === 'deck-retired' && e.seed ? [e.seed] : [])));
  return night.entries.flatMap((e) => e.seeds ?? []).filter((seed) => !retired.has(seed));
}
