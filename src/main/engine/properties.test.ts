import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleSettings } from '../../shared/settings';
import { applyCommand, betLimits, conservationProblem, type EngineCommand } from './decide';
import { engineEventSchema, type EngineEvent } from './events';
import { emptyState, replay } from './evolve';
import { activePlayers } from './flow';
import type { EngineState } from './state';
import { seedFor, startCommand } from './testing/kit';

/**
 * Random nights: random settings, 2-8 players, random seeds, and random
 * sequences of legal and illegal commands. After every command the
 * invariants below must hold. (The ledger's own fold is cross-checked in
 * src/main/session/gameSession.test.ts; the engine may not import the ledger.)
 */

const settingsArb: fc.Arbitrary<RuleSettings> = fc.record({
  decks: fc.integer({ min: 1, max: 4 }),
  ante: fc.integer({ min: 1, max: 5 }),
  aceLowChoice: fc.boolean(),
  pair: fc.constantFrom('pays-2', 'pays-3', 'redeal', 'high-low'),
  consecutive: fc.constantFrom('lose-minimum', 'push', 'redeal'),
  postPays: fc.constantFrom(1, 2, 3),
  potAtEnd: fc.constantFrom('split', 'carry'),
  pass: fc.boolean(),
  maxBet: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 12 })),
  firstRound: fc.constantFrom('open', 'half-pot'),
  anteWhen: fc.constantFrom('empty-pot', 'every-deal'),
  // R34's table draws are driven by their own commands (a commitment, then reveals): tableDraw.test.ts plays them.
  cards: fc.constant('deck'),
  revealWaitMs: fc.integer({ min: 100, max: 10_000 }),
});

/** Numbers a host might type, or a buggy caller might send. */
const anyAmount: fc.Arbitrary<number | 'pot'> = fc.oneof(
  { arbitrary: fc.integer({ min: -5, max: 60 }), weight: 6 },
  { arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.5, 2.5, 1e9, -0), weight: 1 },
  { arbitrary: fc.double({ min: -10, max: 100 }), weight: 1 },
  { arbitrary: fc.constant('pot' as const), weight: 2 },
);

type Intent =
  | { kind: 'advance'; r: number }
  | { kind: 'bet' | 'correct'; amount: number | 'pot' }
  | { kind: 'cut'; cut: number }
  | { kind: 'buy-in'; player: number; amount: number | 'pot' }
  | { kind: 'cash-out'; player: number }
  | { kind: 'undo' | 'void' | 'end' | 'deal' | 'draw' | 'ace-low' | 'pass' | 'reopen' }
  | { kind: 'pair-call'; call: 'higher' | 'lower' }
  | { kind: 'sit-out' | 'come-back'; player: number }
  | { kind: 'seat'; after: number; buyIn: number }
  | { kind: 'move'; player: number; after: number }
  /** R21 with R31, R32: a seating change and at once its undo (the host saw the wrong name). */
  | { kind: 'undone'; change: Extract<Intent, { kind: 'sit-out' | 'come-back' | 'seat' | 'move' }> };

