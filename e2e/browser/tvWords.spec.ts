/**
 * What the TV says, read from the sofa: the pair banner says the
 * call itself and the rules line does not repeat it (R29); the pages of bank
 * codes say which page is up and that the TV turns them, in words, never a
 * raw message key. Nights played by the real engine in memory (tvStates.ts),
 * shown through the layout audit's fake `window.api` at 1920x1080; the
 * screenshots land where docScreenshots.ts says.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView, NightView, PayDetails } from '../../src/shared';
import { MemoryTable } from '../../harness/memoryTable';
import { perform } from '../../src/main/simulation/playNight';
import { DOC_SCREENSHOTS } from './docScreenshots';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { liveView, playUntil } from './tvStates';
import { jumpableClock, LOOK, untilTvTurns } from './tvClock';

const host = hostForSpecFile('7e1e7e1e');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

async function tvPage(page: Page): Promise<void> {
  mkdirSync(DOC_SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(FAKE_API);
  await jumpableClock(page);
  await page.goto(`${host.url}#/table`);
}

async function show(page: Page, view: AppView): Promise<void> {
  await page.evaluate((v) => window.__auditShow!(v, null), view);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test('R29: the pair banner says the call, and the rules line does not repeat "pair: higher or lower" while it is on screen', async ({
  page,
}) => {
  await tvPage(page);
  const names = ['王小明', 'Bartholomew', 'Lou Latecomer', 'Ana', 'Kwame'];
  const settings = { pair: 'high-low' as const };
  // Before the call (shown first: the TV never goes back to an older state) the rules line says what the pair asks for.
  const calling = playUntil(names, (n) => n.phase === 'pair-call', { settings });
  await show(page, liveView(calling.night, calling.roster));
  await expect(page.getByTestId('tv-house-rules')).toContainText('pair: higher or lower');

  const betting = playUntil(
    names,
    (n) => n.phase === 'bet' && n.turn?.call != null && n.announcements.some((a) => a.kind === 'pair-called'),
    {
      settings,
    },
  );
  const caller = betting.roster.find((p) => p.id === betting.night.turn!.playerId)!.name;
  await show(page, liveView(betting.night, betting.roster));
  await expect(page.getByTestId('banner')).toContainText(`${caller} calls: ${betting.night.turn!.call} than the pair`);
  await expect(page.locator('body')).not.toContainText('pair: higher or lower');
  await page.screenshot({ path: `${DOC_SCREENSHOTS}/tv-pair-banner-1080p.png` });
});

test('R1: while the bet is asked after an ace, the TV says whether it was called low or high', async ({ context }) => {
  const names = ['Maximiliana Fitzgerald-Ōkawa', 'Chloé', 'Kwame', 'Ana'];
  const settings = { aceLowChoice: true };
  for (const call of ['low', 'high'] as const) {
    // Each night on a TV page of its own: a TV never goes back to an older state than one it showed.
    const page = await context.newPage();
    await tvPage(page);
    const betting = playUntil(names, (n) => n.phase === 'bet' && n.turn?.aceCall === call, { settings, seed: `ace-${call}` });
    const player = betting.roster.find((p) => p.id === betting.night.toActId)!.name;
    await show(page, liveView(betting.night, betting.roster));
    // The chance tile takes the call's place beside the cards, so the status says it (the spread depends on it).
    await expect(page.getByTestId('status')).toHaveText(`${player} to bet: ace ${call}`);
    if (call === 'low') await page.screenshot({ path: `${DOC_SCREENSHOTS}/tv-ace-low-bet-1080p.png` });
  }
});

/** A night of eight ended by the host, every payee with a bank account: more codes than one page holds. */
function endedWithCodes(): AppView {
  const names = ['Ana', 'Bartholomew', 'Cleo', 'Dev', 'Eun-ji', 'Farouk', 'Gabriela', 'Hamish'];
  for (let seed = 0; seed < 40; seed++) {
    const played = playUntil(names, (n) => n.phase === 'ready' && n.turnsPlayed >= 40, { seed: `tv-words-${seed}`, startingChips: 30 });
    const table: MemoryTable = played.table;
    perform(table, { command: 'endNight', args: { stateId: played.night.stateId } });
    const night: NightView = { ...table.night()!, currency: 'EUR' };
    const due = night.settlement?.fewest ?? [];
    if (due.length < 4) continue;
    const payees: Record<string, PayDetails> = {};
    for (const t of due)
      payees[t.to] = { sepa: { name: played.roster.find((p) => p.id === t.to)?.name ?? 'Bank', iban: 'DE89370400440532013000', bic: '' } };
    return liveView(night, played.roster, { settlePay: { hidden: [], payees, due } });
  }
  throw new Error('no night of eight ended with four transfers or more');
}

test('the bank codes say "page 1 of 2" and that the TV turns the page, never a message key', async ({ page }) => {
  test.setTimeout(90_000);
  await tvPage(page);
  await show(page, endedWithCodes());
  // The results first; the TV turns to its codes, then to their second page, by itself (its clock jumped: tvClock.ts).
  await expect(page.locator('[data-testid="phase"][data-phase="ended"]')).toBeVisible();
  await untilTvTurns(page, () => expect(page.getByTestId('tv-pay')).toBeVisible(LOOK), 20_000);
  const pageLine = page.getByTestId('tv-pay-page');
  await expect(pageLine).toHaveText(/^Bank codes, page 1 of 2: the TV turns to the next page by itself\.$/);
  await expect(page.getByTestId('tv-pay')).not.toContainText('pay.');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: `${DOC_SCREENSHOTS}/tv-pay-codes-page1-1080p.png` });
  await untilTvTurns(page, () => expect(pageLine).toHaveText(/page 2 of 2/, LOOK), 20_000);
  await page.screenshot({ path: `${DOC_SCREENSHOTS}/tv-pay-codes-page2-1080p.png` });
});

test('the luck column on the TV comes with its meaning: what it counts and when it says "even"', async ({ page }) => {
  test.setTimeout(90_000);
  await tvPage(page);
  const view = endedWithCodes();
  // Nobody owes anybody: the TV's results then keep their luck column.
  const night = { ...view.night!, settlement: { ...view.night!.settlement!, fewest: [], banker: [] } };
  await show(page, { ...view, night, settlePay: undefined });
  await expect(page.locator('[data-testid^="luck-"][data-verdict]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('luck-note')).toHaveText(
    'Luck: chips won or lost beyond the odds · even: within what chance usually gives',
  );
  expect((await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080)).problems).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-luck-legend.jpg', quality: 90 });
});
