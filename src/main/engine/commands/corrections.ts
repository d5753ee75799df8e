import type { ChipMove } from '../../../shared/chips';
import type { EngineState, LastAction, SeatingChange, TurnState } from '../state';
import { nameOf, refuse, type Draft } from './draft';
import { rotationOf, sameRotation } from './rotate';
import { reAntesAfterTurn } from '../flow';
import { anteAll } from './chips';
import { checkedBet, outcomeOf, payBet } from './turn';

/** R21: undo, correct a bet, void a turn. Nothing is deleted: every correction is new entries. */

function reverseLastAction(d: Draft): { id: string; move: ChipMove }[] {
  const last = d.state.lastAction;
  if (!last) return [];
  const reversed = [...last.entries].reverse();
  for (const { id, move } of reversed) {
    d.move('reversal', move.player, move.amount, move.to, move.from, last.turn, id);
  }
  return reversed;
}

function undoable(d: Draft): NonNullable<EngineState['lastAction']> {
  const last = d.state.lastAction;
  if (!last || last.settled || last.kind === 'other') refuse('nothing-to-undo', 'There is nothing to undo (R21).', 'R21');
  return last;
}

export function undo(d: Draft): void {
  const last = undoable(d);
  if (last.kind === 'turn') {
    refuse('cannot-undo-cards', 'Cards the table has seen stay: correct the bet or void the turn instead (R21).', 'R21');
  }
  if (last.kind === 'seating' && last.seating) return undoSeating(d, last, last.seating);
  const entry = last.entries[0];
  const playerId = last.playerId ?? entry?.move.player ?? null;
  // A player in the middle of a turn must keep chips to bet with (R17): their buy-in stays until the turn ends.
  const turn = d.state.turn;
  const midTurn = turn !== null && turn.outcome === null && turn.playerId === playerId;
  if (last.kind === 'buy-in' && midTurn && (d.state.stacks[turn.playerId] ?? 0) <= (entry?.move.amount ?? 0)) {
    refuse(
      'player-busy',
      `${nameOf(d, turn.playerId)} is in the middle of a turn and would have no chips: finish the turn first (R21).`,
      'R21',
    );
  }
  reverseLastAction(d);
  if (last.kind === 'cash-out' && playerId) d.emit({ type: 'player-returned', playerId });
  // A mistaken cash-out of the player due moved the turn on, a mistaken buy-in (R6) gave a turn: put it back, unless the turn has moved since.
  const change = last.kind === 'cash-out' || last.kind === 'buy-in' ? last.rotationChange : undefined;
  if (change && sameRotation(change.after, rotationOf(d.state))) d.emit({ type: 'rotation', ...change.before });
  d.emit({ type: 'action-settled' });
  d.announce(
    'undo',
    playerId,
    entry?.move.amount ?? 0,
    d.entries.map((e) => e.move),
  );
}

const SEATING_WORDS: Record<SeatingChange['change'], string> = {
  seat: 'sat down',
  move: 'moved',
  'sit-out': 'sat out',
  'come-back': 'came back',
};

/**
 * R21 with R31, R32: a seating change undone puts the seating back exactly
 * as it was: a newcomer's buy-in and ante are reversed and they leave the
 * table as if never seated; a moved player goes back to their seat; a
 * player who sat out is back, one who came back sits out again; and the
 * turn goes back to whoever was due before. Only while nothing else has
 * been recorded since: a cut or a deal may already have gone by that seating.
 */
