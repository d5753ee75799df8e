import { describe, expect, it } from 'vitest';
import { commandsFor, type RunningTab, type Standings } from '../../../shared';
import { accepted, ask, closeNight, currentNight, playNight, sessionFolderPerTest } from '../testing/kit';
import type { GameSession } from '../gameSession';

/**
 * One person under two roster names: the host merges them, every figure of
 * the history counts them as one under the name kept, the nights keep the
 * names spoken then, and the merge can be undone.
 */
const folder = sessionFolderPerTest('dealer-merge-');

function idOf(session: GameSession, name: string): string {
  const player = session.getView().roster.find((p) => p.name === name);
  if (!player) throw new Error(`no ${name}`);
  return player.id;
}

/** Each party's net on the tab, zero parties left out. */
function tabNet(tab: RunningTab): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tab.tab) {
    out[t.from] = (out[t.from] ?? 0) - t.amount;
    out[t.to] = (out[t.to] ?? 0) + t.amount;
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const rowOf = (standings: Standings, playerId: string) => standings.rows.find((r) => r.playerId === playerId);

/** Two nights: Bob plays the first, Bobby (the same person) the second. */
function twoNames(session: GameSession): { bob: string; bobby: string } {
  playNight(session, folder.clock, { players: ['Ana', 'Bob', 'Cleo'], day: '2026-03-06', turns: 14 });
  closeNight(session);
  playNight(session, folder.clock, { players: ['Ana', 'Bobby', 'Cleo'], day: '2026-03-13', turns: 14 });
  closeNight(session);
  return { bob: idOf(session, 'Bob'), bobby: idOf(session, 'Bobby') };
}

describe('merging two roster names of one person', () => {
  it('the leaderboard and the tab count Bobby as Bob once merged, the nights keep the name spoken, and unmerging gives both back', () => {
    const session = folder.start();
    const { bob, bobby } = twoNames(session);
    const before = ask(session, 'getStandings');
    const tabBefore = ask(session, 'getTab');
    const bobRow = rowOf(before, bob);
    const bobbyRow = rowOf(before, bobby);
    if (!bobRow || !bobbyRow) throw new Error('no rows');

    const view = accepted(session.runNow('mergePlayers', { playerId: bobby, intoPlayerId: bob })).view;
    expect(view.merges).toEqual([expect.objectContaining({ from: bobby, into: bob })]);
    // Bobby is no longer offered in the lobby.
    expect(view.roster.find((p) => p.id === bobby)?.archived).toBe(true);

    const merged = ask(session, 'getStandings');
    expect(rowOf(merged, bobby)).toBeUndefined();
    expect(rowOf(merged, bob)).toMatchObject({
      name: 'Bob',
      nights: 2,
      netMoney: bobRow.netMoney + bobbyRow.netMoney,
      netChips: bobRow.netChips + bobbyRow.netChips,
      bets: bobRow.bets + bobbyRow.bets,
    });
    expect(merged.rows).toHaveLength(before.rows.length - 1);
    // The chart's last point has Bob's whole net.
    expect(merged.cumulative.findLast((point) => bob in point.net)?.net[bob]).toBe(bobRow.netMoney + bobbyRow.netMoney);
    // Asking for Bobby's rows finds Bob's.
    expect(ask(session, 'getStandings', { playerIds: [bobby] }).rows.map((r) => r.playerId)).toEqual([bob]);

    const tabMerged = ask(session, 'getTab');
    expect(tabMerged.transfers.map((t) => t.id)).toEqual(tabBefore.transfers.map((t) => t.id));
    expect(tabMerged.tab.some((t) => t.from === bobby || t.to === bobby)).toBe(false);
    const beforeNet = tabNet(tabBefore);
    const { [bobby]: bobbyNet = 0, ...others } = beforeNet;
    const expected = { ...others, [bob]: (beforeNet[bob] ?? 0) + bobbyNet };
    expect(tabNet(tabMerged)).toEqual(
      Object.fromEntries(
        Object.entries(expected)
          .filter(([, v]) => v !== 0)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    );

    // The second night still says Bobby played it.
    const secondNight = ask(session, 'listNights')[0];
    if (!secondNight) throw new Error('no night');
    const detail = ask(session, 'getNight', { nightId: secondNight.id });
    expect(JSON.stringify(detail)).toContain('Bobby');

    // Kept across a restart.
    session.close();
    const again = folder.start();
    expect(ask(again, 'getStandings')).toEqual(merged);

    const undone = accepted(again.runNow('unmergePlayer', { playerId: bobby })).view;
    expect(undone.merges).toEqual([]);
    expect(undone.roster.find((p) => p.id === bobby)?.archived).toBe(false);
    expect(ask(again, 'getStandings')).toEqual(before);
    expect(ask(again, 'getTab')).toEqual(tabBefore);
  });

  it('a payment marked paid before the merge stays paid through the merge and its undo', () => {
    const session = folder.start();
    const { bob, bobby } = twoNames(session);
    const first = ask(session, 'getTab').transfers[0];
    if (!first) throw new Error('no transfer');
    accepted(session.runNow('markTransfersPaid', { ids: [first.id], paid: true }));
    accepted(session.runNow('mergePlayers', { playerId: bobby, intoPlayerId: bob }));
    expect(ask(session, 'getTab').transfers.find((t) => t.id === first.id)?.paid).toBe(true);
    accepted(session.runNow('unmergePlayer', { playerId: bobby }));
    expect(ask(session, 'getTab').transfers.find((t) => t.id === first.id)).toEqual({ ...first, paid: true });
  });

  it('refuses a merge into itself, of an unknown player, twice, in a cycle or of a player at the open night, and changes nothing', () => {
    const session = folder.start();
    const { bob, bobby } = twoNames(session);
    const refusal = (command: 'mergePlayers' | 'unmergePlayer', args: object) => {
      const before = session.getView();
      const result = session.runNow(command, args);
      if (result.ok) throw new Error(`${command} was accepted`);
      expect(session.getView()).toEqual(before);
      return result.error;
    };
    expect(refusal('mergePlayers', { playerId: bob, intoPlayerId: bob })).toMatchObject({
      code: 'same-player',
      params: { name: 'Bob', into: 'Bob' },
    });
    expect(refusal('mergePlayers', { playerId: 'p-nobody', intoPlayerId: bob })).toMatchObject({
      code: 'unknown-player',
      params: { player: 'p-nobody' },
    });
    expect(refusal('unmergePlayer', { playerId: bobby })).toMatchObject({ code: 'not-merged', params: { name: 'Bobby' } });

    accepted(session.runNow('mergePlayers', { playerId: bobby, intoPlayerId: bob }));
    const ana = idOf(session, 'Ana');
    expect(refusal('mergePlayers', { playerId: bobby, intoPlayerId: ana })).toMatchObject({
      code: 'already-merged',
      params: { name: 'Bobby', into: 'Bob' },
    });
    expect(refusal('mergePlayers', { playerId: bob, intoPlayerId: bobby })).toMatchObject({ code: 'same-player' });

    playNight(session, folder.clock, { players: ['Ana', 'Cleo'], day: '2026-03-20', turns: 2 });
    accepted(session.runNow('reopenNight', { stateId: currentNight(session).stateId }));
    expect(refusal('mergePlayers', { playerId: ana, intoPlayerId: bob })).toMatchObject({ code: 'player-seated', params: { name: 'Ana' } });
  });

  it('only the host merges; the merges go into a backup and come back with its restore', () => {
    expect(commandsFor('host').includes('mergePlayers')).toBe(true);
    for (const role of ['table', 'phone'] as const) {
      expect(commandsFor(role).includes('mergePlayers')).toBe(false);
      expect(commandsFor(role).includes('unmergePlayer')).toBe(false);
    }
    const session = folder.start();
    const { bob, bobby } = twoNames(session);
    accepted(session.runNow('mergePlayers', { playerId: bobby, intoPlayerId: bob }));
    const merged = ask(session, 'getStandings');
    const backup = ask(session, 'backup');
    accepted(session.runNow('unmergePlayer', { playerId: bobby }));
    accepted(session.runNow('restore', { content: backup.content, replace: true }));
    expect(session.getView().merges).toEqual([expect.objectContaining({ from: bobby, into: bob })]);
    expect(ask(session, 'getStandings')).toEqual(merged);
  });
});
