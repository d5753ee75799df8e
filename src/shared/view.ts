import type { CardCode } from './cards';
import type { Account } from './chips';
import type { CommandError } from './errors';
import type { ExpenseView, NightAwards, PlayerMergeView, Settlement } from './history';
import type { GroupLanView } from './groupLan';
import type { PayeesView } from './payDetails';
import type { Preferences } from './preferences';
import type { RuleSettings } from './settings';
import type { Odds, PlayerLuck, PlayerResult, TurnView } from './turns';
import type { AnnouncementKind, Payment, SettleMode, TableScreen } from './vocabulary';

/**
 * The read-only picture of the app that main pushes to every window after
 * every change. Renderers draw it; they never compute rules or chip counts.
 */
export interface AppView {
  /** The open (or just ended, not yet dismissed) night, or null in the lobby. */
  night: NightView | null;
  /** Everyone who has ever played here, for picking tonight's table. */
  roster: RosterPlayer[];
  /** What the last night was started with, so "same as last time" is one key. */
  lastSetup: NightSetup | null;
  /** Files set aside, missing or rebuilt, kept until the host dismisses them. */
  storageNotices: StorageNotice[];
  /** What the TV shows: the live table unless the host put history on it. */
  tableScreen: TableScreen;
  /** Which who-pays-whom list the console and the TV both show (S on the console switches it). */
  settleMode: SettleMode;
  /** The language of both screens and whether the table's sounds are muted. */
  preferences: Preferences;
  /**
   * R33, M3: how many of the most recent ended night's transfers are marked
   * paid; reopening it sets them back to unpaid, so the console warns first.
   * 0 when there are none or no night can be reopened.
   */
  reopenWarning?: { paidTransfers: number };
  /**
   * Phones on the LAN watching: whether they may, the viewer links
   * to give them (the TV shows the first as a QR code) and how many watch now.
   * Absent where the dealer cannot let phones watch. It goes to every screen,
   * phones included, so it holds the viewer token only, never the host's.
   */
  phones?: PhonesView;
  /**
   * R34 "Checking": how many phones fetched the night on the table to check
   * it (getNightToCheck), counted once per phone since the host started.
   * Absent until one has.
   */
  nightChecks?: { nightId: string; phones: number };
  /** Roster players counted as another on the leaderboard, the tab and the figures (mergePlayers); absent or empty when none. */
  merges?: PlayerMergeView[];
  /**
   * The group this laptop shares its history with (docs/group.md), or null
   * when it is in none (it then works alone, as before). For the host's
   * console only: phones and the TV never take part in a group.
   */
  group?: GroupView | null;
  /**
   * Once the night on the table has ended: how each party it owes (in its
   * settle mode, transfers not marked paid) likes to be paid, with the kinds
   * the host turned off for it left out. It goes to every screen, phones
   * included, so it holds the payees' details and nobody else's.
   */
  settlePay?: PayeesView;
  /**
   * Laptop to laptop (docs/group-lan.md): the paired laptops and whether a
   * pairing code is open. The console's alone: the TV and phones get views
   * without it (viewForRole).
   */
  groupLan?: GroupLanView;
  /**
   * R35: where a TV page of the headless host looks for its night should this laptop go (docs/group-lan.md "What
   * follows a takeover"): the paired laptops' LAN addresses, at the page's own port. Addresses only, never a token;
   * absent when no laptop is paired.
   */
  tvAlternates?: string[];
}

/**
 * - `off`: no listener; phones cannot connect.
 * - `on`: listening; `links` has one viewer link per LAN address.
 * - `no-network`: listening, but this computer has no LAN address (no Wi-Fi,
 *   no cable): nobody can reach it until it joins a network.
 * - `refused`: the operating system refused the port (`refusal` says why).
 */
type PhoneAccessState = 'off' | 'on' | 'no-network' | 'refused';

export interface PhoneRefusal {
  /** `port-in-use`: EADDRINUSE on every port tried; `port-not-allowed`: EACCES; `failed`: anything else (`message`). */
  code: 'port-in-use' | 'port-not-allowed' | 'failed';
  /** The port asked for last. */
  port: number;
  message: string;
}

