import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nightExportSchema } from '../src/main/night';
import { main } from './simulate';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'simulate-house-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('npm run simulate with the house rules (R26-R33)', () => {
  it('R26-R32: the bots pass on poor spreads, call pairs, keep to the limit; latecomers sit down', () => {
    const out = path.join(folder, 'house.json');
    const rules = JSON.stringify({ pass: true, maxBet: 8, firstRound: 'half-pot', anteWhen: 'every-deal', pair: 'high-low', postPays: 3 });
    const code = main(['--players', '4', '--turns', '200', '--seed', '0dd6', '--rules', rules, '--out', out], {
      stdout: () => {},
      stderr: () => {},
    });
    expect(code).toBe(0);
    const exported = nightExportSchema.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
    expect(exported.rules).toMatchObject({ pass: true, maxBet: 8, pair: 'high-low', postPays: 3 });
    const turns = exported.turns.filter((t) => !t.void);
    expect(turns.some((t) => t.outcome === 'pass' && t.bet === null && t.limit !== null)).toBe(true);
    expect(turns.some((t) => t.call !== null && t.call !== undefined)).toBe(true);
    expect(turns.every((t) => t.bet === null || (t.limit !== null && t.limit !== undefined && t.bet <= t.limit && t.bet <= 8))).toBe(true);
    expect(exported.players.length).toBeGreaterThan(4);
    // M2: latecomers and even seats buy in cash, odd seats on credit; the balances (the bank's included) add up to 0.
    const paid = new Set(exported.ledger.filter((e) => e.code === 'buy-in').map((e) => e.paid));
    expect(paid).toEqual(new Set(['cash', 'credit']));
    const balances = exported.settlement?.balances ?? {};
    expect(balances.bank).toBeLessThan(0);
    expect(Object.values(balances).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
