/**
 * The night's awards on the TV's end screen: nights played to
 * their end by the real engine (tableStates.ts) are shown on the built table
 * view through the layout audit's fake `window.api`, at 1280x720, 1080p and
 * 4K, then once more with the awards stretched to their widest (three-way
 * ties of the longest names). The strip must show each award the night's
 * turns earned, the results each player's luck against the odds with main's
 * verdict (docs/rules.md), and the whole end screen must pass the layout
 * audit: nothing overlapped, cut without an ellipsis or outside the 5% safe area.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView, NightAwards, PlayerLuck } from '../../src/shared';
import { NAME_MAX } from '../../src/shared/commands';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { tableState, type TableState } from './tableStates';

const SEED = 'tv-awards-1';
const SHOTS = 'e2e/artifacts/screenshots';
const host = hostForSpecFile('a3a2d5');

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  { name: '3840x2160', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 },
] as const;

/** The first few ended nights whose end screen is on the TV (not history), with awards earned. */
function endedStates(count: number): TableState[] {
  const out: TableState[] = [];
  for (let i = 0; out.length < count && i < 400; i++) {
    const state = tableState(SEED, i);
    const night = state.view.night;
    if (night?.phase === 'ended' && state.view.tableScreen.kind === 'live' && night.awards?.biggestWin) out.push(state);
  }
  return out;
}

/** The same end screen with every award shared by three players with the longest names, in French (its labels run longest). */
function widest(state: TableState): TableState {
  const night = state.view.night!;
  const longName = (k: number) => `${'Maximilienne-Wolfeschlegelsteinhausenberg'.slice(0, NAME_MAX - 1)}${k}`;
  const ids = night.players.slice(0, 3).map((p) => p.id);
  const renamed = <P extends { id: string; name: string }>(p: P): P =>
    ids.includes(p.id) ? { ...p, name: longName(ids.indexOf(p.id)) } : p;
  const awards: NightAwards = {
    biggestWin: { playerIds: ids, value: 1_000_000 },
    mostPosts: { playerIds: ids, value: 12 },
    longestStreak: { playerIds: ids, value: 9 },
  };
  const roster = state.view.roster.map(renamed);
  const players = night.players.map(renamed);
  // The luck line at its longest: the cards kindest to the three long names (a tie) and unkindest to the next player.
  const luck = (night.luck ?? []).map((l, i): PlayerLuck =>
    i < 3 ? { ...l, luck: 123_456, verdict: 'kind' } : i === 3 ? { ...l, luck: -98_765, verdict: 'unkind' } : { ...l, verdict: 'even' },
  );
  const view: AppView = {
    ...state.view,
    roster,
    night: { ...night, players, awards, luck },
    preferences: { ...state.view.preferences, language: 'fr' },
  };
  return { ...state, label: `${state.label}-widest`, view };
}

