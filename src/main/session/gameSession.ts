import type { z } from 'zod';
import {
  commandArgs,
  commandError,
  DEFAULT_REVEAL_WAIT_MS,
  firstIssueText,
  isCommandName,
  issueField,
  type ApiResult,
  type AppView,
  type CommandError,
  type CommandName,
  type DataOf,
  type ParsedCommandArgs,
  type Role,
} from '../../shared';
import type { PlayedNight } from '../night';
import { admit } from './door';
import { readGroupFolder } from './domains/groupDomain';
import { groupLanFiles, type GroupFilesPort } from './domains/groupLanFiles';
import { sessionHandlers, sessionHooks, type SessionHooks } from './handlers';
import { recordOpenJournalSize } from './domains/nightIndex';
import { rememberLastCarry } from './domains/nightLifecycle';
import { refused, type Handler, type Outcome } from './outcome';
import {
  isPartCommand,
  MISSING_PART,
  PART_OF_COMMAND,
  type GroupLanCommand,
  type PhoneCommand,
  type PartContext,
  type PartHandler,
  type SessionPart,
  type SessionParts,
} from './parts';
import type { DealerService, TableWitnessDesk } from './service';
import type { SessionState } from './sessionState';
import { buildView } from './view/sessionView';
import { openSessionState, type SessionOptions } from './startup';
import { RevealsNeeded } from './tableDraw/witnessDesk';

export type { SessionOptions } from './startup';

/**
 * The only writer (docs/design.md). Commands are checked against the contract,
 * decided by the engine, posted to the ledger, appended to the night's
 * journal (fdatasync'd) and only then acknowledged and pushed to every
 * window. A refused command changes nothing. Each command's handler lives
 * with its domain (handlers.ts); they share the state read at start-up. The
 * parts that need a listener of their own (the phones', the paired
 * laptops') are domains too, handed in when the session is composed
 * (parts.ts): their commands come through the same door, their slice of the
 * view joins the one view kept here.
 */
export class GameSession implements DealerService {
  private readonly state: SessionState;
  /** The session's own domains' handlers (handlers.ts): each runs in turn, at once. */
  private readonly handlers: { readonly [C in CommandName]?: Handler<C> };
  private readonly hooks: SessionHooks;
  /** The parts it was composed with, fixed from then on. */
  private readonly parts: readonly (SessionPart<PhoneCommand> | SessionPart<GroupLanCommand>)[];
  /** The parts' handlers, one map (a command belongs to one part, parts.ts): each may wait for the network. */
  private readonly partHandlers: { readonly [C in CommandName]?: PartHandler<C> };
  private readonly listeners = new Set<(view: AppView) => void>();
  /** The session's own view, made again after a change; `view` is it with the parts' slices. */
  private coreView: AppView;
  private view: AppView;
  /** The command running now, so the next waits for it (one writer, even while phones are asked for their values). */
  private queue: Promise<unknown> = Promise.resolve();
  /** The group folder's watch (docs/group.md), while the session is open. */
  private readonly groupWatch: ReturnType<typeof setInterval> | null;
  /** Laptop to laptop (docs/group-lan.md): the group's files for the LAN sync, changed only in turn with the commands. */
  readonly groupFiles: GroupFilesPort;

  constructor(options: SessionOptions, composeParts?: (context: PartContext) => SessionParts) {
    this.state = openSessionState(options);
    this.handlers = sessionHandlers(this.state);
    this.hooks = sessionHooks(this.state);
    this.groupFiles = groupLanFiles(this.state, {
      inTurn: (work) => this.inTurn(work),
      changed: () => this.pushView(),
    });
    const { phones, groupLan }: SessionParts =
      composeParts?.({ service: this, changed: () => this.partChanged(), groupFiles: this.groupFiles }) ?? {};
    this.parts = [phones, groupLan].filter((part) => part !== undefined);
    this.partHandlers = { ...phones?.handlers, ...groupLan?.handlers };
    this.coreView = buildView(this.state);
    this.view = this.withParts(this.coreView);
    const every = options.groupFolderWatchMs ?? 1000;
    this.groupWatch = every > 0 ? setInterval(() => void this.lookAtGroupFolder(), every) : null;
    this.groupWatch?.unref();
  }

  /**
   * The parts' work that waits for the network at start (a paired laptop's listener), once composed; and the group
   * folder looked at first, in turn before any command: a night open here that another laptop took over meanwhile
   * stops before it takes one (R35), though no paired laptop answers.
   */
  async startParts(): Promise<void> {
    await Promise.all([this.lookAtGroupFolder(), ...this.parts.map((part) => part.start?.())]);
  }

  /**
   * The group folder looked at, in turn with the commands (one writer): what
   * other laptops put there is taken in and the view pushed when it changed.
   * Polled rather than fs.watch'ed: a network share or a sync tool's folder
   * does not always tell.
   */
  lookAtGroupFolder(): Promise<void> {
    // Only while a group folder is used.
    if (!this.state.group.folderReader) return Promise.resolve();
    return this.inTurn(() => {
      if (readGroupFolder(this.state)) this.pushView();
    });
  }

