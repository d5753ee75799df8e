import type { CommandName } from '../../shared';
import { expenseHandlers } from './domains/expenses';
import { groupHandlers } from './domains/groupDomain';
import { nightLifecycleHandlers } from './night/nightLifecycle';
import { playHandlers } from './night/nightPlay';
import type { HandlerMap } from './outcome';
import { payDetailsHandlers } from './domains/payDetails';
import { questionHandlers } from './view/questions';
import { restoreHandlers } from './domains/restoreDomain';
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

/** Commands of the registry no domain handles. */
type UnhandledCommands = Exclude<CommandName, DomainCommands[number]>;

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
export function sessionHandlers(state: SessionState): HandlerMap<CommandName> {
  // Sound by the two checks above: the maps' keys are disjoint and together every command.
  return Object.assign({}, ...DOMAINS.map((domain) => domain(state))) as HandlerMap<CommandName>;
}
