import type { CardCode } from '../../shared/cards';
import type { WitnessHead } from '../../shared/tableDraw';
import type { ChipMove } from '../../shared/chips';
import type { RuleSettings } from '../../shared/settings';
import type { Announcement, DeckPurpose, Odds, TurnOutcome } from '../../shared/view';

/**
 * The engine's state: only what the rules need to decide the next command,
 * plus what the table shows right now. It is rebuilt exactly by folding the
 * night's events (see evolve.ts); history (every turn) lives in the events.
 * Chip counts here are the engine's own running totals; the ledger keeps the
 * entries and the session checks the two agree.
 */
export interface EngineState {
  stateId: number;
  nightId: string;
  startedAt: string;
  endedAt: string | null;
  settings: RuleSettings;
  /** What one chip is worth, in whole minor units of `currency` (M1). */
  chipValue: number;
  currency: string;
  /**
   * The engine revision the night is played by (ENGINE_REVISION when it
   * started; 1 for nights recorded before revisions were). A night keeps its
   * revision for good, so it replays exactly as it was played (flow.ts).
   */
  revision: number;
  /** In seat order: index = seat number (R8). */
  players: SeatedPlayer[];
  stacks: Record<string, number>;
  pot: number;
  boughtIn: Record<string, number>;
  cashedOut: Record<string, number>;
  carriedIn: number;
  carriedOut: number;
  /** What the table waits for, with what that step needs. */
  phase: Phase;
  deck: DeckState | null;
  /** R34 with `cards: table`: the witnesses of the deal and the night's draws so far; null until the first commitment (and always with `cards: deck`). */
  witnesses: TableWitnesses | null;
  lastRetiredDeck: RetiredDeck | null;
  decksMade: number;
  decksRetired: number;
  draw: DrawState | null;
  dealerSeat: number | null;
  dealNumber: number;
  /** A new deal has begun and its deck is not shuffled yet (R9). */
  dealNeedsDeck: boolean;
  toActSeat: number | null;
  /** R8, R32: who has played a turn (not voided) in deal `deal`, in order: where the deal's turn order has reached. */
  playedInDeal: PlayedInDeal;
  turnCount: number;
  turn: TurnState | null;
  /**
   * R27 `half-pot`: who, of the players able to take a turn when the pot was
   * last made (the first ante, a re-ante, a deal's ante), has not had a turn
   * since. While any of them can still play, a bet is at most half the pot.
   * Always empty with `firstRound: open`.
   */
  firstRound: readonly string[];
  /** How many times this night was reopened after it ended (R33). */
  reopened: number;
  lastAction: LastAction | null;
  /** What the last command tells the real table to do. */
  announcements: Announcement[];
}

/** What to do once the deck being prepared is ready (R9-R13): run the draw, start the turn, or finish the turn that ran out of cards. */
export type Resume = 'draw' | 'deal' | 'continue-turn';
/** A play deck waits for its cut before a turn starts or goes on; a draw deck is never cut (R7). */
export type PlayResume = Exclude<Resume, 'draw'>;

/**
 * Where the night stands (the view's NightPhase, by `kind`), each step
 * carrying what it needs: a shuffle knows the deck it makes and what comes
 * after it, a cut what it resumes.
 */
export type Phase =
  | { kind: 'draw' }
  | { kind: 'shuffle'; purpose: DeckPurpose; resume: Resume }
  | { kind: 'cut'; resume: PlayResume }
  | { kind: 'ready' }
  /** R34: a card is to be drawn by the table: the witnesses' reveals are awaited, then `resume` goes on. */
  | { kind: 'reveal'; resume: Resume }
  | { kind: 'ace-call' }
  | { kind: 'pair-call' }
  | { kind: 'bet' }
  | { kind: 'ended' };

export type PhaseKind = Phase['kind'];

export interface PlayedInDeal {
  deal: number;
  playerIds: readonly string[];
}

export interface SeatedPlayer {
  id: string;
  name: string;
  seat: number;
  /** Cashed out: gone home with their chips (a buy-in seats them again). */
  left: boolean;
  /** R32: sitting out, chips in front of them, skipped like a player with none. */
  sittingOut: boolean;
  /** R31: the first deal this player takes turns in (a newcomer seated mid-deal waits for the next); 0 for everyone seated at the start. */
  fromDeal: number;
}

