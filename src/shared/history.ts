import type { PlayerLuck, PlayerResult, TurnView } from './turns';
import type { SettleMode, Transfer } from './vocabulary';
import type { PayeesView } from './payDetails';

/**
 * What the host asks about past nights: read-only answers carried
 * in `ApiResult.data`. Money is in whole minor units of the night's currency
 * (M1: 25 = 0.25 EUR); chips are whole.
 */

export interface NightListItem {
  id: string;
  startedAt: string;
  endedAt: string | null;
  playerIds: string[];
  turns: number;
  biggestPot: number;
  winnerIds: string[];
  /** Whole minutes from start to end, null while open. */
  minutes: number | null;
  currency: string;
  /** The laptop of the group that hosted it, by name; null for this laptop's own nights (docs/group.md). */
  hostedOn: string | null;
  /** R35: a night of another laptop shared before nights were signed ("unsigned, from before signing"). */
  unsigned: boolean;
}

export interface Settlement {
  /** The fewest transfers that square everyone. */
  fewest: Transfer[];
  /** Banker mode (M3): every party settles with the bank (`bank`, the host's cash box) alone. */
  banker: Transfer[];
  /**
   * How this night is settled up: the host's choice for it (S), kept with the
   * running tab; `fewest` unless chosen. The tab and the export use its list.
   */
  mode: SettleMode;
  /**
   * Each party's balance in minor units (M2): what they are owed (positive)
   * or owe; the bank as `bank` (the value of a pot carried on). Adds up to 0.
   */
  balances: Record<string, number>;
}

/**
 * A shared expense of a night (M4): money, not chips, so shown apart from
 * the game's results; its effect is in the night's balances (Settlement).
 */
export interface ExpenseView {
  id: string;
  /** The player who paid. */
  payer: string;
  /** Minor units of the night's currency. */
  amount: number;
  description: string;
  /** Who shares it, as the host chose them. */
  sharers: string[];
  /** Each sharer's share in minor units, fixed when it was recorded (M4); they add up to `amount`. */
  shares: Record<string, number>;
}

/** A transfer of one ended night's settling up (in the night's settle mode, the bank a party), with its paid mark (M3). */
export interface NightTransferView extends Transfer {
  /** `<nightId>:<from>><to>`: a night never has two transfers between the same pair. */
  id: string;
  nightId: string;
  paid: boolean;
}

/** A transfer of the running tab: unpaid night transfers netted (M3). */
export interface TabTransferView extends Transfer {
  /** The nights it comes from, oldest first. */
  nights: string[];
  /** The night transfers it stands for: marking it paid marks these (markTransfersPaid). */
  covers: string[];
}

/** The running tab across nights (M3), in minor units. */
export interface RunningTab {
  tab: TabTransferView[];
  /**
   * How each party owed on the tab likes to be paid (the kinds the host
   * turned off for the most recent night left out); nobody else's details.
   */
  pay?: PayeesView;
  /** Every ended night's transfers, oldest night first, paid or not. */
  transfers: NightTransferView[];
}

export interface NightDetail {
  night: NightListItem;
  players: { id: string; name: string; seat: number }[];
  chipValue: number;
  /** Every turn in order, voided ones marked. */
  turns: TurnView[];
  /** Each seated player's stack after every turn (index 0 = after the antes), for the chart; a player who cashed out is left out from then on. */
  stackSeries: { turn: number; stacks: Record<string, number> }[];
  results: PlayerResult[] | null;
  /** Each player's luck against the odds shown (docs/rules.md, "Luck against the odds"), once the night has ended. */
  luck: PlayerLuck[] | null;
  settlement: Settlement | null;
  /** M4: the night's shared expenses, apart from the game's results (their effect is in `settlement.balances`). */
  expenses: ExpenseView[];
}

export interface StandingsQuery {
  /** ISO date (inclusive), e.g. 2026-11-01. */
  from?: string | undefined;
  /** ISO date (inclusive). */
  to?: string | undefined;
  /** Only nights any of these played. */
  playerIds?: string[] | undefined;
}

