import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deckNight, matrixNight } from './lib/nightMatrix';
import type { Action } from '../src/main/simulation/action';
import { playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor, simulateNight } from './lib/simulation';

/**
 * With `hostMoves: 'every'` the simulator's host plays every host action at
 * random moments, the sequences that once broke the engine included.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The matrix's first nights, with their cards from shuffled decks (its table nights play fewer turns, R34). */
function playedActions(nights: number): Action[][] {
  return Array.from({ length: nights }, (_, i) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-host-script-'));
    folders.push(root);
    const night = deckNight(i, 'host-script');
    const table = openSimulatedTable(night.seed, root);
    const driver = sessionTable(table.session);
    const plan = planFor({ ...night, hostMoves: 'every' });
    const played: Action[] = [];
    startNight(driver, plan);
    playTurns(driver, table.bot, plan, (action) => played.push(action));
    table.session.close();
    return played;
  });
}

describe('the simulated host with every host action', () => {
  const nights = playedActions(12);
  const pairs = nights.flatMap((actions) => actions.slice(1).map((action, i) => [actions[i] as Action, action] as const));
  const followedBy = (first: string, second: string, same: (a: Action, b: Action) => boolean = () => true) =>
    pairs.filter(([a, b]) => a.command === first && b.command === second && same(a, b)).length;

  it('R32: sits a player out and brings them back between the same two turns', () => {
    expect(followedBy('sitOut', 'comeBack', (a, b) => a.args.playerId === b.args.playerId)).toBeGreaterThan(0);
  });

  it('M4: a player cashes out, then an expense they paid is recorded', () => {
    expect(followedBy('cashOut', 'addExpense', (a, b) => a.args.playerId === b.args.payer)).toBeGreaterThan(0);
  });

  it('R21: a turn corrected, then voided', () => {
    expect(followedBy('correctBet', 'voidTurn')).toBeGreaterThan(0);
  });

  it('R21, R31: a latecomer seated then the seating undone, and players moved between deals', () => {
    expect(followedBy('seatPlayer', 'undo')).toBeGreaterThan(0);
    expect(pairs.filter(([, b]) => b.command === 'movePlayer').length).toBeGreaterThan(0);
  });

  it('the same seed plays the same night, every host action included', () => {
    const options = { ...matrixNight(3, 'host-script'), hostMoves: 'every' as const };
    expect(JSON.stringify(simulateNight(options))).toBe(JSON.stringify(simulateNight(options)));
  });

  it('R33: now and then the night is reopened and played on', () => {
    const reopened = Array.from({ length: 12 }, (_, i) => simulateNight({ ...matrixNight(i, 'host-script'), hostMoves: 'every' })).filter(
      (n) => n.night.reopened > 0,
    );
    expect(reopened.length).toBeGreaterThan(0);
    for (const night of reopened) expect(night.ledger.some((e) => e.code === 'reversal' && e.turn === null)).toBe(true);
  }, 120_000);
});
