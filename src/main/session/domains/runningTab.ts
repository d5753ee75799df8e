import { commandError, type ParsedCommandArgs, type SettleMode } from '../../../shared';
import { nightTransfers } from '../../history';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import { historyIndex } from './groupDomain';
import { paidMarksOf } from './paidMarks';
import type { SessionState } from '../sessionState';

/** The running tab's marks (M3): which transfers are paid, and how each night settles up. */
export type RunningTabCommand = 'markTransfersPaid' | 'setSettleMode';

export function runningTabHandlers(state: SessionState): HandlerMap<RunningTabCommand> {
  return {
    markTransfersPaid: (args) => markTransfersPaid(state, args),
    setSettleMode: (args) => setSettleMode(state, args),
  };
}

/**
 * Marks night transfers paid or unpaid (M3), kept in the tab file; a tab
 * transfer is marked through the night transfers it covers. Every id must
 * be a transfer of an ended night, or nothing changes.
 */
function markTransfersPaid(state: SessionState, args: ParsedCommandArgs<'markTransfersPaid'>): Outcome {
  const known = new Set(nightTransfers(historyIndex(state), state.paidTransfers, state.settleModes).map((t) => t.id));
  const unknown = args.ids.find((id) => !known.has(id));
  if (unknown !== undefined) return refused(commandError('invalid-input', `There is no transfer "${unknown}" in the history.`));
  const paid = new Set(state.paidTransfers);
  for (const id of args.ids) {
    if (args.paid) paid.add(id);
    else paid.delete(id);
  }
  const saved = saveOrRefuse(() => state.saveTab({ paid }), 'The marks could not be saved, so nothing changed');
  if (saved.ok) state.paidTransfers = paid;
  return saved;
}

/**
 * M3: how a night is settled up, the fewest transfers or every party with
 * the bank, kept for that night with the tab (its transfers on the tab and
 * in its export follow it). Switching a night whose transfers are marked
 * paid is refused: the marks name transfers of the other list, and
 * dropping them silently would lose a payment the host recorded. Without
 * a night, only what the screens show changes.
 */
function setSettleMode(state: SessionState, args: ParsedCommandArgs<'setSettleMode'>): Outcome {
  const { mode, nightId } = args;
  if (nightId === undefined) {
    state.settleMode = mode;
    return DONE;
  }
  if (!state.knowsNight(nightId))
    return refused(commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }));
  const current = state.settleModes[nightId] ?? 'fewest';
  if (current !== mode) {
    const marked = paidMarksOf(state, nightId).length;
    if (marked > 0) {
      return refused(
        commandError(
          'payments-marked',
          `${marked} payment(s) of this night are marked paid: mark them unpaid on the tab before settling it another way (M3).`,
          undefined,
          {
            n: marked,
            night: nightId,
          },
        ),
      );
    }
    const modes: Record<string, SettleMode> = { ...state.settleModes };
    if (mode === 'fewest') delete modes[nightId];
    else modes[nightId] = mode;
    const saved = saveOrRefuse(() => state.saveTab({ modes }), 'How the night settles could not be saved, so nothing changed');
    if (!saved.ok) return saved;
    state.settleModes = modes;
  }
  state.settleMode = mode;
  return DONE;
}
