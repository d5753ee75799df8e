import { commandError, EXPENSES_PER_NIGHT_MAX, type CommandError } from '../../../shared';
import { shareExpense } from '../../ledger';
import { applyExpenseLine, expenseLineProblem, nightEpoch, type ExpenseCommand, type JournalEntry, type PlayedNight } from '../../night';
import { afterEndedNightChanged } from './nightIndex';
import { handedOverRefusal } from './nightPlay';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';

/** Shared expenses (M4) of the night on the table or of an ended night. */
export type ExpenseCommandName = 'addExpense' | 'editExpense' | 'removeExpense';

export function expenseHandlers(state: SessionState): HandlerMap<ExpenseCommandName> {
  return {
    addExpense: ({ nightId, ...fields }) =>
      recordExpense(state, nightId, (night) => ({ type: 'expense-add', id: newExpenseId(state, night), ...expenseFacts(night, fields) })),
    editExpense: ({ nightId, expenseId, ...fields }) =>
      recordExpense(state, nightId, (night) => ({ type: 'expense-edit', id: expenseId, ...expenseFacts(night, fields) })),
    removeExpense: ({ nightId, expenseId }) => recordExpense(state, nightId, () => ({ type: 'expense-remove', id: expenseId })),
  };
}

/**
 * Records a shared expense's line (M4) on the night on the table (open or
 * ended) or, by id, on an ended night of the history. The line is checked
 * as replay checks it, appended to the night's journal and fdatasync'd
 * before the expense counts; a refusal writes nothing. An ended night's
 * summary (its balances, so the tab) is remade, and any paid mark (M3) of
 * a transfer the change altered is set back to unpaid.
 */
function recordExpense(state: SessionState, nightId: string | undefined, make: (night: PlayedNight) => ExpenseCommand): Outcome {
  const target = expenseNight(state, nightId);
  if (!target.ok) return target;
  const { night, live } = target;
  const movedAway = handedOverRefusal(state, night);
  if (movedAway) return movedAway;
  const id = night.state.nightId;
  const command = make(night);
  const refusal = expenseRefusal(night, command);
  if (refusal) return refused(refusal);
  // R35: a night that moved is written at its holder's epoch.
  const epoch = nightEpoch(night);
  const entry: JournalEntry = { at: state.now().toISOString(), command, ...(epoch > 1 ? { epoch } : {}) };
  const closeIfHistory = () => {
    if (!live) state.repo.journals.close(id);
  };
  const saved = saveOrRefuse(
    () => state.repo.appendToJournal(id, entry, []),
    'The night could not be saved, so the expense was not recorded',
    closeIfHistory,
  );
  if (!saved.ok) return saved;
  applyExpenseLine(night, { ...entry, command });
  if (night.state.phase.kind === 'ended') afterEndedNightChanged(state, night);
  closeIfHistory();
  return DONE;
}

/** The night an expense command names: the one on the table when none is named, else an ended night of the history. */
function expenseNight(
  state: SessionState,
  nightId: string | undefined,
): { ok: true; night: PlayedNight; live: boolean } | { ok: false; error: CommandError } {
  if (nightId === undefined || nightId === state.night?.state.nightId) {
    return state.night
      ? { ok: true, night: state.night, live: true }
      : refused(commandError('no-night', 'No night is on the table: name the night the expense belongs to.'));
  }
  if (!state.knowsNight(nightId))
    return refused(commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }));
  const read = state.repo.readNight(nightId);
  if (!read || read.night.state.nightId !== nightId)
    return refused(
      commandError('storage', `The file of night ${nightId} is missing or could not be read; it was set aside and reported.`, undefined, {
        night: nightId,
      }),
    );
  if (read.night.state.phase.kind !== 'ended')
    return refused(
      commandError('night-open', `Night ${nightId} is still open: add its expenses from the table.`, undefined, { night: nightId }),
    );
  return { ok: true, night: read.night, live: false };
}

/**
 * M4: the shares of an expense, fixed now from the seating in force,
 * clockwise: every player of the night in the place they last had, those
 * who cashed out or sit out included, so a payer who left counts from their own place.
 */
function expenseFacts(night: PlayedNight, fields: { payer: string; amount: number; description: string; sharers: string[] }) {
  const seating = night.state.players.map((p) => p.id);
  const played = new Set(seating);
  // Unknown players are refused by expenseRefusal; their shares are not worked out.
  const shares = [fields.payer, ...fields.sharers].every((id) => played.has(id))
    ? shareExpense(fields.amount, fields.sharers, fields.payer, seating)
    : {};
  return { payer: fields.payer, amount: fields.amount, description: fields.description, sharers: fields.sharers, shares };
}

/** A new expense id, never one the night has used (a removed expense's id is not given again). */
function newExpenseId(state: SessionState, night: PlayedNight): string {
  const used = night.entries.flatMap((e) => (e.command.type === 'expense-add' ? [{ id: e.command.id }] : []));
  return state.newId('e', used, 3);
}

/** Why an expense line (M4) is refused, as the host reads it, or null when it may be recorded. */
function expenseRefusal(night: PlayedNight, command: ExpenseCommand): CommandError | null {
  if (command.type !== 'expense-add' && !night.expenses.some((e) => e.id === command.id)) {
    return commandError('unknown-expense', `There is no expense "${command.id}" on this night.`, undefined, { expense: command.id });
  }
  if (command.type === 'expense-remove') return null;
  if (command.type === 'expense-add' && night.expenses.length >= EXPENSES_PER_NIGHT_MAX) {
    return commandError('too-many-expenses', `A night keeps at most ${EXPENSES_PER_NIGHT_MAX} expenses.`, undefined, {
      max: EXPENSES_PER_NIGHT_MAX,
    });
  }
  const played = new Set(night.state.players.map((p) => p.id));
  const stranger = [command.payer, ...command.sharers].find((id) => !played.has(id));
  if (stranger !== undefined)
    return commandError('unknown-player', `There is no player "${stranger}" in this night (M4).`, undefined, { player: stranger });
  const problem = expenseLineProblem(night, command);
  return problem === null ? null : commandError('invalid-input', `The expense cannot be recorded: ${problem} (M4).`);
}
