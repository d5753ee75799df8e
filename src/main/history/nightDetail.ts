import type { LedgerEntry, NightDetail, TurnView } from '../../shared';
import { emptyState, evolve, type EngineEvent, type EngineState } from '../engine';
import { foldEntries, nightResults } from '../ledger';
import { turnView } from '../session/nightView';
import { TURN_EVENTS } from '../session/turnEvents';
import type { NightSummary } from '../store';
import { nightListItem } from './nightsList';
import { nightSettlement } from './settlement';

/**
 * One night in full, replayed from its events with the engine's own `evolve`
 * (so it shows exactly what was played): every turn (voided ones marked), each
 * player's stack before the first turn and after every turn for the chart,
 * and, once ended, the results and who pays whom. Players carry the names
 * they played under that night, whatever the roster calls them now.
 */
export function nightDetail(summary: NightSummary, events: readonly EngineEvent[], ledger: readonly LedgerEntry[]): NightDetail {
  let state: EngineState = emptyState();
  const turns: TurnView[] = [];
  const stackSeries: NightDetail['stackSeries'] = [];
  for (const event of events) {
    // A new turn starts: the stacks now are those after the previous turn (buy-ins, voids and cash-outs included).
    if (event.type === 'turn-started') stackSeries.push({ turn: event.n - 1, stacks: stacksAtTable(state) });
    state = evolve(state, event);
    if (TURN_EVENTS.has(event.type) && state.turn) turns[state.turn.n - 1] = turnView(state.turn);
  }
  // The last point is the stacks as the night stands (after the pot split once it has ended).
  if (stackSeries.at(-1)?.turn === state.turnCount) stackSeries.pop();
  stackSeries.push({ turn: state.turnCount, stacks: stacksAtTable(state) });
  const ended = state.phase.kind === 'ended';
  const results = ended ? nightResults(foldEntries(ledger), state.players, state.chipValue) : null;
  return {
    night: nightListItem(summary),
    players: state.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat })),
    chipValue: state.chipValue,
    turns: turns.filter((t): t is TurnView => t !== undefined),
    stackSeries,
    results,
    settlement: results ? nightSettlement(results, state.players[0]?.id ?? null) : null,
  };
}

/** The stacks of the players still at the table: one who cashed out has no stack to chart. */
function stacksAtTable(state: EngineState): Record<string, number> {
  const stacks: Record<string, number> = {};
  for (const player of state.players) if (!player.left) stacks[player.id] = state.stacks[player.id] ?? 0;
  return stacks;
}
