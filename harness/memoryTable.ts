import {
  commandArgs,
  commandError,
  type CommandError,
  type CommandName,
  type NightView,
  type ParsedCommandArgs,
  type Payment,
  type RosterPlayer,
} from '../src/shared';
import { SEED_BYTES, type EngineCommand } from '../src/main/engine';
import { nightResults } from '../src/main/ledger';
import {
  decideStep,
  emptyNight,
  keepStep,
  nightPayment,
  nightSummary,
  recordedCommandOf,
  type PlayedNight,
  type NightSummary,
} from '../src/main/night';
import { nightView } from '../src/main/session/view/nightView';
import type { Table } from '../src/main/simulation/playNight';
import type { SeededStream } from '../src/main/simulation/seededStream';

/**
 * The session's play without the disk: the same decide-shuffle-post step
 * (night/play.ts) and journal entries, no per-command append. It exists so
 * the benchmark can make 1,000 nights of history in seconds; each night's
 * journal is then written once. Every command the bots send is supported,
 * with its arguments as the session takes them (how chips were paid, M2,
 * included).
 */
export class MemoryTable implements Table {
  readonly played: PlayedNight = emptyNight();

  constructor(
    private readonly dealer: SeededStream,
    /** Players by name, so every night seats the same ids. */
    private readonly roster: readonly RosterPlayer[],
    private readonly now: () => Date,
    private readonly nightId: string,
  ) {}

  night(): NightView | null {
    const { state } = this.played;
    if (state.nightId === '') return null;
    const results = state.phase.kind === 'ended' ? nightResults(this.played.ledger.balances(), state.players, state.chipValue) : null;
    return nightView(state, this.played.turns, results);
  }

  run(command: CommandName, args: unknown): { ok: true } | { ok: false; error: CommandError } {
    const parsed = commandArgs[command].safeParse(args);
    if (!parsed.success) return { ok: false, error: commandError('invalid-input', parsed.error.issues[0]?.message ?? 'malformed') };
    const engineCommand = this.toEngineCommand(command, parsed.data);
    if (!engineCommand || engineCommand.type === 'shuffle')
      return { ok: false, error: commandError('invalid-input', `MemoryTable does not run ${command}`) };
    const expected = command === 'startNight' ? 0 : (parsed.data as { stateId: number }).stateId;
    const decided = decideStep(this.played, engineCommand, expected, () => Buffer.from(this.dealer.bytes(SEED_BYTES)).toString('hex'));
    if (!decided.ok) return decided;
    const at = engineCommand.type === 'start' || engineCommand.type === 'end' ? engineCommand.at : this.now().toISOString();
    const seeds = decided.step.seeds;
    keepStep(this.played, decided.step, { at, command: recordedCommandOf(engineCommand), ...(seeds.length > 0 ? { seeds } : {}) });
    return { ok: true };
  }

  /** The index line GameSession writes for an ended night. */
  summary(journalBytes?: number): NightSummary {
    return nightSummary(this.played, journalBytes);
  }

  /**
   * The engine command for a console command, as GameSession makes it: a
   * buy-in, cash-out or newcomer not saying how it was paid takes the
   * night's payment (M2), and a newcomer not in the roster gets an id of
   * their own. Null for a command the bots never send.
   */
  private toEngineCommand(command: CommandName, args: unknown): EngineCommand | null {
    const a = args as ParsedCommandArgs<CommandName> & Record<string, unknown>;
    const paid = (a.paid as Payment | undefined) ?? nightPayment(this.played);
    switch (command) {
      case 'startNight': {
        const start = args as ParsedCommandArgs<'startNight'>;
        const players = start.players.map((p) => {
          const known = this.roster.find((r) => r.name === p.name);
          if (!known) throw new Error(`${p.name} is not in the bench roster`);
          return { id: known.id, name: known.name };
        });
        const { startingChips, chipValue, currency, settings, payment } = start;
        return {
          type: 'start',
          nightId: this.nightId,
          at: this.now().toISOString(),
          players,
          startingChips,
          chipValue,
          currency,
          settings,
          carryIn: 0,
          payment,
        };
      }
      case 'drawForDealer':
        return { type: 'draw' };
      case 'cut':
        return { type: 'cut', cut: (args as ParsedCommandArgs<'cut'>).cut };
      case 'deal':
        return { type: 'deal' };
      case 'callAce':
        return { type: 'ace-call', call: (args as ParsedCommandArgs<'callAce'>).call };
      case 'callPair':
        return { type: 'pair-call', call: (args as ParsedCommandArgs<'callPair'>).call };
      case 'bet':
        return { type: 'bet', amount: (args as ParsedCommandArgs<'bet'>).amount };
      case 'pass':
        return { type: 'pass' };
      case 'correctBet':
        return { type: 'correct-bet', amount: (args as ParsedCommandArgs<'correctBet'>).amount };
      case 'buyIn': {
        const { playerId, amount } = args as ParsedCommandArgs<'buyIn'>;
        return { type: 'buy-in', playerId, amount, paid };
      }
      case 'cashOut':
        return { type: 'cash-out', playerId: (args as ParsedCommandArgs<'cashOut'>).playerId, paid };
      case 'seatPlayer': {
        const { player, afterPlayerId, buyIn } = args as ParsedCommandArgs<'seatPlayer'>;
        const known = this.roster.find((r) => (player.id ? r.id === player.id : r.name === player.name));
        const playerId = known?.id ?? `${this.nightId}-late-${this.played.state.players.length}`;
        return { type: 'seat', playerId, name: known?.name ?? player.name, afterPlayerId, buyIn, paid };
      }
      case 'movePlayer': {
        const { playerId, afterPlayerId } = args as ParsedCommandArgs<'movePlayer'>;
        return { type: 'move', playerId, afterPlayerId };
      }
      case 'sitOut':
        return { type: 'sit-out', playerId: (args as ParsedCommandArgs<'sitOut'>).playerId };
      case 'comeBack':
        return { type: 'come-back', playerId: (args as ParsedCommandArgs<'comeBack'>).playerId };
      case 'undo':
        return { type: 'undo' };
      case 'voidTurn':
        return { type: 'void-turn' };
      case 'endNight':
        return { type: 'end', at: this.now().toISOString() };
      default:
        return null;
    }
  }
}
