import { randomBytes as secureRandomBytes } from 'node:crypto';
import {
  commandArgs,
  commandError,
  type ApiResult,
  type AppView,
  type CommandError,
  type CommandName,
  type ParsedCommandArgs,
  type RosterPlayer,
  type TableScreen,
  type TurnView,
} from '../../shared';
import {
  applyCommand,
  emptyState,
  engineEventSchema,
  evolve,
  SEED_BYTES,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
} from '../engine';
import { Ledger, LedgerError, nightResults, type LedgerItem } from '../ledger';
import { nightSummary } from './nightSummary';
import { TURN_EVENTS } from './turnEvents';
import type { StorageBackend } from '../store/adapter';
import { DealerRepository } from '../store/repository';
import type { NightSummary, StoredSettings } from '../store/schemas';
import { nightView, turnView } from './nightView';
import type { DealerService } from './service';
import { answerQuestion, BackupError, isQuestion, parseBackup, writeBackup, type QuestionName } from '../history';
import { initialsOf, paletteColour } from '../store/playerStyle';

export interface SessionOptions {
  storage: StorageBackend;
  /** The OS's secure random source (R9); tests and the simulator pass a seeded one. */
  randomBytes?: (size: number) => Uint8Array;
  now?: () => Date;
}

/** One night in memory: the engine state, its events, its ledger and the turn list. */
interface OpenNight {
  state: EngineState;
  events: EngineEvent[];
  ledger: Ledger;
  turns: TurnView[];
}


/**
 * The only writer (DESIGN.md). Commands are checked against the contract,
 * decided by the engine, posted to the ledger, written to disk and only then
 * acknowledged and pushed to every window. A refused command changes nothing.
 */
export class GameSession implements DealerService {
  private readonly repo: DealerRepository;
  private readonly randomBytes: (size: number) => Uint8Array;
  private readonly now: () => Date;
  private readonly listeners = new Set<(view: AppView) => void>();
  private roster: RosterPlayer[];
  private settings: StoredSettings;
  private index: NightSummary[];
  private night: OpenNight | null = null;
  private view: AppView;
  /** What the TV shows; kept in memory only (a restart shows the live table). */
  private tableScreen: TableScreen = { kind: 'live' };

  constructor(options: SessionOptions) {
    this.repo = new DealerRepository(options.storage, options.now);
    this.randomBytes = options.randomBytes ?? ((size) => secureRandomBytes(size));
    this.now = options.now ?? (() => new Date());
    this.roster = this.repo.loadRoster();
    this.settings = this.repo.loadSettings();
    this.index = this.reconcileIndex(this.repo.loadIndex());
    this.night = this.loadOpenNight();
    this.view = this.buildView();
  }

  getView(): AppView {
    return this.view;
  }

  onView(listener: (view: AppView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
  }

  /** The night in progress, for the simulator and the export. */
  get currentNight(): Readonly<OpenNight> | null {
    return this.night;
  }

  async run(command: CommandName, args: unknown): Promise<ApiResult<unknown>> {
    return this.runNow(command, args);
  }

  /** `run` without the promise, for the simulator and benchmarks. */
  runNow(command: CommandName, args: unknown): ApiResult<unknown> {
    const schema = commandArgs[command];
    if (!schema) return refused(commandError('invalid-input', `There is no command "${String(command)}".`));
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return refused(commandError('invalid-input', `${where}${issue?.message ?? 'the request is malformed'}`));
    }
    if (isQuestion(command)) return this.answer(command, parsed.data);
    const result = this.dispatch(command, parsed.data);
    if (result.ok) {
      this.view = this.buildView();
      for (const listener of this.listeners) listener(this.view);
      return { ok: true, view: this.view };
    }
    return result;
  }

  /**
   * A question about the history (issue 4): answered with `data`, nothing
   * changed. Reading may set a corrupt night file aside, so the view (its
   * storage notices) is pushed when that happened.
   */
  private answer(question: QuestionName, args: unknown): ApiResult<unknown> {
    const noticesBefore = this.repo.notices.length;
    const answered = answerQuestion(question, args as ParsedCommandArgs<QuestionName>, {
      repo: this.repo,
      index: this.index,
      roster: this.roster,
      now: this.now(),
    });
    if (this.repo.notices.length !== noticesBefore) {
      this.view = this.buildView();
      for (const listener of this.listeners) listener(this.view);
    }
    return answered.ok ? { ok: true, view: this.view, data: answered.data } : answered;
  }

