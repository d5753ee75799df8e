import type { CommandArgs, CommandName } from './commands';
import type { CommandError } from './errors';
import type { BackupsList, ExportFile, FairnessReport, NightDetail, NightListItem, RunningTab, Standings } from './history';
import type { COMMAND_REGISTRY, Role } from './registry';
import type { PayDetails } from './payDetails';
import type { AppView } from './view';
import type {
  PairingStart,
  PeerClaimAnswer,
  PeerFilesAnswer,
  PeerManifestAnswer,
  PeerNightLinesAnswer,
  PeerPhonesAnswer,
  TakeOverAnswer,
  HandOverAnswer,
} from './groupLan';

/** Everyone's payment details (getPayDetails, the host only): roster players by id, and the bank's. */
export interface PayDirectory {
  players: Record<string, PayDetails>;
  bank: PayDetails;
}

/**
 * `data` as an answer carries it: always there when the command is a
 * question with an answer (`Data` leaves out `undefined`), absent for a
 * command that only changes state (`Data` is `undefined`).
 */
export type WithData<Data> = undefined extends Data ? { data?: Data } : { data: Data };

/** A command's answer: the new view (and, for questions, `data`), or a refusal that changed nothing. */
export type ApiResult<Data = undefined> = ({ ok: true } & { view: AppView } & WithData<Data>) | { ok: false; error: CommandError };

/** What `data` holds for the commands that answer a question. */
export interface CommandData {
  listNights: NightListItem[];
  getNight: NightDetail;
  getStandings: Standings;
  verifyNight: FairnessReport;
  getNightToCheck: ExportFile;
  exportNight: ExportFile;
  backup: ExportFile;
  getTab: RunningTab;
  exportTab: ExportFile;
  listBackups: BackupsList;
  getPayDetails: PayDirectory;
  groupExport: ExportFile;
  groupPairStart: PairingStart;
  groupPeerClaim: PeerClaimAnswer;
  groupPeerManifest: PeerManifestAnswer;
  groupPeerFiles: PeerFilesAnswer;
  groupPeerNightLines: PeerNightLinesAnswer;
  groupPeerPhones: PeerPhonesAnswer;
  takeOverNight: TakeOverAnswer;
  handOverNight: HandOverAnswer;
}
/** What command `K` answers with besides the view: its `CommandData` for a question, nothing (`undefined`) for a change. */
export type DataOf<K extends CommandName> = K extends keyof CommandData ? CommandData[K] : undefined;

/** One command as a bridge method: its arguments in, the new view (or a refusal) out. */
type CommandMethod<K extends CommandName> = (args: CommandArgs<K>) => Promise<ApiResult<DataOf<K>>>;

/** One method per command of the registry. */
export type CommandMethods = { [K in CommandName]: CommandMethod<K> };

/** The commands the registry lets `R` send, as a type (what that role's bridge exposes). */
export type CommandsOf<R extends Role> = {
  [K in CommandName]: R extends (typeof COMMAND_REGISTRY)[K]['roles'][number] ? K : never;
}[CommandName];

/**
 * What the host console may ask of main: `window.api` in Electron (the
 * console preload), or the same methods over a WebSocket from the headless
 * host. One method per command of the registry (src/shared/registry.ts), each
 * resolving with the new view or a refusal that changed nothing, plus the
 * few window methods below. The compile-time check after this interface
 * fails when a command is added to the registry without a member here.
 */
