import { COMMAND_REGISTRY, type CommandName } from '../../shared';
import { afterGroupChange } from './domains/groupDomain';
import { expenseHandlers } from './domains/expenses';
import { groupHandlers } from './domains/groupDomain';
import { laptopIdHandlers } from './domains/groupLaptopId';
import { nightLifecycleHandlers } from './domains/nightLifecycle';
import { playHandlers } from './domains/nightPlay';
import type { HandlerMap } from './outcome';
import type { PartCommand } from './parts';
import { payDetailsHandlers } from './domains/payDetails';
import { questionHandlers } from './domains/questions';
import { restoreHandlers } from './domains/dataAndBackups';
import { rosterHandlers } from './domains/roster';
import { runningTabHandlers } from './domains/runningTab';
import { screensHandlers } from './domains/screensAndNotices';
import type { SessionState } from './sessionState';

/** Each domain of the session with its handlers; a command belongs to exactly one. */
const DOMAINS = [
  playHandlers,
  nightLifecycleHandlers,
  rosterHandlers,
  expenseHandlers,
  runningTabHandlers,
  payDetailsHandlers,
  restoreHandlers,
  screensHandlers,
  questionHandlers,
  groupHandlers,
  laptopIdHandlers,
] as const;

/** Each domain's commands, in the order of DOMAINS. */
type CommandsOf<T extends readonly unknown[]> = {
  [I in keyof T]: T[I] extends (state: SessionState) => infer Handlers ? keyof Handlers : never;
};
type DomainCommands = CommandsOf<typeof DOMAINS>;

/** The commands that two domains both handle: `never` when the domains' command sets are disjoint. */
type SharedCommands<T extends readonly unknown[]> = T extends readonly [infer First, ...infer Rest]
  ? (First & Rest[number]) | SharedCommands<Rest>
  : never;

/** The commands the session's own domains answer; the rest are its parts' (parts.ts), handed in when it is composed. */
export type SessionCommand = Exclude<CommandName, PartCommand>;

/** Commands of the registry no domain handles. */
type UnhandledCommands = Exclude<SessionCommand, DomainCommands[number]>;

/** Compiles only while `T` is empty: naming the commands that break the rule in the compiler's error. */
type NoneOf<T extends never> = T;
/**
 * Every command has at most one handler: the domains' command sets are disjoint.
 * @public A compile-time check: exported so it is kept, though nobody imports it.
 */
export type CommandsHandledTwice = NoneOf<SharedCommands<DomainCommands>>;
/**
 * Every command has at least one handler.
 * @public A compile-time check: exported so it is kept, though nobody imports it.
 */
export type CommandsWithoutHandler = NoneOf<UnhandledCommands>;

/** Every command's handler, from the domain that owns it. */
export function sessionHandlers(state: SessionState): HandlerMap<SessionCommand> {
  // Sound by the two checks above: the maps' keys are disjoint and together every command of the session's own.
  return Object.assign({}, ...DOMAINS.map((domain) => domain(state))) as HandlerMap<SessionCommand>;
}

/**
 * What a domain does after another's command, in one place instead of
 * special cases in the session's dispatch: the group shares what changed
 * (its roster, merges, paid marks, settle modes) before any screen sees it;
 * the backup of a night just ended is made after the answer, never inside it.
 */
export interface SessionHooks {
  /** Whether an accepted `command` changed what the session keeps (the registry says). */
  changes(command: CommandName): boolean;
  beforeView(command: CommandName): void;
  afterView(command: CommandName): void;
}

export function sessionHooks(state: SessionState): SessionHooks {
  return {
    changes: (command) => COMMAND_REGISTRY[command].changesState,
    beforeView: () => afterGroupChange(state),
    afterView: (command) => {
      if (command === 'endNight') state.backups.afterNightEnded();
    },
  };
}
