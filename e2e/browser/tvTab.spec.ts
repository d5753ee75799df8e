/**
 * The running tab on the TV (M3): tabs netted by the real `runningTab`
 * (src/main/ledger/tab.ts) from made-up nights, shown on the built table view
 * through the layout audit's fake `window.api`, at 1280x720, 1080p and 4K,
 * in every language: an empty tab, one debt, debts with the bank, and the
 * most the TV lists (ten, and "and 2 more") with the longest names and
 * amounts in the millions. Each must pass the layout audit: nothing
 * overlapped, cut without an ellipsis or outside the 5% safe area, text at
 * least 24 px at 1080p.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView, Language, NightListItem, NightTransferView, RosterPlayer, RunningTab } from '../../src/shared';
import { NAME_MAX } from '../../src/shared/commands';
import { runningTab } from '../../src/main/ledger/tab';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';

const SHOTS = 'e2e/artifacts/screenshots';
const host = hostForSpecFile('7ab7ab');

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  { name: '3840x2160', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 },
] as const;

const LONG = 'Maximilienne-Wolfeschlegelsteinhausenberg-Featherstonehaugh';
const COLOURS = [
  '#f2c14e',
  '#5fd38d',
  '#6aa7ff',
  '#ff7a7a',
  '#c58cff',
  '#4fd1d9',
  '#ff9f43',
  '#e84393',
  '#a3e635',
  '#f8fafc',
  '#94a3b8',
  '#fde047',
  '#22d3ee',
];

function roster(long: boolean): RosterPlayer[] {
  return COLOURS.map((colour, i) => {
    const name = long
      ? `${LONG.slice(0, NAME_MAX - 2)}${String(i).padStart(2, '0')}`
      : ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Finn', 'Gus', 'Hal', 'Ida', 'Jo', 'Kai', 'Lea', 'Mo'][i]!;
    return { id: `p${i + 1}`, name, colour, initials: name.slice(0, 2).toUpperCase(), archived: false };
  });
}

const NIGHTS: NightListItem[] = ['2026-10-02', '2026-10-09', '2026-10-16'].map((day, i) => ({
  id: `${day}-00${i}`,
  startedAt: `${day}T19:30:00.000Z`,
  endedAt: `${day}T23:45:00.000Z`,
  playerIds: [],
  turns: 80,
  biggestPot: 30,
  winnerIds: [],
  minutes: 255,
  currency: 'EUR',
  hostedOn: null,
  unsigned: false,
}));

/** `count` unpaid night transfers that net to `count` debts (distinct amounts, so no chain merges), spread over the nights. */
function transfers(count: number, amount: (i: number) => number, withBank: boolean): NightTransferView[] {
  return Array.from({ length: count }, (_, i) => {
    const night = NIGHTS[i % NIGHTS.length]!.id;
    const from = withBank && i % 3 === 0 ? 'bank' : `p${(i % 13) + 1}`;
    const to = `p${((i + 6) % 13) + 1}`;
    return { id: `${night}:${from}>${to}`, nightId: night, from, to, amount: amount(i), paid: false };
  });
}

interface TabState {
  label: string;
  view: AppView;
  answers: { getTab: RunningTab; listNights: NightListItem[] };
}

function state(label: string, language: Language, nightTransfers: NightTransferView[], long: boolean): TabState {
  const view: AppView = {
    night: null,
    roster: roster(long),
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'tab' },
    settleMode: 'fewest',
    preferences: { language, muted: true },
  };
  return { label, view, answers: { getTab: { tab: runningTab(nightTransfers), transfers: nightTransfers }, listNights: NIGHTS } };
}

const STATES: TabState[] = [
  state('clear-it', 'it', [], false),
  state(
    'one-en',
    'en',
    transfers(1, () => 1250, false),
    false,
  ),
  state(
    'bank-es',
    'es',
    transfers(5, (i) => 500 + i * 75, true),
    false,
  ),
  state(
    'most-longest-fr',
    'fr',
    transfers(12, (i) => 123_456_789 - i * 1_001, true),
    true,
  ),
  state(
    'most-longest-en',
    'en',
    transfers(12, (i) => 987_654_321 - i * 997, false),
    true,
  ),
];

async function show(page: Page, tab: TabState): Promise<void> {
  await page.evaluate(([view, answers]) => window.__auditShow!(view, answers), [tab.view, tab.answers] as const);
  const debts = tab.answers.getTab.tab.length;
  if (debts === 0) await page.getByTestId('tv-tab-clear').waitFor();
  else await expect(page.getByTestId('tv-tab-debt')).toHaveCount(Math.min(debts, 10));
  // A language shown for the first time is fetched first (i18n/index.ts): the page's lang says when its words are in.
  await page.waitForFunction((language) => document.documentElement.lang === language, tab.view.preferences?.language ?? 'en');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

for (const screen of SCREENS) {
  test(`M3: the running tab on the TV holds at ${screen.name}: every debt readable, nothing cut or overlapped`, async ({ browser }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({
      viewport: screen.viewport,
      deviceScaleFactor: screen.deviceScaleFactor,
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript(FAKE_API);
      const page = await context.newPage();
      await page.goto(`${host.url}#/table`);
      for (const tab of STATES) {
        await show(page, tab);
        const debts = tab.answers.getTab.tab.length;
        // Ten debts at most on the TV, then how many more the console lists.
        if (debts > 10) await expect(page.getByTestId('tv-tab-more'), tab.label).toBeVisible();
        else await expect(page.getByTestId('tv-tab-more'), tab.label).toHaveCount(0);
        const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
        expect(report.problems, `${tab.label} at ${screen.name}`).toEqual([]);
        // The audit checks the names; the smaller words of the tab ("owes", the amount, "and 2 more", the heading's line) too.
        const smallest = await page.evaluate(() => {
          const sizes = [...document.querySelectorAll('.tv-tab .owes, .tv-tab .amount, .tv-tab li.more, .tv-tab .sub, .tv-tab .clear')].map(
            (el) => parseFloat(getComputedStyle(el).fontSize),
          );
          return { px: Math.min(...sizes), height: window.innerHeight };
        });
        expect(smallest.px, `${tab.label} at ${screen.name}`).toBeGreaterThanOrEqual(
          (MIN_FONT_PX_AT_1080.text * smallest.height) / 1080 - 0.5,
        );
        // One grid for all rows, the bank's (which has no disc) too: "owes" and the amounts line up down the screen.
        const columns = await page.evaluate(() => ({
          owes: new Set([...document.querySelectorAll('.tv-tab .owes')].map((el) => Math.round(el.getBoundingClientRect().left))).size,
          amounts: new Set([...document.querySelectorAll('.tv-tab .amount')].map((el) => Math.round(el.getBoundingClientRect().right)))
            .size,
        }));
        if (debts > 0) expect(columns, `${tab.label} at ${screen.name}`).toEqual({ owes: 1, amounts: 1 });
        await page.screenshot({ path: `${SHOTS}/tv-tab-${screen.name}-${tab.label}.jpg`, quality: 90 });
      }
    } finally {
      await context.close();
    }
  });
}
