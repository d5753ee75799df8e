/**
 * The TV holds still from turn to turn, read from the sofa: a long name ("Maximiliana
 * Fitzgerald-Ōkawa") in the status ("Next: … to bet") or in the banner ("… wins 2:
 * take 2 from the pot") sets its line's type smaller rather than wrap onto a second
 * line, so the top line and the banner keep their height and the cards keep their size
 * (a first-time host saw the layout jump and the cards shrink whenever her turn came); a banner of
 * two lines ("The deal passes to …" after the outcome) has its room kept, so the cards do not move up as it is said.
 * Real engine states on the layout audit's fake `window.api`, at 1920x1080 and 1280x720.
 */
import { expect, test, type Page } from '@playwright/test';
import type { NightView } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const host = hostForSpecFile('57ead7');
const LONG = 'Maximiliana Fitzgerald-Ōkawa';
const NAMES = [LONG, 'Chloé', 'Ann', 'Bob', 'Dee', 'Kwame'];

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

/** Every moment of a night's first 14 turns with two cards on the table (asked to bet, or the turn just played). */
function momentsWithCards(): { night: NightView; roster: ReturnType<typeof playUntil>['roster'] }[] {
  const nights: NightView[] = [];
  const { roster } = playUntil(
    NAMES,
    (night) => {
      if (night.turn && (night.phase === 'bet' || night.phase === 'ready')) nights.push(night);
      return night.turnsPlayed >= 14 && night.phase === 'ready';
    },
    { seed: 'tv-steady' },
  );
  return nights.map((night) => ({ night, roster }));
}

async function measure(page: Page): Promise<{
  card: number;
  cardTop: number;
  bannerLines: number;
  top: number;
  banner: number;
  status: string;
  headline: string;
}> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    const height = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? -1;
    const banner = document.querySelector('[data-testid="banner"]');
    return {
      card: height('.center .cards .card'),
      // Where the first card stands, and how many lines the banner says (-1: more than its room of two, details included).
      cardTop: document.querySelector('.center .cards .card')?.getBoundingClientRect().top ?? -1,
      bannerLines: banner?.querySelector('.details') ? -1 : (banner?.querySelectorAll('.line').length ?? 0),
      top: height('header.top'),
      // A banner of one headline: a second line ("The deal passes to …") and chip movements' details are rows of their own, by design.
      banner:
        document.querySelectorAll('[data-testid="banner"] .line').length !== 1 || document.querySelector('[data-testid="banner"] .details')
          ? -1
          : height('[data-testid="banner"]'),
      status: document.querySelector('[data-testid="status"]')?.textContent?.trim() ?? '',
      headline: document.querySelector('[data-testid="banner"] .headline')?.textContent?.trim() ?? '',
    };
  });
}

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  test(`the cards keep their size and the top line its height when a long name is to bet or wins, at ${viewport.width}x${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(FAKE_API);
    await page.goto(`${host.url}#/table`);
    const seen: Awaited<ReturnType<typeof measure>>[] = [];
    for (const [i, { night, roster }] of momentsWithCards().entries()) {
      await page.evaluate(([v]) => window.__auditShow!(v, null), [liveView({ ...night, stateId: 1_000_000 + i }, roster)] as const);
      await expect(page.locator('.center .cards .card').first()).toBeVisible();
      seen.push(await measure(page));
      const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
      expect(report.problems, `moment ${i}: ${seen.at(-1)!.status} / ${seen.at(-1)!.headline}`).toEqual([]);
    }
    // The night had the moment the host saw: the long name asked to bet.
    expect(seen.some((m) => m.status.includes(LONG))).toBe(true);
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    const label = JSON.stringify(seen.map((m) => [m.card, m.top, m.banner, m.status, m.headline]));
    expect(spread(seen.map((m) => m.card)), `the cards' height, ${label}`).toBeLessThanOrEqual(1);
    expect(spread(seen.map((m) => m.top)), `the top line's height, ${label}`).toBeLessThanOrEqual(1);
    expect(spread(seen.filter((m) => m.banner >= 0).map((m) => m.banner)), `the banner's height, ${label}`).toBeLessThanOrEqual(1);
    // A banner of two lines ("… hits the post", "The deal passes to …") has its room kept: the cards do not move up as it is said.
    expect(seen.some((m) => m.bannerLines === 2)).toBe(true);
    const steady = seen.filter((m) => m.bannerLines === 1 || m.bannerLines === 2);
    expect(
      spread(steady.map((m) => m.cardTop)),
      `where the cards stand, ${JSON.stringify(steady.map((m) => [m.cardTop, m.headline]))}`,
    ).toBeLessThanOrEqual(1);
  });
}
