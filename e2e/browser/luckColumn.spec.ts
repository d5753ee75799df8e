/**
 * Luck against the odds (docs/rules.md) on the console's end screen: once a
 * night has ended, each player's row of the results carries a Luck cell with
 * main's verdict, under the note saying what luck means. A night played to its
 * end by the real engine in memory (tvStates.ts), pushed into the built
 * console through the layout audit's fake `window.api`.
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const host = hostForSpecFile('1ac4c0');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

test("the console end screen shows a Luck column with each player's verdict beside the results", async ({ browser }) => {
  const played = playUntil(['Ann', 'Zoë Lefèvre-Ñúñez', '王小明'], (n) => n.turnsPlayed >= 12 && n.phase === 'ready');
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
  const night = played.table.night()!;
  expect(night.luck?.length).toBe(3);

  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  await page.evaluate((view) => window.__auditShow!(view, null), liveView(night, played.roster));

  const results = page.getByTestId('results');
  await expect(results.getByRole('columnheader', { name: 'Luck' })).toBeVisible();
  for (const luck of night.luck!) {
    const cell = page.getByTestId(`luck-${luck.playerId}`);
    await expect(cell).toBeVisible();
    await expect(cell).toHaveAttribute('data-verdict', luck.verdict);
    await expect(cell).toContainText(/^[+-]?[\d.,]+\s*(kind|unkind|even)$/);
  }
  await expect(results).toContainText('Luck: chips won or lost beyond what the odds shown made each bet worth.');
  await context.close();
});