  private dispatch(command: CommandName, args: unknown): { ok: true } | { ok: false; error: CommandError } {
    if (command === 'startNight') return this.startNight(args as ParsedCommandArgs<'startNight'>);
    if (command === 'closeNight') return this.closeNight(args as ParsedCommandArgs<'closeNight'>);
    if (command === 'updatePlayer') return this.updatePlayer(args as ParsedCommandArgs<'updatePlayer'>);
    if (command === 'showOnTable') return this.showOnTable(args as ParsedCommandArgs<'showOnTable'>);
    if (command === 'restore') return this.restore(args as ParsedCommandArgs<'restore'>);
    if (!isTableCommand(command)) return refused(commandError('invalid-input', `"${command}" is a question, not a table command.`));
    const engineCommand = toEngineCommand(command, args, this.now());
    const { stateId } = args as { stateId: number };
    return this.execute(engineCommand, stateId);
  }

  private startNight(args: ParsedCommandArgs<'startNight'>): { ok: true } | { ok: false; error: CommandError } {
    if (this.night && this.night.state.phase.kind !== 'ended') {
      return refused(commandError('night-open', 'A night is already open: end it before starting another.'));
    }
    const seated: RosterPlayer[] = [];
    const added: RosterPlayer[] = [];
    for (const wanted of args.players) {
      const known = wanted.id
        ? this.roster.find((p) => p.id === wanted.id)
        : this.roster.find((p) => p.name.toLowerCase() === wanted.name.toLowerCase());
      if (wanted.id && !known) {
        return refused(commandError('unknown-player', `There is no player "${wanted.id}" in the roster.`, undefined, { player: wanted.id }));
      }
      const player = known ?? this.newPlayer(wanted.name, this.roster.length + added.length, added);
      if (!known) added.push(player);
      seated.push(player);
    }
    const at = this.now();
    // Unique even when the random source repeats itself (a --deck-seed demo restarted).
    const nightId = this.newId(at.toISOString().slice(0, 10), this.index, 3);
    const start: EngineCommand = {
      type: 'start',
      nightId,
      at: at.toISOString(),
      players: seated.map((p) => ({ id: p.id, name: p.name })),
      startingChips: args.startingChips,
      chipValue: args.chipValue,
      currency: args.currency,
      settings: args.settings,
      carryIn: this.settings.nextCarry,
    };
    // Refused setups (too few chips...) must not add names to the roster; and the roster is
    // written before the night, so no night on disk ever names a player the roster lacks.
    const check = applyCommand(emptyState(), start, 0);
    if (!check.ok) return check;
    if (added.length > 0) {
      this.repo.saveRoster([...this.roster, ...added]);
      this.roster = [...this.roster, ...added];
    }
    const fresh: OpenNight = { state: emptyState(), events: [], ledger: Ledger.empty(), turns: [] };
    const previous = this.night;
    this.night = fresh;
    const result = this.execute(start, 0);
    if (!result.ok) {
      this.night = previous;
      return result;
    }
    this.settings = {
      lastSetup: {
        playerIds: seated.map((p) => p.id),
        startingChips: args.startingChips,
        chipValue: args.chipValue,
        currency: args.currency,
        settings: args.settings,
      },
      nextCarry: 0,
    };
    this.repo.saveSettings(this.settings);
    this.index = [...this.index, summaryOf(fresh)];
    this.repo.saveIndex(this.index);
    return { ok: true };
  }

  /** A new roster player: the next palette colour by position, initials from the name. */
  private newPlayer(name: string, position: number, alsoTaken: readonly RosterPlayer[]): RosterPlayer {
    return { id: this.newId('p', [...this.roster, ...alsoTaken]), name, colour: paletteColour(position), initials: initialsOf(name), archived: false };
  }

