import { playerAccount } from '../../../shared/chips';
import { dealUnderWay, rotationAfterReseating, turnInProgress } from '../flow';
import { playerOrRefuse, refuse, type Draft } from './draft';
import { moveRotation, recordSeatingChange, rotationOf } from './rotate';
import type { EngineState } from '../state';

/**
 * R31: seating a newcomer between two seated players, and moving a player
 * to another seat while no deal is under way. Seating is clockwise order:
 * the seat numbers follow it.
 */

export interface Newcomer {
  playerId: string;
  name: string;
  /** The player they sit on the left of (clockwise after). */
  afterPlayerId: string;
  /** Chips bought on sitting down (R3). */
  buyIn: number;
}

function refuseMidTurn(d: Draft, what: string): void {
  if (turnInProgress(d.state) || d.state.phase.kind === 'shuffle') {
    refuse('wrong-phase', `A turn is in progress: ${what} between turns (R31).`, 'R31', { phase: d.state.phase.kind });
  }
}

/** R31 (with R4): the least a newcomer buys in: more than the ante, or they have no chips to play after anteing on sitting down. */
export function newcomerMinimumBuyIn(state: Pick<EngineState, 'settings'>): number {
  return state.settings.ante + 1;
}

export function seatPlayer(d: Draft, newcomer: Newcomer): void {
  refuseMidTurn(d, 'a newcomer sits down');
  const { playerId, afterPlayerId, buyIn } = newcomer;
  const name = newcomer.name.trim();
  if (playerId === '' || name === '') refuse('invalid-input', 'A newcomer needs an id and a name.');
  const clash = d.state.players.find((p) => p.id === playerId || p.name.trim().toLowerCase() === name.toLowerCase());
  if (clash)
    refuse('duplicate-player', `${clash.name} is already at this table: a buy-in seats a player who cashed out again.`, 'R31', {
      player: clash.name,
      name: clash.name,
    });
  const after = playerOrRefuse(d, afterPlayerId);
  const { ante } = d.state.settings;
  if (!Number.isInteger(buyIn) || buyIn < newcomerMinimumBuyIn(d.state)) {
    refuse(
      'starting-chips-too-few',
      `A newcomer buys in more than the ante of ${ante}, or they have no chips to play after it (R4, R31).`,
      'R31',
      { ante },
    );
  }
  // Seated during a deal: plays from the next one; before its first turn: plays in it.
  const underWay = dealUnderWay(d.state);
  const before = rotationOf(d.state);
  const fromDeal = underWay ? d.state.dealNumber + 1 : d.state.dealNumber;
  d.emit({ type: 'player-seated', playerId, name, seat: after.seat + 1, fromDeal });
  const bought = d.move('buy-in', playerId, buyIn, 'bank', playerAccount(playerId), null);
  const anted = d.move('ante', playerId, Math.min(ante, buyIn), playerAccount(playerId), 'pot', null);
  d.announce('player-seated', playerId, buyIn, [bought, anted]);
  if (!underWay) moveRotation(d, rotationAfterReseating(d.state));
  recordSeatingChange(d, { change: 'seat', playerId }, before);
}

export function movePlayer(d: Draft, playerId: string, afterPlayerId: string): void {
  refuseMidTurn(d, 'a player moves');
  if (dealUnderWay(d.state)) refuse('wrong-phase', 'A deal is under way: players change seats once its last turn is played (R31).', 'R31');
  const moving = playerOrRefuse(d, playerId);
  const after = playerOrRefuse(d, afterPlayerId);
  if (after.id === moving.id) refuse('invalid-input', `${moving.name} cannot sit on their own left.`, 'R31');
  const order = d.state.players.filter((p) => p.id !== playerId);
  const seat = order.findIndex((p) => p.id === afterPlayerId) + 1;
  if (seat === moving.seat) refuse('invalid-input', `${moving.name} already sits on ${after.name}'s left.`, 'R31');
  const before = rotationOf(d.state);
  d.emit({ type: 'player-moved', playerId, seat });
  d.announce('player-moved', playerId, 0, [], [afterPlayerId]);
  moveRotation(d, rotationAfterReseating(d.state));
  // The rotation before is numbered in the order before the move, which the undo puts back first.
  recordSeatingChange(d, { change: 'move', playerId, seatBefore: moving.seat }, before);
}
