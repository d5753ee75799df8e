import type { RosterPlayer, Standings, StandingsQuery } from '../../shared';
import type { NightSummary } from '../store';
import { playerAlias, type PlayerMerge } from './aliases';
import { standings } from './standings';

/** What the whole history's board is folded from. */
interface BoardSource {
  index: readonly NightSummary[];
  roster: readonly RosterPlayer[];
  merges: readonly PlayerMerge[];
}

/**
 * The all-time board of the whole history (no player, no dates), folded
 * once and kept until what it is folded from changes: the session replaces
 * the index, the roster and the merges whole whenever they change (a night
 * ended or taken in from the group, a rename, a merge), so comparing
 * references is enough. Folding 1,000 nights costs 1-2 ms with its code warm
 * and 3-12 ms the first time after a start; the warm-up folds it ahead
 * (GameSession.foldBoardAhead), so the host's first look at the board, and
 * every phone's, is answered from here. A board asked for some players or
 * dates is folded each time: nothing of it is kept.
 */
export class KeptBoard {
  private kept: (BoardSource & { board: Standings }) | null = null;

  answer(query: StandingsQuery, source: BoardSource): Standings {
    const fold = () => standings(source.index, source.roster, query, playerAlias(source.merges));
    if (!isWholeHistory(query)) return fold();
    const kept = this.kept;
    if (kept?.index === source.index && kept.roster === source.roster && kept.merges === source.merges) return kept.board;
    const board = fold();
    this.kept = { index: source.index, roster: source.roster, merges: source.merges, board };
    return board;
  }
}

function isWholeHistory(query: StandingsQuery): boolean {
  return (query.playerIds === undefined || query.playerIds.length === 0) && query.from === undefined && query.to === undefined;
}
