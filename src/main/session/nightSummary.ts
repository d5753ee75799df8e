import type { TurnView } from '../../shared';
import type { EngineState } from '../engine';
import { nightResults, type Ledger } from '../ledger';
import type { NightSummary } from '../store/schemas';

/** The night's line in the nights index: what the history lists without opening the night's file. */
export function nightSummary(state: EngineState, turns: readonly TurnView[], ledger: Ledger): NightSummary {
  const ended = state.phase === 'ended';
  const results = ended ? nightResults(ledger.balances(), state.players, state.chipValue) : [];
  return {
    id: state.nightId,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    playerIds: state.players.map((p) => p.id),
    turns: turns.filter((t) => !t.void && t.outcome !== null).length,
    biggestPot: Math.max(0, ...turns.map((t) => t.potBefore)),
    winnerIds: results.filter((r) => r.isWinner).map((r) => r.playerId),
    results: results.map(({ playerId, boughtIn, finalChips, netChips, netMoney }) => ({ playerId, boughtIn, finalChips, netChips, netMoney })),
    file: `nights/${state.nightId}`,
  };
}

export interface Standing {
  playerId: string;
  nights: number;
  /** Sum over ended nights of final chips minus chips bought (R23). */
  netChips: number;
  netMoney: number;
}

/** The all-time table, best first (ties by id so it is stable), folded from the nights index. */
export function allTimeStandings(index: readonly NightSummary[]): Standing[] {
  const totals = new Map<string, Standing>();
  for (const night of index) {
    if (night.endedAt === null) continue;
    for (const result of night.results) {
      const standing = totals.get(result.playerId) ?? { playerId: result.playerId, nights: 0, netChips: 0, netMoney: 0 };
      standing.nights += 1;
      standing.netChips += result.netChips;
      standing.netMoney = Math.round((standing.netMoney + result.netMoney) * 100) / 100;
      totals.set(result.playerId, standing);
    }
  }
  return [...totals.values()].sort((a, b) => b.netChips - a.netChips || a.playerId.localeCompare(b.playerId));
}
