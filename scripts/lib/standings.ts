import { foldEntries } from '../../src/main/ledger';
import type { DealerRepository } from '../../src/main/store';

export interface Standing {
  playerId: string;
  nights: number;
  /** Sum over nights of final chips (stack after the pot split + cashed out) minus chips bought (R23). */
  netChips: number;
}

/**
 * The all-time table: every ended night's ledger, loaded through the
 * repository (so each file is schema-checked and its R24 re-verified) and
 * folded into net chips per player. Best first; ties by id, so it is stable.
 *
 * This belongs in src/main/history once the app shows it; it lives here so
 * the benchmark can time it against the 300 ms target.
 */
export function allTimeStandings(repo: DealerRepository): Standing[] {
  const totals = new Map<string, Standing>();
  for (const summary of repo.loadIndex()) {
    if (summary.endedAt === null) continue;
    const night = repo.loadNight(summary.id);
    if (!night) continue;
    const balances = foldEntries(night.ledger);
    for (const [playerId, stack] of Object.entries(balances.stacks)) {
      const net = stack + (balances.cashedOut[playerId] ?? 0) - (balances.boughtIn[playerId] ?? 0);
      const standing = totals.get(playerId) ?? { playerId, nights: 0, netChips: 0 };
      standing.nights += 1;
      standing.netChips += net;
      totals.set(playerId, standing);
    }
  }
  return [...totals.values()].sort((a, b) => b.netChips - a.netChips || a.playerId.localeCompare(b.playerId));
}
