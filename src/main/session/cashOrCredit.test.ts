import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accepted, ask, currentNight, sessionFolderPerTest } from './testing/kit';
import { decodeJournal, exportNight, nightBalances, nightExportSchema, replayJournal, type JournalEntry } from '../night';
import type { GameSession } from './gameSession';

const folder = sessionFolderPerTest('dealer-m2-', 'm2');
const start = (): GameSession => folder.start();

function journalOf(nightId: string): JournalEntry[] {
  return decodeJournal(fs.readFileSync(path.join(folder.root, 'nights', `${nightId}.jsonl`), 'utf8')).entries;
}

/**
 * Ana, Ben and Cleo buy 20 chips each at 25 cents, the night paid in cash by
 * default; Ana buys 10 more on credit, Ben cashes his 20 out in cash, and
 * the night ends before any turn.
 */
function cashNight(
  session: GameSession,
  payment?: 'cash' | 'credit',
  paid?: { buyIn?: 'cash' | 'credit'; cashOut?: 'cash' | 'credit' },
): string {
  accepted(
    session.runNow('startNight', {
      players: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cleo' }],
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
      ...(payment ? { payment } : {}),
    }),
  );
  const [ana, ben] = currentNight(session).players;
  if (!ana || !ben) throw new Error('no players');
  accepted(
    session.runNow('buyIn', {
      stateId: currentNight(session).stateId,
      playerId: ana.id,
      amount: 10,
      ...(paid?.buyIn ? { paid: paid.buyIn } : {}),
    }),
  );
  accepted(
    session.runNow('cashOut', {
      stateId: currentNight(session).stateId,
      playerId: ben.id,
      ...(paid?.cashOut ? { paid: paid.cashOut } : {}),
    }),
  );
  accepted(session.runNow('endNight', { stateId: currentNight(session).stateId }));
  return currentNight(session).id;
}

describe('cash or credit (M2)', () => {
  it('M2: buy-ins and cash-outs paid in cash make the bank a party: it owes back the cash it holds, and balances add up to 0', () => {
    const session = start();
    const nightId = cashNight(session, 'cash', { buyIn: 'credit' });
    const night = currentNight(session);
    const [ana, ben, cleo] = night.players;
    if (!ana || !ben || !cleo) throw new Error('no players');
    expect(night.payment).toBe('cash');
    // Everyone anted 1 (R4) and the 3-chip pot was split at the end (R22): Ana holds 31, Ben cashed out 19, Cleo holds 20.
    expect([ana.stack, ben.cashedOut, cleo.stack]).toEqual([31, 19, 20]);
    // Ana: 31 held - 10 bought on credit; Ben paid cash and was paid cash: square; Cleo: 20 held.
    // The bank holds the cash of 60 + 0 - 19 = 41 chips: 1025 cents, which it pays back.
    expect(night.settlement?.balances).toEqual({ [ana.id]: 525, [ben.id]: 0, [cleo.id]: 500, bank: -1025 });
    const fewest = night.settlement?.fewest ?? [];
    expect(fewest.every((t) => t.from === 'bank')).toBe(true);
    expect(fewest.reduce((sum, t) => sum + t.amount, 0)).toBe(1025);

    // Recorded on each journal line, so replay gives the same money.
    const lines = journalOf(nightId).map((e) => e.command);
    expect(lines[0]).toMatchObject({ type: 'start', payment: 'cash' });
    expect(lines.find((c) => c.type === 'buy-in')).toMatchObject({ paid: 'credit' });
    expect(lines.find((c) => c.type === 'cash-out')).toMatchObject({ paid: 'cash' });

    // ...and on the exported ledger's buy-ins and cash-outs.
    const exported = exportNight(replayJournal(journalOf(nightId)));
    const paid = exported.ledger.filter((e) => e.code === 'buy-in' || e.code === 'cash-out').map((e) => [e.code, e.player, e.paid]);
    expect(paid).toEqual([
      ['buy-in', ana.id, 'cash'],
      ['buy-in', ben.id, 'cash'],
      ['buy-in', cleo.id, 'cash'],
      ['buy-in', ana.id, 'credit'],
      ['cash-out', ben.id, 'cash'],
    ]);
    expect(exported.ledger.filter((e) => e.code !== 'buy-in' && e.code !== 'cash-out').every((e) => e.paid === undefined)).toBe(true);
  });

  it('M2: the night defaults to credit, so with nothing in cash the bank is square and players settle among themselves', () => {
    const session = start();
    cashNight(session);
    const night = currentNight(session);
    const [ana, ben, cleo] = night.players;
    if (!ana || !ben || !cleo) throw new Error('no players');
    expect(night.payment).toBe('credit');
    // Ana bought 30 and holds 31; Ben bought 20 and is owed his 19; Cleo bought 20 and holds 20: their results (M1).
    expect(night.settlement?.balances).toEqual({ [ana.id]: 25, [ben.id]: -25, [cleo.id]: 0, bank: 0 });
    expect(night.results?.map((r) => r.netMoney)).toEqual([25, -25, 0]);
    expect(night.settlement?.fewest).toEqual([{ from: ben.id, to: ana.id, amount: 25 }]);
  });

  it('M2: a cash-out owed (credit) is owed by whoever holds the cash, here the bank', () => {
    const session = start();
    cashNight(session, 'cash', { cashOut: 'credit' });
    const night = currentNight(session);
    const [ana, ben, cleo] = night.players;
    if (!ana || !ben || !cleo) throw new Error('no players');
    // Ben paid 20 chips in cash and is owed his 19 back; the bank holds the cash of all 70 chips bought.
    expect(night.settlement?.balances).toEqual({ [ana.id]: 775, [ben.id]: 475, [cleo.id]: 500, bank: -1750 });
  });

  it('M2: a night recorded before cash or credit (no payment on any line) replays exactly as before, every buy-in on credit', () => {
    const session = start();
    const nightId = cashNight(session, 'cash', { buyIn: 'credit' });
    const withPaid = journalOf(nightId);
    const old: JournalEntry[] = withPaid.map((entry) => {
      const {
        payment: _payment,
        paid: _paid,
        ...command
      } = entry.command as JournalEntry['command'] & { payment?: unknown; paid?: unknown };
      return { ...entry, command: command as JournalEntry['command'] };
    });
    expect(JSON.stringify(old)).not.toMatch(/"paid"|"payment"/);
    const replayed = replayJournal(old);
    const now = replayJournal(withPaid);
    expect(replayed.ledger.entries).toEqual(now.ledger.entries);
    expect(replayed.state).toEqual(now.state);
    // Money as it was squared before M2: each player's result, the bank square (no pot carried).
    const balances = nightBalances(replayed);
    const results = currentNight(session).results ?? [];
    expect(balances).toEqual({ ...Object.fromEntries(results.map((r) => [r.playerId, r.netMoney])), bank: 0 });
    expect(
      exportNight(replayed)
        .ledger.filter((e) => e.paid !== undefined)
        .every((e) => e.paid === 'credit'),
    ).toBe(true);
  });

  it('M2: a payment that is neither cash nor credit is refused and records nothing', () => {
    const session = start();
    accepted(session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 25 }));
    const night = currentNight(session);
    const refused = session.runNow('buyIn', { stateId: night.stateId, playerId: night.players[0]?.id, amount: 5, paid: 'cheque' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/cash.*credit/);
    expect(currentNight(session).stateId).toBe(night.stateId);
  });

  it('M2: the tab of a night paid in cash includes what the bank owes', () => {
    const session = start();
    cashNight(session, 'cash', { buyIn: 'credit' });
    accepted(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
    const { transfers } = ask(session, 'getTab');
    expect(transfers.map((t) => t.from)).toEqual(['bank', 'bank']);
    expect(transfers.reduce((sum, t) => sum + t.amount, 0)).toBe(1025);
  });
});

