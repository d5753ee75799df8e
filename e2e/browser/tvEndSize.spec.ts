/**
 * The TV's end screen read from three metres: a first-time host's night of six (one
 * long name) ends, and the results and who pays whom take the screen's height, not its
 * middle half, in the largest type the width allows (each panel takes the share of the
 * width its own rows need tonight), inside the safe area, at 1920x1080 and 1280x720. Real
 * engine states on the layout audit's fake `window.api`.
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const host = hostForSpecFile('e5d512ee');
const NAMES = ['Maximiliana Fitzgerald-Ōkawa', 'Chloé', 'Ann', 'Bob', 'Dee', 'Kwame'];

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  test(`the end screen's results and who pays whom use the height in larger type, inside the safe area, at ${viewport.width}x${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(FAKE_API);
    await page.goto(`${host.url}#/table`);
    const played = playUntil(NAMES, (n) => n.turnsPlayed >= 40 && n.phase === 'ready', { seed: 'tv-end-size', startingChips: 10 });
    const ended = played.table.run('endNight', { stateId: played.night.stateId });
    if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
    const night = played.table.night()!;
    expect(night.settlement!.fewest.length, 'transfers to settle').toBeGreaterThan(1);
    await page.evaluate(([v]) => window.__auditShow!(v, null), [liveView(night, played.roster)] as const);
    await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    const unit = viewport.height / 100;
    const measured = await page.evaluate(() => {
      const px = (selector: string) => parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
      const panels = [...document.querySelectorAll('.big-results, .tv-settle')].map((el) => el.getBoundingClientRect());
      return {
        results: px('[data-testid="results"] td.num'),
        transfers: px('[data-testid="tv-settlement"] [data-testid="transfer"]'),
        top: Math.min(...panels.map((r) => r.top)),
        bottom: Math.max(...panels.map((r) => r.bottom)),
      };
    });
    // The play-through's screen had 2.55 units (27.5 px at 1080p) for both, the panels in the middle half of the height.
    expect(measured.results / unit, "the results' type, in units of 1% of the height").toBeGreaterThanOrEqual(2.75);
    expect(measured.transfers / unit, "who pays whom's type").toBeGreaterThanOrEqual(2.75);
    expect((measured.bottom - measured.top) / viewport.height, 'the panels take most of the height').toBeGreaterThanOrEqual(0.6);
    const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
    expect(report.problems).toEqual([]);
    await page.screenshot({ path: `e2e/artifacts/screenshots/tv-end-size-${viewport.width}x${viewport.height}.jpg`, quality: 90 });
  });
}
