import { isActive, nextActiveSeat, nextTurnAfter } from '../rotation';
import type { EngineState, Rotation, SeatingChange } from '../state';
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
