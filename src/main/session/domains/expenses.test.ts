import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsFor, type AppView, type CommandErrorCode } from '../../../shared';
import { BANK } from '../../ledger';
import { readNightExport } from '../../night';
import { accepted, ask, closeNight, currentNight, playNight, sessionFolderPerTest } from '../testing/kit';
import type { GameSession } from '../gameSession';

const folder = sessionFolderPerTest('dealer-expenses-');
const start = (): GameSession => folder.start();
const journalOf = (nightId: string): string => fs.readFileSync(path.join(folder.root, 'nights', `${nightId}.jsonl`), 'utf8');
const total = (record: Readonly<Record<string, number>>): number => Object.values(record).reduce((a, b) => a + b, 0);

/** A started night of three (Ana, Ben, Cleo in seat order) with a few turns played; still open. */
function openNightOfThree(session: GameSession): AppView['night'] & object {
  accepted(
    session.runNow('startNight', {
      players: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cleo' }],
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
    }),
  );
  return currentNight(session);
}

function refusedWith(
  session: GameSession,
  command: 'addExpense' | 'editExpense' | 'removeExpense',
  args: unknown,
  code: CommandErrorCode,
): void {
  const viewBefore = JSON.stringify(session.getView());
  const nightId = session.getView().night?.id;
  const journalBefore = nightId ? journalOf(nightId) : '';
  const result = session.runNow(command, args);
  expect(result.ok, JSON.stringify(args)).toBe(false);
  if (!result.ok) expect(result.error.code, result.error.message).toBe(code);
  expect(JSON.stringify(session.getView())).toBe(viewBefore);
  if (nightId) expect(journalOf(nightId)).toBe(journalBefore);
}

