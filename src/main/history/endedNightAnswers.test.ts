import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NightSummary } from '../store';
import { EndedNightAnswers } from './endedNightAnswers';
import { accepted, ask, closeNight, playNight, sessionFolderPerTest } from '../session/testing/kit';

/**
 * Questions about an ended night (its detail, its fairness check) are asked
 * by every phone at the table: answered once from the night's journal, then
 * from what was kept, until the night changes.
 */

const folder = sessionFolderPerTest('dealer-ended-answers-');
const journal = (nightId: string): string => path.join(folder.root, 'nights', `${nightId}.jsonl`);

describe('answers about ended nights', () => {
  it('are worked out once: asked again, the journal is not read again; changed (an expense, another settle mode), the answer follows', () => {
    const session = folder.start();
    const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 12 });
    closeNight(session);
    const detail = ask(session, 'getNight', { nightId });
    const check = ask(session, 'verifyNight', { nightId });
    expect(check.verified).toBe(true);

    // With the journal out of reach, the same answers still come: nothing was read or replayed.
    fs.renameSync(journal(nightId), `${journal(nightId)}.away`);
    expect(ask(session, 'getNight', { nightId })).toEqual(detail);
    expect(ask(session, 'verifyNight', { nightId })).toEqual(check);
    fs.renameSync(`${journal(nightId)}.away`, journal(nightId));

    // An expense recorded after the end changes the night: the answers are worked out again.
    const [ana, ben] = detail.players.map((p) => p.id) as [string, string];
    accepted(session.runNow('addExpense', { nightId, payer: ana, amount: 600, description: 'Pizza', sharers: [ana, ben] }));
    const after = ask(session, 'getNight', { nightId });
    expect(after.expenses.map((e) => e.description)).toEqual(['Pizza']);
    expect(after.settlement?.balances[ana]).toBe((detail.settlement?.balances[ana] ?? 0) + 300);
    expect(ask(session, 'verifyNight', { nightId }).verified).toBe(true);

    accepted(session.runNow('setSettleMode', { mode: 'banker', nightId }));
    expect(ask(session, 'getNight', { nightId }).settlement?.mode).toBe('banker');
  });

  it('R34: the export a phone checks an ended night with is made once and shared by every phone asking; a paid mark makes it again', () => {
    const session = folder.start();
    const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 12 });
    closeNight(session);
    const detail = ask(session, 'getNight', { nightId });
    const first = ask(session, 'getNightToCheck', { nightId, checker: '00000000000000a1' });
    // Asked by another phone, with the journal out of reach: the same export, not read or replayed again.
    fs.renameSync(journal(nightId), `${journal(nightId)}.away`);
    expect(ask(session, 'getNightToCheck', { nightId, checker: '00000000000000b2' })).toBe(first);
    // The night's other kept answers and this one live side by side.
    expect(ask(session, 'getNight', { nightId })).toBe(detail);
    expect(ask(session, 'getNightToCheck', { nightId, checker: '00000000000000c3' })).toBe(first);
    fs.renameSync(`${journal(nightId)}.away`, journal(nightId));

    // M3: a transfer marked paid is in the export: it is made again with the mark.
    const tab = ask(session, 'getTab');
    const transfer = tab.transfers.find((t) => t.id.startsWith(`${nightId}:`));
    expect(transfer).toBeDefined();
    accepted(session.runNow('markTransfersPaid', { ids: [transfer!.id], paid: true }));
    const marked = ask(session, 'getNightToCheck', { nightId, checker: '00000000000000a1' });
    expect(marked).not.toBe(first);
    expect(JSON.stringify(marked)).not.toBe(JSON.stringify(first));
  });

  it("reads the night's journal once for its three answers, and lets the night go once they are all kept", () => {
    const session = folder.start();
    const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 12 });
    closeNight(session);
    const detail = ask(session, 'getNight', { nightId });
    // The journal out of reach after the first answer: the other two are made from the night read for it.
    fs.renameSync(journal(nightId), `${journal(nightId)}.away`);
    expect(ask(session, 'verifyNight', { nightId }).verified).toBe(true);
    const exported = ask(session, 'getNightToCheck', { nightId, checker: '00000000000000a1' });
    expect(JSON.parse(exported.content).players).toHaveLength(detail.players.length);

    // All three kept, the night itself is not: an answer to make again (a paid mark) reads the journal again.
    const transfer = ask(session, 'getTab').transfers.find((t) => t.id.startsWith(`${nightId}:`));
    accepted(session.runNow('markTransfersPaid', { ids: [transfer!.id], paid: true }));
    expect(session.runNow('getNightToCheck', { nightId, checker: '00000000000000a1' })).toMatchObject({
      ok: false,
      error: { code: 'storage' },
    });
    fs.renameSync(`${journal(nightId)}.away`, journal(nightId));
    expect(ask(session, 'getNightToCheck', { nightId, checker: '00000000000000a1' })).not.toBe(exported);
  });

  it('keeps one night read from its journal at a time, and never an open one', () => {
    const kept = new EndedNightAnswers();
    const line = (id: string, endedAt: string | null = '2026-04-03T23:00:00.000Z') => ({ id, endedAt }) as NightSummary;
    const [a, b] = [line('a'), line('b')];
    const night = (id: string) => ({ state: { nightId: id } }) as never;
    kept.keepOpened(a, night('a'));
    expect(kept.openedNight(a)).toEqual(night('a'));
    kept.keepOpened(b, night('b'));
    expect(kept.openedNight(a)).toBeUndefined();
    expect(kept.openedNight(b)).toEqual(night('b'));
    // Its index line remade (the night changed): read again.
    expect(kept.openedNight(line('b'))).toBeUndefined();
    kept.keepOpened(line('open', null), night('open'));
    expect(kept.openedNight(line('open', null))).toBeUndefined();
  });

  it('keeps a bounded number of nights, the least recently asked going first, and never an open night', () => {
    const kept = new EndedNightAnswers(2);
    const line = (id: string, endedAt: string | null = '2026-04-03T23:00:00.000Z') => ({ id, endedAt }) as NightSummary;
    const [a, b, c] = [line('a'), line('b'), line('c')];
    const check = (nightId: string) => ({ nightId, verified: true }) as never;
    kept.set('verifyNight', a, undefined, check('a'));
    kept.set('verifyNight', b, undefined, check('b'));
    expect(kept.get('verifyNight', a, undefined)).toEqual(check('a'));
    kept.set('verifyNight', c, undefined, check('c'));
    expect(kept.size).toBe(2);
    expect(kept.get('verifyNight', b, undefined)).toBeUndefined();
    expect(kept.get('verifyNight', a, undefined)).toEqual(check('a'));
    // A night's line remade (it changed) is another night as far as kept answers go.
    expect(kept.get('verifyNight', line('a'), undefined)).toBeUndefined();
    kept.set('verifyNight', line('open', null), undefined, check('open'));
    expect(kept.get('verifyNight', line('open', null), undefined)).toBeUndefined();
  });
});
