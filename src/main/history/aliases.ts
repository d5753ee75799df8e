import type { RosterPlayer } from '../../shared';

/**
 * One person under two roster names (docs/design.md "One person, many
 * names"): `from` is counted as `into` by the leaderboard, the running tab
 * and the per-player figures. The journals stay as written; the merge is a
 * recorded alias the history applies, and unmerging removes it.
 */
export interface PlayerMerge {
  /** The roster player counted as another from now on. */
  from: string;
  /** The roster player `from` is counted as (the name the host keeps). */
  into: string;
  at: string;
  /** Whether `from` was archived before the merge archived it, so unmerging puts it back as it was. */
  wasArchived: boolean;
}

/** A player id to the id it is counted under: itself, or the end of its chain of merges. */
export type PlayerAlias = (playerId: string) => string;

/** The identity: no merges. */
export const NO_ALIAS: PlayerAlias = (id) => id;

/** The alias the merges make. A chain (Robert into Bobby, Bobby into Bob) counts Robert as Bob; a cycle stops where it would repeat. */
export function playerAlias(merges: readonly PlayerMerge[]): PlayerAlias {
  if (merges.length === 0) return NO_ALIAS;
  const into = new Map(merges.map((m) => [m.from, m.into]));
  return (id) => {
    const seen = new Set<string>([id]);
    let current = id;
    for (let next = into.get(current); next !== undefined && !seen.has(next); next = into.get(current)) {
      seen.add(next);
      current = next;
    }
    return current;
  };
}

/** Why a merge is refused, as a code the session words, or null when it may be recorded. */
export type MergeProblem =
  { code: 'same-player' } | { code: 'unknown-player'; player: string } | { code: 'already-merged'; player: string; into: string };

/** Checks merging `from` into `into` against the roster and the merges already recorded. */
export function mergeProblem(
  roster: readonly RosterPlayer[],
  merges: readonly PlayerMerge[],
  from: string,
  into: string,
): MergeProblem | null {
  for (const id of [from, into]) if (!roster.some((p) => p.id === id)) return { code: 'unknown-player', player: id };
  const existing = merges.find((m) => m.from === from);
  if (existing) return { code: 'already-merged', player: from, into: existing.into };
  // Into itself, or into someone already counted as it: the merge would make a cycle.
  if (playerAlias(merges)(into) === from) return { code: 'same-player' };
  return null;
}
