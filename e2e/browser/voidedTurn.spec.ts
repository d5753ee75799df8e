/**
 * R21: a voided turn did not stand. Once the host voids it, neither the
 * console's deal panel nor the TV may keep showing its cards and its old
 * outcome as if it had been played. States come from the real engine in
 * memory (tvStates.ts), pushed into the built screens through the fake API.
 * Screenshots in e2e/artifacts/voided-turn/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const SHOTS = 'e2e/artifacts/voided-turn';
const host = hostForSpecFile('701dab1e');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

async function show(page: Page, view: AppView): Promise<void> {
  await page.evaluate((v) => window.__auditShow!(v, null), view);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** A turn that hit a post, then voided by the host (what Ctrl+Z, V sends). */
function voidedPost(): AppView {
  const played = playUntil(
    ['Ann', 'Bob', 'Cleo'],
    (n) => n.phase === 'ready' && n.turn?.outcome === 'post' && n.lastAction?.canVoid === true,
  );
  const result = played.table.run('voidTurn', { stateId: played.night.stateId });
  if (!result.ok) throw new Error(`the void was refused: ${result.error.code}`);
  const night = played.table.night()!;
  expect(night.turn?.void).toBe(true);
  return liveView(night, played.roster);
}

for (const screen of [
  { name: 'console', path: '#/' },
  { name: 'TV', path: '#/table' },
]) {
  test(`R21: after a void the ${screen.name} shows the turn as VOID with its card places empty, not its cards and "post"`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
    await context.addInitScript(FAKE_API);
    const page = await context.newPage();
    await page.goto(`${host.url}${screen.path}`);
    await show(page, voidedPost());
    for (const place of ['post-low', 'third-card', 'post-high']) {
      await expect(page.getByTestId(place)).toHaveAttribute('data-card', '');
      await expect(page.getByTestId(place)).toHaveClass(/empty/);
    }
    const word = page.getByTestId(screen.name === 'TV' ? 'turn-void' : 'turn-outcome');
    await expect(word).toHaveText(/^void$/i);
    await expect(word).toBeVisible();
    await expect(page.locator(screen.name === 'TV' ? '.cards' : '.phase-panel')).not.toContainText(/\bpost\b/i);
    await page.screenshot({ path: `${SHOTS}/${screen.name}.png` });
    await context.close();
  });
}
