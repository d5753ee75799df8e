import { describe, expect, it } from 'vitest';
import type { NightSummary } from './summary';
import { allTimeStandings } from './summary';

const night = (id: string, endedAt: string | null, results: NightSummary['results']): NightSummary => ({
  id,
  startedAt: '2026-11-01T20:00:00.000Z',
  endedAt,
  playerIds: results.map((r) => r.playerId),
  turns: 10,
  biggestPot: 8,
  winnerIds: [],
  results,
  chipValue: 25,
  currency: 'EUR',
  file: `nights/${id}`,
  carriedOut: 0,
});

describe('all-time standings', () => {
  it("R23: adds each ended night's net chips and money per player, best first", () => {
    const standings = allTimeStandings([
      night('a', '2026-11-01T23:00:00.000Z', [
        { playerId: 'ana', boughtIn: 20, finalChips: 35, netChips: 15, netMoney: 375, biggestWin: 4 },
        { playerId: 'leo', boughtIn: 20, finalChips: 5, netChips: -15, netMoney: -375, biggestWin: 0 },
      ]),
      night('b', '2026-11-08T23:00:00.000Z', [
        { playerId: 'ana', boughtIn: 20, finalChips: 10, netChips: -10, netMoney: -250, biggestWin: 0 },
        { playerId: 'leo', boughtIn: 20, finalChips: 30, netChips: 10, netMoney: 250, biggestWin: 6 },
      ]),
      night('open', null, []),
    ]);
    expect(standings).toEqual([
      { playerId: 'ana', nights: 2, netChips: 5, netMoney: 125 },
      { playerId: 'leo', nights: 2, netChips: -5, netMoney: -125 },
    ]);
  });
});
