import { rotationAfterTurn, rotationAsTurnIsDealt, type RotationMove } from '../flow';
import type { EngineState, Rotation, SeatingChange } from '../state';
import type { Draft } from './draft';

/**
 * Records who deals and who acts (R6, R8) as flow.ts decides it: after a
 * turn, before one, and after seating changes.
 */

/** Records a move of the turn or the deal; a new deal is announced with its dealer. */
export function moveRotation(d: Draft, move: RotationMove | null): void {
  if (move === null) return;
  const { dealerSeat, dealNumber, dealNeedsDeck, toActSeat } = move;
  d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck, toActSeat });
  if (move.dealPassed && dealerSeat !== null) d.announce('new-deal', d.state.players[dealerSeat]?.id ?? null, 0);
}

/** R8: the turn passes on from `fromSeat`; when it would pass the dealer, the deal passes left and a new deal begins. */
export function passTurnOn(d: Draft, fromSeat: number): void {
  moveRotation(d, rotationAfterTurn(d.state, fromSeat));
}

/** As a turn is dealt: the dealer or the player due may have left, sat out or lost their chips since: move on (R6, R8, R32). */
export function ensurePlayerToAct(d: Draft): void {
  moveRotation(d, rotationAsTurnIsDealt(d.state));
}

export function rotationOf(state: EngineState): Rotation {
  const { dealerSeat, dealNumber, dealNeedsDeck, toActSeat } = state;
  return { dealerSeat, dealNumber, dealNeedsDeck, toActSeat };
}

export function sameRotation(a: Rotation, b: Rotation): boolean {
  return (
    a.dealerSeat === b.dealerSeat && a.dealNumber === b.dealNumber && a.dealNeedsDeck === b.dealNeedsDeck && a.toActSeat === b.toActSeat
  );
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
