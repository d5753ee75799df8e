import { ACE_HIGH, ACE_LOW, CARDS_PER_DECK, rankOf, type CardCode } from '../../shared/cards';
import type { LuckVerdict, PlayerLuck, TurnView } from '../../shared/turns';
import type { RuleSettings } from '../../shared/settings';
import { add, compare, fraction, multiply, subtract, toHundredths, toNumber, ZERO, type Fraction } from './fraction';

/**
 * Luck against the odds (docs/rules.md, "Luck against the odds"): what each
 * bet won or lost, less what the odds shown made it worth. Counted from a
 * night's turns as played, like the other figures, so it is never stored
 * apart from the journal and anyone can redo it from an export.
 */

/** What a turn needs to be judged: a TurnView, or a turn of the export renamed. */
export type LuckTurn = Pick<TurnView, 'n' | 'playerId' | 'cards' | 'aceCall' | 'call' | 'bet' | 'outcome' | 'stackBefore' | 'void'>;

/** How many cards the next one could be, out of `remaining`: each way the bet can go (R18, R29). */
interface BetChances {
  win: number;
  lose: number;
  post: number;
  remaining: number;
}

/**
 * One bet settled by a third card, with its chances and what it was worth.
 * @internal exported for tests only
 */
export interface BetLuck {
  n: number;
  playerId: string;
  bet: number;
  outcome: 'win' | 'lose' | 'post';
  chances: BetChances;
  /** What the post would take (R30): the bet times `postPays`, capped at the player's stack. */
  postLoss: number;
  /** Chips the bet actually moved to (+) or from (-) the player: the post loss capped as the ledger moved it. */
  actual: number;
  /** b x (win - lose)/remaining - postLoss x post/remaining, exact. */
  expected: Fraction;
  /** What the bet could have won or lost, squared, about its expected result: its share of the night's spread. */
  variance: Fraction;
}

/** Ranks 2..14 (an ace counts high here; an ace called low is judged apart). */
type RankCounts = number[];

function wholeShoe(copies: number): RankCounts {
  const counts = new Array<number>(ACE_HIGH + 1).fill(0);
  for (let rank = 2; rank <= ACE_HIGH; rank++) counts[rank] = (copies * CARDS_PER_DECK) / 13;
  return counts;
}

/**
 * R25 counted for every way the third card can go, from the cards still in
 * the deck it comes from: the whole deck (or R34 shoe) less every card
 * turned from it before. That is exactly the count behind the odds shown,
 * except when a redeal emptied the deck after the posts (R13): the third
 * card then comes from a fresh deck, and so do its chances.
 */
function betChances(posts: readonly [CardCode, CardCode], turn: Pick<LuckTurn, 'aceCall' | 'call'>, left: RankCounts): BetChances {
  const [first, second] = posts;
  const postRanks = new Set([rankOf(first), rankOf(second)]);
  let win = 0;
  let post = 0;
  let remaining = 0;
  const firstValue = turn.aceCall === 'low' && rankOf(first) === ACE_HIGH ? ACE_LOW : rankOf(first);
  const low = Math.min(firstValue, rankOf(second));
  const high = Math.max(firstValue, rankOf(second));
  for (let rank = 2; rank <= ACE_HIGH; rank++) {
    const count = left[rank] ?? 0;
    remaining += count;
    // The same rank as a post is a post (R18), or as the pair called (R29).
    if (postRanks.has(rank)) post += count;
    else if (turn.call === 'higher' ? rank > high : turn.call === 'lower' ? rank < low : rank > low && rank < high) win += count;
  }
  return { win, lose: remaining - win - post, post, remaining };
}

const isSettledBet = (t: LuckTurn): t is LuckTurn & { bet: number; outcome: 'win' | 'lose' | 'post' } =>
  !t.void && t.bet !== null && (t.outcome === 'win' || t.outcome === 'lose' || t.outcome === 'post');

