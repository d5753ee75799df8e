import type { RosterPlayer, StandingRow, Standings, StandingsQuery } from '../../shared';
import { luckVerdict } from '../night';
import { fraction } from '../night/fraction';
import type { NightSummary } from '../store';
import { NO_ALIAS, type PlayerAlias } from './aliases';
import { nightWinnerIds } from './nightsList';

type NightResult = NightSummary['results'][number];

/** The calendar day a night started on (its id's date too), for the date filter. */
const dayOf = (night: NightSummary) => night.startedAt.slice(0, 10);

/** The ended nights the query keeps, oldest first. One pass, and no sort when the index is in order already (it is kept so). */
function nightsFor(index: readonly NightSummary[], query: StandingsQuery, alias: PlayerAlias): NightSummary[] {
  const wanted = query.playerIds && query.playerIds.length > 0 ? new Set(query.playerIds.map(alias)) : null;
  const kept: NightSummary[] = [];
  let ordered = true;
  for (const night of index) {
    if (night.endedAt === null) continue;
    const day = dayOf(night);
    if ((query.from !== undefined && day < query.from) || (query.to !== undefined && day > query.to)) continue;
    if (wanted !== null && !night.playerIds.some((id) => wanted.has(alias(id)))) continue;
    const last = kept.at(-1);
    if (last && byStart(last, night) > 0) ordered = false;
    kept.push(night);
  }
  return ordered ? kept : kept.sort(byStart);
}