describe('shared expenses on an open night (M4)', () => {
  it("M4: an expense is recorded with its shares fixed from the payer's left, journalled, and shown apart from the chips", () => {
    const session = start();
    const night = openNightOfThree(session);
    const [ana, ben, cleo] = night.players.map((p) => p.id) as [string, string, string];
    const stacksBefore = night.players.map((p) => p.stack);
    const view = accepted(
      session.runNow('addExpense', { payer: ben, amount: 1000, description: ' Pizza ', sharers: [ana, ben, cleo] }),
    ).view;
    const [expense] = view.night?.expenses ?? [];
    // 10.00 among three, paid by the second seat: the cent left over goes to the next seat clockwise, Cleo.
    expect(expense).toMatchObject({
      payer: ben,
      amount: 1000,
      description: 'Pizza',
      sharers: [ana, ben, cleo],
      shares: { [ana]: 333, [ben]: 333, [cleo]: 334 },
    });
    expect(view.night?.players.map((p) => p.stack)).toEqual(stacksBefore);
    expect(view.night?.pot).toBe(night.pot);
    expect(view.night?.stateId).toBe(night.stateId);
    const lines = journalOf(night.id).trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({
      command: { type: 'expense-add', id: expense?.id, payer: ben, amount: 1000, description: 'Pizza', shares: { [cleo]: 334 } },
    });
  });

  it('M4: a payer who cashed out keeps their place: the units left over go from their own left, not from the first seat', () => {
    const session = start();
    accepted(
      session.runNow('startNight', {
        players: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cleo' }, { name: 'Dan' }],
        startingChips: 20,
        chipValue: 25,
        currency: 'EUR',
      }),
    );
    const [ana, ben, cleo, dan] = currentNight(session).players.map((p) => p.id) as [string, string, string, string];
    accepted(session.runNow('cashOut', { stateId: currentNight(session).stateId, playerId: ben }));
    accepted(session.runNow('sitOut', { stateId: currentNight(session).stateId, playerId: cleo }));
    const view = accepted(session.runNow('addExpense', { payer: ben, amount: 1001, sharers: [ana, cleo, dan] })).view;
    // 10.01 among three leaves 2 cents: from Ben's left, Cleo (sitting out, still in her place) then Dan; Ana, on Dan's left, gets none.
    expect(view.night?.expenses[0]?.shares).toEqual({ [ana]: 333, [cleo]: 334, [dan]: 334 });
  });

  it('M4: editing works the shares out again and removing takes the expense out; each is one more journal line', () => {
    const session = start();
    const night = openNightOfThree(session);
    const [ana, ben, cleo] = night.players.map((p) => p.id) as [string, string, string];
    const id = accepted(session.runNow('addExpense', { payer: ana, amount: 900, sharers: [ana, ben, cleo] })).view.night?.expenses[0]?.id;
    const edited = accepted(
      session.runNow('editExpense', { expenseId: id, payer: cleo, amount: 1001, description: 'Drinks', sharers: [ana, ben] }),
    ).view;
    // Paid by Cleo (third seat): from her left Ana, then Ben; the one unit left goes to Ana.
    expect(edited.night?.expenses).toEqual([
      { id, payer: cleo, amount: 1001, description: 'Drinks', sharers: [ana, ben], shares: { [ana]: 501, [ben]: 500 } },
    ]);
    const removed = accepted(session.runNow('removeExpense', { expenseId: id })).view;
    expect(removed.night?.expenses).toEqual([]);
    const types = journalOf(night.id)
      .trim()
      .split('\n')
      .slice(-3)
      .map((l) => (JSON.parse(l) as { command: { type: string } }).command.type);
    expect(types).toEqual(['expense-add', 'expense-edit', 'expense-remove']);
    // A removed expense's id is not given to the next one.
    const next = accepted(session.runNow('addExpense', { payer: ana, amount: 5, sharers: [ana] })).view.night?.expenses[0]?.id;
    expect(next).not.toBe(id);
  });

  it('M4: bad expenses are refused with a clear code and change nothing, on the screen or on the disk', () => {
    const session = start();
    refusedWith(session, 'addExpense', { payer: 'p-x', amount: 100, sharers: ['p-x'] }, 'no-night');
    const night = openNightOfThree(session);
    const [ana, ben] = night.players.map((p) => p.id) as [string, string];
    refusedWith(session, 'addExpense', { payer: 'p-nobody', amount: 100, sharers: [ana] }, 'unknown-player');
    refusedWith(session, 'addExpense', { payer: ana, amount: 100, sharers: [ana, 'p-nobody'] }, 'unknown-player');
    refusedWith(session, 'addExpense', { payer: ana, amount: 0, sharers: [ana] }, 'invalid-input');
    refusedWith(session, 'addExpense', { payer: ana, amount: -100, sharers: [ana] }, 'invalid-input');
    refusedWith(session, 'addExpense', { payer: ana, amount: 12.5, sharers: [ana] }, 'invalid-input');
    refusedWith(session, 'addExpense', { payer: ana, amount: 100, sharers: [] }, 'invalid-input');
    refusedWith(session, 'addExpense', { payer: ana, amount: 100, sharers: [ana, ana] }, 'invalid-input');
    refusedWith(session, 'addExpense', { payer: ana, amount: 100, description: 'x'.repeat(61), sharers: [ana] }, 'invalid-input');
    refusedWith(session, 'editExpense', { expenseId: 'e-nope', payer: ana, amount: 100, sharers: [ben] }, 'unknown-expense');
    refusedWith(session, 'removeExpense', { expenseId: 'e-nope' }, 'unknown-expense');
    refusedWith(session, 'addExpense', { nightId: '2020-01-01-zzz', payer: ana, amount: 100, sharers: [ana] }, 'unknown-night');
    const tooLong = session.runNow('addExpense', { payer: ana, amount: 100, description: 'x'.repeat(61), sharers: [ana] });
    expect(tooLong.ok ? '' : tooLong.error.message).toMatch(/at most 60 characters/);
    const fraction = session.runNow('addExpense', { payer: ana, amount: 0.5, sharers: [ana] });
    expect(fraction.ok ? '' : fraction.error.message).toMatch(/whole number of minor units/);
  });

  it('M4: only the host records expenses; the TV and phones may not', () => {
    for (const command of ['addExpense', 'editExpense', 'removeExpense'] as const) {
      expect(commandsFor('host').includes(command)).toBe(true);
      expect(commandsFor('table').includes(command)).toBe(false);
      expect(commandsFor('phone').includes(command)).toBe(false);
    }
  });
});

