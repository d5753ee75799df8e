import { commandError, type ParsedCommandArgs, type PayKind } from '../../../shared';
import { changedPayDetails } from '../../history';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';

/** How players and the bank like to be paid, and which kinds a night shows (docs/design.md "Paying from the table"). */
export type PayDetailsCommand = 'setPayDetails' | 'hidePayKinds';

export function payDetailsHandlers(state: SessionState): HandlerMap<PayDetailsCommand> {
  return {
    setPayDetails: (args) => setPayDetails(state, args),
    hidePayKinds: (args) => hidePayKinds(state, args),
  };
}

/**
 * How a roster player or the bank likes to be paid: the player's in the
 * roster, the bank's in the settings. A mistyped IBAN (its checksum) or a
 * missing BIC is refused, nothing saved.
 */
function setPayDetails(state: SessionState, args: ParsedCommandArgs<'setPayDetails'>): Outcome {
  const change = changedPayDetails(args, state.roster);
  if (!change.ok) return change;
  const failure = 'The payment details could not be saved, so nothing changed';
  if (change.party === 'player') {
    const saved = saveOrRefuse(() => state.repo.saveRoster(change.roster), failure);
    if (saved.ok) state.roster = change.roster;
    return saved;
  }
  const { bankPay: _old, ...rest } = state.settings;
  const settings = Object.keys(change.details).length > 0 ? { ...rest, bankPay: change.details } : rest;
  const saved = saveOrRefuse(() => state.repo.saveSettings(settings), failure);
  if (saved.ok) state.settings = settings;
  return saved;
}

/** The kinds of payment detail shown for a night (the one on the table unless named), kept with its settle mode in the tab file. */
function hidePayKinds(state: SessionState, args: ParsedCommandArgs<'hidePayKinds'>): Outcome {
  const nightId = args.nightId ?? state.night?.state.nightId;
  if (nightId === undefined) return refused(commandError('no-night', 'No night is on the table: name the night.'));
  if (!state.knowsNight(nightId))
    return refused(commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }));
  const hidden: Record<string, PayKind[]> = { ...state.hiddenPay };
  if (args.hidden.length > 0) hidden[nightId] = [...args.hidden];
  else delete hidden[nightId];
  const saved = saveOrRefuse(() => state.saveTab({ hidden }), 'The choice could not be saved, so nothing changed');
  if (!saved.ok) return saved;
  state.hiddenPay = hidden;
  return DONE;
}
