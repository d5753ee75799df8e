import { commandArgs, commandError, type CommandError, type CommandName, type NightView, type RosterPlayer, type RuleSettings } from '../../src/shared';
import { SEED_BYTES, type EngineCommand } from '../../src/main/engine';
import { nightResults } from '../../src/main/ledger';
import { decideStep, emptyNight, keepStep, nightSummary, recordedCommandOf, type PlayedNight, type NightSummary } from '../../src/main/night';
import { nightView } from '../../src/main/session/nightView';
import type { Table } from './playNight';
import type { SeededStream } from './seededStream';

/**
 * The session's play without the disk: the same decide-shuffle-post step
 * (night/play.ts) and journal entries, no per-command append. It exists so
 * the benchmark can make 1,000 nights of history in seconds; each night's
 * journal is then written once. Only the commands the bots use are supported.
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
    if (!engineCommand || engineCommand.type === 'shuffle') return { ok: false, error: commandError('invalid-input', `MemoryTable does not run ${command}`) };
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

  private toEngineCommand(command: CommandName, args: unknown): EngineCommand | null {
    const stateful = args as { amount?: number | 'pot'; cut?: number; call?: 'low' | 'high'; playerId?: string };
    switch (command) {
      case 'startNight': {
        const a = args as { players: { name: string }[]; startingChips: number; chipValue: number; currency: string; settings: RuleSettings };
        const players = a.players.map((p) => {
          const known = this.roster.find((r) => r.name === p.name);
          if (!known) throw new Error(`${p.name} is not in the bench roster`);
          return { id: known.id, name: known.name };
        });
        const { startingChips, chipValue, currency, settings } = a;
        return { type: 'start', nightId: this.nightId, at: this.now().toISOString(), players, startingChips, chipValue, currency, settings, carryIn: 0 };
      }
      case 'drawForDealer':
        return { type: 'draw' };
      case 'cut':
        return { type: 'cut', cut: stateful.cut ?? 0 };
      case 'deal':
        return { type: 'deal' };
      case 'callAce':
        return { type: 'ace-call', call: stateful.call ?? 'high' };
      case 'bet':
        return { type: 'bet', amount: stateful.amount ?? 1 };
      case 'correctBet':
        return { type: 'correct-bet', amount: stateful.amount ?? 1 };
      case 'buyIn':
        return { type: 'buy-in', playerId: stateful.playerId ?? '', amount: typeof stateful.amount === 'number' ? stateful.amount : 1 };
      case 'voidTurn':
        return { type: 'void-turn' };
      case 'endNight':
        return { type: 'end', at: this.now().toISOString() };
      default:
        return null;
    }
  }
}
