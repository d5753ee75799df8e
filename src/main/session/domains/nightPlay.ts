import { commandError } from '../../../shared';
import { SEED_BYTES, type EngineCommand } from '../../engine';
import {
  decideStep,
  handedOverTo,
  keepStep,
  nightEpoch,
  recordedCommandOf,
  seedsRetired,
  takeBack,
  type JournalEntry,
  type PlayedNight,
  type StepResult,
} from '../../night';
import { afterNightEnded } from './nightIndex';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import { TableDealer } from '../tableDraw/tableDealer';
import { RevealsNeeded } from '../tableDraw/witnessDesk';

/** The commands of play at the table: each one engine command on the open night. */
export type PlayCommand =
  | 'drawForDealer'
  | 'cut'
  | 'deal'
  | 'callAce'
  | 'bet'
  | 'buyIn'
  | 'cashOut'
  | 'undo'
  | 'correctBet'
  | 'voidTurn'
  | 'endNight'
  | 'pass'
  | 'callPair'
  | 'movePlayer'
  | 'sitOut'
  | 'comeBack';

export function playHandlers(state: SessionState): HandlerMap<PlayCommand> {
  const on = (command: EngineCommand, stateId: number) => play(state, command, stateId);
  return {
    drawForDealer: ({ stateId }) => on({ type: 'draw' }, stateId),
    cut: ({ stateId, cut }) => on({ type: 'cut', cut }, stateId),
    deal: ({ stateId }) => on({ type: 'deal' }, stateId),
    callAce: ({ stateId, call }) => on({ type: 'ace-call', call }, stateId),
    bet: ({ stateId, amount }) => on({ type: 'bet', amount }, stateId),
    buyIn: ({ stateId, playerId, amount, paid }) => on({ type: 'buy-in', playerId, amount, paid: paid ?? state.nightPayment() }, stateId),
    cashOut: ({ stateId, playerId, paid }) => on({ type: 'cash-out', playerId, paid: paid ?? state.nightPayment() }, stateId),
    undo: ({ stateId }) => on({ type: 'undo' }, stateId),
    correctBet: ({ stateId, amount }) => on({ type: 'correct-bet', amount }, stateId),
    voidTurn: ({ stateId }) => on({ type: 'void-turn' }, stateId),
    endNight: ({ stateId }) => on({ type: 'end', at: state.now().toISOString() }, stateId),
    pass: ({ stateId }) => on({ type: 'pass' }, stateId),
    callPair: ({ stateId, call }) => on({ type: 'pair-call', call }, stateId),
    movePlayer: ({ stateId, playerId, afterPlayerId }) => on({ type: 'move', playerId, afterPlayerId }, stateId),
    sitOut: ({ stateId, playerId }) => on({ type: 'sit-out', playerId }, stateId),
    comeBack: ({ stateId, playerId }) => on({ type: 'come-back', playerId }, stateId),
  };
}

/**
 * R35 *Handed over*: a night this laptop handed to another is written no more here (only the new holder's takeover
 * may follow its last line); the refusal says where it goes on, or null while the night is this laptop's.
 */
export function handedOverRefusal(state: SessionState, night: PlayedNight): Outcome | null {
  const to = handedOverTo(night);
  if (to === null) return null;
  const name = state.group.history?.laptopName(to) ?? to;
  return refused(
    commandError('night-moved', `This night was handed over to ${name}: it goes on there once its host opens it (R35).`, 'R35', {
      laptop: name,
    }),
  );
}

/**
 * Plays a command on the night on the table (night/play.ts: decide, shuffle
 * with fresh seeds from the secure random source (R9) or draw by the table
 * (R34, tableDealer.ts), post the chips), appends its facts to the journal,
 * fdatasync'd; only then is the new state kept.
 */
export function play(state: SessionState, command: EngineCommand, expectedStateId: number | undefined): Outcome {
  const night = state.night;
  if (!night) return refused(commandError('no-night', 'No night is open: start one first.'));
  if (command.type === 'shuffle') return refused(commandError('invalid-input', 'Only the dealer shuffles.'));
  const movedAway = handedOverRefusal(state, night);
  if (movedAway) return movedAway;
  const byTable = TableDealer.drawsByTable(state, command);
  let decided: StepResult;
  try {
    if (byTable && command.type === 'start') state.table.startNight(command.nightId);
    decided = decideStep(night, command, expectedStateId, byTable ? state.table.dealer() : () => state.hex(SEED_BYTES));
  } catch (error) {
    // The phones are asked, then the command is decided again (GameSession.run).
    if (error instanceof RevealsNeeded || !byTable) throw error;
    return refused(commandError('storage', `The cards could not be drawn, so nothing was recorded: ${(error as Error).message}`, 'R34'));
  }
  if (!decided.ok) return decided;
  const { step } = decided;
  const entry: JournalEntry = {
    at: command.type === 'start' || command.type === 'end' || command.type === 'reopen' ? command.at : state.now().toISOString(),
    command: recordedCommandOf(command),
    ...(step.seeds.length > 0 ? { seeds: step.seeds } : {}),
    ...(step.table.length > 0 ? { table: step.table } : {}),
    // R35: the cards it turned, so a laptop holding a copy replays it without the sealed seed.
    ...(step.shown.length > 0 ? { shown: step.shown } : {}),
    // R35: a night that moved is written at its holder's epoch.
    ...(nightEpoch(night) > 1 ? { epoch: nightEpoch(night) } : {}),
  };
  const saved = saveOrRefuse(
    // R12: the seed of a deck still in play goes on the line sealed; the seeds of the decks this command retired in plain.
    () =>
      command.type === 'start'
        ? state.repo.writeJournal(step.state.nightId, [entry], new Set())
        : state.repo.appendToJournal(step.state.nightId, entry, seedsRetired(step.events)),
    'The night could not be saved, so nothing was recorded',
    () => takeBack(night, step),
  );
  if (!saved.ok) return saved;
  keepStep(night, step, entry);
  if (byTable) {
    state.table.desk.afterKept(step);
    state.table.afterKept(step);
  }
  if (step.state.phase.kind === 'ended' && command.type === 'end') afterNightEnded(state, night);
  // Play at the table brings the TV back to it, whatever history it was showing.
  state.tableScreen = { kind: 'live' };
  return DONE;
}
