import type { CardCode } from './cards';
import type { Account } from './chips';
import type { SettleMode, Settlement, TableScreen } from './history';
import type { Preferences } from './preferences';
import type { RuleSettings } from './settings';

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
}

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
}

/**
 * What a storage notice reports: a file that could not be read and was set
 * aside (never deleted), a file that should be there and is not, or a file
 * rebuilt from the nights (the roster, the index).
 */
export type StorageNoticeKind = 'set-aside' | 'missing' | 'rebuilt';

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
}

/**
 * Where the night stands, i.e. what the host's next key does.
 * - `draw`: the draw for the first dealer (R7) is next.
 * - `shuffle`: a new deck is needed; main supplies its seed at once, so a
 *   renderer only ever sees this for an instant.
 * - `cut`: the new deck's commitment is shown; the cutter names the cut (R11).
 * - `ready`: the next turn is ready to be dealt.
 * - `ace-call`: the first card is an ace and `aceLowChoice` is on (R1).
 * - `bet`: two posts are up; the player bets (R17).
 * - `ended`: the night is over and read-only (R22, R23).
 */
export type NightPhase = 'draw' | 'shuffle' | 'cut' | 'ready' | 'ace-call' | 'bet' | 'ended';

export type PlayerStatus = 'playing' | 'sitting-out' | 'left';

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

export type TurnOutcome = 'win' | 'lose' | 'post' | 'pair' | 'consecutive' | 'push' | 'redeal';

export interface TurnCard {
  deck: string;
  card: CardCode;
}

export interface Odds {
  /** Cards left in the deck strictly between the posts (R25). */
  winners: number;
  /** Cards left in the deck. */
  remaining: number;
}

export interface TurnView {
  /** 1-based number of the turn in the night (voided turns keep theirs). */
  n: number;
  deal: number;
  dealerId: string;
  playerId: string;
  /** Every card turned in this turn, in order, redeals included. */
  cards: TurnCard[];
  /** The two posts, low then high as ranked, once both are up. */
  posts: [CardCode, CardCode] | null;
  aceCall: 'low' | 'high' | null;
  third: CardCode | null;
  bet: number | null;
  /** Null while the turn is in progress. */
  outcome: TurnOutcome | null;
  odds: Odds | null;
  potBefore: number;
  potAfter: number | null;
  stackBefore: number;
  stackAfter: number | null;
  void: boolean;
  corrected: boolean;
}

export type AnnouncementKind =
  | 'night-started'
  | 'ante'
  | 're-ante'
  | 'dealer-chosen'
  | 'draw-tie'
  | 'new-deal'
  | 'deck-retired'
  | 'win'
  | 'lose'
  | 'post'
  | 'pair'
  | 'consecutive'
  | 'push'
  | 'redeal'
  | 'buy-in'
  | 'cash-out'
  | 'undo'
  | 'corrected'
  | 'voided'
  | 'pot-split'
  | 'pot-carried'
  | 'night-ended';

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

export interface PlayerResult {
  playerId: string;
  boughtIn: number;
  /** Chips at the end: stack after the pot split, plus chips cashed out. */
  finalChips: number;
  netChips: number;
  /** netChips x the night's chipValue, in whole minor units (M1). */
  netMoney: number;
  isWinner: boolean;
}

export interface LastActionView {
  kind: 'buy-in' | 'cash-out' | 'turn' | 'other';
  /** Ctrl+Z reverses it (buy-in, cash-out). */
  canUndo: boolean;
  /** The last turn had a bet and may be corrected (R21). */
  canCorrectBet: boolean;
  /** The last turn may be voided (R21). */
  canVoid: boolean;
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
  lastRetiredDeck: DeckView | null;
  decksRetired: number;
  draw: DrawView | null;
  /** The turn in progress, or the last one finished. */
  turn: TurnView | null;
  odds: Odds | null;
  betLimits: { min: number; max: number } | null;
  /**
   * In `ready`: Enter starts a new deal's deck (shuffle, then the cut: R9,
   * R13) instead of turning the cards, so the console says so.
   */
  nextDealNeedsCut: boolean;
  announcements: Announcement[];
  turnsPlayed: number;
  recentTurns: TurnView[];
  lastAction: LastActionView | null;
  results: PlayerResult[] | null;
  /** Who pays whom once the night has ended (issue 4). */
  settlement: Settlement | null;
}

export interface DrawView {
  deckId: string;
  rounds: { round: number; cards: { playerId: string; card: CardCode }[] }[];
  winnerId: string | null;
}