describe('expenses in the balances and settling up (M4, M2, M3)', () => {
  it('M4: an expense of an open night counts in its balances once it ends; balances of players and bank add up to 0', () => {
    const session = start();
    playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 10 });
    const ended = currentNight(session);
    const without = ended.settlement?.balances ?? {};
    const [ana, ben, cleo] = ended.players.map((p) => p.id) as [string, string, string];
    const view = accepted(session.runNow('addExpense', { payer: ana, amount: 1000, description: 'Pizza', sharers: [ana, ben, cleo] })).view;
    const balances = view.night?.settlement?.balances ?? {};
    // Ana paid 10.00 and owes 3.33 of it (Ben, on her left, takes the odd cent): she is owed 6.67 more than before.
    expect(balances[ana]).toBe((without[ana] ?? 0) + 667);
    expect(balances[ben]).toBe((without[ben] ?? 0) - 334);
    expect(balances[cleo]).toBe((without[cleo] ?? 0) - 333);
    expect(balances[BANK]).toBe(without[BANK]);
    expect(total(balances)).toBe(0);
    // The game's results (chips) are not touched: the expense is shown apart.
    expect(view.night?.results).toEqual(ended.results);
    // The tab takes the night's new transfers.
    const tab = ask(session, 'getTab');
    const owed = (id: string) =>
      tab.transfers.filter((t) => t.to === id).reduce((s, t) => s + t.amount, 0) -
      tab.transfers.filter((t) => t.from === id).reduce((s, t) => s + t.amount, 0);
    for (const [party, balance] of Object.entries(balances)) expect(owed(party)).toBe(balance);
  });

  it('M4: an ended night of the history takes expenses by its id; its paid marks that no longer hold go back to unpaid; a restart changes nothing', () => {
    const session = start();
    const first = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 10 });
    closeNight(session);
    const before = ask(session, 'getTab');
    const firstTransfers = before.transfers.filter((t) => t.nightId === first);
    accepted(session.runNow('markTransfersPaid', { ids: firstTransfers.map((t) => t.id), paid: true }));
    const detail = ask(session, 'getNight', { nightId: first });
    const [ana, ben, cleo] = detail.players.map((p) => p.id) as [string, string, string];

    // A zero-effect expense (Ana pays for herself alone) changes no transfer: the marks stay.
    accepted(session.runNow('addExpense', { nightId: first, payer: ana, amount: 300, description: 'Taxi', sharers: [ana] }));
    expect(
      ask(session, 'getTab')
        .transfers.filter((t) => t.nightId === first)
        .every((t) => t.paid),
    ).toBe(true);

    accepted(session.runNow('addExpense', { nightId: first, payer: cleo, amount: 1200, description: 'Pizza', sharers: [ana, ben, cleo] }));
    const after = ask(session, 'getNight', { nightId: first });
    expect(after.expenses.map((e) => e.description)).toEqual(['Taxi', 'Pizza']);
    expect(after.expenses[1]?.shares).toEqual({ [ana]: 400, [ben]: 400, [cleo]: 400 });
    expect(after.settlement?.balances[cleo]).toBe((detail.settlement?.balances[cleo] ?? 0) + 800);
    expect(total(after.settlement?.balances ?? {})).toBe(0);
    expect(after.results).toEqual(detail.results);
    const tab = ask(session, 'getTab');
    const nightMarks = tab.transfers.filter((t) => t.nightId === first);
    const unchanged = (t: { from: string; to: string; amount: number }) =>
      firstTransfers.some((f) => f.from === t.from && f.to === t.to && f.amount === t.amount);
    for (const t of nightMarks) expect(t.paid).toBe(unchanged(t));
    expect(
      journalOf(first)
        .trim()
        .split('\n')
        .slice(-2)
        .map((l) => (JSON.parse(l) as { command: { type: string } }).command.type),
    ).toEqual(['expense-add', 'expense-add']);
    session.close();

    const again = start();
    expect(ask(again, 'getNight', { nightId: first })).toEqual(after);
    expect(ask(again, 'getTab')).toEqual(tab);
  });

  it('M4: an open night in the history is not the one on the table only when none is; the night on the table is named by its own id too', () => {
    const session = start();
    const night = openNightOfThree(session);
    const ana = night.players[0]?.id as string;
    accepted(session.runNow('addExpense', { nightId: night.id, payer: ana, amount: 100, sharers: [ana] }));
    expect(currentNight(session).expenses).toHaveLength(1);
  });
});

