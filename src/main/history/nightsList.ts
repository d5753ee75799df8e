import type { NightListItem } from '../../shared';
import { winnersOf } from '../ledger';
import type { NightSummary } from '../store';

const MINUTE_MS = 60_000;

/** Who hosted a night of another laptop, by name, and whether its copy is signed (R35); null for this laptop's own. */
export type NightHost = (nightId: string) => { laptop: string; signed: boolean } | null;

/** One line of the nights list, from the index alone (no night file is opened). */
export function nightListItem(summary: NightSummary, hostOf?: NightHost): NightListItem {
  const host = hostOf?.(summary.id) ?? null;
  const minutes =
    summary.endedAt === null ? null : Math.max(0, Math.round((Date.parse(summary.endedAt) - Date.parse(summary.startedAt)) / MINUTE_MS));
  return {
    id: summary.id,
    startedAt: summary.startedAt,
    endedAt: summary.endedAt,
    playerIds: summary.playerIds,
    turns: summary.turns,
    biggestPot: summary.biggestPot,
    winnerIds: nightWinnerIds(summary),
    minutes: Number.isFinite(minutes) ? minutes : null,
    currency: summary.currency,
    hostedOn: host?.laptop ?? null,
    unsigned: host !== null && !host.signed,
  };
}

/** Every night, newest first. */
export function listNights(index: readonly NightSummary[], hostOf?: NightHost): NightListItem[] {
  return [...index].sort(newestFirst).map((summary) => nightListItem(summary, hostOf));
}

/** ISO times and ids compare by their characters: a locale's collation is not needed, and cold it was most of the list's time. */
function newestFirst(a: NightSummary, b: NightSummary): number {
  if (a.startedAt !== b.startedAt) return a.startedAt < b.startedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Who won the night (R23), from its results when it has them: an index line
 * made before an even night had no winner still names every player, and
 * the history must not crown the whole table for it either.
 */
export function nightWinnerIds(summary: Pick<NightSummary, 'results' | 'winnerIds'>): string[] {
  // Only a line that crowns every player can be such a line: the others are taken as they are, so the list and the
  // board, often asked while their code is still cold, do not work out 1,000 nights' winners again.
  if (summary.results.length === 0 || summary.winnerIds.length !== summary.results.length) return summary.winnerIds;
  return winnersOf(summary.results);
}
