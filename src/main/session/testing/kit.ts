import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import {
  DEFAULT_RULES,
  type ApiResult,
  type AppView,
  type CommandData,
  type CommandName,
  type DataOf,
  type NightView,
  type RuleSettings,
  type WithData,
} from '../../../shared';
import { checkNight } from '../../../checker';
import { exportNight, ownRecord, signerOf, type NightExport, type PlayedNight as ReplayedNight } from '../../night';
import { Bot } from '../../simulation/bot';
import { endNight, playTurns as botsPlay, sessionTable, startNight as startTableNight } from '../../simulation/playNight';
import { SeededStream } from '../../simulation/seededStream';
import { createConfBackend } from '../../store';
import type { StorageBackend } from '../../store/adapter';
import { GameSession } from '../gameSession';

/**
 * The session's test kit, for every test that drives a real GameSession: a
 * temporary data folder, a clock the test moves from night to night,
 * repeatable "secure" bytes, the table played command by command, and
 * simulator bots playing whole nights.
 */

/** A clock that ticks a second per call from `start`, or from whatever day the test sets. */
export class TestClock {
  private t: number;
  readonly now = (): Date => new Date((this.t += 1000));
  constructor(start = '2026-01-02T20:00:00.000Z') {
    this.t = Date.parse(start);
  }
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

/** A session on the data folder `root` (or another storage), dealing repeatable cards from `label`. */
export function openSession(root: string | StorageBackend, clock: TestClock, label = 'history'): GameSession {
  const storage = typeof root === 'string' ? createConfBackend(root) : root;
  return new GameSession({ storage, randomBytes: countingBytes(label), now: clock.now });
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

/** The answer of a command that must be accepted (its `data` typed by the command); throws if it was refused. */
export function accepted<T>(result: ApiResult<T>): { view: AppView } & WithData<T> {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result;
}

/** The view a command answered with; throws if it was refused. */
export function ok(result: ApiResult<unknown>): AppView {
  return accepted(result).view;
}

/** Asks the session a question and returns its data, typed. */
export function ask<K extends keyof CommandData>(session: GameSession, question: K, args: unknown = {}): DataOf<K> {
  const { data } = accepted(session.runNow(question, args));
  if (data === undefined) throw new Error(`${question} answered without data`);
  return data;
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
  startTableNight(table, nightPlan);
  if (plan.buyInAndCashOut) {
    botsPlay(table, bot, { ...nightPlan, turns: Math.floor(plan.turns / 2) });
    const night = currentNight(session);
    const first = night.players[0];
    const last = night.players.at(-1);
    if (!first || !last) throw new Error('no players');
    accepted(session.runNow('buyIn', { stateId: night.stateId, playerId: first.id, amount: 10 }));
    accepted(session.runNow('cashOut', { stateId: currentNight(session).stateId, playerId: last.id }));
  }
  botsPlay(table, bot, nightPlan);
  endNight(table);
  return currentNight(session).id;
}

export function closeNight(session: GameSession): void {
  accepted(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
}

/** The seeds drawn on a night and not retired since: the decks still in play (R12). */
export function seedsInPlay(
  night: Readonly<{ entries: readonly { seeds?: string[] }[]; events: readonly { type: string; seed?: string }[] }> | null,
): string[] {
  if (!night) return [];
  const retired = new Set(night.events.flatMap((e) => (e.type === 'deck-retired' && e.seed ? [e.seed] : [])));
  return night.entries.flatMap((e) => e.seeds ?? []).filter((seed) => !retired.has(seed));
}

/** A command on the night on the table, with its current stateId. */
export function run(session: GameSession, command: CommandName, args: object = {}): ApiResult<unknown> {
  return session.runNow(command, { stateId: currentNight(session).stateId, ...args });
}

const ANN_BOB_CAT = [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cat' }];

/** Starts a night (Ann, Bob and Cat, 20 chips at 50 cents, the default rules unless told) and returns it. */
export function startNight(
  session: GameSession,
  setup: { players?: { id?: string; name: string }[]; startingChips?: number; chipValue?: number; settings?: Partial<RuleSettings> } = {},
): NightView {
  const { players = ANN_BOB_CAT, startingChips = 20, chipValue = 50, settings = {} } = setup;
  ok(session.runNow('startNight', { players, startingChips, chipValue, currency: 'EUR', settings: { ...DEFAULT_RULES, ...settings } }));
  return currentNight(session);
}

/** How a test plays the table: where it cuts, and what each player bets (passes only where the rules allow). */
export interface TablePlay {
  cut?: number;
  /** The bet at the `step`-th move: chips (kept within the limit), the pot, or a pass. */
  bet?: (view: NightView, step: number) => number | 'pot' | 'pass';
}

/** Does what the table waits for: draw, cut, deal, call aces high and pairs the first way allowed, bet. */
export function advance(session: GameSession, play: TablePlay = {}, step = 0): void {
  const view = currentNight(session);
  const bet = play.bet?.(view, step) ?? 1;
  switch (view.phase) {
    case 'draw':
      ok(run(session, 'drawForDealer'));
      return;
    case 'cut':
      ok(run(session, 'cut', { cut: play.cut ?? 7 }));
      return;
    case 'ready':
      ok(run(session, 'deal'));
      return;
    case 'ace-call':
      ok(run(session, 'callAce', { call: 'high' }));
      return;
    case 'pair-call':
      ok(run(session, 'callPair', { call: view.pairCalls?.[0] ?? 'higher' }));
      return;
    case 'bet':
      if (bet === 'pass') ok(run(session, 'pass'));
      else ok(run(session, 'bet', { amount: bet === 'pot' ? 'pot' : Math.min(bet, view.betLimits?.max ?? 1) }));
      return;
    default:
      throw new Error(`nothing to do in phase ${view.phase}`);
  }
}

/** Plays until `turns` more turns are played. */
export function playTurns(session: GameSession, turns: number, play: TablePlay = {}): void {
  const target = currentNight(session).turnsPlayed + turns;
  for (let step = 0; step < turns * 10 && currentNight(session).turnsPlayed < target; step++) advance(session, play, step);
}

/**
 * The group's test kit (docs/group.md): laptops as separate data folders
 * under one temporary folder, with a group folder they may share. The
 * folder watch is off: tests look at the folder when they choose
 * (groupSyncNow, lookAtGroupFolder).
 */
export class TestLaptops {
  readonly base = fs.mkdtempSync(path.join(os.tmpdir(), 'group-laptops-'));
  readonly folder = path.join(this.base, 'shared');
  private readonly open: GameSession[] = [];

  constructor() {
    fs.mkdirSync(this.folder);
  }

  /**
   * A laptop (its data folder `name`) opened as the app does at start, dealing repeatable cards from its
   * name, or from `deckSeed` (two laptops given one deal the same cards, as two hosts given one --deck-seed).
   */
  laptop(name: string, clock = new TestClock(), deckSeed = `laptop/${name}/${this.open.length}`): GameSession {
    const session = new GameSession({
      storage: createConfBackend(path.join(this.base, name)),
      randomBytes: countingBytes(deckSeed),
      now: clock.now,
      groupFolderWatchMs: 0,
    });
    this.open.push(session);
    return session;
  }

  dataFolder(name: string): string {
    return path.join(this.base, name);
  }

  /** Closes a laptop's session, as its host quitting the app. */
  quit(session: GameSession): void {
    session.close();
    this.open.splice(this.open.indexOf(session), 1);
  }

  dispose(): void {
    for (const session of this.open) session.close();
    fs.rmSync(this.base, { recursive: true, force: true });
  }
}

/** The laptop a session test's nights are signed by (R35): its key the same in every test. */
const TEST_LAPTOP = signerOf('l-00000000000000c1', createHash('sha256').update('session test laptop').digest('hex'));

/**
 * A night's export as a file carries it (through JSON), signed by the test laptop once the night has ended (R35), so
 * the night checker checks its record against its facts too. An open night is never signed (its seeds in play stay
 * secret, R12): its export has no record.
 */
export function signedExport(night: ReplayedNight): NightExport {
  const record = ownRecord(night, TEST_LAPTOP, 'Test laptop');
  return JSON.parse(JSON.stringify(exportNight(night, undefined, undefined, record))) as NightExport;
}

/**
 * The night checker's findings on `signedExport(night)`, as `rule expected / found` lines. An open night's export is
 * unsigned by design (R12), so the one finding saying so is left out: what is left is what the rules find.
 */
export function checkedExport(night: ReplayedNight): string[] {
  const open = night.state.phase.kind !== 'ended';
  return checkNight(signedExport(night))
    .filter((f) => !(open && f.rule === 'R35' && f.kind === 'cannot-check'))
    .map((f) => `${f.rule} ${f.expected} / ${f.found}`);
}

/** The night checker's findings on a night's export as a file holds it (the `exportNight` command's JSON), as `rule kind expected / found` lines. */
export function checkedExportFile(content: string): string[] {
  return checkNight(JSON.parse(content) as NightExport).map((f) => `${f.rule} ${f.kind} ${f.expected} / ${f.found}`);
}

/** The group part of a laptop's view (docs/group.md); throws when the laptop is in no group. */
export function groupOf(view: AppView): NonNullable<AppView['group']> {
  if (!view.group) throw new Error('not in a group');
  return view.group;
}
