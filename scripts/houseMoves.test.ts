import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS, type CommandName } from '../src/shared';
import { exportNight, replayJournal } from '../src/main/night';
import { Bot } from '../src/main/simulation/bot';
import { MemoryTable } from '../harness/memoryTable';
import type { Action } from '../src/main/simulation/action';
import { perform, playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { SeededStream } from '../src/main/simulation/seededStream';
import { BOT_NAMES, openSimulatedTable, planFor } from './lib/simulation';
import { tickingClock } from '../harness/simulatedClock';

/**
 * The simulator's host on a house night (R26-R33, M2): every house command
 * is played, through the real session and through the in-memory table the
 * benchmarks use, and the two keep the same facts.
 */

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const HOUSE_PLAN = planFor({ players: 5, turns: 400, startingChips: 30, rules: RULE_PRESETS['house-rules'], payment: 'cash' });

describe('simulated house nights', () => {
  it('R21, R26, R29, R31, R32, M2: the bots pass, call pairs, seat latecomers, move, sit out, come back, cash out and undo seating changes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-house-moves-'));
    folders.push(root);
    const table = openSimulatedTable(Buffer.from('house-moves'), root);
    const driver = sessionTable(table.session);
    const played: Action[] = [];
    startNight(driver, HOUSE_PLAN);
    playTurns(driver, table.bot, HOUSE_PLAN, (action) => played.push(action));
    const count = (command: CommandName) => played.filter((a) => a.command === command).length;
    for (const command of ['pass', 'callPair', 'seatPlayer', 'movePlayer', 'sitOut', 'comeBack', 'cashOut', 'undo'] as const) {
      expect(count(command), command).toBeGreaterThan(0);
    }
    // Every undo followed a seating change (R21 with R31, R32), and the night replays from its journal.
    played.forEach((action, i) => {
      if (action.command === 'undo') expect(['seatPlayer', 'movePlayer', 'sitOut', 'comeBack']).toContain(played[i - 1]?.command);
    });
    const night = table.session.currentNight;
    if (!night) throw new Error('no night');
    const paid = new Set(
      exportNight(night)
        .ledger.filter((e) => e.code === 'buy-in' || e.code === 'cash-out')
        .map((e) => `${e.code}:${e.paid}`),
    );
    expect(paid).toContain('buy-in:cash');
    expect(paid).toContain('buy-in:credit');
    expect(exportNight(replayJournal(night.entries))).toEqual(exportNight(night));
    table.session.close();
  }, 120_000);

  it('M2: the in-memory table keeps how buy-ins and cash-outs were paid, as the session does', () => {
    const seed = Buffer.from('memory-paid');
    const roster = BOT_NAMES.slice(0, 5).map((name, i) => ({
      id: `p-${i}`,
      name,
      colour: '#ffffff',
      initials: name.slice(0, 2),
      archived: false,
    }));
    const memory = new MemoryTable(new SeededStream(seed, 'dealer'), roster, tickingClock(), 'memory-night');
    const plan = { ...HOUSE_PLAN, payment: 'credit' as const };
    startNight(memory, plan);
    playTurns(memory, new Bot(new SeededStream(seed, 'bots')), plan);
    const first = memory.night()?.players[0];
    if (!first) throw new Error('no players');
    perform(memory, { command: 'buyIn', args: { stateId: memory.night()?.stateId, playerId: first.id, amount: 5, paid: 'cash' } });
    const exported = exportNight(memory.played);
    const lastBuyIn = exported.ledger.findLast((e) => e.code === 'buy-in');
    expect(lastBuyIn).toMatchObject({ player: first.id, amount: 5, paid: 'cash' });
    // Latecomers pay cash, buy-backs at odd seats credit: both kinds are kept, and the journal says the same.
    const paid = new Set(exported.ledger.filter((e) => e.code === 'buy-in' || e.code === 'cash-out').map((e) => e.paid));
    expect(paid).toEqual(new Set(['cash', 'credit']));
    expect(exportNight(replayJournal(memory.played.entries))).toEqual(exported);
  });
});