export interface DealerApi {
  /** Open a night: seat the players, give everyone the starting chips and take the ante (R4). */
  startNight: CommandMethod<'startNight'>;
  /** Deal one card to each seated player to pick the first dealer (R7). */
  drawForDealer: CommandMethod<'drawForDealer'>;
  /** Cut the committed deck at the position the cutter named (R11). */
  cut: CommandMethod<'cut'>;
  /** Turn up the two posts for the player to act (R14-R16). */
  deal: CommandMethod<'deal'>;
  /** Call a first-turned ace low or high (R1, setting `aceLowChoice`). */
  callAce: CommandMethod<'callAce'>;
  /** Record the bet and turn the third card (R17, R18). */
  bet: CommandMethod<'bet'>;
  /** Record chips a player buys (R3, R6). */
  buyIn: CommandMethod<'buyIn'>;
  /** A player leaves early and takes their stack. */
  cashOut: CommandMethod<'cashOut'>;
  /** Reverse the last recorded buy-in or cash-out (R21). */
  undo: CommandMethod<'undo'>;
  /** Correct a mistyped bet on the last turn; the cards stand (R21). */
  correctBet: CommandMethod<'correctBet'>;
  /** Void a misdealt turn; the same player takes a new turn (R21). */
  voidTurn: CommandMethod<'voidTurn'>;
  /** End the night: split or carry the pot and show the results (R22, R23). */
  endNight: CommandMethod<'endNight'>;
  /** Pass instead of betting: no third card, no chips; the turn counts as played (R26, setting `pass`). */
  pass: CommandMethod<'pass'>;
  /** Call a pair higher or lower, then bet (R29, `pair: high-low`): aces only lower, 2s only higher. */
  callPair: CommandMethod<'callPair'>;
  /** Seat a newcomer on the left of a seated player: buy-in and ante at once; plays from the next deal, or this one before its first turn (R31). */
  seatPlayer: CommandMethod<'seatPlayer'>;
  /** Move a player to sit on the left of another, while no deal is under way (R31). */
  movePlayer: CommandMethod<'movePlayer'>;
  /** Sit a player out between turns: they keep their chips and are skipped (R32). */
  sitOut: CommandMethod<'sitOut'>;
  /** Bring a player back from sitting out (R32). */
  comeBack: CommandMethod<'comeBack'>;
  /** Reopen the most recently ended night: the pot's split or carry is reversed and play goes on (R33). */
  reopenNight: CommandMethod<'reopenNight'>;
  /** Dismiss the ended night and return to the lobby. */
  closeNight: CommandMethod<'closeNight'>;
  /** Rename, recolour, set the initials of, or archive a roster player; past nights keep the name they were played under. */
  updatePlayer: CommandMethod<'updatePlayer'>;
  /** Every night, newest first: date, players, length, biggest pot, winners (`data`). Any role. */
  listNights: CommandMethod<'listNights'>;
  /** One night in full: every turn, each player's stack after every turn, results and settling up (`data`). Any role. */
  getNight: CommandMethod<'getNight'>;
  /** The leaderboard and the cumulative net per night, filtered by date range and players (`data`). Any role. */
  getStandings: CommandMethod<'getStandings'>;
  /** The fairness check of a night: every retired deck's commitment, shuffle and cut against the cards turned (R9-R12) (`data`). Any role. */
  verifyNight: CommandMethod<'verifyNight'>;
  /** An ended night as `in-between-night/5` JSON without payment details, for a phone to recompute (R34) (`data`); counted per phone. Any role. */
  getNightToCheck: CommandMethod<'getNightToCheck'>;
  /** A night as `in-between-night/5` JSON or its chip ledger as CSV, as a file to save (`data`). */
  exportNight: CommandMethod<'exportNight'>;
  /** Every setting, player and night in one JSON file to save (`data`). */
  backup: CommandMethod<'backup'>;
  /** Restore a backup: checked completely first, never partial; over existing data only with `replace: true`. */
  restore: CommandMethod<'restore'>;
  /** Put the live table, the leaderboard or one night on the TV. */
  showOnTable: CommandMethod<'showOnTable'>;
  /** Settle a night with the fewest transfers or every party with the bank (M3): kept for that night (`nightId`), shown on the console and the TV alike. */
  setSettleMode: CommandMethod<'setSettleMode'>;
  /** Set the language of both screens, or mute the table's sounds; kept in the settings. */
  updatePreferences: CommandMethod<'updatePreferences'>;
  /** The running tab across nights: unpaid transfers netted, and every night's transfers with their paid marks (`data`) (M3). Any role. */
  getTab: CommandMethod<'getTab'>;
  /** Mark night transfers paid or unpaid (M3); a tab transfer is marked by its `covers`. */
  markTransfersPaid: CommandMethod<'markTransfersPaid'>;
  /** Let phones on the LAN watch (`on: true`: a read-only listener with the viewer link, shown on the TV as a QR code) or disconnect them all (`on: false`). */
  setPhoneAccess: CommandMethod<'setPhoneAccess'>;
  /** A new viewer link for phones: every phone holding the old one is disconnected. */
  newPhoneLink: CommandMethod<'newPhoneLink'>;
  /** The running tab as a file to save (`data`): `in-between-tab/1` JSON or CSV (M3). */
  exportTab: CommandMethod<'exportTab'>;
  /** Dismiss a storage notice (a file set aside, missing or rebuilt) the host has read; until then it shows on every console screen. */
  dismissNotice: CommandMethod<'dismissNotice'>;
  /** Add a shared expense (M4) to the night on the table, or by `nightId` to an ended night: who paid, how much in minor units, shared equally. */
  addExpense: CommandMethod<'addExpense'>;
  /** Change a shared expense (M4); its shares are worked out again from the seating in force now. */
  editExpense: CommandMethod<'editExpense'>;
  /** Remove a shared expense (M4). */
  removeExpense: CommandMethod<'removeExpense'>;
  /** Count `playerId` as `intoPlayerId` on the leaderboard, the running tab and the figures; the nights keep the names spoken then. */
  mergePlayers: CommandMethod<'mergePlayers'>;
  /** Undo a merge: the player is counted under their own name again. */
  unmergePlayer: CommandMethod<'unmergePlayer'>;
  /** The backups kept beside the data, newest first, and the one that undoes the last restore (`data`). */
  listBackups: CommandMethod<'listBackups'>;
  /** Restore a kept backup (as `restore`, over existing data only with `replace: true`). */
  restoreBackup: CommandMethod<'restoreBackup'>;
  /** Move the data folder to `to`: copied and checked first; the app then restarts on the copy and sets the old folder aside. */
  moveData: CommandMethod<'moveData'>;
  setPayDetails: CommandMethod<'setPayDetails'>;
  getPayDetails: CommandMethod<'getPayDetails'>;
  hidePayKinds: CommandMethod<'hidePayKinds'>;
  /** Start a group with this laptop's history (docs/group.md). */
  groupCreate: CommandMethod<'groupCreate'>;
  /** Leave the group: what was taken in stays, nothing more is shared. */
  groupLeave: CommandMethod<'groupLeave'>;
  /** Use a group folder (joins the group in it, or puts this one there); null stops using one. */
  groupSetFolder: CommandMethod<'groupSetFolder'>;
  /** The whole group in one file (`data`). */
  groupExport: CommandMethod<'groupExport'>;
  /** Merge a group file into this laptop's history. */
  groupImport: CommandMethod<'groupImport'>;
  /** Share and take in through the group folder now. */
  groupSyncNow: CommandMethod<'groupSyncNow'>;
  /** Share a player's payment details with the group, or stop. */
  groupSharePay: CommandMethod<'groupSharePay'>;
  /** Take a new laptop id when another laptop uses this one's: this laptop's work since shared under it. */
  groupNewLaptopId: CommandMethod<'groupNewLaptopId'>;
  /** Name this laptop for its group (at most 60 characters, not another laptop's name). */
  renameLaptop: CommandMethod<'renameLaptop'>;
  /** Hand this laptop over to a new key, signed by its old one. */
  rotateLaptopKey: CommandMethod<'rotateLaptopKey'>;
  /** Trust another laptop's new key (its old one lost): the old one is revoked for the whole group. */
  trustLaptopKey: CommandMethod<'trustLaptopKey'>;
  /** Show a pairing code for another laptop of the group (`data`: the code, its QR text, the addresses); 5 minutes, once. */
  groupPairStart: CommandMethod<'groupPairStart'>;
  /** Pair with the laptop at `address` showing `code`; the two then sync the group both ways while both are on. */
  groupPairJoin: CommandMethod<'groupPairJoin'>;
  /** Forget a paired laptop: its key no longer opens anything here. */
  groupUnpair: CommandMethod<'groupUnpair'>;
  /** A paired laptop's messages (role `peer`, on the group's listener only). */
  groupPeerClaim: CommandMethod<'groupPeerClaim'>;
  groupPeerManifest: CommandMethod<'groupPeerManifest'>;
  groupPeerFiles: CommandMethod<'groupPeerFiles'>;
  groupPeerNightLines: CommandMethod<'groupPeerNightLines'>;
  groupPeerPhones: CommandMethod<'groupPeerPhones'>;
  takeOverNight: CommandMethod<'takeOverNight'>;
  handOverNight: CommandMethod<'handOverNight'>;

