import { playerAccount, type ChipMove } from '../../../shared/chips';
import { activePlayers, rotationAfterBuyIn, rotationAfterCashOut, rotationAfterSittingOutOrBack, turnInProgress, whoAntes } from '../flow';
import { playerOrRefuse, refuse, type Draft } from './draft';
import { moveRotation, recordSeatingChange, rotationOf, sameRotation } from './rotate';

/** Chips coming to the table and leaving it: antes (R4, R5), buy-ins and cash-outs (R3, R6). */

/** R4, R5: every seated player with chips puts the ante in (all they have if less). */
export function anteAll(d: Draft, kind: 'ante' | 're-ante', turn: number | null): void {
  const { ante } = d.state.settings;
  const moves: ChipMove[] = [];
  const who: string[] = [];
  for (const player of whoAntes(d.state)) {
    const amount = Math.min(ante, d.state.stacks[player.id] ?? 0);
    const move = d.move('ante', player.id, amount, playerAccount(player.id), 'pot', turn);
    if (move) {
      moves.push(move);
      who.push(player.id);
    }
  }
  if (who.length > 0) d.announce(kind, null, ante, moves, who);
  startFirstRound(d);
}

/** R27 `half-pot`: the pot was just made: everyone who can take a turn now has a first turn to play before bets open up. */
function startFirstRound(d: Draft): void {
  if (d.state.settings.firstRound !== 'half-pot') return;
  d.emit({ type: 'first-round', waiting: activePlayers(d.state).map((p) => p.id) });
}

export function buyIn(d: Draft, playerId: string, amount: number): void {
  const player = playerOrRefuse(d, playerId);
  if (!Number.isInteger(amount) || amount < 1) refuse('invalid-input', 'A buy-in is a whole number of chips, at least 1 (R3).', 'R3');
  if (player.left) d.emit({ type: 'player-returned', playerId });
  const before = rotationOf(d.state);
  const move = d.move('buy-in', playerId, amount, 'bank', playerAccount(playerId), null);
  d.announce('buy-in', playerId, amount, [move]);
  // R6: a player who had no chips plays again from the next turn that reaches their place.
  moveRotation(d, rotationAfterBuyIn(d.state));
  const after = rotationOf(d.state);
  d.emit({
    type: 'last-action',
    kind: 'buy-in',
    turn: null,
    playerId,
    entries: d.entries,
    ...(sameRotation(before, after) ? {} : { rotationChange: { before, after } }),
  });
}

/** R32: the player keeps their chips and is skipped like a player with none from now on (who is due: flow.ts). */
export function sitOut(d: Draft, playerId: string): void {
  const player = playerOrRefuse(d, playerId);
  if (player.left) refuse('already-left', `${player.name} has cashed out: there is nobody to sit out.`, 'R32', { player: player.name });
  if (player.sittingOut) refuse('already-sitting-out', `${player.name} is already sitting out.`, 'R32', { player: player.name });
  if (turnInProgress(d.state)) {
    if (d.state.turn?.playerId === playerId) {
      refuse('player-busy', `It is ${player.name}'s turn: finish it before they sit out (R32).`, 'R32', { player: player.name });
    }
    refuse('wrong-phase', `A turn is in progress: ${player.name} can sit out once it is over (R32).`, 'R32', { player: player.name });
  }
  const before = rotationOf(d.state);
  d.emit({ type: 'player-sat-out', playerId });
  d.announce('sat-out', playerId, 0);
  moveRotation(d, rotationAfterSittingOutOrBack(d.state, player, 'sit-out'));
  recordSeatingChange(d, { change: 'sit-out', playerId }, before);
}

/** R32: back from sitting out: plays again from the next turn that reaches their place, in this deal if it has not passed it. */
export function comeBack(d: Draft, playerId: string): void {
  const player = playerOrRefuse(d, playerId);
  if (!player.sittingOut) refuse('not-sitting-out', `${player.name} is not sitting out.`, 'R32', { player: player.name });
  if (turnInProgress(d.state))
    refuse('wrong-phase', `A turn is in progress: ${player.name} can come back once it is over (R32).`, 'R32', { player: player.name });
  const before = rotationOf(d.state);
  d.emit({ type: 'player-came-back', playerId });
  d.announce('came-back', playerId, 0);
  moveRotation(d, rotationAfterSittingOutOrBack(d.state, player, 'come-back'));
  recordSeatingChange(d, { change: 'come-back', playerId }, before);
}

export function cashOut(d: Draft, playerId: string): void {
  const player = playerOrRefuse(d, playerId);
  if (player.left)
    refuse('already-left', `${player.name} has already cashed out: a buy-in seats them again.`, undefined, { player: player.name });
  const turn = d.state.turn;
  const busy = turn && turn.outcome === null && turn.playerId === playerId && !turn.void;
  if (busy) refuse('player-busy', `${player.name} is in the middle of a turn: finish it first.`, undefined, { player: player.name });
  const stack = d.state.stacks[playerId] ?? 0;
  const before = rotationOf(d.state);
  const move = d.move('cash-out', playerId, stack, playerAccount(playerId), 'bank', null);
  d.emit({ type: 'player-left', playerId });
  d.announce('cash-out', playerId, stack, [move]);
  moveRotation(d, rotationAfterCashOut(d.state, player));
  const after = rotationOf(d.state);
  d.emit({
    type: 'last-action',
    kind: 'cash-out',
    turn: null,
    playerId,
    entries: d.entries,
    ...(sameRotation(before, after) ? {} : { rotationChange: { before, after } }),
  });
}