const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), r: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }),
    weight: 50,
  },
  { arbitrary: fc.record({ kind: fc.constantFrom('bet' as const, 'correct' as const), amount: anyAmount }), weight: 6 },
  {
    arbitrary: fc.record({
      kind: fc.constant('cut' as const),
      cut: fc.oneof(fc.integer({ min: -3, max: 260 }), fc.double({ min: -1, max: 60 })),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('buy-in' as const), player: fc.integer({ min: -1, max: 8 }), amount: anyAmount }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cash-out' as const), player: fc.integer({ min: -1, max: 8 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'void' as const, 'deal' as const, 'draw' as const, 'ace-low' as const) }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('end' as const) }), weight: 1 },
  // R26, R29, R31-R33: the house rules' commands, legal or not in the moment.
  { arbitrary: fc.record({ kind: fc.constantFrom('pass' as const, 'reopen' as const) }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('pair-call' as const), call: fc.constantFrom('higher' as const, 'lower' as const) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constantFrom('sit-out' as const, 'come-back' as const), player: fc.integer({ min: -1, max: 12 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('seat' as const),
      after: fc.integer({ min: -1, max: 12 }),
      buyIn: fc.integer({ min: -1, max: 30 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      player: fc.integer({ min: -1, max: 12 }),
      after: fc.integer({ min: -1, max: 12 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('undone' as const),
      change: fc.oneof(
        fc.record({ kind: fc.constantFrom('sit-out' as const, 'come-back' as const), player: fc.integer({ min: 0, max: 12 }) }),
        fc.record({ kind: fc.constant('seat' as const), after: fc.integer({ min: 0, max: 12 }), buyIn: fc.integer({ min: 2, max: 30 }) }),
        fc.record({ kind: fc.constant('move' as const), player: fc.integer({ min: 0, max: 12 }), after: fc.integer({ min: 0, max: 12 }) }),
      ),
    }),
    weight: 2,
  },
);

const nightArb = fc.record({
  settings: settingsArb,
  players: fc.integer({ min: 2, max: 8 }),
  extraChips: fc.integer({ min: 1, max: 40 }),
  carryIn: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 })),
  seedLabel: fc.integer({ min: 0, max: 2 ** 30 }),
  intents: fc.array(intentArb, { minLength: 0, maxLength: 80, size: 'max' }),
});

type Night = typeof nightArb extends fc.Arbitrary<infer T> ? T : never;

const playerIdOf = (state: EngineState, index: number) =>
  index < 0 ? 'nobody' : (state.players[index % Math.max(1, state.players.length)]?.id ?? 'nobody');

/** The command an intent asks for in this state. `advance` does what the table is waiting for. */
function commandFor(state: EngineState, intent: Intent): EngineCommand {
  switch (intent.kind) {
    case 'advance': {
      const r = intent.r;
      switch (state.phase.kind) {
        case 'draw':
          return activePlayers(state).length < 2
            ? { type: 'buy-in', playerId: playerIdOf(state, Math.floor(r * 8)), amount: 5 }
            : { type: 'draw' };
        case 'cut':
          if (activePlayers(state).length < 2) return { type: 'buy-in', playerId: playerIdOf(state, Math.floor(r * 8)), amount: 4 };
          return { type: 'cut', cut: Math.floor(r * (state.deck?.cards.length ?? 1)) };
        case 'ace-call':
          return { type: 'ace-call', call: r < 0.5 ? 'low' : 'high' };
        case 'pair-call': {
          const post = state.turn?.posts[0];
          const call = post?.[0] === 'A' ? 'lower' : post?.[0] === '2' ? 'higher' : r < 0.5 ? 'higher' : 'lower';
          return { type: 'pair-call', call };
        }
        case 'bet': {
          const limits = betLimits(state);
          if (state.settings.pass && r > 0.9) return { type: 'pass' };
          if (r < 0.2 || !limits) return { type: 'bet', amount: 'pot' };
          return { type: 'bet', amount: limits.min + Math.floor(r * (limits.max - limits.min + 1)) };
        }
        case 'ready':
          if (activePlayers(state).length < 2)
            return { type: 'buy-in', playerId: playerIdOf(state, Math.floor(r * 8)), amount: 1 + Math.floor(r * 20) };
          // A narrow band in the middle: fast-check favours 0 and 1, which would end most nights at once.
          return r > 0.41 && r < 0.43 ? { type: 'end', at: 'late' } : { type: 'deal' };
        default:
          return { type: 'deal' };
      }
    }
    case 'bet':
      return { type: 'bet', amount: intent.amount };
    case 'correct':
      return { type: 'correct-bet', amount: intent.amount };
    case 'cut':
      return { type: 'cut', cut: intent.cut };
    case 'buy-in':
      return { type: 'buy-in', playerId: playerIdOf(state, intent.player), amount: intent.amount === 'pot' ? 3 : intent.amount };
    case 'cash-out':
      return { type: 'cash-out', playerId: playerIdOf(state, intent.player) };
    case 'undo':
      return { type: 'undo' };
    case 'void':
      return { type: 'void-turn' };
    case 'end':
      return { type: 'end', at: 'late' };
    case 'deal':
      return { type: 'deal' };
    case 'draw':
      return { type: 'draw' };
    case 'ace-low':
      return { type: 'ace-call', call: 'low' };
    case 'pass':
      return { type: 'pass' };
    case 'reopen':
      return { type: 'reopen', at: 'later' };
    case 'pair-call':
      return { type: 'pair-call', call: intent.call };
    case 'sit-out':
      return { type: 'sit-out', playerId: playerIdOf(state, intent.player) };
    case 'come-back':
      return { type: 'come-back', playerId: playerIdOf(state, intent.player) };
    case 'seat':
      return {
        type: 'seat',
        playerId: `new${state.players.length}`,
        name: `Newcomer ${state.players.length}`,
        afterPlayerId: playerIdOf(state, intent.after),
        buyIn: intent.buyIn,
      };
    case 'move':
      return { type: 'move', playerId: playerIdOf(state, intent.player), afterPlayerId: playerIdOf(state, intent.after) };
    case 'undone':
      return commandFor(state, intent.change);
  }
}

/** Freezes a state and everything new in it, so any later mutation throws. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value as object)) deepFreeze(child);
  return value;
}

/** An independent running fold of the chip events: stacks and pot, as the ledger would fold them. */
class ChipFold {
  readonly stacks: Record<string, number> = {};
  pot = 0;

  add(events: readonly EngineEvent[]): void {
    for (const event of events) {
      if (event.type === 'night-started') for (const p of event.players) this.stacks[p.id] = 0;
      if (event.type === 'player-seated') this.stacks[event.playerId] = 0;
      // R21: an undone newcomer leaves with nothing: their chips were reversed before.
      if (event.type === 'player-unseated') {
        if (this.stacks[event.playerId] !== 0) throw new Error(`${event.playerId} unseated holding ${this.stacks[event.playerId]} chips`);
        delete this.stacks[event.playerId];
      }
      if (event.type !== 'chips') continue;
      const { from, to, amount } = event.move;
      if (from === 'pot') this.pot -= amount;
      else if (from !== 'bank') this.stacks[from.slice(7)] = (this.stacks[from.slice(7)] ?? 0) - amount;
      if (to === 'pot') this.pot += amount;
      else if (to !== 'bank') this.stacks[to.slice(7)] = (this.stacks[to.slice(7)] ?? 0) + amount;
    }
  }
}

/** A cheap assertion for the hot loop (vitest's expect costs more than the engine here). */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

interface Stats {
  games: number;
  commands: number;
  refused: number;
  turns: number;
  ended: number;
  /** Accepted commands by type: the house rules' commands must really be played, not only refused. */
  accepted?: Record<string, number>;
  /** R21 with R31, R32: seating changes undone right after they were made. */
  seatingUndone?: number;
}

/** What the table shows, all but the command's own bookkeeping: the state id, the last action and the announcements. */
function tableOf(state: EngineState): Omit<EngineState, 'stateId' | 'lastAction' | 'announcements'> {
  const { stateId: _id, lastAction: _last, announcements: _said, ...table } = state;
  return table;
}

/** Plays one random night and checks every invariant after every command. */
function playNight(night: Night, stats: Stats): void {
  const seeds = { n: 0 };
  const nextSeed = () => seedFor(`prop:${night.seedLabel}:${seeds.n++}`);
  let state = deepFreeze(emptyState());
  const events: EngineEvent[] = [];
  let previous: { stacks: Record<string, number>; pot: number; undoable: boolean; state: EngineState; seating: boolean } | null = null;

  const fold = new ChipFold();
  const accept = (command: EngineCommand): boolean => {
    const before = state;
    const result = applyCommand(before, command, before.stateId);
    stats.commands++;
    if (!result.ok) {
      stats.refused++;
      // A refusal names a code and says what is wrong; the state is untouched (it is deep-frozen, so any write would have thrown).
      check(result.error.code.length > 0 && result.error.message.length > 10, () => `a bare refusal: ${JSON.stringify(result.error)}`);
      return false;
    }
    check(result.state.stateId === before.stateId + 1, () => `stateId went ${before.stateId} -> ${result.state.stateId}`);
    state = deepFreeze(result.state);
    events.push(...result.events);
    fold.add(result.events);
    const problem = conservationProblem(state);
    check(problem === null, () => `${command.type}: ${problem ?? ''}`);
    check(fold.pot === state.pot && sameCounts(fold.stacks, state.stacks), () => `${command.type}: the chip events fold to another count`);

    // Undo or void right after the action it reverses restores stacks and pot exactly (R21).
    if ((command.type === 'undo' || command.type === 'void-turn') && previous?.undoable) {
      const restored = previous;
      check(state.pot === restored.pot && sameCounts(state.stacks, restored.stacks), () => `${command.type} did not restore the chips`);
    }
    // R21 with R31, R32: undoing a seating change right after it puts back everything the table shows, seating and turn included.
    if (command.type === 'undo' && previous?.seating) {
      const restored = previous.state;
      expect(tableOf(state), 'undo of a seating change restores the table').toEqual(tableOf(restored));
      if (stats.seatingUndone !== undefined) stats.seatingUndone++;
    }
    const chipIds = result.events.flatMap((e) => (e.type === 'chips' ? [e.id] : []));
    const lastAction = result.events.findLast((e) => e.type === 'last-action');
    const undoable =
      lastAction?.type === 'last-action' &&
      lastAction.kind !== 'other' &&
      lastAction.entries.length === chipIds.length &&
      lastAction.entries.every((e, i) => e.id === chipIds[i]);
    const seating = lastAction?.type === 'last-action' && lastAction.kind === 'seating';
    previous = { stacks: before.stacks, pot: before.pot, undoable: undoable || seating, state: before, seating };
    if (result.events.some((e) => e.type === 'turn-resolved')) stats.turns++;
    if (stats.accepted) stats.accepted[command.type] = (stats.accepted[command.type] ?? 0) + 1;

    // The session shuffles whenever the engine asks (R9); so does this driver.
    while (state.phase.kind === 'shuffle') {
      const shuffled = applyCommand(state, { type: 'shuffle', seed: nextSeed() }, state.stateId);
      if (!shuffled.ok) throw new Error(`shuffle refused: ${shuffled.error.message}`);
      check(shuffled.state.stateId === state.stateId + 1, () => 'a shuffle skipped a state id');
      state = deepFreeze(shuffled.state);
      events.push(...shuffled.events);
      previous = null;
    }
    return true;
  };

  const start = startCommand({
    players: night.players,
    startingChips: night.settings.ante + night.extraChips,
    settings: night.settings,
    carryIn: night.carryIn,
  });
  expect(accept(start)).toBe(true);
  let beforeEnd: { stacks: Record<string, number>; pot: number } | null = null;
  for (const intent of night.intents) {
    const wasEnded = state.phase.kind === 'ended';
    const before = state;
    const command = commandFor(state, intent);
    const accepted = accept(command);
    if (intent.kind === 'undone' && accepted) accept({ type: 'undo' });
    // R22: an ended night is read-only; only reopening it (R33) is accepted, and that puts back the pot and stacks as they were.
    check(!(wasEnded && accepted && command.type !== 'reopen'), () => `${command.type} was accepted after the night ended`);
    if (accepted && command.type === 'end') beforeEnd = { stacks: before.stacks, pot: before.pot };
    if (accepted && command.type === 'reopen') {
      const restored = beforeEnd;
      check(
        restored !== null && state.pot === restored.pot && sameCounts(state.stacks, restored.stacks),
        () => 'R33: reopening did not put back the pot and stacks',
      );
      check(state.carriedOut === 0 || state.settings.potAtEnd === 'carry', () => 'R33: reopening left a carry');
    }
  }
  if (state.phase.kind === 'ended') stats.ended++;
  stats.games++;

  // Every event is one the night file can store, and replaying them rebuilds the state exactly.
  const parsed = engineEventSchema.array().safeParse(events);
  if (!parsed.success) throw new Error(`an event fails its schema: ${JSON.stringify(parsed.error.issues[0])}`);
  expect(replay(events)).toEqual(state);
}

describe('random nights (fast-check)', () => {
  const stats: Stats = { games: 0, commands: 0, refused: 0, turns: 0, ended: 0, accepted: {}, seatingUndone: 0 };

  it('R24, R21, stale ids and replay hold after every command of 5,000 random nights', () => {
    const started = performance.now();
    fc.assert(
      fc.property(nightArb, (night) => {
        playNight(night, stats);
      }),
      { numRuns: 5000, seed: 20261122 },
    );
    // The nights really played: turns were resolved and commands refused along the way.
    expect(stats.games).toBeGreaterThanOrEqual(5000);
    expect(stats.turns).toBeGreaterThan(20_000);
    expect(stats.refused).toBeGreaterThan(10_000);
    expect(stats.ended).toBeGreaterThan(100);
    // R26-R33: every house command was accepted in some nights (seated, moved, sat out, came back, passed, called, reopened).
    for (const type of ['pass', 'pair-call', 'seat', 'move', 'sit-out', 'come-back', 'reopen'])
      expect(stats.accepted?.[type] ?? 0).toBeGreaterThan(20);
    // R21: seating changes were undone, each checked to restore the table exactly.
    expect(stats.seatingUndone).toBeGreaterThan(1000);
    console.info(
      `${stats.games} nights, ${stats.commands} commands (${stats.refused} refused), ${stats.turns} turns, ${stats.ended} ended, ${stats.seatingUndone} seating changes undone in ${Math.round(performance.now() - started)} ms; accepted ${JSON.stringify(stats.accepted)}`,
    );
  }, 120_000);

  it('random nights with a fresh fast-check seed each run', () => {
    fc.assert(
      fc.property(nightArb, (night) => {
        playNight(night, { games: 0, commands: 0, refused: 0, turns: 0, ended: 0 });
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