/** Oldest first, then by id: ISO times and ids compare by their characters (no locale's collation, which is slow and not needed). */
function byStart(a: NightSummary, b: NightSummary): number {
  if (a.startedAt !== b.startedAt) return a.startedAt < b.startedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The all-time leaderboard, folded from the nights index alone (each ended
 * night recorded its results, R23), so it costs the same whether or not the
 * night files are on a slow disk. Best net money first. With `playerIds`,
 * only those players' rows over the nights any of them played; names are the
 * roster's today (a renamed player keeps one row). A player merged into
 * another (aliases.ts) is counted as that one, under the name kept: one row,
 * and a night both names played counts once.
 */
export function standings(
  index: readonly NightSummary[],
  roster: readonly RosterPlayer[],
  query: StandingsQuery = {},
  alias: PlayerAlias = NO_ALIAS,
): Standings {
  const names = new Map(roster.map((p) => [p.id, p.name]));
  const only = query.playerIds && query.playerIds.length > 0 ? new Set(query.playerIds.map(alias)) : null;
  const rows = new Map<string, StandingRow>();
  /** Each row's luck variance so far, in hundredths of a chip squared. */
  const luckVariances = new Map<string, number>();
  const cumulative: Standings['cumulative'] = [];
  // Folded at the first ask after start-up, with the code still cold: nothing is made per night but its chart point.
  for (const night of nightsFor(index, query, alias)) {
    const net: Record<string, number> = {};
    const winnerIds = nightWinnerIds(night);
    for (const result of resultsUnder(night.results, alias)) {
      if (only !== null && !only.has(result.playerId)) continue;
      let row = rows.get(result.playerId);
      if (row === undefined) {
        row = newRow(result.playerId, names.get(result.playerId) ?? result.playerId);
        rows.set(result.playerId, row);
      }
      row.nights += 1;
      if (wonNight(winnerIds, result.playerId, alias)) row.nightsWon += 1;
      row.netChips += result.netChips;
      row.netMoney += result.netMoney;
      row.biggestPotWon = Math.max(row.biggestPotWon, result.biggestWin);
      // Counted from the night's turns when its index line was made (the index is remade from the journals).
      row.postsHit += result.postsHit ?? 0;
      row.pairs += result.pairs ?? 0;
      row.longestWinStreak = Math.max(row.longestWinStreak, result.longestWinStreak ?? 0);
      row.bets += result.bets ?? 0;
      row.betsWon += result.betsWon ?? 0;
      luckAdded(row.luck, luckVariances, result);
      net[result.playerId] = row.netMoney;
    }
    // Only the night's own players: the chart keeps a player's line flat on the nights they missed.
    cumulative.push({ nightId: night.id, date: dayOf(night), net });
  }
  // The win rate, the spread and the verdict read the totals over every night: worked out once per row, at the end.
  for (const row of rows.values()) {
    row.winRate = row.bets > 0 ? row.betsWon / row.bets : null;
    const variance = luckVariances.get(row.playerId) ?? 0;
    row.luck.spread = Math.round(Math.sqrt(variance));
    row.luck.verdict = luckVerdict(fraction(row.luck.luck, 100), fraction(variance, 10_000));
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.netMoney - a.netMoney || b.netChips - a.netChips || a.name.localeCompare(b.name) || a.playerId.localeCompare(b.playerId),
  );
  return { rows: sorted, cumulative };
}

/**
 * Luck over nights: the nights' luck added up, and their spreads added as
 * variances (a night's bets do not depend on another's cards), from the
 * index's hundredths of a chip. The spread and the verdict (as for one
 * night, luck.ts) are left as they were: both are worked out from the totals
 * once every night is added.
 */
function luckAdded(sofar: StandingRow['luck'], variances: Map<string, number>, night: NightResult): void {
  const variance = (variances.get(sofar.playerId) ?? 0) + (night.luckSpread ?? 0) ** 2;
  variances.set(sofar.playerId, variance);
  // The row's own object, added to in place: 8,000 copies for 1,000 nights were a fifth of the board's time.
  sofar.luck += night.luck ?? 0;
  sofar.bets += night.bets ?? 0;
}

function newRow(playerId: string, name: string): StandingRow {
  return {
    playerId,
    name,
    nights: 0,
    nightsWon: 0,
    netChips: 0,
    netMoney: 0,
    biggestPotWon: 0,
    postsHit: 0,
    pairs: 0,
    longestWinStreak: 0,
    bets: 0,
    betsWon: 0,
    winRate: null,
    luck: { playerId, bets: 0, luck: 0, spread: 0, verdict: 'even' },
  };
}

/** Whether the player won the night (R23), their merged names counted as them. A night has a winner or two: no set is made. */
function wonNight(winnerIds: readonly string[], playerId: string, alias: PlayerAlias): boolean {
  if (alias === NO_ALIAS) return winnerIds.includes(playerId);
  return winnerIds.some((id) => alias(id) === playerId);
}

/** A night's results with merged players added up under the id they are counted as. */
function resultsUnder(results: readonly NightResult[], alias: PlayerAlias): readonly NightResult[] {
  // Without merges every id is counted as itself (a night's results name each player once): nothing to add up.
  if (alias === NO_ALIAS) return results;
  const byPlayer = new Map<string, NightResult>();
  for (const result of results) {
    const playerId = alias(result.playerId);
    const other = byPlayer.get(playerId);
    if (!other) {
      byPlayer.set(playerId, { ...result, playerId });
      continue;
    }
    byPlayer.set(playerId, {
      ...other,
      boughtIn: other.boughtIn + result.boughtIn,
      finalChips: other.finalChips + result.finalChips,
      netChips: other.netChips + result.netChips,
      netMoney: other.netMoney + result.netMoney,
      biggestWin: Math.max(other.biggestWin, result.biggestWin),
      postsHit: (other.postsHit ?? 0) + (result.postsHit ?? 0),
      pairs: (other.pairs ?? 0) + (result.pairs ?? 0),
      longestWinStreak: Math.max(other.longestWinStreak ?? 0, result.longestWinStreak ?? 0),
      bets: (other.bets ?? 0) + (result.bets ?? 0),
      betsWon: (other.betsWon ?? 0) + (result.betsWon ?? 0),
      luck: (other.luck ?? 0) + (result.luck ?? 0),
      luckSpread: Math.round(Math.hypot(other.luckSpread ?? 0, result.luckSpread ?? 0)),
    });
  }
  return [...byPlayer.values()];
}