describe('expenses survive a restart (M4)', () => {
  it('M4: a backup holds the expense lines; restored over the data, the night shows the same expenses, balances and tab', () => {
    const session = start();
    const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-04-03', turns: 6 });
    const [ana, ben, cleo] = currentNight(session).players.map((p) => p.id) as [string, string, string];
    accepted(session.runNow('addExpense', { payer: cleo, amount: 2500, description: 'Pizza', sharers: [ana, ben, cleo] }));
    closeNight(session);
    const detail = ask(session, 'getNight', { nightId });
    const tab = ask(session, 'getTab');
    const file = ask(session, 'backup');
    accepted(session.runNow('restore', { content: file.content, replace: true }));
    expect(ask(session, 'getNight', { nightId })).toEqual(detail);
    expect(ask(session, 'getTab')).toEqual(tab);
    expect(detail.expenses).toHaveLength(1);
  });

  it('M4: the app killed and started again replays the expense lines: the open night, its expenses and every figure are as they were', () => {
    const session = start();
    const night = openNightOfThree(session);
    const [ana, ben, cleo] = night.players.map((p) => p.id) as [string, string, string];
    const a = accepted(session.runNow('addExpense', { payer: ana, amount: 777, description: 'Wine', sharers: [ben, cleo] })).view.night
      ?.expenses[0]?.id;
    accepted(session.runNow('addExpense', { payer: ben, amount: 1000, description: 'Pizza', sharers: [ana, ben, cleo] }));
    accepted(session.runNow('editExpense', { expenseId: a, payer: ana, amount: 778, description: 'Wine', sharers: [ben, cleo] }));
    const view = session.getView();
    // Not closed: the process is gone, as after a power cut. The lines were fdatasync'd before each answer.
    const again = start();
    expect(again.getView().night).toEqual(view.night);
    const ended = accepted(again.runNow('endNight', { stateId: currentNight(again).stateId })).view;
    expect(ended.night?.expenses).toEqual(view.night?.expenses);
    expect(total(ended.night?.settlement?.balances ?? {})).toBe(0);
    const third = start();
    // An ended night is not on the table after a start; the history shows it with the same expenses and balances.
    const detail = ask(third, 'getNight', { nightId: view.night?.id });
    expect(detail.expenses).toEqual(ended.night?.expenses);
    expect(detail.settlement).toEqual(ended.night?.settlement);
  });

  it('M4: the export lists the expenses with their shares, and the reader takes the file back', () => {
    const session = start();
    const nightId = playNight(session, folder.clock, { players: ['Ana', 'Ben'], day: '2026-04-03', turns: 6 });
    const [ana, ben] = currentNight(session).players.map((p) => p.id) as [string, string];
    accepted(session.runNow('addExpense', { payer: ben, amount: 501, description: 'Crisps', sharers: [ana, ben] }));
    const file = ask(session, 'exportNight', { nightId, format: 'json' });
    const read = readNightExport(file.content);
    if (!read.ok) throw new Error(read.problem);
    expect(read.night.expenses).toEqual([
      {
        id: expect.any(String) as string,
        payer: ben,
        amount: 501,
        description: 'Crisps',
        sharers: [ana, ben],
        shares: { [ana]: 251, [ben]: 250 },
      },
    ]);
    expect(total(read.night.settlement?.balances ?? {})).toBe(0);
    expect(read.night.settlement?.balances).toEqual(currentNight(session).settlement?.balances);
  });
});
