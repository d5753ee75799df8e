import { playerAccount } from '../../shared/chips';
import { commandError, type CommandError } from '../../shared/errors';
import type { RuleSettings } from '../../shared/settings';
import type { Payment } from '../../shared/commands';
import { anteAll, buyIn, cashOut, comeBack, sitOut } from './commands/chips';
import { correctBet, undo, voidTurn } from './commands/corrections';
import { commit, cut, deal, reveal, shuffle, shuffleSealed } from './commands/deal';
import { handOver, refuseMoveOfEndedNight, takeOver } from './commands/move';
import { chainLost } from './commands/tableDraw';
import type { ChainRestart, WitnessHead, WitnessReveal } from '../../shared/tableDraw';
import { Draft, refuse, RuleViolation, type ShownCards } from './commands/draft';
import { draw } from './commands/draw';
import { end, reopen } from './commands/end';
import { movePlayer, seatPlayer, type Newcomer } from './commands/seating';
import { aceCall, bet, callPair, pass } from './commands/turn';
import type { EngineEvent } from './events';
import { ENGINE_REVISION } from './flow';
import type { EngineState } from './state';

export { betLimits } from './commands/turn';

/** What the engine is asked to do. The session adds the clock and the seeds. */
export type EngineCommand =
  | {
      type: 'start';
      nightId: string;
      at: string;
      players: { id: string; name: string }[];
      startingChips: number;
      chipValue: number;
      currency: string;
      settings: RuleSettings;
      /** Chips carried from the last night's pot (R22 `carry`). */
      carryIn: number;
      /** M2: the night's default payment (absent in older journals: credit). */
      payment?: Payment;
      /** The engine revision to play the night by (flow.ts ENGINE_REVISION); absent: today's. A replayed night passes the one it was recorded with. */
      revision?: number;
    }
  | { type: 'shuffle'; seed: string }
  /** R35: a deck shuffled on another laptop whose sealed seed this one cannot open (a held copy replayed): its cards are the lines' `shown`. */
  | { type: 'shuffle-sealed'; commitment: string }
  /** R34: the commitment of the witnesses' heads, where a deck would be shuffled (`cards: table`). */
  | { type: 'commit'; heads: WitnessHead[]; newChains?: string[]; reason?: ChainRestart }
  /** R34: the witnesses' reveals for the card the table waits for, and who is missing. */
  | { type: 'reveal'; reveals: WitnessReveal[]; missing: string[] }
  | { type: 'draw' }
  | { type: 'cut'; cut: number }
  | { type: 'deal' }
  | { type: 'ace-call'; call: 'low' | 'high' }
  | { type: 'bet'; amount: number | 'pot' }
  /** `paid` (M2) is money, not chips: the engine ignores it; the night's record keeps it. */
  | { type: 'buy-in'; playerId: string; amount: number; paid?: Payment }
  | { type: 'cash-out'; playerId: string; paid?: Payment }
  | { type: 'undo' }
  | { type: 'correct-bet'; amount: number | 'pot' }
  | { type: 'void-turn' }
  /** R34 *A lost chain*: the laptop can no longer reveal under the commitment in force. */
  | { type: 'chain-lost' }
  | { type: 'end'; at: string }
  /** R26 */
  | { type: 'pass' }
  /** R29 */
  | { type: 'pair-call'; call: 'higher' | 'lower' }
  /** R31 */
  | ({ type: 'seat'; paid?: Payment } & Newcomer)
  | { type: 'move'; playerId: string; afterPlayerId: string }
  /** R32 */
  | { type: 'sit-out'; playerId: string }
  | { type: 'come-back'; playerId: string }
  /** R33 */
  | { type: 'reopen'; at: string }
  /** R35 *Handed over*: the holding laptop hands the night to laptop `to`, as at the end of a deal. */
  | { type: 'hand-over'; to: string }
  /** R35 *Taken over*: this laptop goes on from line `line` (chain hash `hash`) of laptop `from`, which is gone. */
  | { type: 'take-over'; from: string; line: number; hash: string };

export type EngineResult = { ok: true; state: EngineState; events: EngineEvent[] } | { ok: false; error: CommandError };

/**
 * Decides a command: either the events it causes and the state after them, or
 * a typed error naming the rule it breaks, with the state untouched. Pass the
 * state id the command was made for to refuse stale commands.
 */
export function applyCommand(state: EngineState, command: EngineCommand, expectedStateId?: number, shown?: ShownCards): EngineResult {
  if (expectedStateId !== undefined && expectedStateId !== state.stateId) {
    return {
      ok: false,
      error: commandError('stale-state', 'The table changed since this was typed: look again and retry.', undefined, {
        expected: expectedStateId,
        current: state.stateId,
      }),
    };
  }
  const draft = new Draft(state, command.type, shown);
  try {
    decide(draft, command);
    assertConserved(draft.state);
  } catch (thrown) {
    if (thrown instanceof RuleViolation) return { ok: false, error: thrown.error };
    throw thrown;
  }
  return { ok: true, state: draft.state, events: draft.events };
}

/**
 * Decides one command on the draft, by the part of the rules it belongs to
 * (commands/: draw, decks, turn, chips, corrections, end).
 */
