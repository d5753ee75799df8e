import { describe, expect, it } from 'vitest';
import type { NightSummary } from '../night';
import { listNights } from './nightsList';
import { standings } from './standings';

/** An ended night's index line with these net chips, its winners as the index recorded them. */
function indexLine(id: string, nets: Record<string, number>, winnerIds: string[]): NightSummary {
  const players = Object.keys(nets);
  return {
    id,
    startedAt: '2026-11-20T20:00:00.000Z',
    endedAt: '2026-11-20T23:00:00.000Z',
    playerIds: players,
    turns: 30,
    biggestPot: 12,
    winnerIds,
    results: players.map((playerId) => ({
      playerId,
      boughtIn: 20,
      finalChips: 20 + nets[playerId]!,
      netChips: nets[playerId]!,
      netMoney: nets[playerId]! * 25,
      biggestWin: 0,
    })),
    chipValue: 25,
    currency: 'EUR',
    file: `nights/${id}`,
    carriedOut: 0,
  };
}

const ROSTER = ['ann', 'bo', 'cy'].map((id) => ({
  id,
  name: id.toUpperCase(),
  colour: '#336699',
  initials: id.slice(0, 2).toUpperCase(),
  archived: false,
}));

describe('who won a night in the history', () => {
  // Index lines written before an even night had no winner named the whole table.
  const even = indexLine('2026-11-20-even01', { ann: 0, bo: 0, cy: 0 }, ['ann', 'bo', 'cy']);
  const tied = indexLine('2026-11-21-tied01', { ann: 4, bo: 4, cy: -8 }, ['ann', 'bo']);

  it('R23: the nights list names no winner for a night where everyone ended even, even from an older index line', () => {
    const byId = new Map(listNights([even, tied]).map((n) => [n.id, n.winnerIds]));
    expect(byId.get(even.id)).toEqual([]);
    expect(byId.get(tied.id)).toEqual(['ann', 'bo']);
  });

  it('R23: an even night counts as a night won for nobody in the all-time standings', () => {
    const rows = new Map(standings([even, tied], ROSTER).rows.map((r) => [r.playerId, r.nightsWon]));
    expect(Object.fromEntries(rows)).toEqual({ ann: 1, bo: 1, cy: 0 });
  });
});

describe('the nights list names where each night was hosted (docs/group.md)', () => {
  it('R35: a night of another laptop is listed with its laptop by name, and marked when it was shared before signing', () => {
    const hosts: Record<string, { laptop: string; signed: boolean }> = {
      'night-bob': { laptop: "Bob's laptop", signed: true },
      'night-old': { laptop: 'Kitchen PC', signed: false },
    };
    const index = ['night-own', 'night-bob', 'night-old'].map((id) => indexLine(id, { a: 1, b: -1 }, ['a']));
    const listed = listNights(index, (id) => hosts[id] ?? null);
    expect(listed.map((n) => [n.id, n.hostedOn, n.unsigned])).toEqual([
      ['night-own', null, false],
      ['night-old', 'Kitchen PC', true],
      ['night-bob', "Bob's laptop", false],
    ]);
  });
});
