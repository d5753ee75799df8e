/**
 * The TV's end screen with the bank QR codes, a page of its own after the
 * results and who pays whom (docs/design.md "Paying from the table"): nights played to their end
 * by the real engine (tableStates.ts), every payee given a bank account, shown
 * through the layout audit's fake `window.api` at 1080p and 4K. Nothing may
 * overlap, be cut or leave the safe area, and each code must stay over 6
 * pixels a module at 1080p, whatever the number of players.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView, PayDetails } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { tableState, type TableState } from './tableStates';
import { jumpableClock, LOOK, untilTvTurns } from './tvClock';

const SEED = 'tv-pay-1';
const SHOTS = 'e2e/artifacts/screenshots';
const host = hostForSpecFile('7a7a7a');

/** Ended nights on the live TV in EUR with transfers to pay, the one with the most players first. */
function endedStates(count: number): TableState[] {
  const out: TableState[] = [];
  for (let i = 0; out.length < count && i < 600; i++) {
    const state = tableState(SEED, i);
    const night = state.view.night;
    if (night?.phase === 'ended' && state.view.tableScreen.kind === 'live' && (night.settlement?.fewest.length ?? 0) > 0) out.push(state);
  }
  return out.sort((a, b) => b.view.night!.players.length - a.view.night!.players.length);
}

/** The state in EUR with every payee owed holding a bank account, as main would send it. */
function withPayees(state: TableState): TableState {
  const night = { ...state.view.night!, currency: 'EUR' };
  const settlement = night.settlement!;
  const due = settlement.mode === 'banker' ? settlement.banker : settlement.fewest;
  const payees: Record<string, PayDetails> = {};
  for (const t of due)
    payees[t.to] = {
      sepa: {
        name: `${state.view.roster.find((p) => p.id === t.to)?.name ?? 'Cash box'}`.slice(0, 70),
        iban: 'DE89370400440532013000',
        bic: '',
      },
    };
  const view: AppView = { ...state.view, night, settlePay: { hidden: [], payees, due } };
  return { ...state, label: `${state.label}-pay`, view };
}

async function show(page: Page, state: TableState): Promise<void> {
  await page.evaluate(([view, answers]) => window.__auditShow!(view, answers), [state.view, state.answers] as const);
  await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

for (const screen of [
  { name: '1920x1080', deviceScaleFactor: 1, minModule: 6 },
  { name: '3840x2160', deviceScaleFactor: 2, minModule: 12 },
]) {
  test(`the TV's end screen keeps the bank codes readable and everything in its place at ${screen.name}`, async ({ browser }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const states = endedStates(3).map(withPayees);
    expect(states.length, 'ended nights among the seeded states').toBeGreaterThanOrEqual(3);
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      deviceScaleFactor: screen.deviceScaleFactor,
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript(FAKE_API);
      await jumpableClock(context);
      const page = await context.newPage();
      await page.goto(`${host.url}#/table`);
      for (const state of states) {
        await show(page, state);
        // First the results and who pays whom, as without codes; then the TV turns to its first page of codes (tvClock.ts).
        expect((await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080)).problems, `${state.label} (results) at ${screen.name}`).toEqual([]);
        const codes = page.getByTestId('pay-qr');
        await untilTvTurns(page, () => expect(codes.first(), state.label).toBeVisible(LOOK));
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        for (const code of await codes.all()) {
          const box = await code.boundingBox();
          const modules = Number(await code.getAttribute('data-modules'));
          expect(((box?.width ?? 0) * screen.deviceScaleFactor) / modules, `${state.label}: pixels a module`).toBeGreaterThanOrEqual(
            screen.minModule,
          );
        }
        const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
        expect(report.problems, `${state.label} at ${screen.name}`).toEqual([]);
        if (state === states[0]) await page.screenshot({ path: `${SHOTS}/tv-end-pay-codes-${screen.name}.jpg`, quality: 90 });
      }
    } finally {
      await context.close();
    }
  });
}
