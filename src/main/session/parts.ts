import { commandError, type AppView, type CommandError, type CommandName, type DataOf, type ParsedCommandArgs } from '../../shared';
import type { GroupFilesPort } from './domains/groupLanFiles';
import type { Outcome } from './outcome';
import type { DealerService } from './service';

/**
 * Parts of the dealer that need a listener of their own (the phones' LAN
 * listener, the paired laptops' one) and so cannot live in the session's
 * folder: they are handed to the session when it is composed
 * (host/composeDealer.ts) and are domains like the others. Their commands
 * come through the session's one door (`GameSession.run`: one admit, one
 * parse, one refusal shape), their answers are typed by their command, and
 * their slice of the view joins the session's in the one view it keeps.
 */

/** The phones watching on the LAN (host/phonesPart.ts). */
export type PhoneCommand = 'setPhoneAccess' | 'newPhoneLink';
/** Laptop to laptop (host/groupLanPart.ts, docs/group-lan.md). */
export type GroupLanCommand =
  | 'groupPairStart'
  | 'groupPairJoin'
  | 'groupUnpair'
  | 'groupPeerClaim'
  | 'groupPeerManifest'
  | 'groupPeerFiles'
  | 'groupPeerNightLines'
  | 'groupPeerPhones'
  | 'takeOverNight'
  | 'handOverNight';
export type PartCommand = PhoneCommand | GroupLanCommand;

/**
 * One command of a part: its arguments as its schema parsed them, its answer
 * typed by its command. It may wait (a listener starting, another laptop
 * answering), so it runs out of turn with the session's commands: a part
 * reaches the session's state only through ports that take their turn
 * (`GroupFilesPort`), never directly.
 */
export type PartHandler<K extends CommandName> = (args: ParsedCommandArgs<K>) => Outcome<DataOf<K>> | Promise<Outcome<DataOf<K>>>;
type PartHandlerMap<K extends CommandName> = { readonly [C in K]: PartHandler<C> };

/** What the session gives a part when it is composed. */
export interface PartContext {
  /** The session itself, for a listener to serve (its one door, its one view). */
  readonly service: DealerService;
  /** The part's slice of the view changed: the session makes its view again and pushes it. */
  changed(): void;
  /** The group's files on this laptop, in turn with the commands. */
  readonly groupFiles: GroupFilesPort;
}

/** What a part does after commands of the session were accepted (a question included): true when its slice changed. */
export type AfterCommands = { readonly [C in CommandName]?: (args: ParsedCommandArgs<C>) => boolean };

export interface SessionPart<K extends PartCommand> {
  readonly handlers: PartHandlerMap<K>;
  /** Its slice of the view, made from the session's own (`core`) when either changed. */
  viewPart(core: AppView): Partial<AppView>;
  /** What the part does after a command of the session was accepted (a question included), with its parsed arguments; true when the part's slice changed. */
  readonly after?: AfterCommands;
  /**
   * True when its slice would read differently now, though nothing was told:
   * a count told to the screens only a few times a second, a code that
   * closed by itself. Whoever asks for the view then gets it as it is.
   */
  outdated?(): boolean;
  /** Work that waits for the network at start (listening again for paired laptops). */
  start?(): Promise<void>;
  close(): Promise<void>;
}

/** The parts a session may be composed with; a part left out refuses its commands in words, at the door. */
export interface SessionParts {
  phones?: SessionPart<PhoneCommand>;
  groupLan?: SessionPart<GroupLanCommand>;
}

/** Which part answers each part command. */
export const PART_OF_COMMAND: { readonly [C in PartCommand]: keyof SessionParts } = {
  setPhoneAccess: 'phones',
  newPhoneLink: 'phones',
  groupPairStart: 'groupLan',
  groupPairJoin: 'groupLan',
  groupUnpair: 'groupLan',
  groupPeerClaim: 'groupLan',
  groupPeerManifest: 'groupLan',
  groupPeerFiles: 'groupLan',
  groupPeerNightLines: 'groupLan',
  groupPeerPhones: 'groupLan',
  takeOverNight: 'groupLan',
  handOverNight: 'groupLan',
};

/** What a session composed without a part says to its commands (a test's session, the simulator's). */
export const MISSING_PART: { readonly [P in keyof SessionParts]-?: CommandError } = {
  phones: commandError('phones-unavailable', 'This dealer cannot let phones watch: it runs without the LAN listener.'),
  groupLan: commandError('group-lan-unavailable', 'This dealer cannot pair with another laptop: it runs without the group listener.'),
};

export function isPartCommand(command: CommandName): command is PartCommand {
  return Object.hasOwn(PART_OF_COMMAND, command);
}