export interface PhonesView {
  state: PhoneAccessState;
  /** `http://ADDRESS:PORT/phone.html?token=VIEWER`, one per LAN address, best first; empty unless `on`. */
  links: string[];
  /** The port listened on, or null when off or refused. */
  port: number | null;
  /** Phone (and table) sockets connected to the LAN listener now. */
  connected: number;
  refusal: PhoneRefusal | null;
  /**
   * R35: where a page may find its night should this laptop go (`host:port` of the paired laptops, docs/group-lan.md
   * "What follows a takeover"); addresses only, never a token. Absent when there are none.
   */
  alternates?: string[];
}

/** Phones cannot connect: the listener is stopped. */
export const PHONES_OFF: PhonesView = { state: 'off', links: [], port: null, connected: 0, refusal: null };

export interface RosterPlayer {
  id: string;
  name: string;
  /** #rrggbb, the player's colour on the table and in charts. */
  colour: string;
  initials: string;
  archived: boolean;
}

export interface NightSetup {
  playerIds: string[];
  startingChips: number;
  /** Whole minor units of `currency` per chip (M1). */
  chipValue: number;
  currency: string;
  settings: RuleSettings;
  /** M2: how that night's buy-ins and cash-outs were paid unless one said otherwise (absent: credit). */
  payment?: Payment;
}

/**
 * What a storage notice reports: a file that could not be read and was set
 * aside (never deleted), a file that should be there and is not, or a file
 * rebuilt from the nights (the roster, the index).
 */
/** `short-journal`: a night's journal is shorter than the nights index says it was (docs/night-journal.md, "A journal cut short"). */
export type StorageNoticeKind =
  'set-aside' | 'missing' | 'rebuilt' | 'short-journal' | 'future-backups' | 'unknown-merge' | 'data-location' | 'new-laptop-id';

/** What a `short-journal` notice knows: the night, and how many turns the index and the journal each hold. */
export interface ShortJournal {
  night: string;
  /** The turns the nights index listed for it (what was acknowledged before). */
  turnsListed: number;
  /** The turns its journal holds now. */
  turnsFound: number;
  /**
   * True for an ended night: its index line (results, transfers) is kept
   * until the host answers `dismissNotice` with `keep`. False for the open
   * night, which plays on from what its journal holds.
   */
  awaitsChoice: boolean;
  /** The journal was cut inside its first command line: not even the start of the night is left (an open night cannot go on). */
  nothingLeft?: boolean;
}

/** Kept (in notices.json) until the host dismisses it; shown on every console screen. */
export interface StorageNotice {
  /** For `dismissNotice`. */
  id: string;
  kind: StorageNoticeKind;
  file: string;
  /** Where a set-aside file now is; '' for the other kinds, or when it could not be moved. */
  setAsideAs: string;
  reason: string;
  at: string;
  /** Only on a `short-journal` notice. */
  shortJournal?: ShortJournal;
  /**
   * Only on a `data-location` notice (the pointer to a moved data folder
   * deleted or damaged): the folder the app opened and the other one it may
   * use instead ('' when no copy of the pointer names one). With another
   * folder, the host answers `dismissNotice` with `keep`: `this-folder` or
   * `other-folder` (the app restarts there).
   */
  dataFolders?: { inUse: string; other: string };
  /**
   * Only on a `new-laptop-id` notice (docs/group.md "One id, one laptop"): this laptop took a new id because another
   * laptop, `other` by its name, used its id; `moved` of its nights (made since the two split) now reach the group
   * under the new id. `file` is the new id, `setAsideAs` the first.
   */
  newLaptopId?: { other: string; moved: number };
  /**
   * Only on the notice of a night that left this laptop (R35, its journal set aside as `.taken-over-<time>`): the
   * night, the laptop it went on on (`by`, its name), the line it went on after, how many commands this laptop wrote
   * after that line (not part of the night), and whether it was handed over from here rather than taken over.
   */
  nightMoved?: { night: string; by: string; line: number; after: number; handed: boolean };
  /**
   * Only on the notice of a paired laptop's night whose copy here cut back to a takeover point (R35 *A laptop that
   * comes back*, `file` the copy, `setAsideAs` the lines set aside): the night, the laptop that wrote the lines set
   * aside (`from`, its name), the laptop that took the night over from it (`by`), the line it went on after, and how
   * many lines of `from`'s after it were set aside (not part of the night, never merged).
   */
  copyCutBack?: { night: string; from: string; by: string; line: number; after: number };
}

