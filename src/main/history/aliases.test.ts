import { describe, expect, it } from 'vitest';
import type { RosterPlayer } from '../../shared';
import type { NightSummary } from '../store';
import { mergeProblem, playerAlias, type PlayerMerge } from './aliases';
import { standings } from './standings';
import { tabOf } from './tab';

/** One ended night from each player's net money (minor units), the bank settling the rest. */
function night(day: string, nets: Record<string, number>, winner: string): NightSummary {
  const ids = Object.keys(nets);
  const bank = -Object.values(nets).reduce((a, b) => a + b, 0);
  return {
    id: `${day}-n`,
    startedAt: `${day}T20:00:00.000Z`,
    endedAt: `${day}T23:00:00.000Z`,
    playerIds: ids,
    turns: 10,
    biggestPot: 5,
    winnerIds: [winner],
    results: ids.map((playerId) => ({
      playerId,
      boughtIn: 20,
      finalChips: 20 + (nets[playerId] ?? 0) / 25,
      netChips: (nets[playerId] ?? 0) / 25,
      netMoney: nets[playerId] ?? 0,
      biggestWin: 3,
      bets: 4,
      betsWon: 2,
    })),
    chipValue: 25,
    currency: 'EUR',
    file: `nights/${day}-n`,
    carriedOut: 0,
    balances: { ...nets, bank: bank || 0 },
  } as NightSummary;
}

const roster: RosterPlayer[] = ['ana', 'bob', 'bobby', 'rob'].map((id) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  colour: '#000000',
  initials: id[0]!.toUpperCase(),
  archived: false,
}));
const merge = (from: string, into: string): PlayerMerge => ({ from, into, at: '2026-04-01T10:00:00.000Z', wasArchived: false });

describe('the alias a merge records', () => {
  it('follows a chain of merges to the name kept, and stops at a cycle', () => {
    const alias = playerAlias([merge('rob', 'bobby'), merge('bobby', 'bob')]);
    expect(['rob', 'bobby', 'bob', 'ana'].map(alias)).toEqual(['bob', 'bob', 'bob', 'ana']);
    expect(playerAlias([merge('a', 'b'), merge('b', 'a')])('a')).toBe('b');
  });

  it('a merge into itself or into someone already counted as the player is a cycle, refused', () => {
    expect(mergeProblem(roster, [], 'bob', 'bob')).toEqual({ code: 'same-player' });
    expect(mergeProblem(roster, [merge('bobby', 'bob')], 'bob', 'bobby')).toEqual({ code: 'same-player' });
    expect(mergeProblem(roster, [], 'bob', 'nobody')).toEqual({ code: 'unknown-player', player: 'nobody' });
    expect(mergeProblem(roster, [merge('bobby', 'bob')], 'bobby', 'ana')).toEqual({ code: 'already-merged', player: 'bobby', into: 'bob' });
    expect(mergeProblem(roster, [merge('bobby', 'bob')], 'rob', 'bobby')).toBeNull();
  });
});

describe('the leaderboard and the tab under a merge', () => {
  const index = [night('2026-03-06', { ana: -500, bob: 300, bobby: 200 }, 'bob'), night('2026-03-13', { ana: 100, bobby: -100 }, 'ana')];

  it('a night both names played counts once, their results added up under the name kept', () => {
    const merged = standings(index, roster, {}, playerAlias([merge('bobby', 'bob')]));
    expect(merged.rows.map((r) => [r.playerId, r.name, r.nights, r.nightsWon, r.netMoney, r.bets])).toEqual([
      ['bob', 'Bob', 2, 1, 400, 12],
      ['ana', 'Ana', 2, 1, -400, 8],
    ]);
    // Unmerged (no alias), each name has its own row again.
    expect(
      standings(index, roster)
        .rows.map((r) => r.playerId)
        .sort(),
    ).toEqual(['ana', 'bob', 'bobby']);
  });

  it('a transfer between two names of one person is no debt; the others are owed to the name kept', () => {
    const alias = playerAlias([merge('bobby', 'bob')]);
    const tab = tabOf(index, new Set(), {}, alias);
    expect(tab.transfers.every((t) => t.from !== t.to)).toBe(true);
    expect(tab.transfers.some((t) => t.from === 'bobby' || t.to === 'bobby')).toBe(false);
    const owed =
      tab.tab.filter((t) => t.to === 'bob').reduce((sum, t) => sum + t.amount, 0) -
      tab.tab.filter((t) => t.from === 'bob').reduce((sum, t) => sum + t.amount, 0);
    expect(owed).toBe(400);
  });
});
