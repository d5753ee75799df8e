import type { Odds } from '../../shared/view';
import type { SeededStream } from './seededStream';

/**
 * The simulator's players: a simple, readable betting rule, not a strategy
 * guide. Every choice comes from one seeded stream, so a night replays the
 * same from the same seed.
 */
export interface BotStyle {
  /** Below this chance of winning (R25) the bot bets the minimum. */
  cautiousBelow: number;
  /** At or above this chance the bot bets everything it may. */
  allInFrom: number;
  /** Chance, per turn, that a busted player buys back in (R6). */
  buyBack: number;
  /** Chance, after a turn, that the host voids it or corrects its bet (R21). */
  voidTurn: number;
  correctBet: number;
  /** R26: with passing allowed, the bot passes below this chance of winning (0.3 when not given). */
  passBelow?: number;
}

export type HouseMove = 'come-back' | 'sit-out' | 'latecomer' | 'move' | 'leave';

export const DEFAULT_STYLE: BotStyle = {
  cautiousBelow: 0.35,
  allInFrom: 0.8,
  buyBack: 0.2,
  voidTurn: 0.01,
  correctBet: 0.01,
  passBelow: 0.3,
};

export class Bot {
  constructor(
    private readonly rng: SeededStream,
    private readonly style: BotStyle = DEFAULT_STYLE,
  ) {}

  /** R11: any cut from 0 to size - 1. */
  cut(deckSize: number): number {
    return this.rng.below(deckSize);
  }

  /** R1: the second card is unknown, so either call is as good; toss a coin. */
  aceCall(): 'low' | 'high' {
    return this.rng.chance(0.5) ? 'low' : 'high';
  }

  /**
   * R17: bet more on wider spreads. The stake grows in a straight line from
   * the minimum at `cautiousBelow` to the whole limit at `allInFrom`.
   */
  bet(odds: Odds | null, limits: { min: number; max: number }): number {
    const chance = odds && odds.remaining > 0 ? odds.winners / odds.remaining : 0;
    const { cautiousBelow, allInFrom } = this.style;
    const share = Math.min(1, Math.max(0, (chance - cautiousBelow) / (allInFrom - cautiousBelow)));
    const stake = Math.round(limits.min + share * (limits.max - limits.min));
    // A little noise, so two nights with the same cards differ in their bets.
    const nudge = this.rng.below(3) - 1;
    return Math.min(limits.max, Math.max(limits.min, stake + nudge));
  }

  /** R26: with passing allowed, a poor spread (below `passBelow`) is passed. */
  passes(odds: Odds | null, canPass: boolean): boolean {
    if (!canPass) return false;
    const chance = odds && odds.remaining > 0 ? odds.winners / odds.remaining : 0;
    return chance < (this.style.passBelow ?? 0.3);
  }

  /** R29: a pair called higher or lower: the call with more ranks beyond it, a coin toss on a middle pair. */
  pairCall(allowed: readonly ('higher' | 'lower')[]): 'higher' | 'lower' {
    const [first, second] = allowed;
    if (!first) return 'higher';
    return second && this.rng.chance(0.5) ? second : first;
  }

  /**
   * Between turns on a house night: someone sitting out comes back (1 in 5),
   * else a player steps away (1 in 40, while more than 2 play), a latecomer
   * sits down (1 in 60, up to 12 seats), a player changes seats (1 in 60,
   * between deals) or goes home (1 in 120, while more than 3 play);
   * usually nothing.
   */
  houseMove(can: {
    someoneAway: boolean;
    canSitOut: boolean;
    roomForMore: boolean;
    canMove: boolean;
    canLeave: boolean;
  }): HouseMove | null {
    const roll = this.rng.below(120);
    if (can.someoneAway && roll < 24) return 'come-back';
    if (can.canSitOut && roll >= 24 && roll < 27) return 'sit-out';
    if (can.roomForMore && roll >= 27 && roll < 29) return 'latecomer';
    if (can.canMove && roll >= 29 && roll < 31) return 'move';
    if (can.canLeave && roll === 31) return 'leave';
    return null;
  }

  /** R21: right after a seating change, the host undoes it now and then (1 in 4): the wrong player was picked. */
  undoesSeating(): boolean {
    return this.rng.chance(0.25);
  }

  /** One of `items`, chosen evenly. */
  pickOne<T>(items: readonly T[]): T {
    const item = items[this.rng.below(items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  }

  /** True with probability `p`: the host script's own rolls (scripts/lib/hostScript.ts). */
  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    return this.rng.below(n);
  }

  buysBack(): boolean {
    return this.rng.chance(this.style.buyBack);
  }

  /** What the host does about the last turn: usually nothing. */
  fixLastTurn(canVoid: boolean, canCorrect: boolean): 'void' | 'correct' | null {
    const roll = this.rng.below(1_000_000) / 1_000_000;
    if (canVoid && roll < this.style.voidTurn) return 'void';
    if (canCorrect && roll >= this.style.voidTurn && roll < this.style.voidTurn + this.style.correctBet) return 'correct';
    return null;
  }

  /** A corrected bet: any allowed amount other than the one typed. */
  correctedBet(typed: number, max: number): number | null {
    if (max < 2) return null;
    const other = 1 + this.rng.below(max - 1);
    return other >= typed ? other + 1 : other;
  }
}