  /**
   * Work a Start would otherwise do, done ahead in turn with the commands:
   * the last ended night replayed for the pot it carries (R22), so the
   * host's Start answers without replaying it. The shells ask once the
   * first screen is up (simulation/warmUp.ts).
   */
  prepareNextStart(): Promise<void> {
    return this.inTurn(() => rememberLastCarry(this.state));
  }

  /**
   * The whole history's board folded ahead, in turn with the commands, and
   * kept (history/keptBoard.ts): the host's first look at it is answered
   * from there, not folded with the code still cold (3-12 ms at 1,000
   * nights). The warm-up asks once its own night has run
   * (simulation/warmUp.ts).
   */
  foldBoardAhead(): Promise<void> {
    return this.inTurn(() => void this.runNow('getStandings', {}));
  }

  /** Work run after the commands already waiting, and before any sent later (one writer); a failure does not stop the ones behind it. */
  private inTurn<T>(work: () => T | Promise<T>): Promise<T> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** The session's view with each part's slice; the same object when no part is composed. */
  private withParts(core: AppView): AppView {
    let view = core;
    for (const part of this.parts) view = { ...view, ...part.viewPart(core) };
    return view;
  }

  private pushView(): void {
    this.coreView = buildView(this.state);
    this.tell(this.withParts(this.coreView));
  }

  /** A part's slice changed (phones came, a laptop paired): the session's own view is as it was. */
  private partChanged(): void {
    this.tell(this.withParts(this.coreView));
  }

  private tell(view: AppView): void {
    this.view = view;
    for (const listener of this.listeners) listener(view);
  }

  getView(): AppView {
    if (this.parts.some((part) => part.outdated?.() ?? false)) this.view = this.withParts(this.coreView);
    return this.view;
  }

