import {
  commandArgs,
  commandError,
  type CommandError,
  type CommandName,
  type NightView,
  type ParsedCommandArgs,
  type RosterPlayer,
  type TurnView,
} from '../../src/shared';
import { applyCommand, emptyState, SEED_BYTES, type EngineCommand, type EngineEvent, type EngineState } from '../../src/main/engine';
import { Ledger, nightResults } from '../../src/main/ledger';
import { isTableCommand, toEngineCommand } from '../../src/main/session/gameSession';
import { nightSummary } from '../../src/main/session/nightSummary';
import { nightView, turnView } from '../../src/main/session/nightView';
import type { NightSummary, StoredNight } from '../../src/main/store';
import type { Table } from './playNight';
import type { SeededStream } from './seededStream';

/**
 * The session's decide-shuffle-post loop without the disk: the same engine
 * and ledger, no per-command write. It exists so the benchmark can make 300
 * nights of history in seconds (the real session rewrites the night file on
 * every command); each night is then saved once through DealerRepository.
 * Only the commands the bots use are supported.
 */
export class MemoryTable implements Table {
  state: EngineState = emptyState();
  events: EngineEvent[] = [];
  ledger = Ledger.empty();
  turns: TurnView[] = [];

  constructor(
    private readonly dealer: SeededStream,
    /** Players by name, so every night seats the same ids. */
    private readonly roster: readonly RosterPlayer[],
    private readonly now: () => Date,
    private readonly nightId: string,
  ) {}

  night(): NightView | null {
    if (this.state.nightId === '') return null;
    const results =
      this.state.phase.kind === 'ended' ? nightResults(this.ledger.balances(), this.state.players, this.state.chipValue) : null;
    return nightView(this.state, this.turns, results);
  }

  run(command: CommandName, args: unknown): { ok: true } | { ok: false; error: CommandError } {
    const parsed = commandArgs[command].safeParse(args);
    if (!parsed.success) return { ok: false, error: commandError('invalid-input', parsed.error.issues[0]?.message ?? 'malformed') };
    const engineCommand = this.toEngineCommand(command, parsed.data);
    if (!engineCommand) return { ok: false, error: commandError('invalid-input', `MemoryTable does not run ${command}`) };
    const expected = command === 'startNight' ? 0 : (parsed.data as { stateId: number }).stateId;
    const decided = applyCommand(this.state, engineCommand, expected);
    if (!decided.ok) return decided;
    let state = decided.state;
    const events = [...decided.events];
    while (state.phase.kind === 'shuffle') {
      const seed = Buffer.from(this.dealer.bytes(SEED_BYTES)).toString('hex');
      const shuffled = applyCommand(state, { type: 'shuffle', seed });
      if (!shuffled.ok) throw new Error(shuffled.error.message);
      state = shuffled.state;
      events.push(...shuffled.events);
    }
    this.ledger.append(events.flatMap((e) => (e.type === 'chips' ? [{ id: e.id, move: e.move, turn: e.turn }] : [])));
    this.state = state;
    for (const event of events) this.events.push(event);
    if (state.turn) this.turns[state.turn.n - 1] = turnView(state.turn);
    return { ok: true };
  }

  stored(): StoredNight {
    return {
      id: this.state.nightId,
      startedAt: this.state.startedAt,
      endedAt: this.state.endedAt,
      events: this.events,
      ledger: [...this.ledger.entries],
    };
  }

  /** The index line GameSession writes for an ended night. */
  summary(): NightSummary {
    return nightSummary(this.state, this.turns, this.ledger);
  }

  private toEngineCommand(command: CommandName, args: unknown): EngineCommand | null {
    switch (command) {
      case 'startNight': {
        const a = args as ParsedCommandArgs<'startNight'>;
        const players = a.players.map((p) => {
          const known = this.roster.find((r) => r.name === p.name);
          if (!known) throw new Error(`${p.name} is not in the bench roster`);
          return { id: known.id, name: known.name };
        });
        const { startingChips, chipValue, currency, settings } = a;
        return { type: 'start', nightId: this.nightId, at: this.now().toISOString(), players, startingChips, chipValue, currency, settings, carryIn: 0 };
      }
      default:
        return isTableCommand(command) ? toEngineCommand(command, args, this.now()) : null;
    }
  }
}
