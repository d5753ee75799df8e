import type { NightDetail, SettleMode, TurnView } from '../../shared';
import { nightResults } from '../ledger';
import { expenseViews, nightBalances, nightLuck, stacksAtTable, type NightSummary, type PlayedNight } from '../night';
import { nightListItem } from './nightsList';
import { nightSettlement } from './settlement';

/**
 * One night in full, as replayed from its journal (so it shows exactly what
 * was played): every turn (voided ones marked), each player's stack before
 * the first turn and after every turn for the chart, and, once ended, the
 * results and who pays whom (in the night's settle mode, M3). Players carry the names they played under that
 * night, whatever the roster calls them now.
 */
export function nightDetail(summary: NightSummary, night: PlayedNight, mode: SettleMode = 'fewest'): NightDetail {
  const { state } = night;
  const stackSeries = [...night.stackSeries];
  // The last point is the stacks as the night stands (after the pot split once it has ended).
  if (stackSeries.at(-1)?.turn === state.turnCount) stackSeries.pop();
  stackSeries.push({ turn: state.turnCount, stacks: stacksAtTable(state) });
  const ended = state.phase.kind === 'ended';
  const results = ended ? nightResults(night.ledger.balances(), state.players, state.chipValue) : null;
  const turns = night.turns.filter((t): t is TurnView => t !== undefined);
  return {
    night: nightListItem(summary),
    players: state.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat })),
    chipValue: state.chipValue,
    turns,
    stackSeries,
    results,
    luck: ended
      ? nightLuck(
          state.players.map((p) => p.id),
          turns,
          state.settings,
        )
      : null,
    settlement: results ? nightSettlement(results, nightBalances(night), mode) : null,
    expenses: expenseViews(night.expenses),
  };
}
