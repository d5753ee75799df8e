import { ACE_HIGH, ACE_LOW, rankOf } from '../../../shared/cards';
import { playerAccount, type ChipMove } from '../../../shared/chips';
import type { TurnOutcome } from '../../../shared/view';
import type { BetLimits } from '../../../shared/view';
import { freshShoe } from '../../../shared/tableDraw';
import { currentLimits, halfPotRound, limitsFor } from '../limits';
import { deckOddsBetween, oddsBetween, oddsBeyond } from '../odds';
import { hasTwoActive, nextTurnAfter, reAntesAfterTurn } from '../flow';
import type { DeckState, EngineState, TurnState } from '../state';
import { anteAll } from './chips';
import { needCard } from './tableDraw';
import { cardReady, currentTurn, expectPhase, nameOf, refuse, seatOf, topCard, type Draft } from './draft';
import { passTurnOn } from './rotate';

/** A turn (R14-R20): the deal, the posts, the bet, the third card and the chips it moves. */

export function startTurn(d: Draft): void {
  if (!hasTwoActive(d.state)) {
    refuse('not-enough-players', 'Fewer than 2 players have chips: record a buy-in or end the night (R6).', 'R6');
  }
  const { toActSeat, dealerSeat } = d.state;
  const player = toActSeat === null ? undefined : d.state.players[toActSeat];
  const dealer = dealerSeat === null ? undefined : d.state.players[dealerSeat];
  if (!player || !dealer) throw new Error('a turn with nobody to act');
  d.emit({
    type: 'turn-started',
    n: d.state.turnCount + 1,
    deal: d.state.dealNumber,
    dealerId: dealer.id,
    playerId: player.id,
    potBefore: d.state.pot,
    stackBefore: d.state.stacks[player.id] ?? 0,
  });
  turnPosts(d);
}

/** A turn that waited for a new deck goes on where it stopped (R13). */
export function continueTurn(d: Draft): void {
  const turn = currentTurn(d);
  if (turn.posts.length < 2) turnPosts(d);
  else turnThird(d);
}

/** R14: turn the posts, pausing for an ace call (R1) and for a new deck when this one is empty (R13). */
function turnPosts(d: Draft): void {
  for (;;) {
    const turn = currentTurn(d);
    if (turn.posts.length === 2) return judgePosts(d);
    if (!cardReady(d)) return needCard(d, 'play', 'continue-turn');
    const deck = d.state.deck;
    if (!deck) throw new Error('posts without a deck');
    const card = topCard(d);
    const firstPost = turn.posts.length === 0;
    d.emit({ type: 'card-turned', deckId: deck.id, card, role: 'post' });
    if (firstPost && card[0] === 'A' && d.state.settings.aceLowChoice) {
      d.phase('ace-call');
      return;
    }
  }
}

export function aceCall(d: Draft, call: 'low' | 'high'): void {
  expectPhase(d, 'ace-call', 'Calling the ace');
  d.emit({ type: 'ace-called', call });
  d.phase('ready');
  turnPosts(d);
}