/**
 * Where the night stands, i.e. what the host's next key does.
 * - `draw`: the draw for the first dealer (R7) is next.
 * - `shuffle`: a new deck is needed; main supplies its seed at once, so a
 *   renderer only ever sees this for an instant.
 * - `cut`: the new deck's commitment is shown; the cutter names the cut (R11).
 * - `ready`: the next turn is ready to be dealt.
 * - `ace-call`: the first card is an ace and `aceLowChoice` is on (R1).
 * - `pair-call`: the posts are a pair and `pair` is `high-low`: the player
 *   calls higher or lower (R29); `pairCalls` says which calls are allowed.
 * - `bet`: two posts are up; the player bets (R17).
 * - `ended`: the night is over and read-only (R22, R23).
 */
type NightPhase = 'draw' | 'shuffle' | 'cut' | 'reveal' | 'ready' | 'ace-call' | 'pair-call' | 'bet' | 'ended';

type PlayerStatus = 'playing' | 'sitting-out' | 'left';

export interface PlayerView {
  id: string;
  name: string;
  seat: number;
  stack: number;
  boughtIn: number;
  cashedOut: number;
  status: PlayerStatus;
  isDealer: boolean;
  isToAct: boolean;
  isCutter: boolean;
  /** R32: the host sat this player out; they keep their chips and are skipped. */
  sittingOut: boolean;
  /** R31: seated during a deal; takes turns from the next deal. */
  waitsForNextDeal: boolean;
}

export type DeckPurpose = 'draw' | 'play';

export interface DeckView {
  id: string;
  purpose: DeckPurpose;
  /** How many 52-card decks were shuffled together (R1 `decks`). */
  copies: number;
  /** sha256(seed), lowercase hex, shown before the cut (R9). */
  commitment: string;
  /** The seed, lowercase hex, once the deck is retired (R12); null before. */
  seed: string | null;
  /** The cut (R11), null until it is made; a draw deck is never cut. */
  cut: number | null;
  size: number;
  remaining: number;
}

export type { Odds, PlayerLuck, PlayerResult, TurnOutcome, TurnView } from './turns';

export type { AnnouncementKind } from './vocabulary';

/**
 * What the real table must do after the last action, e.g. "Maya wins 4: take
 * 4 from the pot". The renderer words it; `moves` says exactly which chips go
 * where.
 */
export interface Announcement {
  kind: AnnouncementKind;
  playerId: string | null;
  amount: number;
  /** For table-wide announcements (ante, split): who is concerned. */
  playerIds: string[];
  moves: { from: Account; to: Account; amount: number }[];
}

export interface LastActionView {
  /** `seating`: a newcomer seated, a player moved, sitting out or coming back (R31, R32). */
  kind: 'buy-in' | 'cash-out' | 'turn' | 'seating' | 'other';
  /** Ctrl+Z reverses it (a buy-in, a cash-out, or a seating change while nothing else has been recorded since). */
  canUndo: boolean;
  /** The last turn had a bet and may be corrected (R21). */
  canCorrectBet: boolean;
  /** The last turn may be voided (R21). */
  canVoid: boolean;
}

