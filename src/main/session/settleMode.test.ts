import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accepted, ask, closeNight, currentNight, openSession, playNight, sessionFolderPerTest } from './testing/kit';
import { nightExportSchema } from '../night';
import type { GameSession } from './gameSession';

const folder = sessionFolderPerTest('dealer-settle-mode-', 'settle-mode');
const start = (): GameSession => folder.start();

/** Two ended nights, the second still on the table; their ids. */
function twoNights(session: GameSession): [string, string] {
  const first = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-06', turns: 14 });
  closeNight(session);
  const second = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-03-13', turns: 14, buyInAndCashOut: true });
  return [first, second];
}

function exported(session: GameSession, nightId: string) {
  const file = ask(session, 'exportNight', { nightId, format: 'json' });
  return nightExportSchema.parse(JSON.parse(file.content));
}

describe('banker mode, kept for each night (M3)', () => {
  it('M3: banker mode settles every player with the bank; the choice is kept for that night, and its tab transfers and export follow it', () => {
    const session = start();
    const [first, second] = twoNights(session);
    const night = currentNight(session);
    expect(night.settlement?.mode).toBe('fewest');

    accepted(session.runNow('setSettleMode', { mode: 'banker', nightId: second }));
    const settled = currentNight(session).settlement;
    expect(settled?.mode).toBe('banker');
    // Every party settles with the bank alone, each for exactly its balance.
    for (const [party, balance] of Object.entries(settled?.balances ?? {})) {
      if (party === 'bank' || balance === 0) continue;
      expect(settled?.banker).toContainEqual(
        balance < 0 ? { from: party, to: 'bank', amount: -balance } : { from: 'bank', to: party, amount: balance },
      );
    }

    const tab = ask(session, 'getTab');
    const secondTransfers = tab.transfers.filter((t) => t.nightId === second);
    expect(secondTransfers.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(settled?.banker);
    // The other night keeps the fewest transfers.
    expect(tab.transfers.filter((t) => t.nightId === first).map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(
      ask(session, 'getNight', { nightId: first }).settlement?.fewest,
    );

    expect(exported(session, second).settlement?.mode).toBe('banker');
    expect(exported(session, second).settlement?.transfers.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(settled?.banker);
    expect(exported(session, first).settlement?.mode).toBe('fewest');
    expect(ask(session, 'getNight', { nightId: second }).settlement?.mode).toBe('banker');
    session.close();

    // Kept across a restart, with the tab file.
    const again = start();
    expect(ask(again, 'getNight', { nightId: second }).settlement?.mode).toBe('banker');
    expect(ask(again, 'getTab')).toEqual(tab);
  });

  it('M3: a night with payments marked cannot be settled another way until they are unmarked; nothing changes', () => {
    const session = start();
    const [, second] = twoNights(session);
    const before = ask(session, 'getTab');
    const mine = before.transfers.filter((t) => t.nightId === second);
    expect(mine.length).toBeGreaterThan(0);
    accepted(session.runNow('markTransfersPaid', { ids: [mine[0]!.id], paid: true }));
    const marked = ask(session, 'getTab');

    const refused = session.runNow('setSettleMode', { mode: 'banker', nightId: second });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'payments-marked', params: { n: 1 } });
    expect(ask(session, 'getTab')).toEqual(marked);
    expect(currentNight(session).settlement?.mode).toBe('fewest');
    // The same mode again changes nothing and is no refusal.
    accepted(session.runNow('setSettleMode', { mode: 'fewest', nightId: second }));

    accepted(session.runNow('markTransfersPaid', { ids: [mine[0]!.id], paid: false }));
    accepted(session.runNow('setSettleMode', { mode: 'banker', nightId: second }));
    expect(currentNight(session).settlement?.mode).toBe('banker');
  });

  it('M3: an unknown night is refused by name', () => {
    const session = start();
    const refused = session.runNow('setSettleMode', { mode: 'banker', nightId: '2026-01-01-none' });
    expect(refused.ok ? null : refused.error.code).toBe('unknown-night');
  });

  it("M3: backup and restore keep the paid marks and each night's settle mode", () => {
    const session = start();
    const [first, second] = twoNights(session);
    accepted(session.runNow('setSettleMode', { mode: 'banker', nightId: second }));
    const firstTransfers = ask(session, 'getTab').transfers.filter((t) => t.nightId === first);
    accepted(session.runNow('markTransfersPaid', { ids: firstTransfers.map((t) => t.id), paid: true }));
    const tab = ask(session, 'getTab');
    const backup = ask(session, 'backup');
    closeNight(session);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-settle-mode-restore-'));
    const fresh = openSession(elsewhere, folder.clock, 'restore');
    try {
      accepted(fresh.runNow('restore', { content: backup.content }));
      expect(ask(fresh, 'getTab')).toEqual(tab);
      expect(ask(fresh, 'getNight', { nightId: second }).settlement?.mode).toBe('banker');
    } finally {
      fresh.close();
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('the running tab as a file (M3)', () => {
  it('M3: exports the tab as in-between-tab/1 JSON and as CSV, the same transfers the tab screen shows', () => {
    const session = start();
    twoNights(session);
    const tab = ask(session, 'getTab');
    expect(tab.tab.length).toBeGreaterThan(0);

    const json = ask(session, 'exportTab', { format: 'json' });
    expect(json.fileName).toMatch(/^in-between-tab-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(json.content) as Record<string, unknown>;
    expect(document.format).toBe('in-between-tab/1');
    expect(document.currency).toBe('');
    expect(document.tab).toEqual(tab.tab.map(({ from, to, amount, nights, covers }) => ({ from, to, amount, nights, covers })));
    expect(document.transfers).toEqual(
      tab.transfers.map((t) => ({ id: t.id, night: t.nightId, from: t.from, to: t.to, amount: t.amount, paid: t.paid })),
    );
    const parties = document.parties as Record<string, string>;
    expect(Object.values(parties)).toEqual(expect.arrayContaining(['Ana']));

    const csv = ask(session, 'exportTab', { format: 'csv' });
    const lines = csv.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe('from,from_name,to,to_name,amount_minor,amount,currency,nights');
    expect(lines).toHaveLength(tab.tab.length + 1);
    const firstRow = tab.tab[0]!;
    expect(lines[1]?.split(',').slice(0, 5)).toEqual([
      firstRow.from,
      parties[firstRow.from],
      firstRow.to,
      parties[firstRow.to],
      String(firstRow.amount),
    ]);
  });
});
