import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Standings } from '../../shared';
import * as folding from '../history/standings';
import { accepted, ask, closeNight, playNight, sessionFolderPerTest } from './testing/kit';

/**
 * R23's all-time board of the whole history (history/keptBoard.ts): folded
 * ahead once the first screen is up (GameSession.foldBoardAhead, asked by
 * the warm-up) and kept, so the host's first look at it folds nothing; and
 * folded again as soon as a night ends, a player is renamed or two are
 * merged, so it is never stale. A board for some players or dates is folded
 * at every ask.
 */

const folder = sessionFolderPerTest('dealer-kept-board-');
afterEach(() => {
  vi.restoreAllMocks();
});

const PLAYERS = ['Ann', 'Bob', 'Cat'];

/** The board as a fresh fold gives it: asked from a date before every night, which is never kept. */
const foldedNow = (session: ReturnType<typeof folder.start>): Standings => ask(session, 'getStandings', { from: '1970-01-01' });

function twoNightsPlayed(): void {
  const session = folder.start();
  playNight(session, folder.clock, { players: PLAYERS, day: '2026-11-06', turns: 12 });
  closeNight(session);
  playNight(session, folder.clock, { players: PLAYERS, day: '2026-11-13', turns: 12 });
  closeNight(session);
  folder.closeLast();
}

describe('R23: the whole history’s board, folded ahead and kept', () => {
  it('after a start, foldBoardAhead folds it once, and the host’s first ask and every next one fold nothing', async () => {
    twoNightsPlayed();
    const session = folder.start();
    const folds = vi.spyOn(folding, 'standings');
    await session.foldBoardAhead();
    expect(folds).toHaveBeenCalledTimes(1);
    const first = ask(session, 'getStandings');
    const again = ask(session, 'getStandings');
    expect(folds).toHaveBeenCalledTimes(1);
    expect(first.rows.map((row) => row.nights)).toEqual([2, 2, 2]);
    expect(first).toEqual(foldedNow(session));
    expect(again).toBe(first);
  });

  it('a night ended, a rename and a merge each show on the next ask', () => {
    twoNightsPlayed();
    const session = folder.start();
    const before = ask(session, 'getStandings');
    const ann = before.rows.find((row) => row.name === 'Ann')?.playerId ?? '';
    const cat = before.rows.find((row) => row.name === 'Cat')?.playerId ?? '';

    playNight(session, folder.clock, { players: PLAYERS, day: '2026-11-20', turns: 12 });
    closeNight(session);
    const threeNights = ask(session, 'getStandings');
    expect(threeNights.cumulative).toHaveLength(3);
    expect(threeNights.rows.map((row) => row.nights)).toEqual([3, 3, 3]);

    accepted(session.runNow('updatePlayer', { playerId: ann, name: 'Annabelle Étienne-Dubois' }));
    const renamed = ask(session, 'getStandings');
    expect(renamed.rows.find((row) => row.playerId === ann)?.name).toBe('Annabelle Étienne-Dubois');

    accepted(session.runNow('mergePlayers', { playerId: cat, intoPlayerId: ann }));
    const merged = ask(session, 'getStandings');
    expect(merged.rows.map((row) => row.playerId)).not.toContain(cat);
    expect(merged.rows).toHaveLength(2);
    expect(merged).toEqual(foldedNow(session));
  });

  it('a board for some players or from a date is folded at every ask, never kept in place of the whole one', () => {
    twoNightsPlayed();
    const session = folder.start();
    const whole = ask(session, 'getStandings');
    const bob = whole.rows.find((row) => row.name === 'Bob')?.playerId ?? '';
    const folds = vi.spyOn(folding, 'standings');
    const secondNightOnly = ask(session, 'getStandings', { from: '2026-11-10' });
    expect(secondNightOnly.cumulative).toHaveLength(1);
    expect(ask(session, 'getStandings', { playerIds: [bob] }).rows.map((row) => row.playerId)).toEqual([bob]);
    expect(ask(session, 'getStandings', { from: '2026-11-10' })).toEqual(secondNightOnly);
    expect(folds).toHaveBeenCalledTimes(3);
    expect(ask(session, 'getStandings')).toBe(whole);
    expect(folds).toHaveBeenCalledTimes(3);
  });
});
