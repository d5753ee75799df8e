import type { TurnView } from '../../shared';
import type { EngineState } from '../engine';
import { nightResults, type Ledger } from '../ledger';
import type { NightSummary } from '../store/schemas';

/** The night's line in the nights index: what the history lists without opening the night's file. */
export function nightSummary(state: EngineState, turns: readonly TurnView[], ledger: Ledger): NightSummary {
  const ended = state.phase.kind === 'ended';
  const results = ended ? nightResults(ledger.balances(), state.players, state.chipValue) : [];
  return {
    id: state.nightId,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    playerIds: state.players.map((p) => p.id),
    turns: turns.filter((t) => !t.void && t.outcome !== null).length,
    biggestPot: Math.max(0, ...turns.map((t) => t.potBefore)),
    winnerIds: results.filter((r) => r.isWinner).map((r) => r.playerId),
    results: results.map(({ playerId, boughtIn, finalChips, netChips, netMoney }) => ({
      playerId,
      boughtIn,
      finalChips,
      netChips,
      netMoney,
      biggestWin: biggestWinOf(playerId, turns),
    })),
    chipValue: state.chipValue,
    currency: state.currency,
    file: `nights/${state.nightId}`,
  };
}

/** The most chips a player took from the pot in one turn that stands (a win or a pair; voided turns do not count). */
export function biggestWinOf(playerId: string, turns: readonly TurnView[]): number {
  let best = 0;
  for (const t of turns) {
    if (t.void || t.playerId !== playerId || t.potAfter === null) continue;
    if (t.outcome === 'win' || t.outcome === 'pair') best = Math.max(best, t.potBefore - t.potAfter);
  }
  return best;
}

export interface Standing {
  playerId: string;
  nights: number;
  /** Sum over ended nights of final chips minus chips bought (R23). */
  netChips: number;
  /** Minor units (M1); a sum across currencies only means something when every night used the same one. */
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
      standing.netMoney += result.netMoney;
      totals.set(result.playerId, standing);
    }
  }
  return [...totals.values()].sort((a, b) => b.netChips - a.netChips || a.playerId.localeCompare(b.playerId));
}