export interface StandingRow {
  playerId: string;
  name: string;
  nights: number;
  nightsWon: number;
  netChips: number;
  netMoney: number;
  /** The biggest single pot win (a bet won, a pair), in chips. */
  biggestPotWon: number;
  /** Third cards that hit a post (R18, R30). */
  postsHit: number;
  /** Turns dealt a pair (R15, R29). */
  pairs: number;
  /** The longest run of turns in a row that took chips from the pot, within one night. */
  longestWinStreak: number;
  /** Bets settled by a third card, and how many of them won. */
  bets: number;
  betsWon: number;
  /** betsWon / bets, in [0, 1]; null with no bet settled. */
  winRate: number | null;
  /** Luck against the odds over these nights (docs/rules.md, "Luck against the odds"): its sum, the spread it is judged against and the verdict. */
  luck: PlayerLuck;
}

/** An award of the night: the players at the top of a figure (ties shared) and the figure. */
export interface NightAward {
  playerIds: string[];
  value: number;
}

/** The night's awards shown on the TV at its end; each is null when nobody earned it. */
export interface NightAwards {
  /** The most chips taken from the pot in one turn. */
  biggestWin: NightAward | null;
  /** The most third cards on a post. */
  mostPosts: NightAward | null;
  /** The longest run of winning turns in a row (2 or more). */
  longestStreak: NightAward | null;
}

export interface Standings {
  rows: StandingRow[];
  /**
   * Cumulative net money after each night, oldest first, for the chart: each
   * of that night's players with their net so far. A player absent from a
   * night is absent from its point (their line stays where it was).
   */
  cumulative: { nightId: string; date: string; net: Record<string, number> }[];
}

export interface FairnessReport {
  nightId: string;
  decks: number;
  cards: number;
  verified: boolean;
  /** Each deck or card that does not match its revealed seed and cut (R12). */
  mismatches: { deckId: string; reason: string }[];
  /** Decks not checked and why: the deck still in play on an open night keeps its seed secret (R12). */
  unchecked?: { deckId: string; reason: string }[];
  /**
   * The night re-judged from the rules by the night checker (docs/night-checker.md),
   * which shares no code with the engine: every turn, seating change, ante, chip,
   * result, expense and transfer. Empty when every rule holds.
   */
  rules?: RuleFinding[];
}

/** One thing the night checker found: a broken rule, or one the record cannot tell. */
interface RuleFinding {
  /** The rule id (R1-R34, M1-M4). */
  rule: string;
  kind: 'violation' | 'cannot-check';
  /** The turn concerned, or null for the night as a whole. */
  turn: number | null;
  /** What the rules say, and what the night shows (in the checker's words). */
  expected: string;
  found: string;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  content: string;
}

/** What the TV shows: the live table, or on request the leaderboard, the rules, the phones' QR code in full, one night or the running tab (M3). */

/** Why a kept backup was written: after a night ended, the day's first while the app is open, or just before a restore replaced the data. */
export type BackupReason = 'night-end' | 'daily' | 'before-restore';

/** One backup in the backups folder beside the data. */
export interface KeptBackup {
  /** Its file name, to restore it by. */
  id: string;
  createdAt: string;
  reason: BackupReason;
  /** The nights it holds; null when the file cannot be read. */
  nights: number | null;
  bytes: number;
}

export interface BackupsList {
  /** Newest first. */
  backups: KeptBackup[];
  /** Where they are kept, for the host who wants to copy one elsewhere. */
  folder: string;
  /** The backup written just before the last restore, while it is kept: restoring it undoes that restore. */
  undoRestore: string | null;
  /** False where the command line chose the data folder (the headless host's --data): L says so before asking anything. */
  movable?: boolean;
}

/** One roster player counted as another (the name the host keeps): the journals keep the names spoken each night. */
export interface PlayerMergeView {
  from: string;
  into: string;
  at: string;
}
