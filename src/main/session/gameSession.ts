import type { z } from 'zod';
import {
  COMMAND_REGISTRY,
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
import { afterGroupChange, readGroupFolder } from './domains/groupDomain';
import { groupLanFiles, type GroupFilesPort } from './domains/groupLanFiles';
import { sessionHandlers } from './handlers';
import { recordOpenJournalSize } from './night/nightIndex';
import { refused, type HandlerMap, type Outcome } from './outcome';
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
 * with its domain (handlers.ts); they share the state read at start-up.
 */
export class GameSession implements DealerService {
  private readonly state: SessionState;
  private readonly handlers: HandlerMap<CommandName>;
  private readonly listeners = new Set<(view: AppView) => void>();
  private view: AppView;
  /** The command running now, so the next waits for it (one writer, even while phones are asked for their values). */
  private queue: Promise<unknown> = Promise.resolve();
  /** The group folder's watch (docs/group.md), while the session is open. */
  private readonly groupWatch: ReturnType<typeof setInterval> | null;
  /** Laptop to laptop (docs/group-lan.md): the group's files for the LAN sync, changed only in turn with the commands. */
  readonly groupFiles: GroupFilesPort;

  constructor(options: SessionOptions) {
    this.state = openSessionState(options);
    this.handlers = sessionHandlers(this.state);
    this.view = buildView(this.state);
    this.groupFiles = groupLanFiles(this.state, {
      inTurn: <T>(work: () => T): Promise<T> => {
        const turn = this.queue.then(work);
        this.queue = turn.catch(() => undefined);
        return turn;
      },
      changed: () => this.pushView(),
    });
    const every = options.groupFolderWatchMs ?? 1000;
    this.groupWatch = every > 0 ? setInterval(() => void this.lookAtGroupFolder(), every) : null;
    this.groupWatch?.unref();
  }

  /**
   * The group folder looked at, in turn with the commands (one writer): what
   * other laptops put there is taken in and the view pushed when it changed.
   * Polled rather than fs.watch'ed: a network share or a sync tool's folder
   * does not always tell.
   */
  lookAtGroupFolder(): Promise<void> {
    if (!this.state.folderReader) return Promise.resolve();
    const turn = this.queue.then(() => {
      if (readGroupFolder(this.state)) this.pushView();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private pushView(): void {
    this.view = buildView(this.state);
    for (const listener of this.listeners) listener(this.view);
  }

  getView(): AppView {
    return this.view;
  }

  onView(listener: (view: AppView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.groupWatch) clearInterval(this.groupWatch);
    this.state.backups.stop();
    this.listeners.clear();
    recordOpenJournalSize(this.state);
    this.state.repo.journals.closeAll();
  }

  /** The night in progress, replayed from its journal, for the simulator and the export. */
  get currentNight(): Readonly<PlayedNight> | null {
    return this.state.night;
  }

  /**
   * The one door (door.ts): a command its sender's role may not send, or
   * that does not exist, is refused here for every transport, before it
   * waits its turn. Then commands run one at a time, in order: the arguments
   * checked (zod), the state they were sent for checked by the handler. A
   * command whose cards need the
   * phones' values (R34) waits for them: the desk asks the phones for the
   * draw the command reached, at most the night's `revealWaitMs`, and the
   * command is decided again with what came (docs/table-draw.md).
   */
  run<K extends CommandName>(role: Role, command: K, args: unknown): Promise<ApiResult<DataOf<K>>> {
    const admitted = admit(role, command);
    if (!admitted.ok) return Promise.resolve(admitted);
    const turn = this.queue.then(() => this.runWaitingForPhones(command, args));
    this.queue = turn.catch(() => undefined);
    return turn;
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

  /** `run` without the promise, for the simulator and benchmarks. */
  runNow<K extends CommandName>(command: K, args: unknown): ApiResult<DataOf<K>> {
    if (!isCommandName(command)) return refused(commandError('invalid-input', `There is no command "${String(command)}".`));
    const { repo } = this.state;
    const noticesBefore = repo.notices.length;
    const outcome = this.dispatch(command, args);
    // A question changes nothing, but reading may have set a damaged file aside: its notice is pushed.
    // What changed is shared with the group (its roster, merges, paid marks, settle modes) before anyone sees it.
    if (outcome.ok && COMMAND_REGISTRY[command].changesState) afterGroupChange(this.state);
    if ((outcome.ok && COMMAND_REGISTRY[command].changesState) || repo.notices.length !== noticesBefore) this.pushView();
    // After the answer, never inside it: the backup of the night just ended.
    if (outcome.ok && command === 'endNight' && this.state.autoBackups) this.state.backups.afterNightEnded();
    if (!outcome.ok) return outcome;
    // The handler's answer (typed by its command, handlers.ts) with the view: the one place the two meet.
    return { ...outcome, view: this.view } as ApiResult<DataOf<K>>;
  }

  /** Checks the arguments against the command's schema and runs its handler. */
  private dispatch<K extends CommandName>(command: K, args: unknown): Outcome<DataOf<K>> {
    const parsed = ARGUMENT_SCHEMAS[command].safeParse(args);
    if (!parsed.success) return refused(argumentsRefusal(command, parsed.error));
    return this.handlers[command](parsed.data);
  }
}

export async function openDealerService(options: SessionOptions): Promise<GameSession> {
  return new GameSession(options);
}

/** Each command's argument schema (shared/commands.ts), typed by its name so a handler gets exactly its own arguments. */
const ARGUMENT_SCHEMAS: { readonly [K in CommandName]: z.ZodType<ParsedCommandArgs<K>> } = commandArgs;

/** A command's arguments refused: the field and what is wrong with it, so a screen can word the refusal in the host's language. */
function argumentsRefusal(command: CommandName, error: z.ZodError): CommandError {
  const issue = error.issues[0];
  const field = issue ? issueField(issue) : '';
  const params = field ? { command, field, problem: issue?.code === 'too_big' ? 'too-big' : 'invalid' } : undefined;
  return commandError('invalid-input', firstIssueText(error, 'the request is malformed'), undefined, params);
}