/**
 * Every bet of the night that a third card settled, in order, with its
 * expected result. Voided turns (R21) moved no chips and count for nothing
 * but the cards they took from the deck; a pass (R26) bets nothing.
 * @internal exported for tests only
 */
export function betsOfNight(turns: readonly LuckTurn[], rules: Pick<RuleSettings, 'decks' | 'postPays'>): BetLuck[] {
  const turned = new Map<string, RankCounts>();
  const leftIn = (deck: string) => {
    let left = turned.get(deck);
    if (!left) turned.set(deck, (left = wholeShoe(rules.decks)));
    return left;
  };
  const bets: BetLuck[] = [];
  for (const turn of turns) {
    const last = turn.cards.length - 1;
    turn.cards.forEach(({ deck, card }, i) => {
      const left = leftIn(deck);
      if (i === last && isSettledBet(turn)) bets.push(judgedBet(turn, left, rules.postPays));
      left[rankOf(card)] = (left[rankOf(card)] ?? 0) - 1;
    });
  }
  return bets;
}

function judgedBet(turn: LuckTurn & { bet: number; outcome: 'win' | 'lose' | 'post' }, left: RankCounts, postPays: number): BetLuck {
  const [first, second] = turn.cards.slice(-3, -1).map((c) => c.card);
  if (!first || !second) throw new Error(`turn ${turn.n} settled a bet without two posts`);
  const chances = betChances([first, second], turn, left);
  const b = turn.bet;
  // R30: the post takes the bet times postPays, never more than the stack; the expected result counts the same capped loss.
  const postLoss = Math.min(b * postPays, turn.stackBefore);
  const actual = turn.outcome === 'win' ? b : turn.outcome === 'lose' ? -b : -postLoss;
  const { win, lose, post, remaining } = chances;
  const expected = fraction(b * win - b * lose - postLoss * post, remaining);
  const meanSquare = fraction(b * b * (win + lose) + postLoss * postLoss * post, remaining);
  const variance = subtract(meanSquare, multiply(expected, expected));
  return { n: turn.n, playerId: turn.playerId, bet: b, outcome: turn.outcome, chances, postLoss, actual, expected, variance };
}

/**
 * A player's luck over some bets, exact: the sum of actual less expected, and the sum of the bets' variances.
 * @internal exported for tests only
 */
export interface LuckSum {
  bets: number;
  luck: Fraction;
  variance: Fraction;
}

/** @internal exported for tests only */
export function sumLuck(bets: readonly BetLuck[]): LuckSum {
  let luck = ZERO;
  let variance = ZERO;
  for (const b of bets) {
    luck = add(luck, subtract(fraction(b.actual), b.expected));
    variance = add(variance, b.variance);
  }
  return { bets: bets.length, luck, variance };
}

/**
 * Kind or unkind when the luck is more than one standard deviation of what
 * the bets could have done, either way: the night's own size for this
 * player, so 14 chips is a lot on a night of 1-chip bets and nothing on a
 * night of pot bets. Compared exactly: luck^2 against the variance.
 */
export function luckVerdict(luck: Fraction, variance: Fraction): LuckVerdict {
  if (compare(multiply(luck, luck), variance) <= 0) return 'even';
  return luck.num > 0n ? 'kind' : 'unkind';
}

/** Each player's luck over the night, in the order given (players with no bet are about even). */
export function nightLuck(
  playerIds: readonly string[],
  turns: readonly LuckTurn[],
  rules: Pick<RuleSettings, 'decks' | 'postPays'>,
): PlayerLuck[] {
  const bets = betsOfNight(turns, rules);
  return playerIds.map((playerId) => playerLuckOf(playerId, sumLuck(bets.filter((b) => b.playerId === playerId))));
}

function playerLuckOf(playerId: string, sum: LuckSum): PlayerLuck {
  return {
    playerId,
    bets: sum.bets,
    luck: toHundredths(sum.luck),
    spread: Math.round(Math.sqrt(Math.max(0, toNumber(sum.variance))) * 100),
    verdict: luckVerdict(sum.luck, sum.variance),
  };
}