  /** The current view. */
  getView(): Promise<AppView>;
  /** Called with the new view after every change; returns the unsubscribe. The IPC event is never passed on. */
  onView(listener: (view: AppView) => void): () => void;
  /** Toggle full screen for the calling window (the document's full screen in a browser tab). */
  toggleFullScreen(): Promise<void>;
  /** Open the table view if it was closed and bring it to the front (a new tab in a browser). */
  openTableWindow(): Promise<void>;
}

/** The members of every bridge that are not commands. */
type ViewMethod = 'getView' | 'onView' | 'toggleFullScreen';
/** Window methods only the host console has. */
type ConsoleOnlyMethod = 'openTableWindow';

/**
 * What the TV's table window gets (the table preload): the commands the
 * registry allows the `table` role (the history questions), the view, and
 * full screen. Nothing that changes state.
 */
export type TableApi = Pick<PreloadApi, CommandsOf<'table'> | ViewMethod>;

// Compile-time completeness: DealerApi's commands are exactly the registry's, each with its command's signature.
type CommandMembers = Exclude<keyof DealerApi, ViewMethod | ConsoleOnlyMethod>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/**
 * Fails to compile when the registry and DealerApi disagree.
 * @public A compile-time check: exported so it is kept, though nobody imports it.
 */
export type DealerApiMatchesRegistry = Assert<Same<CommandMembers, CommandName>> & Assert<DealerApi extends CommandMethods ? true : false>;

/**
 * Over IPC (the Electron windows), a command's success whose view main pushed
 * to every window just before answering, as the `pushed`-th view (channels.ts
 * `view`): the answer names that push instead of carrying the view again, so a
 * view crosses from main and the preload's bridge once, as wire.ts's
 * `answered` does on the console's socket. The page's bridge
 * (src/renderer/src/api/pushedViews.ts) puts the view back, so the screens see
 * an ApiResult whichever way they are connected.
 */
export interface PushedViewAnswer {
  ok: true;
  pushed: number;
  data?: unknown;
}

/**
 * What an Electron preload gives the page: DealerApi, except that a command
 * may answer with a PushedViewAnswer and each pushed view comes with its
 * number.
 */
export type PreloadApi = Omit<DealerApi, CommandName | 'onView'> & {
  [K in CommandName]: (args: CommandArgs<K>) => Promise<ApiResult<DataOf<K>> | PushedViewAnswer>;
} & {
  /** Called with each view main pushes and its number (counted from 1 since main started); returns the unsubscribe. */
  onView(listener: (view: AppView, pushed: number) => void): () => void;
};

declare global {
  interface Window {
    /** The Electron preload's bridge; in the table window only TableApi's members exist. */
    api?: PreloadApi;
  }
}