/** R34: cards drawn by the table, as the TV's status line shows them (docs/table-draw.md). */
export interface TableDrawView {
  /** The first 8 hex characters of the deal's commitment fingerprint. */
  fingerprint: string;
  /** Phone witnesses in the deal's commitment, besides the laptop. */
  phones: number;
  /** No phone is a witness of this deal: the laptop draws alone, and the table says so. */
  laptopAlone: boolean;
  /** The phones (witness ids) left out of the night's last draw: they did not answer in time, or answered falsely. */
  missedLastDraw: string[];
  /** The shoe's cards when fresh (R1 decks x 52) and how many are left in it. */
  shoeSize: number;
  remaining: number;
}

export interface NightView {
  id: string;
  startedAt: string;
  endedAt: string | null;
  /** Bumped by every accepted command; commands carry the one they were made for. */
  stateId: number;
  phase: NightPhase;
  settings: RuleSettings;
  /** Whole minor units of `currency` per chip (M1: 25 = 0.25 EUR; 0 = played for fun). */
  chipValue: number;
  currency: string;
  players: PlayerView[];
  pot: number;
  dealNumber: number;
  dealerId: string | null;
  toActId: string | null;
  cutterId: string | null;
  /** The deck in play, or the one waiting for its cut. */
  deck: DeckView | null;
  /** R34: with `cards: table`, the deal's commitment and the last draw; null with `cards: deck` and before the first commitment. */
  tableDraw: TableDrawView | null;
  lastRetiredDeck: DeckView | null;
  decksRetired: number;
  draw: DrawView | null;
  /** The turn in progress, or the last one finished. */
  turn: TurnView | null;
  /** R25, R29: the odds shown for the bet asked (for a high-low pair, the chance of the call). */
  odds: Odds | null;
  /**
   * In `ready`: Enter starts a new deal's deck (shuffle, then the cut: R9,
   * R13) instead of turning the cards, so the console says so.
   */
  nextDealNeedsCut: boolean;
  /** The bet allowed now (R17, R27): `max` is what the "pot" key bets; `cap` names the house limit that set it, if any. */
  betLimits: BetLimits | null;
  /** R26: the player asked to bet may pass instead. */
  canPass: boolean;
  /** R29: the calls allowed on the pair up (a pair of aces only lower, of 2s only higher); null unless the phase is `pair-call`. */
  pairCalls: ('higher' | 'lower')[] | null;
  /** R27 `half-pot`: the first round since the pot was made is still being played, so bets are at most half the pot. */
  halfPotRound: boolean;
  /** R31: a deal is under way (from its first turn to its last): a newcomer waits for the next deal and nobody can move seats. */
  dealUnderWay: boolean;
  /** R13: a turn's cards are out and its outcome is not known yet, e.g. while a deck that ran out mid-turn waits for its cut. */
  turnInProgress: boolean;
  /** R31, R32: no turn is in progress, so the host can seat a newcomer, move a player (if no deal is under way), sit a player out or bring them back. */
  betweenTurns: boolean;
  /** R33: how many times this night was reopened after it ended. */
  reopened: number;
  announcements: Announcement[];
  turnsPlayed: number;
  recentTurns: TurnView[];
  lastAction: LastActionView | null;
  results: PlayerResult[] | null;
  /** The night's awards, counted from its turns once it has ended (shown on the TV). */
  awards: NightAwards | null;
  /** Each player's luck against the odds shown (docs/rules.md, "Luck against the odds"), in seat order, once the night has ended. */
  luck: PlayerLuck[] | null;
  /** Who pays whom once the night has ended. */
  settlement: Settlement | null;
  /** M2: how this night's buy-ins and cash-outs are paid unless one says otherwise (credit for nights from before M2). */
  payment?: Payment;
  /** M4: the night's shared expenses, open or ended, apart from the game's results (their effect is in `settlement.balances`). */
  expenses: ExpenseView[];
  /** What main accepts now, asked of the engine: the console words it and never re-derives a rule (docs/design.md). */
  allowed: AllowedView;
}