/** The posts as numbers, low then high: an ace called low counts 1 (R1). */
function postValues(turn: TurnState): { low: number; high: number } {
  const [first, second] = turn.posts;
  if (!first || !second) throw new Error('posts are not both up');
  const a = turn.aceCall === 'low' ? ACE_LOW : rankOf(first);
  const b = rankOf(second);
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

function judgePosts(d: Draft): void {
  const turn = currentTurn(d);
  const { low, high } = postValues(turn);
  const player = turn.playerId;
  const { pair, consecutive } = d.state.settings;
  if (low === high) {
    // R15; R29: a high-low pair waits for the call.
    if (pair === 'redeal') return redeal(d);
    if (pair === 'high-low') return d.phase('pair-call');
    const amount = Math.min(pair === 'pays-3' ? 3 : 2, d.state.pot);
    const move = d.move('pair-win', player, amount, 'pot', playerAccount(player), turn.n);
    return resolveTurn(d, 'pair', amount, move);
  }
  if (high - low === 1) {
    // R16
    if (consecutive === 'redeal') return redeal(d);
    if (consecutive === 'push') return resolveTurn(d, 'push', 0, null);
    const amount = Math.min(1, d.state.stacks[player] ?? 0);
    const move = d.move('consecutive-loss', player, amount, playerAccount(player), 'pot', turn.n);
    return resolveTurn(d, 'consecutive', amount, move);
  }
  // R25: the odds counted from the cards still in the deck.
  const deck = d.state.deck;
  const odds = deck ? deckOddsBetween(low, high, cardsToCome(deck)) : oddsBetween(low, high, []);
  d.emit({ type: 'odds-shown', winners: odds.winners, remaining: odds.remaining });
  d.phase('bet');
}

/**
 * R25: the cards the next one can be: the rest of a shuffled deck, or all a
 * table's shoe still holds (R34). A shoe the posts emptied (redeals, R15,
 * R16) gives the third card from a fresh one (R13), so its odds count a
 * fresh shoe, not an empty one.
 */
function cardsToCome(deck: DeckState): Pick<DeckState, 'cards' | 'position' | 'copies'> {
  if (!deck.shoe) return deck;
  return { cards: deck.shoe.length > 0 ? deck.shoe : freshShoe(deck.copies), position: 0, copies: deck.copies };
}

/** R15/R16 `redeal`: both posts go to the discards and two new ones are turned. */
function redeal(d: Draft): void {
  d.emit({ type: 'posts-redealt' });
  d.announce('redeal', currentTurn(d).playerId, 0);
  turnPosts(d);
}

/** R29: the calls a pair allows: aces only lower, 2s only higher. */
export function pairCallsFor(rank: number): ('higher' | 'lower')[] {
  if (rank >= ACE_HIGH) return ['lower'];
  if (rank <= 2) return ['higher'];
  return ['higher', 'lower'];
}

/** R29: the player calls the pair higher or lower; the table shows the chance of the call and asks for the bet. */
export function callPair(d: Draft, call: 'higher' | 'lower'): void {
  expectPhase(d, 'pair-call', 'Calling the pair');
  const turn = currentTurn(d);
  const rank = postValues(turn).low;
  const allowed = pairCallsFor(rank);
  if (!allowed.includes(call)) {
    const [post] = turn.posts;
    refuse('bad-pair-call', `A pair of ${post?.[0] === 'A' ? 'aces' : '2s'} can only be called ${allowed.join(' or ')} (R29).`, 'R29', {
      allowed: allowed.join(','),
    });
  }
  d.emit({ type: 'pair-called', call });
  d.announce('pair-called', turn.playerId, 0);
  const deck = d.state.deck;
  const odds = deck ? oddsBeyond(rank, call, cardsToCome(deck)) : { winners: 0, remaining: 0 };
  d.emit({ type: 'odds-shown', winners: odds.winners, remaining: odds.remaining });
  d.phase('bet');
}

/** R17, R27's limits for the player to act, right now; null when no bet is asked. */
export function betLimits(state: EngineState): BetLimits | null {
  if (state.phase.kind !== 'bet' || !state.turn) return null;
  return currentLimits(state, state.turn.playerId);
}

/**
 * A bet as typed, checked against R17, R27 (and R3): the chips it bets, or a
 * refusal saying what is allowed. `halfPot` says whether a first round's cap applies.
 */
export function checkedBet(d: Draft, amount: number | 'pot', pot: number, stack: number, playerId: string, halfPot: boolean): number {
  const { max, cap } = limitsFor(d.state, pot, stack, halfPot);
  if (amount === 'pot') return max;
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) {
    refuse('invalid-input', `A bet is a whole number of chips: bet 1 to ${max} (R3).`, 'R3', { min: 1, max });
  }
  if (amount < 1) refuse('bet-too-small', `The smallest bet is 1 chip: bet 1 to ${max} (R17).`, 'R17', { min: 1, max, pot });
  if (amount > pot) refuse('bet-above-pot', `The pot holds ${pot}: bet 1 to ${max} (R17).`, 'R17', { min: 1, max, pot });
  if (amount > stack) {
    const playerName = nameOf(d, playerId);
    refuse('bet-above-stack', `${playerName} has ${stack}: bet 1 to ${max} (R3).`, 'R3', { min: 1, max, stack, player: playerName });
  }
  if (amount > max && cap === 'max-bet') {
    refuse('bet-above-limit', `The largest bet tonight is ${max}: bet 1 to ${max} (R27).`, 'R27', { min: 1, max, cap });
  }
  if (amount > max && cap === 'half-pot') {
    refuse(
      'bet-above-limit',
      `Until everyone has had a turn since the pot was made, a bet is at most half the pot: bet 1 to ${max} (R27).`,
      'R27',
      {
        min: 1,
        max,
        cap,
        pot,
      },
    );
  }
  return amount;
}

