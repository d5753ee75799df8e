import { cutterSeat, emptyState, evolve, type EngineEvent, type EngineState } from '../engine';
import { isExpenseCommand, type JournalEntry } from './format';

/**
 * The host's actions between turns, in the order they were made (docs/export-format.md
 * `hostActions`): seating a newcomer, moves, sitting out and coming back,
 * buy-ins, cash-outs, undos, corrections (with the bet before), voids, the
 * cut and who made it, shared expenses, the end and its reopening. Each is
 * placed in one sequence with the turns and the ledger: `turnsBefore` turns
 * had started when it was made and the ledger held `atLedger` entries, so
 * its own entries are `atLedger`, `atLedger + 1`, ... Worked out from the
 * night's journal lines and events, so it cannot disagree with the night as played.
 */
export type HostAction = { turnsBefore: number; atLedger: number; entries: string[] } & (
  | { kind: 'seat' | 'move' | 'sit-out' | 'come-back'; player: string; seating: SeatingNow }
  | { kind: 'buy-in' | 'cash-out'; player: string }
  | { kind: 'undo'; undoes: 'buy-in' | 'cash-out' | 'turn' | 'seating' | 'other'; player: string | null; seating: SeatingNow | null }
  | { kind: 'correction'; turn: number; betBefore: number; bet: number }
  | { kind: 'void'; turn: number }
  | { kind: 'cut'; deck: string; cut: number; by: string | null }
  | { kind: 'expense'; change: 'add' | 'edit' | 'remove'; expense: string; seating: SeatingNow }
  | { kind: 'end'; dealer: string | null }
  | { kind: 'reopen' }
);

/** The seating right after an action: player ids clockwise from seat 0 (cashed-out players keep their place) and who sits out. */
interface SeatingNow {
  order: string[];
  sittingOut: string[];
}

/**
 * Commands the engine runs for the dealer inside a recorded command (a deck's shuffle, R34's commitment and draws,
 * R35's deck sealed on another laptop): part of that command.
 */
const DEALER_STEPS = new Set(['shuffle', 'shuffle-sealed', 'commit', 'reveal']);

export function hostActions(entries: readonly JournalEntry[], events: readonly EngineEvent[]): HostAction[] {
  const actions: HostAction[] = [];
  let state: EngineState = emptyState();
  let at = 0;
  let turnsBefore = 0;
  let atLedger = 0;
  for (const entry of entries) {
    const { command } = entry;
    if (isExpenseCommand(command)) {
      const change = command.type === 'expense-add' ? 'add' : command.type === 'expense-edit' ? 'edit' : 'remove';
      actions.push({ kind: 'expense', change, expense: command.id, turnsBefore, atLedger, entries: [], seating: seatingOf(state) });
      continue;
    }
    // This line's events: its own command event, then the dealer's steps it needed, up to the next line's command.
    const start = at;
    for (at++; at < events.length; at++) {
      const event = events[at] as EngineEvent;
      if (event.type === 'command' && !DEALER_STEPS.has(event.name)) break;
    }
    const before = state;
    const made: string[] = [];
    for (const event of events.slice(start, at)) {
      if (event.type === 'chips') made.push(event.id);
      state = evolve(state, event);
    }
    const place = { turnsBefore, atLedger, entries: made };
    const action = actionOf(command, before, state, place);
    if (action) actions.push(action);
    atLedger += made.length;
    turnsBefore = state.turn?.n ?? turnsBefore;
  }
  return actions;
}

function actionOf(
  command: JournalEntry['command'],
  before: EngineState,
  after: EngineState,
  place: { turnsBefore: number; atLedger: number; entries: string[] },
): HostAction | null {
  switch (command.type) {
    case 'seat':
      return { kind: 'seat', player: command.playerId, seating: seatingOf(after), ...place };
    case 'move':
    case 'sit-out':
    case 'come-back':
      return { kind: command.type, player: command.playerId, seating: seatingOf(after), ...place };
    case 'buy-in':
    case 'cash-out':
      return { kind: command.type, player: command.playerId, ...place };
    case 'undo': {
      const undone = before.lastAction;
      const kind = undone?.kind ?? 'other';
      const player = undone?.seating?.playerId ?? undone?.playerId ?? null;
      return { kind: 'undo', undoes: kind, player, seating: kind === 'seating' ? seatingOf(after) : null, ...place };
    }
    case 'correct-bet': {
      const turn = after.turn;
      if (!turn || turn.bet === null) return null;
      return { kind: 'correction', turn: turn.n, betBefore: before.turn?.bet ?? turn.bet, bet: turn.bet, ...place };
    }
    case 'void-turn':
      return before.turn ? { kind: 'void', turn: before.turn.n, ...place } : null;
    case 'cut': {
      // R11: the player on the dealer's right, in the seating when the cut is made.
      const seat = cutterSeat(before);
      const by = seat === null ? null : (before.players[seat]?.id ?? null);
      return { kind: 'cut', deck: before.deck?.id ?? '', cut: command.cut, by, ...place };
    }
    case 'end': {
      // R22: whoever holds the deal when the night ends.
      const dealer = before.dealerSeat === null ? null : (before.players[before.dealerSeat]?.id ?? null);
      return { kind: 'end', dealer, ...place };
    }
    case 'reopen':
      return { kind: 'reopen', ...place };
    default:
      return null;
  }
}

function seatingOf(state: EngineState): SeatingNow {
  return { order: state.players.map((p) => p.id), sittingOut: state.players.filter((p) => p.sittingOut).map((p) => p.id) };
}
