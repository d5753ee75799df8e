import { z } from 'zod';
import type { TurnView } from '../../shared';
import { nightResults } from '../ledger';
import { playerNightFigures } from './figures';
import { nightLuck } from './luck';
import { nightBalances } from './money';
import type { PlayedNight } from './play';

/** A night id is also its file name, so it is kept to characters every file system takes. */
export const nightIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a night id is 1-64 letters, digits, _ or -, starting with a letter or digit');

/** Times are ISO 8601 as written; not re-checked, since an odd timestamp is no reason to set a night aside. */
const isoTime = z.string().min(1);
const playerId = z.string().min(1);
const chips = z.number().int().nonnegative();
/** Money in whole minor units of the night's currency (M1); files of older versions held major-unit floats. */
const minorUnits = z.number().int();

export const nightSummarySchema = z.object({
  id: nightIdSchema,
  startedAt: isoTime,
  endedAt: isoTime.nullable(),
  playerIds: z.array(playerId),
  turns: chips,
  biggestPot: chips,
  winnerIds: z.array(playerId),
  /**
   * Each player's result (R23) once the night has ended, so the all-time
   * standings fold this small index instead of reading every night's file.
   */
  results: z
    .array(
      z.object({
        playerId,
        boughtIn: chips,
        finalChips: chips,
        netChips: z.number().int(),
        netMoney: minorUnits,
        /** The most chips the player took from the pot in one turn (a win or a pair); 0 in older indexes. */
        biggestWin: chips.default(0),
        /**
         * The player's figures of the night (see figures.ts), counted from its turns when the line is made;
         * a line without them was made by an older version and is remade from the journal (`hasFigures`).
         */
        postsHit: chips.optional(),
        pairs: chips.optional(),
        bets: chips.optional(),
        betsWon: chips.optional(),
        longestWinStreak: chips.optional(),
        /** Luck against the odds (luck.ts) and the spread it is judged against, in hundredths of a chip; absent in older lines, which are remade. */
        luck: z.number().int().optional(),
        luckSpread: chips.optional(),
      }),
    )
    .default([]),
  /** The night's chip value and currency, so money can be shown without opening the night (older indexes: 0 and ''). */
  chipValue: minorUnits.nonnegative().default(0),
  currency: z.string().default(''),
  /** The night's file, e.g. `nights/2026-11-22-ab12` (the journal is `nights/2026-11-22-ab12.jsonl`). */
  file: z.string().min(1),
  /** Chips the night's pot carried into the next night (R22 carry), from its ledger; 0 in older indexes. */
  carriedOut: chips.default(0),
  /**
   * M2: each party's money balance once the night has ended (cash and credit
   * told apart, the bank as `bank`), for settling up and the tab; absent in
   * older indexes, where every buy-in counts as on credit.
   */
  balances: z.record(z.string(), z.number().int()).optional(),
  /** The journal's size when this line was made: a journal of another size has changed since, and its line is remade. */
  journalBytes: z.number().int().nonnegative().optional(),
});

export type NightSummary = z.infer<typeof nightSummarySchema>;

/** The night's line in the nights index: what the history lists without opening the night's file. */
export function nightSummary(
  night: Pick<PlayedNight, 'state' | 'turns' | 'ledger'> & Partial<Pick<PlayedNight, 'payments' | 'expenses'>>,
  journalBytes?: number,
): NightSummary {
  const { state, ledger } = night;
  const turns = night.turns.filter((t): t is TurnView => t !== undefined);
  const ended = state.phase.kind === 'ended';
  const results = ended ? nightResults(ledger.balances(), state.players, state.chipValue) : [];
  const luckOf = new Map(
    nightLuck(
      results.map((r) => r.playerId),
      turns,
      state.settings,
    ).map((l) => [l.playerId, l]),
  );
  return {
    id: state.nightId,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    playerIds: state.players.map((p) => p.id),
    turns: turns.filter((t) => !t.void && t.outcome !== null).length,
    biggestPot: Math.max(0, ...turns.map((t) => t.potBefore)),
    winnerIds: results.filter((r) => r.isWinner).map((r) => r.playerId),
    results: results.map(({ playerId, boughtIn, finalChips, netChips, netMoney }) => {
      const { biggestWin, postsHit, pairs, bets, betsWon, longestWinStreak } = playerNightFigures(playerId, turns);
      const { luck, spread } = luckOf.get(playerId) ?? { luck: 0, spread: 0 };
      return {
        playerId,
        boughtIn,
        finalChips,
        netChips,
        netMoney,
        biggestWin,
        postsHit,
        pairs,
        bets,
        betsWon,
        longestWinStreak,
        luck,
        luckSpread: spread,
      };
    }),
    chipValue: state.chipValue,
    currency: state.currency,
    file: `nights/${state.nightId}`,
    carriedOut: ledger.balances().carriedOut,
    ...(ended && night.payments
      ? { balances: nightBalances({ state, ledger, payments: night.payments, expenses: night.expenses ?? [] }) ?? {} }
      : {}),
    ...(journalBytes !== undefined ? { journalBytes } : {}),
  };
}

/** Whether an index line carries every figure this version counts (an ended night's line from an older version does not). */
export function hasFigures(line: NightSummary): boolean {
  return line.results.every(
    (r) =>
      r.postsHit !== undefined &&
      r.pairs !== undefined &&
      r.bets !== undefined &&
      r.betsWon !== undefined &&
      r.longestWinStreak !== undefined &&
      r.luck !== undefined &&
      r.luckSpread !== undefined,
  );
}

/** @internal exported for tests only */
export interface Standing {
  playerId: string;
  nights: number;
  /** Sum over ended nights of final chips minus chips bought (R23). */
  netChips: number;
  /** Minor units (M1); a sum across currencies only means something when every night used the same one. */
  netMoney: number;
}

/**
 * The all-time table, best first (ties by id so it is stable), folded from the nights index.
 * @internal exported for tests only
 */
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