export interface DeckState {
  id: string;
  purpose: DeckPurpose;
  copies: number;
  /** Secret until the deck is retired (R12); kept so a restart resumes the same deck. */
  seed: string;
  commitment: string;
  cut: number | null;
  /** In dealing order; `position` is the next card to turn. With `cards: table` (R34): the cards drawn so far, each drawn just before it is turned. */
  cards: readonly CardCode[];
  position: number;
  /** R34: a shoe drawn from by the table: its remaining cards in canonical order (R2); absent for a shuffled deck (R9-R12). */
  shoe?: readonly CardCode[];
  /**
   * R35: a deck whose seed is sealed on another laptop (a held copy, a deck lost in a takeover), known only by the
   * cards the journal's lines show: the first `known` of `cards` are those, in dealing order; the rest are the cards
   * it still holds in no known order (so the odds, R25, count them right), never turned. Absent: the seed is known.
   */
  known?: number;
}

/** R34: who draws the cards of the current deal, and how far the night's draws have gone. */
interface TableWitnesses {
  /** The night's draws so far: the next card is draw k = draws + 1. */
  draws: number;
  /** The fingerprint of the current deal's commitment. */
  fingerprint: string;
  /** The deal's witnesses, sorted by id, each with its head now (the last value it revealed, or the head it committed). */
  heads: readonly WitnessHead[];
}

export interface RetiredDeck {
  id: string;
  purpose: DeckPurpose;
  copies: number;
  seed: string;
  commitment: string;
  cut: number | null;
  size: number;
  dealt: number;
}

interface DrawState {
  deckId: string;
  round: number;
  /** Who draws this round: everyone first, then only those tied for highest (R7). */
  contenders: string[];
  rounds: { round: number; cards: { playerId: string; card: CardCode }[] }[];
  winnerId: string | null;
}

export interface TurnState {
  n: number;
  deal: number;
  dealerId: string;
  playerId: string;
  /** Every card turned, in order, redeals included. */
  cards: { deck: string; card: CardCode }[];
  /** The current posts as turned (not yet ordered): 0, 1 or 2 cards. */
  posts: CardCode[];
  aceCall: 'low' | 'high' | null;
  /** R1 with R15/R16 `redeal`: the ace call of each pair of posts a redeal discarded, in order (null where none was asked). */
  redealtAceCalls: ('low' | 'high' | null)[];
  /** R29: a pair called higher or lower (`pair: high-low`). */
  call: 'higher' | 'lower' | null;
  third: CardCode | null;
  odds: Odds | null;
  bet: number | null;
  /** R27: the largest bet allowed when the bet was asked; null when no bet was asked. */
  limit: number | null;
  /** R27: whether the half-pot cap of a first round applied when the bet was asked (a correction keeps to it). */
  halfPot: boolean;
  outcome: TurnOutcome | null;
  potBefore: number;
  stackBefore: number;
  potAfter: number | null;
  stackAfter: number | null;
  void: boolean;
  corrected: boolean;
  /** Rotation before the turn, so a void can give the same player a new turn (R21). */
  rotationBefore: Rotation;
  /** The first round (R27) before the turn, restored when it is voided (R21). */
  firstRoundBefore: readonly string[];
}

export interface Rotation {
  dealerSeat: number | null;
  dealNumber: number;
  dealNeedsDeck: boolean;
  toActSeat: number | null;
}

/** A seating change (R31, R32) as its undo needs it (R21). */
export interface SeatingChange {
  change: 'seat' | 'move' | 'sit-out' | 'come-back';
  playerId: string;
  /** For a move: the seat the player left, numbered in the order before the move. */
  seatBefore?: number;
  /**
   * The state id the change left the table at. It can be undone only while
   * the table is still there: once anything else is recorded (a cut, a
   * deal...) the seating it was made in may have decided it (R11, R31).
   */
  stateId: number;
}

export interface LastAction {
  kind: 'buy-in' | 'cash-out' | 'turn' | 'seating' | 'other';
  /** The chip entries the action made, to be reversed by undo, correction or void (R21). */
  entries: { id: string; move: ChipMove }[];
  /** For a turn: its number. */
  turn: number | null;
  /** For a buy-in or cash-out: whose. */
  playerId?: string;
  /** For a cash-out or a seating change that moved the turn on: the rotation before and after it, undone with it (R21). */
  rotationChange?: { before: Rotation; after: Rotation };
  /** For a seating change (R31, R32): what changed, so its undo puts the seating back exactly (R21). */
  seating?: SeatingChange;
  /** Set once the action has been undone, corrected or voided. */
  settled: boolean;
}
