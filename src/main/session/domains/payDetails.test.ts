import { describe, expect, it } from 'vitest';
import type { PayDetails, Transfer } from '../../../shared';
import { accepted, ask, closeNight, currentNight, playNight, sessionFolderPerTest } from '../testing/kit';
import type { GameSession } from '../gameSession';

const folder = sessionFolderPerTest('dealer-pay-details-', 'pay-details');
const start = (): GameSession => folder.start();

const IBAN = 'DE89370400440532013000';
const detailsOf = (name: string): PayDetails => ({
  sepa: { name, iban: IBAN, bic: '' },
  paypal: `${name.toLowerCase()}pays`,
  revolut: `${name.toLowerCase()}rev`,
  venmo: `${name.toLowerCase()}-v`,
  phone: '+34600111222',
});

/** Every roster player with details, then an ended night on the table; its transfers in its mode. */
function nightWithDetails(session: GameSession): { nightId: string; transfers: Transfer[] } {
  const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo', 'Dev'], day: '2026-11-26', turns: 24 });
  for (const player of session.getView().roster)
    accepted(session.runNow('setPayDetails', { party: player.id, pay: detailsOf(player.name) }));
  const settlement = currentNight(session).settlement;
  return { nightId, transfers: settlement?.fewest ?? [] };
}

