import { DEFAULT_PREFERENCES, type AppView } from '../../../shared';
import { nightResults } from '../../ledger';
import { nightBalances, nightPayment, type PlayedNight } from '../../night';
import { nightPayees, payDirectory, publicRoster } from '../../history';
import { nightView } from './nightView';
import { reopenablePaidMarks } from '../domains/paidMarks';
import { groupView } from '../domains/groupDomain';
import { mergesView } from '../domains/playerMerges';
import type { SessionState } from '../sessionState';

/** R34: the witnesses left out of the night's last draw, from its events (only a night drawn by the table has any). */
function missedLastDraw(night: PlayedNight): readonly string[] {
  if (night.state.settings.cards !== 'table') return [];
  const last = night.events.findLast((e) => e.type === 'card-drawn');
  return last?.type === 'card-drawn' ? last.missing : [];
}

/** What every window shows, made from the session's state after each accepted change. */
export function buildView(state: SessionState): AppView {
  const night = state.night;
  const results =
    night && night.state.phase.kind === 'ended' ? nightResults(night.ledger.balances(), night.state.players, night.state.chipValue) : null;
  const nightShown = night
    ? nightView(
        night.state,
        night.turns,
        results,
        {
          payment: nightPayment(night),
          balances: nightBalances(night),
          expenses: night.expenses,
          settleMode: state.settleModes[night.state.nightId] ?? 'fewest',
        },
        missedLastDraw(night),
      )
    : null;
  const settlePay = nightPayees(nightShown, state.paidTransfers, payDirectory(state.roster, state.settings.bankPay), state.hiddenPay);
  return {
    night: nightShown,
    roster: publicRoster(state.roster),
    lastSetup: state.settings.lastSetup,
    storageNotices: [...state.repo.notices],
    tableScreen: state.tableScreen,
    settleMode: state.settleMode,
    preferences: state.settings.preferences ?? DEFAULT_PREFERENCES,
    reopenWarning: { paidTransfers: reopenablePaidMarks(state) },
    merges: mergesView(state.merges),
    group: groupView(state),
    ...(settlePay ? { settlePay } : {}),
  };
}