function undoSeating(d: Draft, last: LastAction, change: SeatingChange): void {
  const { playerId } = change;
  const name = nameOf(d, playerId);
  if (d.state.stateId - 1 !== change.stateId) {
    refuse(
      'seating-undo-too-late',
      `The table has moved on since ${name} ${SEATING_WORDS[change.change]}: a seating change can be undone only before anything else is recorded (R21).`,
      'R21',
      { player: name, change: change.change },
    );
  }
  const reversed = reverseLastAction(d);
  switch (change.change) {
    case 'seat':
      d.emit({ type: 'player-unseated', playerId });
      break;
    case 'move':
      d.emit({ type: 'player-moved', playerId, seat: change.seatBefore ?? 0 });
      break;
    case 'sit-out':
      d.emit({ type: 'player-came-back', playerId });
      break;
    case 'come-back':
      d.emit({ type: 'player-sat-out', playerId });
      break;
  }
  // Numbered in the seating before the change, which is back now.
  if (last.rotationChange) d.emit({ type: 'rotation', ...last.rotationChange.before });
  d.emit({ type: 'action-settled' });
  // The table is told what to do: a newcomer's chips go back; otherwise the seating change the other way.
  if (change.change === 'seat')
    d.announce(
      'undo',
      playerId,
      reversed.at(-1)?.move.amount ?? 0,
      d.entries.map((e) => e.move),
    );
  else d.announce(UNDONE_AS[change.change], playerId, 0);
}

/** What the table hears when a seating change is undone: the change the other way. */
const UNDONE_AS = { move: 'player-moved', 'sit-out': 'came-back', 'come-back': 'sat-out' } as const;

function lastTurnFor(d: Draft, what: 'correct' | 'void'): TurnState {
  const last = undoable(d);
  const turn = d.state.turn;
  const done = what === 'void' ? 'voided' : 'corrected';
  if (last.kind !== 'turn' || !turn) refuse('nothing-to-undo', `The last action was not a turn: there is no turn to ${what} (R21).`, 'R21');
  if (turn.n !== last.turn)
    refuse('nothing-to-undo', `New cards are already out: only the last finished turn can be ${done} (R21).`, 'R21');
  if (d.state.phase.kind !== 'ready') {
    refuse('wrong-phase', `The next deck is already being shuffled and cut: a turn can be ${done} only before that (R21).`, 'R21', {
      phase: d.state.phase.kind,
    });
  }
  return turn;
}

export function correctBet(d: Draft, amount: number | 'pot'): void {
  const turn = lastTurnFor(d, 'correct');
  const outcome = turn.outcome;
  if (turn.bet === null || (outcome !== 'win' && outcome !== 'lose' && outcome !== 'post')) {
    refuse('nothing-to-undo', 'The last turn had no bet to correct (R21).', 'R21');
  }
  const player = turn.playerId;
  // After the reversal the pot and stack are what they were when the bet was made (a buy-in may have come mid-turn).
  reverseLastAction(d);
  // R27: the limits in force when the bet was asked (a first round's half-pot cap, maxBet) still apply.
  const chips = checkedBet(d, amount, d.state.pot, d.state.stacks[player] ?? 0, player, turn.halfPot);
  const { amount: moved } = payBet(d, turn, outcomeOf(turn), chips);
  d.emit({ type: 'bet-corrected', n: turn.n, amount: chips, potAfter: d.state.pot, stackAfter: d.state.stacks[player] ?? 0 });
  // The reversal took back any re-ante the turn caused: its first round (R27) is as the turn left it, before the re-ante.
  if (d.state.settings.firstRound === 'half-pot')
    d.emit({ type: 'first-round', waiting: turn.firstRoundBefore.filter((id) => id !== player) });
  if (reAntesAfterTurn(d.state, () => d.state.dealNumber !== turn.deal)) anteAll(d, 're-ante', turn.n);
  const corrections = d.entries.filter((e) => e.move.code !== 'reversal');
  d.emit({ type: 'last-action', kind: 'turn', turn: turn.n, entries: corrections });
  d.announce(
    'corrected',
    player,
    moved,
    d.entries.map((e) => e.move),
  );
}

export function voidTurn(d: Draft): void {
  const turn = lastTurnFor(d, 'void');
  reverseLastAction(d);
  d.emit({ type: 'turn-voided', n: turn.n });
  d.emit({ type: 'rotation', ...turn.rotationBefore });
  d.emit({ type: 'action-settled' });
  d.announce(
    'voided',
    turn.playerId,
    0,
    d.entries.map((e) => e.move),
  );
}