  /**
   * Renames, recolours or archives a roster player. Past nights keep the
   * name they were played under (their events hold it); a seated player's
   * name at tonight's table changes from the next night on.
   */
  private updatePlayer(args: ParsedCommandArgs<'updatePlayer'>): { ok: true } | { ok: false; error: CommandError } {
    const player = this.roster.find((p) => p.id === args.playerId);
    if (!player) return refused(commandError('unknown-player', `There is no player "${args.playerId}" in the roster.`, undefined, { player: args.playerId }));
    if (args.name !== undefined) {
      const wanted = args.name.toLowerCase();
      const taken = this.roster.find((p) => p.id !== player.id && p.name.toLowerCase() === wanted);
      if (taken) return refused(commandError('duplicate-player', `Another player is already called ${taken.name}.`, undefined, { name: taken.name }));
    }
    const updated: RosterPlayer = {
      ...player,
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.colour !== undefined ? { colour: args.colour.toLowerCase() } : {}),
      ...(args.initials !== undefined ? { initials: args.initials.toUpperCase() } : {}),
      ...(args.archived !== undefined ? { archived: args.archived } : {}),
    };
    const roster = this.roster.map((p) => (p.id === player.id ? updated : p));
    try {
      this.repo.saveRoster(roster);
    } catch (error) {
      return refused(commandError('storage', `The roster could not be saved, so nothing changed: ${(error as Error).message}`));
    }
    this.roster = roster;
    return { ok: true };
  }

  /** Puts the live table, the leaderboard or one night on the TV (kept in memory, pushed with the view). */
  private showOnTable(args: ParsedCommandArgs<'showOnTable'>): { ok: true } | { ok: false; error: CommandError } {
    const screen = args.screen;
    if (screen.kind === 'night' && !this.index.some((s) => s.id === screen.nightId)) {
      return refused(commandError('unknown-night', `There is no night "${screen.nightId}" in the history.`, undefined, { night: screen.nightId }));
    }
    this.tableScreen = screen;
    return { ok: true };
  }

  /**
   * Restores a backup: checked completely first (parseBackup), refused over
   * existing data unless the host confirmed (`replace`), refused while a
   * night is open; then written nights first, index last, and reloaded.
   */
  private restore(args: ParsedCommandArgs<'restore'>): { ok: true } | { ok: false; error: CommandError } {
    if (this.night && this.night.state.phase.kind !== 'ended') {
      return refused(commandError('night-open', 'A night is open: end it before restoring a backup.'));
    }
    let content;
    try {
      content = parseBackup(args.content);
    } catch (error) {
      if (error instanceof BackupError) return refused(commandError('invalid-input', `${error.message} Nothing was changed.`));
      throw error;
    }
    if (!args.replace && (this.index.length > 0 || this.roster.length > 0)) {
      return refused(
        commandError('data-exists', `There are already ${this.index.length} nights and ${this.roster.length} players here: confirm to replace them with the backup.`, undefined, {
          nights: this.index.length,
          players: this.roster.length,
        }),
      );
    }
    try {
      writeBackup(this.repo, content);
    } catch (error) {
      return refused(commandError('storage', `The backup could not be written: ${(error as Error).message}`));
    } finally {
      this.roster = this.repo.loadRoster();
      this.settings = this.repo.loadSettings();
      this.index = this.reconcileIndex(this.repo.loadIndex());
      this.night = this.loadOpenNight();
      this.tableScreen = { kind: 'live' };
    }
    return { ok: true };
  }

  private closeNight(args: ParsedCommandArgs<'closeNight'>): { ok: true } | { ok: false; error: CommandError } {
    const night = this.night;
    if (!night) return refused(commandError('no-night', 'No night is open.'));
    if (night.state.stateId !== args.stateId) return refused(commandError('stale-state', 'The table changed since this was typed: look again and retry.'));
    if (night.state.phase.kind !== 'ended') return refused(commandError('wrong-phase', 'End the night before closing it (R22).', 'R22'));
    this.night = null;
    return { ok: true };
  }

  /**
   * Decides a command, lets the dealer shuffle whenever the engine asks for a
   * deck (R9: a fresh 32-byte seed from the secure random source), posts the
   * chips to the ledger and writes the night. Only then is the new state kept.
   */
  private execute(command: EngineCommand, expectedStateId: number): { ok: true } | { ok: false; error: CommandError } {
    const night = this.night;
    if (!night) return refused(commandError('no-night', 'No night is open: start one first.'));
    const decided = applyCommand(night.state, command, expectedStateId);
    if (!decided.ok) return decided;
    let state = decided.state;
    const events = [...decided.events];
    while (state.phase.kind === 'shuffle') {
      const seed = Buffer.from(this.randomBytes(SEED_BYTES)).toString('hex');
      const shuffled = applyCommand(state, { type: 'shuffle', seed });
      if (!shuffled.ok) throw new Error(`the dealer could not shuffle: ${shuffled.error.message}`);
      state = shuffled.state;
      events.push(...shuffled.events);
    }
    const items: LedgerItem[] = events.flatMap((e) => (e.type === 'chips' ? [{ id: e.id, move: e.move, turn: e.turn }] : []));
    const entriesBefore = night.ledger.entries.length;
    try {
      night.ledger.append(items);
    } catch (error) {
      if (error instanceof LedgerError) return refused(commandError('conservation', `${error.message} Nothing was recorded.`, 'R24'));
      throw error;
    }
    const mismatch = balancesMismatch(state, night.ledger);
    if (mismatch) {
      night.ledger = Ledger.fromEntries(night.ledger.entries.slice(0, entriesBefore));
      return refused(commandError('conservation', `R24: ${mismatch} Nothing was recorded.`, 'R24'));
    }
    // Appended in place (not copied: a night has thousands) and taken back if the write fails.
    const eventsBefore = night.events.length;
    night.events.push(...events);
    try {
      this.repo.saveNight({
        id: state.nightId,
        startedAt: state.startedAt,
        endedAt: state.endedAt,
        events: night.events,
        ledger: night.ledger.entries,
      });
    } catch (error) {
      night.events.length = eventsBefore;
      night.ledger = Ledger.fromEntries(night.ledger.entries.slice(0, entriesBefore));
      return refused(commandError('storage', `The night could not be saved, so nothing was recorded: ${(error as Error).message}`));
    }
    night.state = state;
    upsertTurn(night.turns, state);
    if (state.phase.kind === 'ended' && command.type === 'end') this.afterNightEnded(night);
    return { ok: true };
  }

  /**
   * Records an ended night in the settings (the pot it carries on) and then the index.
   * Idempotent, and run again at load for a night the index still calls open:
   * a crash between the night's last write and these two must not leave it
   * open in the history or lose its carried pot.
   */
  private afterNightEnded(night: OpenNight): void {
    // The next night's pot is exactly what this one carried out (0 when split): an older carry was used by this night.
    if (this.settings.nextCarry !== night.state.carriedOut) {
      this.settings = { ...this.settings, nextCarry: night.state.carriedOut };
      this.repo.saveSettings(this.settings);
    }
    this.index = this.index.map((s) => (s.id === night.state.nightId ? summaryOf(night) : s));
    this.repo.saveIndex(this.index);
  }

  /** The open night from the index; an ended one the index still calls open is recorded as ended. */
  private loadOpenNight(): OpenNight | null {
    const open = [...this.index].reverse().find((s) => s.endedAt === null);
    if (!open) return null;
    const night = this.loadNightRecord(open.id);
    if (night?.state.phase.kind === 'ended') this.afterNightEnded(night);
    return night;
  }

  /** One night from its file, checked: events against their schema, the replay against the ledger (R24). */
  private loadNightRecord(id: string): OpenNight | null {
    const stored = this.repo.loadNight(id);
    if (!stored) return null;
    const parsed = engineEventSchema.array().safeParse(stored.events);
    if (!parsed.success) {
      this.repo.setAsideNight(id, `its events do not match the engine's: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
      return null;
    }
    try {
      const night = replayNight(parsed.data, Ledger.fromEntries(stored.ledger));
      const mismatch = balancesMismatch(night.state, night.ledger);
      if (mismatch) throw new Error(mismatch);
      return night;
    } catch (error) {
      this.repo.setAsideNight(id, `its events and ledger do not agree: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * The index, with a line added for any night file it does not list: the
   * night's file is written before the index, so a crash in between must not
   * hide a night (nothing recorded is ever lost).
   */
  private reconcileIndex(index: NightSummary[]): NightSummary[] {
    const listed = new Set(index.map((n) => n.id));
    const found = this.repo
      .listNightIds()
      .filter((id) => !listed.has(id))
      .flatMap((id) => {
        const night = this.loadNightRecord(id);
        return night ? [summaryOf(night)] : [];
      });
    if (found.length === 0) return index;
    const repaired = [...index, ...found].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    this.repo.saveIndex(repaired);
    return repaired;
  }

  private buildView(): AppView {
    const night = this.night;
    const results =
      night && night.state.phase.kind === 'ended'
        ? nightResults(night.ledger.balances(), night.state.players, night.state.chipValue)
        : null;
    return {
      night: night ? nightView(night.state, night.turns, results) : null,
      roster: this.roster,
      lastSetup: this.settings.lastSetup,
      storageNotices: [...this.repo.notices],
      tableScreen: this.tableScreen,
    };
  }

  private hex(bytes: number): string {
    return Buffer.from(this.randomBytes(bytes)).toString('hex');
  }

  /** A random id not in `taken`; numbered on a clash, so a repeating random source cannot loop. */
  private newId(prefix: string, taken: readonly { id: string }[], randomBytes = 4): string {
    const drawn = `${prefix}-${this.hex(randomBytes)}`;
    let id = drawn;
    for (let n = 2; taken.some((p) => p.id === id); n++) id = `${drawn}-${n}`;
    return id;
  }
}

export async function openDealerService(options: SessionOptions): Promise<GameSession> {
  return new GameSession(options);
}

function refused(error: CommandError): { ok: false; error: CommandError } {
  return { ok: false, error };
}

/** Commands the session handles itself, outside the engine. */
type SessionCommandName = 'startNight' | 'closeNight' | 'updatePlayer' | 'showOnTable' | 'restore';
const SESSION_COMMANDS: ReadonlySet<string> = new Set<SessionCommandName>(['startNight', 'closeNight', 'updatePlayer', 'showOnTable', 'restore']);
/** What the engine decides: everything played at the table. */
export type TableCommandName = Exclude<CommandName, SessionCommandName | QuestionName>;

export function isTableCommand(command: CommandName): command is TableCommandName {
  return !SESSION_COMMANDS.has(command) && !isQuestion(command);
}

/** A table command as the engine takes it. */
export function toEngineCommand(command: TableCommandName, args: unknown, now: Date): EngineCommand {
  switch (command) {
    case 'drawForDealer':
      return { type: 'draw' };
    case 'cut':
      return { type: 'cut', cut: (args as ParsedCommandArgs<'cut'>).cut };
    case 'deal':
      return { type: 'deal' };
    case 'callAce':
      return { type: 'ace-call', call: (args as ParsedCommandArgs<'callAce'>).call };
    case 'bet':
      return { type: 'bet', amount: (args as ParsedCommandArgs<'bet'>).amount };
    case 'buyIn': {
      const { playerId, amount } = args as ParsedCommandArgs<'buyIn'>;
      return { type: 'buy-in', playerId, amount };
    }
    case 'cashOut':
      return { type: 'cash-out', playerId: (args as ParsedCommandArgs<'cashOut'>).playerId };
    case 'undo':
      return { type: 'undo' };
    case 'correctBet':
      return { type: 'correct-bet', amount: (args as ParsedCommandArgs<'correctBet'>).amount };
    case 'voidTurn':
      return { type: 'void-turn' };
    case 'endNight':
      return { type: 'end', at: now.toISOString() };
  }
}

/** Rebuilds a night from its events, keeping the turn list the view shows. */
export function replayNight(events: readonly EngineEvent[], ledger: Ledger): OpenNight {
  let state = emptyState();
  const turns: TurnView[] = [];
  for (const event of events) {
    state = evolve(state, event);
    if (TURN_EVENTS.has(event.type)) upsertTurn(turns, state);
  }
  return { state, events: [...events], ledger, turns };
}

function upsertTurn(turns: TurnView[], state: EngineState): void {
  if (!state.turn) return;
  turns[state.turn.n - 1] = turnView(state.turn);
}

/** The engine's running chip counts must equal the ledger's fold (DESIGN.md: R24 in two places). */
function balancesMismatch(state: EngineState, ledger: Ledger): string | null {
  const balances = ledger.balances();
  if (balances.pot !== state.pot) return `the ledger's pot is ${balances.pot} but the table's is ${state.pot}.`;
  for (const [id, chips] of Object.entries(state.stacks)) {
    const booked = balances.stacks[id] ?? 0;
    if (booked !== chips) return `the ledger gives ${id} ${booked} chips but the table ${chips}.`;
  }
  return null;
}

function summaryOf(night: OpenNight): NightSummary {
  return nightSummary(night.state, night.turns, night.ledger);
}
