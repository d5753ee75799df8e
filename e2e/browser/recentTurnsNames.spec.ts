/**
 * R29 on the console at 1920x1080: a pair called higher or lower adds its
 * call to the turn's outcome in "Recent turns" ("win, called higher"); the
 * players' names in that list must stay readable beside it, not cut to an
 * emoji or two letters. A night played by the real engine in memory
 * (tvStates.ts), pushed into the built console through the fake `window.api`.
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const host = hostForSpecFile('7ec3a7');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

test("R29: with a called pair among the recent turns, every name there keeps at least 8 characters' room", async ({ browser }) => {
  const played = playUntil(
    ['Zoë Lefèvre-Ñúñez', '🎲 Kwame', 'Maximiliana Constantinopla Wolfeschlegel', '王小明'],
    (n) => n.phase === 'ready' && n.recentTurns.some((t) => t.call && t.outcome),
    {
      settings: { pair: 'high-low' },
    },
  );
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  for (const language of ['en', 'fr'] as const) {
    await page.evaluate(
      (view) => window.__auditShow!(view, null),
      liveView(played.night, played.roster, { preferences: { language, muted: true } }),
    );
    const list = page.getByTestId('recent-turns');
    await expect(list).toContainText(language === 'en' ? 'called' : 'annoncée');
    // 8 characters of the list's own type, measured on the page: room for "Zoë Lefè…" or "🎲 Kwame".
    const { room, names } = await list.evaluate((table) => {
      const probe = document.createElement('span');
      probe.textContent = 'MMMMMMMM'.replace(/M/g, 'e');
      table.querySelector('td.name')!.appendChild(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return { room: width, names: [...table.querySelectorAll('td.name')].map((td) => ({ text: td.textContent, width: td.clientWidth })) };
    });
    for (const name of names)
      expect(name.width, `${language}: "${name.text}" has ${name.width} px, under 8 characters (${room} px)`).toBeGreaterThanOrEqual(room);
  }
  await page.screenshot({ path: 'e2e/artifacts/screenshots/recent-turns-called-pair.png' });
  await context.close();
});

test('with one-word outcomes only, a 13-letter name such as "Chloé Lefèvre" shows whole in "Recent turns"', async ({ browser }) => {
  const names = ['Ann', 'Maximiliana Fitzgerald-Ōkawa', 'Chloé Lefèvre', 'Bob', 'Dee', 'Zoë'];
  const played = playUntil(
    names,
    (n) => n.phase === 'ready' && n.recentTurns.length >= 6 && n.recentTurns.every((t) => !t.call && !t.corrected),
  );
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  await page.evaluate(
    (view) => window.__auditShow!(view, null),
    liveView(played.night, played.roster, { preferences: { language: 'en', muted: true } }),
  );
  const chloé = page.getByTestId('recent-turns').locator('td.name', { hasText: 'Chloé Lefèvre' }).first();
  await expect(chloé).toBeVisible();
  const { clientWidth, scrollWidth } = await chloé.evaluate((td) => ({ clientWidth: td.clientWidth, scrollWidth: td.scrollWidth }));
  expect(scrollWidth, `"Chloé Lefèvre" needs ${scrollWidth} px and has ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
  // The longest name still gives way with an ellipsis, inside the panel.
  const longest = page.getByTestId('recent-turns').locator('td.name', { hasText: 'Maximiliana' }).first();
  if (await longest.count()) await expect(longest).toHaveCSS('text-overflow', 'ellipsis');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/recent-turns-one-word-outcomes.png' });
  await context.close();
});

test('R16: a turn without a bet gives its bet cell to its outcome, so "consécutives" does not squeeze "🎲 Kwame" to a letter or two', async ({
  browser,
}) => {
  const names = ['Ann', 'Maximiliana Fitzgerald-Ōkawa', 'Chloé Lefèvre', 'Bob', '🎲 Kwame', 'Zoë'];
  const played = playUntil(
    names,
    (n) => n.phase === 'ready' && n.recentTurns.length >= 6 && n.recentTurns.some((t) => t.outcome === 'consecutive' && t.bet === null),
  );
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const page = await context.newPage();
  await page.goto(`${host.url}#/`);
  for (const [language, word] of [
    ['fr', 'consécutives'],
    ['es', 'consecutivas'],
    ['en', 'consecutive'],
  ] as const) {
    await page.evaluate(
      (view) => window.__auditShow!(view, null),
      liveView(played.night, played.roster, { preferences: { language, muted: true } }),
    );
    const list = page.getByTestId('recent-turns');
    const outcome = list.locator('td.outcome', { hasText: word }).first();
    await expect(outcome).toBeVisible();
    for (const cell of [outcome, list.locator('td.name', { hasText: 'Kwame' }).first()]) {
      const { text, clientWidth, scrollWidth } = await cell.evaluate((td) => ({
        text: td.textContent?.trim(),
        clientWidth: td.clientWidth,
        scrollWidth: td.scrollWidth,
      }));
      expect(scrollWidth, `${language}: "${text}" needs ${scrollWidth} px and has ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
    }
  }
  await page.screenshot({ path: 'e2e/artifacts/screenshots/recent-turns-consecutive.png' });
  await context.close();
});