/** The commands of a night's play that the `allowed` part reports on, by their registry names. */
export type NightCommandName =
  | 'drawForDealer'
  | 'cut'
  | 'deal'
  | 'callAce'
  | 'callPair'
  | 'bet'
  | 'pass'
  | 'buyIn'
  | 'cashOut'
  | 'undo'
  | 'correctBet'
  | 'voidTurn'
  | 'endNight'
  | 'seatPlayer'
  | 'movePlayer'
  | 'sitOut'
  | 'comeBack'
  | 'reopenNight'
  | 'closeNight';

/**
 * What the host may do now, decided by the engine itself (each command is
 * tried on the state and its answer kept), so the console can refuse before
 * asking a question whose yes main would refuse. A refusal is the engine's
 * own (its code, rule and parameters), worded by the console.
 */
export interface AllowedView {
  /** The commands main accepts in this state (for some player, for the per-player ones). */
  commands: NightCommandName[];
  /** R17, R27: the bet allowed now; null unless a bet is asked. */
  bet: BetLimits | null;
  /** R21 with R17, R27: a correction of the last turn's bet stays within the limits that bet had; null when it cannot be corrected. */
  correction: BetLimits | null;
  /** R11: the cut the deck waiting for it takes, 0 to its size less one; null unless a cut is asked. */
  cut: { min: number; max: number } | null;
  /** R22: why the night cannot end now (a turn in progress, a deck being cut mid-turn), or null when E may ask. */
  endRefusal: CommandError | null;
  /** R31: the least a newcomer buys in (more than the ante, the engine's own rule). */
  newcomerMinBuyIn: number;
  /** Per seated player (cashed out included), by id: why each seating or chip action is refused, or null when allowed. */
  players: Record<string, PlayerAllowed>;
}

/** A null field means the action is allowed for that player now; otherwise the engine's refusal. */
export interface PlayerAllowed {
  cashOut: CommandError | null;
  /** R32 */
  sitOut: CommandError | null;
  /** R32 */
  comeBack: CommandError | null;
  /** R31: moved to another seat (next to some other player). */
  move: CommandError | null;
}

export interface BetLimits {
  min: number;
  max: number;
  /** `max-bet`: R27's maxBet set the largest bet; `half-pot`: the first round's half-pot cap did; null: only the pot and the stack (R17). */
  cap: 'max-bet' | 'half-pot' | null;
}

interface DrawView {
  deckId: string;
  rounds: { round: number; cards: { playerId: string; card: CardCode }[] }[];
  winnerId: string | null;
}

/** A laptop of the group as the group screen lists it. */
interface GroupLaptopView {
  id: string;
  name: string;
  /** When its files were last taken in (ISO time); null for this laptop and for one never heard from. */
  lastHeardAt: string | null;
  /** True for this laptop. */
  me: boolean;
}

/** A file from another laptop set aside (damaged, tampered, failing the night checker...), naming the laptop it came from. */
interface GroupSetAsideView {
  laptop: string;
  file: string;
  reason: string;
}

/** The group this laptop is in (docs/group.md). */
export interface GroupView {
  id: string;
  name: string;
  laptopId: string;
  laptops: GroupLaptopView[];
  /** The group folder a sync tool shares, or null when none is used. */
  folder: string | null;
  setAside: GroupSetAsideView[];
  /** The players whose payment details are shared with the group (the host chose, player by player). */
  sharedPay: string[];
  /**
   * The laptops whose files in the group folder have stayed unlike their manifest for 10 minutes or more (a sync tool
   * stuck), by name, since when (ISO time); gone once the copy is whole.
   */
  stuck: { laptop: string; since: string }[];
  /**
   * Another laptop found using this laptop's id (a copied data folder), by its name, and where: its manifest of this id
   * in the group folder, or a LAN hello. Null while none is; until this laptop takes a new id (`groupNewLaptopId`).
   */
  idShared: { laptop: string; via: 'folder' | 'lan' } | null;
  /**
   * Laptops whose files came signed with a key that is not the one the group holds for them, nor handed over from it
   * (a key lost, a copied data folder, or a forgery), by name: the host may trust the new key (`trustLaptopKey`).
   */
  keyChanges: { laptopId: string; laptop: string }[];
}