function decide(d: Draft, command: EngineCommand): void {
  if (command.type !== 'start' && d.state.nightId === '') refuse('no-night', 'No night is open: start one first.');
  // R35: a move of an ended night is refused in its own words.
  if (command.type === 'hand-over' || command.type === 'take-over') refuseMoveOfEndedNight(d, command.type);
  if (command.type !== 'start' && command.type !== 'reopen' && d.state.phase.kind === 'ended') {
    refuse('night-closed', 'This night has ended and is read-only (R22).', 'R22');
  }
  switch (command.type) {
    case 'start':
      return start(d, command);
    case 'shuffle':
      return shuffle(d, command.seed);
    case 'shuffle-sealed':
      return shuffleSealed(d, command.commitment);
    case 'commit':
      return commit(d, command.heads, command.newChains ?? [], command.reason);
    case 'reveal':
      return reveal(d, command.reveals, command.missing);
    case 'draw':
      return draw(d);
    case 'cut':
      return cut(d, command.cut);
    case 'deal':
      return deal(d);
    case 'ace-call':
      return aceCall(d, command.call);
    case 'bet':
      return bet(d, command.amount);
    case 'buy-in':
      return buyIn(d, command.playerId, command.amount);
    case 'cash-out':
      return cashOut(d, command.playerId);
    case 'undo':
      return undo(d);
    case 'correct-bet':
      return correctBet(d, command.amount);
    case 'void-turn':
      return voidTurn(d);
    case 'chain-lost':
      return chainLost(d);
    case 'end':
      return end(d, command.at);
    case 'pass':
      return pass(d);
    case 'pair-call':
      return callPair(d, command.call);
    case 'seat':
      return seatPlayer(d, command);
    case 'move':
      return movePlayer(d, command.playerId, command.afterPlayerId);
    case 'sit-out':
      return sitOut(d, command.playerId);
    case 'come-back':
      return comeBack(d, command.playerId);
    case 'reopen':
      return reopen(d, command.at);
    case 'hand-over':
      return handOver(d, command.to);
    case 'take-over':
      return takeOver(d, command.from, command.line, command.hash);
  }
}

// ---------------------------------------------------------------- the night

function start(d: Draft, command: Extract<EngineCommand, { type: 'start' }>): void {
  if (d.state.nightId !== '') refuse('night-open', 'A night is already open: end it before starting another.');
  const { players, startingChips, settings } = command;
  if (players.length < 2) refuse('not-enough-players', 'A night needs at least 2 players with chips (R6).', 'R6');
  const ids = new Set(players.map((p) => p.id));
  const names = new Set(players.map((p) => p.name.trim().toLowerCase()));
  if (ids.size !== players.length || names.size !== players.length) {
    const twice = players.find(
      (p, i) => players.findIndex((q) => q.id === p.id || q.name.trim().toLowerCase() === p.name.trim().toLowerCase()) !== i,
    );
    refuse('duplicate-player', 'Each player can sit at the table once: two seats have the same player.', undefined, {
      name: twice?.name ?? '',
      player: twice?.name ?? '',
    });
  }
  if (!Number.isInteger(startingChips) || startingChips <= settings.ante) {
    refuse(
      'starting-chips-too-few',
      `Starting chips must be more than the ante of ${settings.ante}, or nobody has chips to play after it (R4).`,
      'R4',
      {
        ante: settings.ante,
      },
    );
  }
  if (!Number.isInteger(command.carryIn) || command.carryIn < 0)
    refuse('invalid-input', 'The carried pot must be a whole number of chips.');
  const revision = command.revision ?? ENGINE_REVISION;
  if (!Number.isInteger(revision) || revision < 1 || revision > ENGINE_REVISION) {
    refuse(
      'invalid-input',
      `This night was played by engine revision ${revision}; this app plays revisions 1 to ${ENGINE_REVISION}: update the app.`,
    );
  }
  d.emit({
    type: 'night-started',
    nightId: command.nightId,
    at: command.at,
    settings,
    players: players.map((p) => ({ id: p.id, name: p.name })),
    chipValue: command.chipValue,
    currency: command.currency,
    revision,
  });
  for (const player of d.state.players) d.move('buy-in', player.id, startingChips, 'bank', playerAccount(player.id), null);
  const carried = d.move('carry-in', null, command.carryIn, 'bank', 'pot', null);
  d.announce(
    'night-started',
    null,
    startingChips,
    [],
    d.state.players.map((p) => p.id),
  );
  if (carried) d.announce('pot-carried', null, command.carryIn, [carried]);
  anteAll(d, 'ante', null);
  d.emit({ type: 'last-action', kind: 'other', turn: null, entries: [] });
  d.phase('draw');
}

/**
 * R24: bought in (and carried in) = stacks + pot + cashed out (and carried out); no count below zero.
 * @internal exported for tests only
 */
export function conservationProblem(state: EngineState): string | null {
  // Plain loops over locals (so V8 reads each key straight from the for-in cache): this runs after every command.
  const { stacks, boughtIn, cashedOut, pot } = state;
  let onTable = 0;
  for (const id in stacks) {
    const chips = stacks[id] ?? 0;
    if (chips < 0) return `R24: ${id} would have ${chips} chips.`;
    onTable += chips;
  }
  if (pot < 0) return `R24: the pot would hold ${pot} chips.`;
  let cameIn = state.carriedIn;
  for (const id in boughtIn) cameIn += boughtIn[id] ?? 0;
  let accounted = onTable + pot + state.carriedOut;
  for (const id in cashedOut) accounted += cashedOut[id] ?? 0;
  return cameIn === accounted ? null : `R24: ${cameIn} chips came in but ${accounted} are accounted for.`;
}

function assertConserved(state: EngineState): void {
  const problem = conservationProblem(state);
  if (problem) refuse('conservation', `${problem} Nothing was recorded.`, 'R24');
}
