/**
 * The console's side panels hold their text at 1920x1080 in every language:
 * "Recent turns" keeps each turn on one line with its outcome whole inside
 * the panel ("consécutives" included). States from the real engine in memory
 * (tvStates.ts), pushed into the built console through the fake API.
 * Screenshots in e2e/artifacts/console-panels/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Language } from '../../src/shared/preferences';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const SHOTS = 'e2e/artifacts/console-panels';
const host = hostForSpecFile('c0501e5a');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

const LONG_NAMES = ['Bartholomew Featherstonehaugh-Smythe', 'Anne-Sophie Marguerite de la Tour-Dubois', 'Zoë'];

for (const language of ['en', 'fr'] as Language[]) {
  test(`"Recent turns" in ${language} keeps each turn on one line, its outcome whole inside the panel`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const played = playUntil(LONG_NAMES, (n) => n.phase === 'ready' && n.recentTurns.some((t) => t.outcome === 'consecutive'));
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
    await context.addInitScript(FAKE_API);
    const page = await context.newPage();
    await page.goto(`${host.url}#/`);
    const view = liveView(played.night, played.roster, { preferences: { language, muted: true } });
    await page.evaluate((v) => window.__auditShow!(v, null), view);
    const table = page.getByTestId('recent-turns');
    await expect(table).toBeVisible();
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    const problems = await table.evaluate((el) => {
      const box = el.closest('.box')!.getBoundingClientRect();
      const found: string[] = [];
      for (const row of el.querySelectorAll('tr')) {
        for (const cell of row.querySelectorAll('td')) {
          const r = cell.getBoundingClientRect();
          if (r.right > box.right + 0.5) found.push(`"${cell.textContent}" runs past the panel`);
          if (cell.scrollWidth > cell.clientWidth + 1 && !cell.classList.contains('name')) found.push(`"${cell.textContent}" is cut`);
          const lineHeight = parseFloat(getComputedStyle(cell).lineHeight) || parseFloat(getComputedStyle(cell).fontSize) * 1.3;
          const inner = r.height - parseFloat(getComputedStyle(cell).paddingTop) - parseFloat(getComputedStyle(cell).paddingBottom);
          if (inner > lineHeight * 1.5) found.push(`"${cell.textContent}" takes more than one line`);
        }
      }
      return found;
    });
    await page.screenshot({ path: `${SHOTS}/recent-turns-${language}.png` });
    expect(problems).toEqual([]);
    await expect(
      table
        .locator('td.outcome')
        .filter({ hasText: language === 'fr' ? 'consécutives' : 'consecutive' })
        .first(),
    ).toBeVisible();
    await context.close();
  });
}

test('a prompt naming "Bartholomew Smythe Jr." ends with one full stop, not two', async ({ browser }) => {
  const played = playUntil(['Bartholomew Smythe Jr.', 'Ann', 'Bob'], (n) => n.phase === 'ready' && n.turnsPlayed > 0 && n.toActId === 'p1');
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  await page.evaluate((v) => window.__auditShow!(v, null), liveView(played.night, played.roster));
  const prompt = page.getByTestId('ready-prompt');
  await expect(prompt).toContainText('Bartholomew Smythe Jr.');
  expect(await prompt.textContent()).not.toContain('Jr..');
  await context.close();
});

test('during the cut the console shows the deck commitment once, in the phase panel; "Last action" shows it again once the cut is made', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  const cutting = playUntil(['Ann', 'Bob', 'Chloé Lefèvre'], (n) => n.phase === 'cut' && n.deck !== null);
  await page.evaluate((v) => window.__auditShow!(v, null), liveView(cutting.night, cutting.roster));
  const commitment = cutting.night.deck!.commitment;
  await expect(page.getByTestId('commitment')).toHaveText(commitment);
  await expect(page.getByText(commitment, { exact: true })).toHaveCount(1);
  await expect(page.getByTestId('last-action-commitment')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/commitment-during-cut.png` });

  const betting = playUntil(['Ann', 'Bob', 'Chloé Lefèvre'], (n) => n.phase === 'bet' && n.deck !== null);
  await page.evaluate((v) => window.__auditShow!(v, null), liveView(betting.night, betting.roster));
  await expect(page.getByTestId('last-action-commitment')).toHaveText(betting.night.deck!.commitment);
  await context.close();
});