async function show(page: Page, state: TableState): Promise<void> {
  await page.evaluate(([view, answers]) => window.__auditShow!(view, answers), [state.view, state.answers] as const);
  await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
  // A language shown for the first time is fetched first (i18n/index.ts): the page's lang says when its words are in.
  await page.waitForFunction((language) => document.documentElement.lang === language, state.view.preferences?.language ?? 'en');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

/** The same end screen with the biggest win shared by every player (a night of small wins): said as a count, not a list. */
function everyoneTied(state: TableState): TableState {
  const night = state.view.night!;
  const awards: NightAwards = { ...night.awards!, biggestWin: { playerIds: night.players.map((p) => p.id), value: 2 } };
  return { ...state, label: `${state.label}-everyone-tied`, view: { ...state.view, night: { ...night, awards } } };
}

for (const screen of SCREENS) {
  test(`the TV's end screen shows the night's awards inside the safe area at ${screen.name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const states = endedStates(6);
    expect(states.length, 'ended nights among the seeded states').toBeGreaterThanOrEqual(3);
    const context = await browser.newContext({
      viewport: screen.viewport,
      deviceScaleFactor: screen.deviceScaleFactor,
      reducedMotion: 'reduce',
    });
    try {
      await context.addInitScript(FAKE_API);
      const page = await context.newPage();
      await page.goto(`${host.url}#/table`);
      const many = states.find((state) => state.view.night!.players.length > 3);
      expect(many, 'an ended night of more than three players').toBeDefined();
      for (const state of [...states, widest(states[0]!), everyoneTied(many!)]) {
        await show(page, state);
        const awards = state.view.night!.awards!;
        const strip = page.getByTestId('tv-awards');
        await expect(strip, state.label).toBeVisible();
        // Each award the night's turns earned is shown, with who earned it; none other.
        for (const [key, award] of [
          ['biggest-win', awards.biggestWin],
          ['most-posts', awards.mostPosts],
          ['longest-streak', awards.longestStreak],
        ] as const) {
          const item = page.getByTestId(`tv-award-${key}`);
          if (award === null) await expect(item, `${state.label}: ${key}`).toHaveCount(0);
          else {
            const whole = award.playerIds.map((id) => state.view.roster.find((p) => p.id === id)?.name ?? id);
            // Each name whole, as the TV writes names everywhere (an ellipsis of the CSS only where the line runs out); in the title too.
            // More than three sharing it are counted ("6 players tied", in the night's language): a list of everyone is noise.
            if (whole.length > 3) {
              await expect(item.locator('.who'), `${state.label}: ${key}`).toHaveText(new RegExp(`^${whole.length} \\S`));
              await expect(item.locator('.who'), `${state.label}: ${key}`).not.toContainText(whole[0]!);
            } else await expect(item.locator('.who'), `${state.label}: ${key}`).toHaveText(whole.join(', '));
            await expect(item, `${state.label}: ${key}`).toHaveAttribute(
              'title',
              new RegExp(`: ${whole.join(', ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*${award.value}`),
            );
          }
        }
        // Luck against the odds: a cell per player with main's verdict, worded in full in its title;
        // beside settling up the results keep four columns, and the lines under settling up say whom luck favoured.
        const settling = (await page.getByTestId('tv-settlement').count()) > 0;
        if (settling) await expect(page.locator('[data-testid^="luck-"]'), state.label).toHaveCount(0);
        for (const luck of settling ? [] : (state.view.night!.luck ?? [])) {
          if (!state.view.night!.results?.some((r) => r.playerId === luck.playerId)) continue;
          const cell = page.getByTestId(`luck-${luck.playerId}`);
          await expect(cell, `${state.label}: luck of ${luck.playerId}`).toHaveAttribute('data-verdict', luck.verdict);
          await expect(cell).toHaveAttribute('title', /.+: .+: .+/);
        }
        // Under settling up, whom the cards were kindest and unkindest to, when main judged anyone so.
        for (const verdict of ['kind', 'unkind'] as const) {
          const judged =
            settling &&
            state.view.night!.luck?.some((l) => l.verdict === verdict && state.view.night!.results?.some((r) => r.playerId === l.playerId));
          const extreme = page.locator(`[data-testid="tv-luck"] [data-verdict="${verdict}"]`);
          await expect(extreme, `${state.label}: ${verdict}`).toHaveCount(judged ? 1 : 0);
          if (judged)
            expect((await extreme.locator('.who').boundingBox())?.width ?? 0, `${state.label}: ${verdict} name`).toBeGreaterThan(20);
        }
        const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
        expect(report.problems, `${state.label} at ${screen.name}`).toEqual([]);
        if (state === states[0] || state.label.endsWith('-widest') || state.label.endsWith('-everyone-tied')) {
          const kind = state.label.endsWith('-widest') ? '-widest' : state.label.endsWith('-everyone-tied') ? '-everyone-tied' : '';
          await page.screenshot({ path: `${SHOTS}/tv-end-awards-${screen.name}${kind}.jpg`, quality: 90 });
        }
      }
    } finally {
      await context.close();
    }
  });
}
