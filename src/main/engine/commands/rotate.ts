import { isActive, keepsPlaceInDeal, nextActiveSeat, nextInDeal, nextTurnAfter } from '../flow';
import type { EngineState, Rotation, SeatedPlayer, SeatingChange } from '../state';
import type { Draft } from './draft';

/**
 * Moving the turn and the deal on (R6, R8), written once: after a turn,
 * and whenever the player due to act can no longer play.
 */

/** R8: the turn passes on from `fromSeat`; when it would pass the dealer, the deal passes left and a new deal begins. */
export function passTurnOn(d: Draft, fromSeat: number): void {
  const next = nextTurnAfter(d.state, fromSeat);
  d.emit({
    type: 'rotation',
    dealerSeat: next.dealerSeat,
    dealNumber: d.state.dealNumber + (next.dealPassed ? 1 : 0),
    dealNeedsDeck: d.state.dealNeedsDeck || next.dealPassed,
    toActSeat: next.toActSeat,
  });
  if (next.dealPassed && next.dealerSeat !== null) d.announce('new-deal', d.state.players[next.dealerSeat]?.id ?? null, 0);
}

/** The player due to act may have left or lost their chips since: move on (R6, R8). */
export function ensurePlayerToAct(d: Draft): void {
  const seat = d.state.toActSeat;
  if (seat !== null && isActive(d.state, d.state.players[seat])) return;
  const { dealerSeat, dealNumber, dealNeedsDeck } = d.state;
  if (seat === null && dealerSeat !== null) {
    // The deal passed while only one player held chips: it is this dealer's deal, begun by the player on their left (R8).
    d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck, toActSeat: nextActiveSeat(d.state, dealerSeat) });
    return;
  }
  passTurnOn(d, seat ?? dealerSeat ?? 0);
}

/**
 * R32: who is due once a player has sat out or come back between turns.
 * From revision 2 (flow.ts), who the deal's order reaches next: a player
 * back before the order passed their place plays in this deal, and when
 * nobody in this deal is left the rotation stays, so the next deal command
 * passes the deal (the dealer back before then still has their last turn).
 * Nights of revision 1 keep their own way, so they replay as played: a
 * player sitting out when due handed the turn on at once (passing the deal
 * if they were its last), and coming back gave nothing back.
 */
export function dueAfterSittingOutOrBack(d: Draft, player: SeatedPlayer, change: 'sit-out' | 'come-back'): void {
  const { dealerSeat, dealNumber, dealNeedsDeck, toActSeat, phase } = d.state;
  if (!keepsPlaceInDeal(d.state)) {
    if (change === 'sit-out' && toActSeat === player.seat && (phase.kind === 'ready' || phase.kind === 'cut')) ensurePlayerToAct(d);
    return;
  }
  if (dealerSeat === null || toActSeat === null) return;
  const next = nextInDeal(d.state);
  if (next !== null && next !== toActSeat) d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck, toActSeat: next });
}

export function rotationOf(state: EngineState): Rotation {
  const { dealerSeat, dealNumber, dealNeedsDeck, toActSeat } = state;
  return { dealerSeat, dealNumber, dealNeedsDeck, toActSeat };
}

export function sameRotation(a: Rotation, b: Rotation): boolean {
  return a.dealerSeat === b.dealerSeat && a.dealNumber === b.dealNumber && a.dealNeedsDeck === b.dealNeedsDeck && a.toActSeat === b.toActSeat;
}

/**
 * Records a seating change (R31, R32) as the last action, with what its undo
 * needs (R21): the change, and the rotation before it, numbered in the
 * seating before the change. Always kept: the same seat numbers after a
 * newcomer sits down may name other people.
 */
export function recordSeatingChange(d: Draft, change: Omit<SeatingChange, 'stateId'>, before: Rotation): void {
  d.emit({
    type: 'last-action',
    kind: 'seating',
    turn: null,
    playerId: change.playerId,
    entries: d.entries,
    seating: { ...change, stateId: d.state.stateId },
    rotationChange: { before, after: rotationOf(d.state) },
  });
}
