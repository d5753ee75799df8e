import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../../shared';
import { accepted, ask, closeNight, currentNight, playNight, sessionFolderPerTest } from '../testing/kit';
import type { GameSession } from '../gameSession';

const folder = sessionFolderPerTest('dealer-tab-');
const start = (): GameSession => folder.start();

/** Each party's net from transfers (paid out negative), zero parties left out. */
function net(transfers: readonly { from: string; to: string; amount: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of transfers) {
    out[t.from] = (out[t.from] ?? 0) - t.amount;
    out[t.to] = (out[t.to] ?? 0) + t.amount;
  }
  return Object.fromEntries(
    Object.entries(out)
      .filter(([, v]) => v !== 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe('the running tab across nights (M3)', () => {
  it('M3: the tab nets the unpaid transfers of every night; marking a tab transfer paid marks the night transfers it covers, kept across restarts', () => {
    const session = start();
    playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-06', turns: 12 });
    closeNight(session);
    playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-03-13', turns: 12, buyInAndCashOut: true });
    closeNight(session);

    const before = ask(session, 'getTab');
    expect(before.transfers.length).toBeGreaterThan(0);
    expect(before.transfers.every((t) => !t.paid)).toBe(true);
    expect(net(before.tab)).toEqual(net(before.transfers));
    const paying = before.tab[0];
    if (!paying) throw new Error('no tab');
    expect(paying.nights.length).toBeGreaterThan(0);

    accepted(session.runNow('markTransfersPaid', { ids: paying.covers, paid: true }));
    const after = ask(session, 'getTab');
    expect(
      after.transfers
        .filter((t) => t.paid)
        .map((t) => t.id)
        .sort(),
    ).toEqual([...paying.covers].sort());
    expect(after.tab).toEqual(before.tab.slice(1));
    session.close();

    const again = start();
    expect(ask(again, 'getTab')).toEqual(after);
    accepted(again.runNow('markTransfersPaid', { ids: paying.covers, paid: false }));
    expect(ask(again, 'getTab')).toEqual(before);
  });

  it('M3: an unknown transfer is refused and changes nothing; only the host marks, every screen may read the tab', () => {
    const session = start();
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-03-06', turns: 8 });
    const before = ask(session, 'getTab');
    const refused = session.runNow('markTransfersPaid', { ids: ['2026-03-06-zz:a>b'], paid: true });
    expect(refused.ok).toBe(false);
    expect(ask(session, 'getTab')).toEqual(before);
    expect(commandsFor('table').includes('getTab')).toBe(true);
    expect(commandsFor('table').includes('markTransfersPaid')).toBe(false);
    expect(commandsFor('phone').includes('markTransfersPaid')).toBe(false);
  });
});

describe('reopening a night with payments marked (R33, M3)', () => {
  it("R33 M3: the view warns how many of the last night's transfers are paid; reopening sets them back to unpaid, kept across restarts", () => {
    const session = start();
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-03-06', turns: 10 });
    closeNight(session);
    playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-13', turns: 12 });
    const endedStateId = currentNight(session).stateId;
    closeNight(session);
    const before = ask(session, 'getTab');
    const first = before.transfers.filter((t) => t.nightId === before.transfers[0]?.nightId);
    const last = before.transfers.filter((t) => t.nightId !== first[0]?.nightId);
    expect(first.length).toBeGreaterThan(0);
    expect(last.length).toBeGreaterThan(0);
    expect(session.getView().reopenWarning).toEqual({ paidTransfers: 0 });

    // A mark on the older night is no warning: only the most recent night can be reopened.
    accepted(session.runNow('markTransfersPaid', { ids: first.map((t) => t.id), paid: true }));
    expect(session.getView().reopenWarning).toEqual({ paidTransfers: 0 });
    accepted(session.runNow('markTransfersPaid', { ids: last.map((t) => t.id), paid: true }));
    expect(session.getView().reopenWarning).toEqual({ paidTransfers: last.length });

    accepted(session.runNow('reopenNight', { stateId: endedStateId }));
    expect(session.getView().night?.phase).not.toBe('ended');
    expect(session.getView().reopenWarning).toEqual({ paidTransfers: 0 });
    session.close();

    // After a restart the reopened night is ended again: its transfers are unpaid, the older night's stay paid.
    const again = start();
    const night = again.getView().night;
    if (!night) throw new Error('the reopened night is not on the table');
    accepted(again.runNow('endNight', { stateId: night.stateId }));
    const after = ask(again, 'getTab');
    expect(after.transfers.filter((t) => t.nightId === first[0]?.nightId).every((t) => t.paid)).toBe(true);
    expect(after.transfers.filter((t) => t.nightId !== first[0]?.nightId).every((t) => !t.paid)).toBe(true);
  });
});
