/**
 * The title bars of History and the running tab stay one row at 1920x1080 in
 * English and French, saying all they say, and so does the row of the
 * screen's own buttons under them; on a smaller screen they run onto more
 * rows rather than cut or squeeze a label. The
 * screens are shown by the built console through the fake API (nothing on the
 * TV, so History's TV button offers to go back to the live table, its longest
 * label). Screenshots in e2e/artifacts/title-bars/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { PhonesView } from '../../src/shared';
import type { Language } from '../../src/shared/preferences';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView } from './tvStates';

const SHOTS = 'e2e/artifacts/title-bars';
const host = hostForSpecFile('b4a7');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

/** The widest state of each bar: twelve phones watching, the sound on, and the TV showing the tab (the tab's button then says "back to live"). */
const PHONES_WATCHING: PhonesView = {
  state: 'on',
  links: ['http://192.168.1.20:8765/phone.html?token=t'],
  port: 8765,
  connected: 12,
  refusal: null,
};
const SCREENS = [
  { name: 'history', route: '#/history', ready: 'tab-nights', tableScreen: { kind: 'live' } },
  { name: 'tab', route: '#/tab', ready: 'tab-screen', tableScreen: { kind: 'tab' } },
] as const;

/** The title bar, and the row of the screen's own buttons under it. */
const BARS = ['header.bar', '[data-testid="screen-actions"]'];

interface BarLayout {
  /** How many rows the bar's parts sit on. */
  rows: number;
  /** Parts whose text runs onto a second line inside themselves, or past the bar's or the window's edge. */
  squeezed: string[];
}

/** The rows of a bar's visible parts (by their vertical middle), and any part whose own text wraps or sticks out. */
function barLayout(page: Page, selector: string): Promise<BarLayout> {
  return page.locator(selector).evaluate((bar) => {
    const edge = Math.min(bar.getBoundingClientRect().right, document.documentElement.clientWidth);
    const parts = [...bar.children].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    });
    const middles: number[] = [];
    const squeezed: string[] = [];
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      const middle = (r.top + r.bottom) / 2;
      if (!middles.some((m) => Math.abs(m - middle) < r.height / 2)) middles.push(middle);
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
      if (r.right > edge + 0.5) squeezed.push(`"${text}" runs past the edge`);
      // Its own text on one line: a line box no taller than 1.6 of its font size (plus padding and border).
      const style = getComputedStyle(el);
      const inner =
        r.height -
        parseFloat(style.paddingTop) -
        parseFloat(style.paddingBottom) -
        parseFloat(style.borderTopWidth) -
        parseFloat(style.borderBottomWidth);
      if (el.tagName !== 'NAV' && inner > parseFloat(style.fontSize) * 1.9) squeezed.push(`"${text}" wraps inside itself`);
      for (const link of el.tagName === 'NAV' ? [...el.children] : []) {
        const lr = link.getBoundingClientRect();
        if (lr.height > parseFloat(getComputedStyle(link).fontSize) * 2.6)
          squeezed.push(`"${(link.textContent ?? '').trim()}" wraps inside itself`);
      }
    }
    return { rows: middles.length, squeezed };
  });
}

async function open(page: Page, screen: (typeof SCREENS)[number], language: Language): Promise<void> {
  await page.goto(`${host.url}${screen.route}`);
  const view = liveView(null, [], { preferences: { language, muted: false }, phones: PHONES_WATCHING, tableScreen: screen.tableScreen });
  await page.evaluate((v) => window.__auditShow!(v, null), view);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await expect(page.getByTestId(screen.ready)).toBeVisible();
  await expect(page.getByTestId('phones-button')).toBeVisible();
}

for (const screen of SCREENS) {
  for (const language of ['en', 'fr'] as Language[]) {
    test(`${screen.name} in ${language}: the title bar is one row at 1920x1080, every label whole`, async ({ browser }) => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
      await context.addInitScript(FAKE_API);
      const page = await context.newPage();
      await open(page, screen, language);
      await page.screenshot({ path: `${SHOTS}/${screen.name}-${language}-1920.png` });
      for (const bar of BARS) {
        const layout = await barLayout(page, bar);
        expect(layout.squeezed, bar).toEqual([]);
        expect(layout.rows, `rows of ${bar}`).toBe(1);
      }

      // Smaller screens: more rows, but no label cut, squeezed onto two lines or pushed off the screen.
      for (const width of [1366, 1024]) {
        await page.setViewportSize({ width, height: 768 });
        await page.screenshot({ path: `${SHOTS}/${screen.name}-${language}-${width}.png` });
        for (const bar of BARS) expect((await barLayout(page, bar)).squeezed, `${bar} at ${width} px`).toEqual([]);
      }
      await context.close();
    });
  }
}
