import type { EventOf } from '../events';
import { halfPotRound, limitsFor } from '../limits';
import type { EngineState, PlayedInDeal, TurnState } from '../state';
import type { DraftCopies } from './copies';
import { takeCard } from './decks';

/** A turn's facts (R14-R21, R27, R29): its cards, the calls, the odds and the bet, its outcome, a void or a correction. */

export function turnStarted(state: EngineState, event: EventOf<'turn-started'>, copies: DraftCopies | undefined): EngineState {
  const turn: TurnState = {
    n: event.n,
    deal: event.deal,
    dealerId: event.dealerId,
    playerId: event.playerId,
    cards: [],
    posts: [],
    aceCall: null,
    redealtAceCalls: [],
    call: null,
    third: null,
    odds: null,
    bet: null,
    limit: null,
    halfPot: false,
    outcome: null,
    potBefore: event.potBefore,
    stackBefore: event.stackBefore,
    potAfter: null,
    stackAfter: null,
    void: false,
    corrected: false,
    rotationBefore: {
      dealerSeat: state.dealerSeat,
      dealNumber: state.dealNumber,
      dealNeedsDeck: state.dealNeedsDeck,
      toActSeat: state.toActSeat,
    },
    firstRoundBefore: state.firstRound,
  };
  state.turnCount = event.n;
  state.turn = turn;
  if (copies) copies.turn = turn;
  return state;
}

export function cardTurned(state: EngineState, event: EventOf<'card-turned'>, copies: DraftCopies | undefined): EngineState {
  takeCard(state, event.deckId, event.card, copies);
  const turn = ownTurn(state, copies);
  turn.cards.push({ deck: event.deckId, card: event.card });
  if (event.role === 'post') turn.posts.push(event.card);
  else turn.third = event.card;
  return state;
}

/** The bet is asked now: its limit is recorded with the turn (R27). */
export function oddsShown(state: EngineState, event: EventOf<'odds-shown'>, copies: DraftCopies | undefined): EngineState {
  const turn = ownTurn(state, copies);
  const halfPot = halfPotRound(state);
  turn.odds = { winners: event.winners, remaining: event.remaining };
  turn.halfPot = halfPot;
  turn.limit = limitsFor(state, state.pot, state.stacks[turn.playerId] ?? 0, halfPot).max;
  return state;
}

export function turnResolved(state: EngineState, event: EventOf<'turn-resolved'>, copies: DraftCopies | undefined): EngineState {
  const turn = ownTurn(state, copies);
  turn.outcome = event.outcome;
  turn.potAfter = event.potAfter;
  turn.stackAfter = event.stackAfter;
  if (state.firstRound.length > 0) state.firstRound = state.firstRound.filter((id) => id !== turn.playerId);
  // R8: the deal's turn order has reached this player's place.
  const played = state.playedInDeal;
  state.playedInDeal = { deal: turn.deal, playerIds: played.deal === turn.deal ? [...played.playerIds, turn.playerId] : [turn.playerId] };
  return state;
}

/** R15/R16 `redeal`: the discarded posts keep their ace call (R1), so the record can show why they were redealt. */
export function postsRedealt(state: EngineState, copies: DraftCopies | undefined): EngineState {
  const turn = ownTurn(state, copies);
  turn.posts = [];
  turn.redealtAceCalls = [...turn.redealtAceCalls, turn.aceCall];
  turn.aceCall = null;
  return state;
}

/** R21: a voided turn does not count as played: its player's place in the deal's order is theirs again. */
export function turnVoided(state: EngineState, event: EventOf<'turn-voided'>, copies: DraftCopies | undefined): EngineState {
  const turn = ownTurn(state, copies, event.n);
  turn.void = true;
  state.firstRound = turn.firstRoundBefore;
  state.playedInDeal = withoutLastTurnOf(state.playedInDeal, turn.deal, turn.playerId);
  return state;
}

export function betCorrected(state: EngineState, event: EventOf<'bet-corrected'>, copies: DraftCopies | undefined): EngineState {
  const turn = ownTurn(state, copies, event.n);
  turn.bet = event.amount;
  turn.corrected = true;
  turn.potAfter = event.potAfter;
  turn.stackAfter = event.stackAfter;
  return state;
}

export const NOBODY_PLAYED: PlayedInDeal = Object.freeze({ deal: 0, playerIds: Object.freeze([]) });

function withoutLastTurnOf(played: PlayedInDeal, deal: number, playerId: string): PlayedInDeal {
  const at = played.deal === deal ? played.playerIds.lastIndexOf(playerId) : -1;
  return at < 0 ? played : { deal, playerIds: played.playerIds.filter((_, i) => i !== at) };
}

/** The turn in play (checked against `n` when given), as the draft's own copy. */
export function ownTurn(state: EngineState, copies: DraftCopies | undefined, n?: number): TurnState {
  const turn = state.turn;
  if (!turn) throw new Error('a turn event outside a turn');
  if (n !== undefined && turn.n !== n) throw new Error(`event for turn ${n}, but the last turn is ${turn.n}`);
  if (copies && copies.turn === turn) return turn;
  // Written out, as in copyOfState; the card lists change in place too, so they are copied with the turn.
  const copy: TurnState = {
    n: turn.n,
    deal: turn.deal,
    dealerId: turn.dealerId,
    playerId: turn.playerId,
    cards: turn.cards.slice(),
    posts: turn.posts.slice(),
    aceCall: turn.aceCall,
    redealtAceCalls: turn.redealtAceCalls,
    call: turn.call,
    third: turn.third,
    odds: turn.odds,
    bet: turn.bet,
    limit: turn.limit,
    halfPot: turn.halfPot,
    outcome: turn.outcome,
    potBefore: turn.potBefore,
    stackBefore: turn.stackBefore,
    potAfter: turn.potAfter,
    stackAfter: turn.stackAfter,
    void: turn.void,
    corrected: turn.corrected,
    rotationBefore: turn.rotationBefore,
    firstRoundBefore: turn.firstRoundBefore,
  };
  state.turn = copy;
  if (copies) copies.turn = copy;
  return copy;
}