describe('payment details: kept in the roster, shown only for the payee of a due transfer', () => {
  it('a player’s details are kept in the roster file but never in the view’s roster; the host asks for them', () => {
    const session = start();
    const { nightId } = nightWithDetails(session);
    expect(nightId).toBeTruthy();
    const ana = session.getView().roster.find((p) => p.name === 'Ana');
    expect(ana).toBeDefined();
    expect(JSON.stringify(session.getView().roster)).not.toContain(IBAN);
    expect(ask(session, 'getPayDetails').players[ana!.id]).toEqual(detailsOf('Ana'));
    session.close();
    // Kept across a restart, in the roster file.
    const again = start();
    expect(ask(again, 'getPayDetails').players[ana!.id]?.sepa?.iban).toBe(IBAN);
  });

  it('the view holds the details of those owed tonight and nobody else’s; a transfer marked paid takes its payee’s away', () => {
    const session = start();
    const { nightId, transfers } = nightWithDetails(session);
    expect(transfers.length).toBeGreaterThan(0);
    const owed = new Set(transfers.map((t) => t.to));
    const pay = session.getView().settlePay;
    expect(new Set(Object.keys(pay?.payees ?? {}))).toEqual(owed);
    for (const id of owed) expect(pay?.payees[id]).toEqual(detailsOf(session.getView().roster.find((p) => p.id === id)!.name));
    // Nobody who only pays appears, not even in the raw view sent to phones.
    const payersOnly = transfers.map((t) => t.from).filter((id) => !owed.has(id));
    for (const id of payersOnly)
      expect(JSON.stringify(session.getView())).not.toContain(
        `${session
          .getView()
          .roster.find((p) => p.id === id)!
          .name.toLowerCase()}pays`,
      );

    const first = transfers[0]!;
    const stillOwed = transfers.filter((t) => t !== first && t.to === first.to).length > 0;
    accepted(session.runNow('markTransfersPaid', { ids: [`${nightId}:${first.from}>${first.to}`], paid: true }));
    expect(Object.keys(session.getView().settlePay?.payees ?? {}).includes(first.to)).toBe(stillOwed);
    expect(session.getView().settlePay?.due).toEqual(transfers.filter((t) => t !== first));
  });

  it('the host turns kinds of detail off for the night: the view and the tab leave them out, kept with the tab file', () => {
    const session = start();
    const { nightId, transfers } = nightWithDetails(session);
    accepted(session.runNow('hidePayKinds', { hidden: ['sepa', 'phone'] }));
    const payee = transfers[0]!.to;
    expect(payee).toBeTruthy();
    expect(session.getView().settlePay?.hidden).toEqual(['sepa', 'phone']);
    expect(session.getView().settlePay?.payees[payee]).toEqual({
      paypal: expect.any(String),
      revolut: expect.any(String),
      venmo: expect.any(String),
    });
    expect(ask(session, 'getTab').pay?.payees[ask(session, 'getTab').tab[0]!.to]?.sepa).toBeUndefined();
    session.close();
    // After a restart the night is in the history: the tab follows its choice until the host changes it.
    const again = start();
    expect(ask(again, 'getTab').pay?.hidden).toEqual(['sepa', 'phone']);
    accepted(again.runNow('hidePayKinds', { nightId, hidden: [] }));
    expect(ask(again, 'getTab').pay?.payees[ask(again, 'getTab').tab[0]!.to]?.sepa?.iban).toBe(IBAN);
  });

  it('the tab holds the details of those it owes only', () => {
    const session = start();
    nightWithDetails(session);
    const tab = ask(session, 'getTab');
    expect(tab.tab.length).toBeGreaterThan(0);
    expect(new Set(Object.keys(tab.pay?.payees ?? {}))).toEqual(new Set(tab.tab.map((t) => t.to)));
  });

  it('a mistyped IBAN is refused with its own code and nothing is saved; an IBAN typed with spaces is kept in electronic form', () => {
    const session = start();
    nightWithDetails(session);
    const ana = session.getView().roster.find((p) => p.name === 'Ana')!;
    const before = ask(session, 'getPayDetails');
    const refused = session.runNow('setPayDetails', { party: ana.id, pay: { sepa: { name: 'Ana', iban: 'DE89370400440532013001' } } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'bad-iban', params: { reason: 'checksum' } });
    expect(ask(session, 'getPayDetails')).toEqual(before);

    const needsBic = session.runNow('setPayDetails', {
      party: ana.id,
      pay: { sepa: { name: 'Ana', iban: 'GB29 NWBK 6016 1331 9268 19' } },
    });
    expect(needsBic.ok ? null : needsBic.error.code).toBe('bad-bic');

    accepted(
      session.runNow('setPayDetails', {
        party: ana.id,
        pay: { sepa: { name: 'Ana', iban: 'de89 3704 0044 0532 0130 00' }, phone: '+34 600 111 222' },
      }),
    );
    expect(ask(session, 'getPayDetails').players[ana.id]).toEqual({ sepa: { name: 'Ana', iban: IBAN, bic: '' }, phone: '+34600111222' });
    // {} removes them all.
    accepted(session.runNow('setPayDetails', { party: ana.id, pay: {} }));
    expect(ask(session, 'getPayDetails').players[ana.id]).toBeUndefined();
  });

  it('M2: the bank’s details are kept in the settings, survive the next night’s start, and are shown when the bank is owed', () => {
    const session = start();
    const bank = { sepa: { name: 'Cash box', iban: 'FR1420041010050500013M02606', bic: '' } };
    accepted(session.runNow('setPayDetails', { party: 'bank', pay: bank }));
    playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-11-19', turns: 14, buyInAndCashOut: true });
    accepted(session.runNow('setSettleMode', { mode: 'banker', nightId: currentNight(session).id }));
    const banker = currentNight(session).settlement?.banker ?? [];
    expect(Object.keys(session.getView().settlePay?.payees ?? {}).includes('bank')).toBe(banker.some((t) => t.to === 'bank'));
    closeNight(session);
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-11-26', turns: 4 });
    expect(ask(session, 'getPayDetails').bank).toEqual(bank);
  });

  it('backups keep the details; night and tab exports never hold them', () => {
    const session = start();
    const { nightId } = nightWithDetails(session);
    accepted(session.runNow('hidePayKinds', { hidden: ['venmo'] }));
    const backup = ask(session, 'backup').content;
    expect(backup).toContain(IBAN);
    expect(backup).toContain('"hiddenPay"');
    expect(ask(session, 'exportNight', { nightId, format: 'json' }).content).not.toContain(IBAN);
    expect(ask(session, 'exportNight', { nightId, format: 'csv' }).content).not.toContain(IBAN);
    // Unless the host asks: then the payees' details, with the kinds turned off for the night left out.
    const asked = JSON.parse(ask(session, 'exportNight', { nightId, format: 'json', payDetails: true }).content) as {
      payees: Record<string, PayDetails>;
      settlement: { transfers: Transfer[] };
    };
    expect(new Set(Object.keys(asked.payees))).toEqual(new Set(asked.settlement.transfers.map((t) => t.to)));
    for (const details of Object.values(asked.payees)) expect(details).toMatchObject({ sepa: { iban: IBAN } });
    for (const details of Object.values(asked.payees)) expect(details.venmo).toBeUndefined();
    expect(ask(session, 'exportTab', { format: 'json' }).content).not.toContain(IBAN);
    closeNight(session);
    const before = ask(session, 'getPayDetails');
    accepted(session.runNow('setPayDetails', { party: session.getView().roster[0]!.id, pay: {} }));
    accepted(session.runNow('restore', { content: backup, replace: true }));
    expect(ask(session, 'getPayDetails')).toEqual(before);
  });
});

describe('starting a night keeps the rest of the settings', () => {
  it('the language and the bank’s details survive a night’s start and a restart', () => {
    const session = start();
    accepted(session.runNow('updatePreferences', { language: 'it' }));
    accepted(session.runNow('setPayDetails', { party: 'bank', pay: { paypal: 'cashbox' } }));
    playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-11-26', turns: 4 });
    expect(session.getView().preferences.language).toBe('it');
    session.close();
    const again = start();
    expect(again.getView().preferences.language).toBe('it');
    expect(ask(again, 'getPayDetails').bank).toEqual({ paypal: 'cashbox' });
  });
});