  onView(listener: (view: AppView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes at once; the parts' listeners close behind (shutDown waits for them). */
  close(): void {
    void this.closeParts();
    this.closeState();
  }

  /** Every phone and paired laptop disconnected, then the session closed. */
  async shutDown(): Promise<void> {
    await this.closeParts();
    this.closeState();
  }

  private closeParts(): Promise<unknown> {
    return Promise.allSettled(this.parts.map((part) => part.close()));
  }

  /** Whether the session has closed (work left for later, such as the warm-up, stops then). */
  get closed(): boolean {
    return this.isClosed;
  }
  private isClosed = false;

  private closeState(): void {
    this.isClosed = true;
    if (this.groupWatch) clearInterval(this.groupWatch);
    this.state.backups.stop();
    this.listeners.clear();
    recordOpenJournalSize(this.state);
    // A night just started or ended is written to the index before the app goes, not left to the next start's repair;
    // then the index is written whole, so the next start reads one file (store/indexLog.ts).
    this.state.flushIndexWrite();
    this.state.compactIndex();
    this.state.repo.journals.closeAll();
  }

  /** The night in progress, replayed from its journal, for the simulator and the export. */
  get currentNight(): Readonly<PlayedNight> | null {
    return this.state.night;
  }

  /**
   * The one door (door.ts), whatever brought the command (the windows' IPC,
   * the headless host's WebSocket, the phones' listener, a paired laptop):
   * a command its sender's role may not send, or that does not exist, is
   * refused here before it waits its turn. Then commands run one at a time,
   * in order: the arguments checked (zod), the state they were sent for
   * checked by the handler. A command whose cards need the phones' values
   * (R34) waits for them: the desk asks the phones for the draw the command
   * reached, at most the night's `revealWaitMs`, and the command is decided
   * again with what came (docs/table-draw.md). A part's command (parts.ts)
   * runs out of turn, since it may wait for the network.
   */
  run<K extends CommandName>(role: Role, command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
    const admitted = admit(role, command);
    if (!admitted.ok) return Promise.resolve(admitted);
    if (mayWaitForNetwork(command)) return this.runPart(command, args);
    return this.inTurn(() => this.runWaitingForPhones(command, args));
  }

  private async runPart<K extends CommandName>(command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
    const handler = this.partHandlers[command];
    if (!handler) return refused(missingHandler(command));
    const parsed = parseArguments(command, args);
    if (!parsed.ok) return parsed;
    const outcome: Outcome<DataOf<K>> = await handler(parsed.args);
    return this.answer(outcome);
  }

  private async runWaitingForPhones<K extends CommandName>(command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
    for (;;) {
      const tried = this.tryWithPhones(command, args);
      if (!(tried instanceof RevealsNeeded)) return tried;
      await this.state.table.desk.collect(tried, this.revealWaitMs());
    }
  }

  /** One try of a command that may wait for the phones' reveals (R34): its answer, or the reveals it needs first. */
  private tryWithPhones<K extends CommandName>(command: K, args: unknown): ApiResult<DataOf<K>> | RevealsNeeded {
    const { table } = this.state;
    table.canWait = true;
    try {
      return this.runNow(command, args);
    } catch (error) {
      if (error instanceof RevealsNeeded) return error;
      throw error;
    } finally {
      table.canWait = false;
    }
  }

  private revealWaitMs(): number {
    return this.state.night?.state.settings.revealWaitMs ?? DEFAULT_REVEAL_WAIT_MS;
  }

  /** The phones helping deal (docs/table-draw.md): their two requests, answered with the view as it is. */
  readonly tableWitnesses: TableWitnessDesk = {
    answer: (method, args, line) => {
      const answer = this.state.table.desk.answer(method, args, line);
      return Promise.resolve(answer.ok ? { ok: true, view: this.view, data: answer.data } : answer);
    },
    lineClosed: (line) => this.state.table.desk.lineClosed(line),
  };

  /**
   * `run` without the promise, for the simulator: a draw asks the phones
   * helping deal and counts only the values they send while being asked
   * (a simulated phone answers at once or misses the draw), waiting for
   * nobody (docs/table-draw.md).
   */
  runNowAskingPhones<K extends CommandName>(command: K, args: unknown): ApiResult<DataOf<K>> {
    for (;;) {
      const tried = this.tryWithPhones(command, args);
      if (!(tried instanceof RevealsNeeded)) return tried;
      this.state.table.desk.collectAnsweredNow(tried, this.revealWaitMs());
    }
  }

  /** `run` without the promise, for the simulator and benchmarks: the session's own commands, in turn. */
  runNow<K extends CommandName>(command: K, args: unknown): ApiResult<DataOf<K>> {
    if (!isCommandName(command)) return refused(commandError('invalid-input', `There is no command "${String(command)}".`));
    const parsed = parseArguments(command, args);
    if (!parsed.ok) return parsed;
    const { repo } = this.state;
    const noticesBefore = repo.notices.length;
    const handler = this.handlers[command];
    if (!handler) return refused(missingHandler(command));
    const outcome = handler(parsed.args);
    const changed = outcome.ok && this.hooks.changes(command);
    // What changed is shared with the group (its roster, merges, paid marks, settle modes) before anyone sees it.
    if (changed) this.hooks.beforeView(command);
    const partsChanged = outcome.ok && this.partsAfter(command, parsed.args);
    // A question changes nothing, but reading may have set a damaged file aside: its notice is pushed.
    if (changed || repo.notices.length !== noticesBefore) this.pushView();
    else if (partsChanged) this.partChanged();
    // After the answer, never inside it: the backup of the night just ended.
    if (outcome.ok) this.hooks.afterView(command);
    return this.answer(outcome);
  }

  /** The parts told of an accepted command (a phone fetched a night to check it); true when a slice changed. */
  private partsAfter<K extends CommandName>(command: K, args: ParsedCommandArgs<K>): boolean {
    let changed = false;
    for (const part of this.parts) changed = (part.after?.[command]?.(args) ?? false) || changed;
    return changed;
  }

  /** A handler's outcome as its caller reads it: done with the view (and its typed data), or refused. */
  private answer<Data>(outcome: Outcome<Data>): ApiResult<Data> {
    return outcome.ok ? Object.assign({ view: this.view }, outcome) : outcome;
  }
}

export async function openDealerService(options: SessionOptions): Promise<GameSession> {
  return new GameSession(options);
}

/** A part's command (parts.ts): it runs out of turn, since it may wait for a listener or another laptop. */
function mayWaitForNetwork(command: CommandName): boolean {
  return isPartCommand(command);
}

/** Why a command has no handler here: its part was not composed (a test's session, the simulator's), or it may wait for the network and so only `run` answers it. */
function missingHandler(command: CommandName): CommandError {
  if (!isPartCommand(command)) return commandError('invalid-input', `There is no command "${command}".`);
  return MISSING_PART[PART_OF_COMMAND[command]];
}

/** Each command's argument schema (shared/commands.ts), typed by its name so a handler gets exactly its own arguments. */
const ARGUMENT_SCHEMAS: { readonly [K in CommandName]: z.ZodType<ParsedCommandArgs<K>> } = commandArgs;

/** The one place a command's arguments are checked, whichever door role and part: parsed, or refused in the same shape for everyone. */
function parseArguments<K extends CommandName>(
  command: K,
  args: unknown,
): { ok: true; args: ParsedCommandArgs<K> } | { ok: false; error: CommandError } {
  const parsed = ARGUMENT_SCHEMAS[command].safeParse(args);
  return parsed.success ? { ok: true, args: parsed.data } : refused(argumentsRefusal(command, parsed.error));
}

/** A command's arguments refused: the field and what is wrong with it, so a screen can word the refusal in the host's language. */
function argumentsRefusal(command: CommandName, error: z.ZodError): CommandError {
  const issue = error.issues[0];
  const field = issue ? issueField(issue) : '';
  const params = field ? { command, field, problem: issue?.code === 'too_big' ? 'too-big' : 'invalid' } : undefined;
  return commandError('invalid-input', firstIssueText(error, 'the request is malformed'), undefined, params);
}
