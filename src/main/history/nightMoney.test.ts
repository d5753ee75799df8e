import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type PlayerResult } from '../../shared';
import { Bot } from '../simulation/bot';
import { endNight, playTurns, sessionTable, type NightPlan } from '../simulation/playNight';
import { SeededStream } from '../simulation/seededStream';
import { nightExportSchema } from '../night';
import { accepted, ask, closeNight, currentNight, openSession, TestClock } from '../session/testing/kit';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-money-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const sum = (results: readonly PlayerResult[]) => results.reduce((total, r) => total + r.netMoney, 0);

describe('money results of played nights (M1)', () => {
  it('M1, M2: the money results of a night add up to exactly 0, less the chips carried out and plus the chips carried in, times the chip value; with the bank they square', () => {
    const nightArb = fc.record({
      chipValue: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
      currency: fc.constantFrom('EUR', 'JPY', 'KWD', ''),
      carry: fc.boolean(),
      ante: fc.integer({ min: 1, max: 3 }),
      turns: fc.integer({ min: 1, max: 14 }),
      cashOutAfter: fc.option(fc.integer({ min: 0, max: 10 })),
    });
    let run = 0;
    fc.assert(
      fc.property(fc.tuple(nightArb, nightArb), fc.uint8Array({ minLength: 8, maxLength: 8 }), (nights, seed) => {
        const folder = path.join(root, `run-${run++}`);
        const clock = new TestClock();
        const session = openSession(folder, clock, `money-${Buffer.from(seed).toString('hex')}`);
        const bot = new Bot(new SeededStream(seed, 'bots'));
        const table = sessionTable(session);
        for (const [n, plan] of nights.entries()) {
          clock.setDay(`2026-03-0${n + 1}`);
          const nightPlan: NightPlan = {
            players: ['Ann', 'Bo', 'Cy'],
            startingChips: 10,
            rules: { ...DEFAULT_RULES, ante: plan.ante, potAtEnd: plan.carry ? 'carry' : 'split' },
            turns: plan.turns,
          };
          accepted(
            session.runNow('startNight', {
              players: nightPlan.players.map((name) => ({ name })),
              startingChips: nightPlan.startingChips,
              chipValue: plan.chipValue,
              currency: plan.currency,
              settings: nightPlan.rules,
            }),
          );
          if (plan.cashOutAfter !== null) {
            playTurns(table, bot, { ...nightPlan, turns: Math.min(plan.cashOutAfter, plan.turns) });
            const night = currentNight(session);
            const leaving = night.players.find((p) => p.stack > 0 && p.status === 'playing' && !p.isToAct);
            if (leaving) session.runNow('cashOut', { stateId: night.stateId, playerId: leaving.id });
          }
          playTurns(table, bot, nightPlan);
          endNight(table);
          const night = currentNight(session);
          const exported = nightExportSchema.parse(JSON.parse(ask(session, 'exportNight', { nightId: night.id, format: 'json' }).content));
          const results = night.results ?? [];
          for (const r of results) expect(Number.isSafeInteger(r.netMoney)).toBe(true);
          expect(sum(results)).toBe((exported.final.carriedIn - exported.final.carriedOut) * plan.chipValue || 0);
          // M2, M3: the bank is a party holding the carried pot's value; the balances add up to 0 and the fewest transfers square them all.
          const settlement = night.settlement;
          expect(settlement?.balances.bank).toBe((exported.final.carriedOut - exported.final.carriedIn) * plan.chipValue || 0);
          expect(Object.values(settlement?.balances ?? {}).reduce((a, b) => a + b, 0)).toBe(0);
          const left = { ...settlement?.balances };
          for (const t of settlement?.fewest ?? []) {
            left[t.from] = (left[t.from] ?? 0) + t.amount;
            left[t.to] = (left[t.to] ?? 0) - t.amount;
          }
          expect(Object.values(left).every((v) => v === 0)).toBe(true);
          // The index (and so the all-time standings) holds the same exact money.
          const standings = ask(session, 'getStandings', { from: night.startedAt.slice(0, 10), to: night.startedAt.slice(0, 10) });
          expect(standings.rows.reduce((total, r) => total + r.netMoney, 0)).toBe(sum(results));
          closeNight(session);
        }
        session.close();
        fs.rmSync(folder, { recursive: true, force: true });
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