describe('settling up in the export (M2, M3, R33)', () => {
  it('M2 M3: the JSON export holds the balances with the bank and the fewest transfers with their paid marks; R33: how often the night was reopened', () => {
    const session = start();
    const nightId = cashNight(session, 'cash', { buyIn: 'credit' });
    const exportOf = () => {
      const file = ask(session, 'exportNight', { nightId, format: 'json' });
      return nightExportSchema.parse(JSON.parse(file.content));
    };
    const view = currentNight(session);
    const first = exportOf();
    expect(first.night.reopened).toBe(0);
    expect(first.settlement?.mode).toBe('fewest');
    expect(first.settlement?.balances).toEqual(view.settlement?.balances);
    expect(first.settlement?.transfers).toEqual((view.settlement?.fewest ?? []).map((t) => ({ ...t, paid: false })));

    const paying = ask(session, 'getTab').transfers[0];
    if (!paying) throw new Error('no transfer');
    accepted(session.runNow('markTransfersPaid', { ids: [paying.id], paid: true }));
    expect(exportOf().settlement?.transfers.filter((t) => t.paid)).toEqual([
      { from: paying.from, to: paying.to, amount: paying.amount, paid: true },
    ]);

    accepted(session.runNow('reopenNight', { stateId: currentNight(session).stateId }));
    const reopened = exportOf();
    expect(reopened.night.reopened).toBe(1);
    expect(reopened.settlement).toBeNull();
    accepted(session.runNow('endNight', { stateId: currentNight(session).stateId }));
    expect(exportOf().settlement?.transfers.every((t) => !t.paid)).toBe(true);
  });
});

describe('the night\'s default payment, kept for "same as last time" (M2)', () => {
  it('M2: the last setup keeps how the night was paid by default, across a restart', () => {
    const session = start();
    cashNight(session, 'cash');
    expect(session.getView().lastSetup?.payment).toBe('cash');
    session.close();
    expect(start().getView().lastSetup?.payment).toBe('cash');
  });
});