export function bet(d: Draft, amount: number | 'pot'): void {
  expectPhase(d, 'bet', 'A bet');
  const turn = currentTurn(d);
  const chips = checkedBet(d, amount, d.state.pot, d.state.stacks[turn.playerId] ?? 0, turn.playerId, halfPotRound(d.state));
  d.emit({ type: 'bet-placed', amount: chips });
  d.phase('ready');
  turnThird(d);
}

/** R26: the player passes: no third card, no chips, the cards are discarded and the turn counts as played. */
export function pass(d: Draft): void {
  expectPhase(d, 'bet', 'Passing');
  if (!d.state.settings.pass) refuse('rule-off', 'Passing is not allowed tonight: bet at least 1 (R26, setting pass).', 'R26');
  resolveTurn(d, 'pass', 0, null);
}

function turnThird(d: Draft): void {
  if (!cardReady(d)) return needCard(d, 'play', 'continue-turn');
  const deck = d.state.deck;
  if (!deck) throw new Error('third card without a deck');
  d.emit({ type: 'card-turned', deckId: deck.id, card: topCard(d), role: 'third' });
  settleBet(d);
}

/** R18 (R29 for a called pair): the outcome of the third card. */
export function outcomeOf(turn: TurnState): 'win' | 'lose' | 'post' {
  const third = turn.third;
  if (!third) throw new Error('no third card');
  for (const post of turn.posts) if (post[0] === third[0]) return 'post';
  const { low, high } = postValues(turn);
  const rank = rankOf(third);
  if (turn.call === 'higher') return rank > high ? 'win' : 'lose';
  if (turn.call === 'lower') return rank < low ? 'win' : 'lose';
  return rank > low && rank < high ? 'win' : 'lose';
}

/** R18: the chips a bet of `chips` moves for `outcome`; returns the amount moved. */
export function payBet(
  d: Draft,
  turn: TurnState,
  outcome: 'win' | 'lose' | 'post',
  chips: number,
): { amount: number; move: ChipMove | null } {
  const player = turn.playerId;
  if (outcome === 'win') return { amount: chips, move: d.move('win', player, chips, 'pot', playerAccount(player), turn.n) };
  if (outcome === 'lose') return { amount: chips, move: d.move('bet-lost', player, chips, playerAccount(player), 'pot', turn.n) };
  const owed = Math.min(chips * d.state.settings.postPays, d.state.stacks[player] ?? 0);
  return { amount: owed, move: d.move('post-loss', player, owed, playerAccount(player), 'pot', turn.n) };
}

function settleBet(d: Draft): void {
  const turn = currentTurn(d);
  const outcome = outcomeOf(turn);
  const { amount, move } = payBet(d, turn, outcome, turn.bet ?? 0);
  resolveTurn(d, outcome, amount, move);
}

function resolveTurn(d: Draft, outcome: TurnOutcome, amount: number, move: ChipMove | null): void {
  const turn = currentTurn(d);
  d.announce(outcome, turn.playerId, amount, [move]);
  d.emit({ type: 'turn-resolved', outcome, potAfter: d.state.pot, stackAfter: d.state.stacks[turn.playerId] ?? 0 });
  if (reAntesAfterTurn(d.state, () => nextTurnAfter(d.state, seatOf(d, turn.playerId)).dealPassed)) anteAll(d, 're-ante', turn.n);
  d.emit({ type: 'last-action', kind: 'turn', turn: turn.n, entries: d.entries });
  passTurnOn(d, seatOf(d, turn.playerId));
  d.phase('ready');
}
