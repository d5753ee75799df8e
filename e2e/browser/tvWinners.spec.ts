/**
 * The TV's "Winners: …" heading, read from the sofa: when the night ends in a tie,
 * every winner is named whole, as the TV names players everywhere ("Lou
 * Latecomer", "Maximilienne-W"), no name cut by an ellipsis, and the heading with the rest of the end screen inside the
 * 5% safe area, from 1280x720 to 4K. With twelve players the results take
 * the whole height: the heading keeps one line and counts the tied winners
 * past those it names ("and 9 more ★", the star marking their rows). A night where everyone ends even
 * crowns nobody: the heading says so. Real engine states (tvStates.ts) on the layout audit's fake
 * `window.api`; the tie is made in the view, the even night and the single winner by the engine.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { auditLayout, FAKE_API, MIN_FONT_PX_AT_1080 } from './layoutAudit';
import { liveView, playUntil } from './tvStates';

const host = hostForSpecFile('3a1e7f05');
const SHOTS = 'e2e/artifacts/screenshots';

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  { name: '3840x2160', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 },
] as const;

const NAMES = [
  'Lou Latecomer',
  'Alessandra B',
  'Kwame Mensah',
  'Bartholomew',
  'Wilhelmina W',
  'Siobhán Ní M',
  'Zoë Lefebvre',
  '王小明王小明王小明王小明',
  'Anaïs',
  'Bob',
  'Mia 🍀',
  'Maximilienne-W',
];

/** A night of `players` played to its end, with the first `tied` of them sharing the best result (a tie, R23). */
function tiedEnd(players: number, tied: number, settled: boolean): { view: AppView; winners: string[] } {
  const names = NAMES.slice(0, players);
  const played = playUntil(names, (n) => n.turnsPlayed >= 12 && n.phase === 'ready', { seed: `winners-${players}` });
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
  const night = played.table.night()!;
  const ids = played.roster.slice(0, tied).map((p) => p.id);
  const results = (night.results ?? []).map((r) => ({ ...r, isWinner: ids.includes(r.playerId) }));
  results.sort((a, b) => Number(b.isWinner) - Number(a.isWinner));
  const settlement = settled ? night.settlement : night.settlement && { ...night.settlement, transfers: [] };
  const view = liveView({ ...night, id: `winners-${players}-${tied}-${settled}`, results, settlement }, played.roster);
  return { view, winners: ids.map((id) => played.roster.find((p) => p.id === id)!.name) };
}

async function show(page: Page, view: AppView): Promise<void> {
  await page.evaluate(([v]) => window.__auditShow!(v, null), [view] as const);
  await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const screen of SCREENS) {
  test(`R23: the TV's "Winners" heading names every tied winner as the TV writes names, inside the safe area at ${screen.name}`, async ({
    browser,
  }) => {
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
      for (const [players, tied, settled] of [
        [5, 4, true],
        [8, 5, true],
        [12, 12, false],
        [12, 6, true],
      ] as const) {
        const { view, winners } = tiedEnd(players, tied, settled);
        const label = `${players} players, ${tied} tied${settled ? ', settling up' : ''} at ${screen.name}`;
        await show(page, view);
        const heading = page.getByTestId('results').locator('.winner');
        // Spaces inside a name do not break (no-break spaces): read them as spaces.
        const read = async () => (await heading.textContent())!.trim().replaceAll('\u00a0', ' ');
        const said = await read();
        if (players <= 8) await expect.poll(read, { message: label }).toBe(`Winners: ${winners.join(', ')}`);
        else {
          // Twelve players' results take the whole height: the heading keeps one line, naming those who fit and counting the rest.
          const named = /^Winners: (.+?)(?: and (\d+) more ★)?$/.exec(said);
          expect(named, `${label}: "${said}"`).not.toBeNull();
          const list = named![1]!.split(', ');
          expect(list, label).toEqual(winners.slice(0, list.length));
          expect(Number(named![2] ?? 0), label).toBe(winners.length - list.length);
        }
        // No name is split over two lines.
        for (const name of winners.filter((n) => n.includes(' '))) expect(await heading.textContent(), label).not.toContain(name);
        const cut = await heading.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
        expect(cut, `${label}: the heading is cut`).toBe(false);
        const report = await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080);
        expect(report.problems, label).toEqual([]);
        if (screen.name === '1920x1080') await page.screenshot({ path: `${SHOTS}/tv-winners-${players}-${tied}.jpg`, quality: 90 });
      }
    } finally {
      await context.close();
    }
  });
}

/** A night ended by the engine itself: at once (the antes split back, everyone even) or after `turns` turns. */
function endedByEngine(names: readonly string[], turns: number): AppView {
  const played = playUntil(names, (n) => n.turnsPlayed >= turns && (turns === 0 || n.phase === 'ready'), { seed: `ended-${turns}` });
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
  return liveView({ ...played.table.night()!, id: `ended-${names.length}-${turns}` }, played.roster);
}

test('R23: a night where everyone ends even crowns nobody on the TV: "Nobody wins tonight", no row ringed, inside the safe area', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  try {
    await context.addInitScript(FAKE_API);
    const page = await context.newPage();
    await page.goto(`${host.url}#/table`);
    const names = NAMES.slice(0, 6);
    const even = endedByEngine(names, 0);
    expect(even.night!.results!.every((r) => r.netChips === 0)).toBe(true);
    await show(page, even);
    const heading = page.getByTestId('results').locator('.winner');
    await expect(heading).toHaveText('Nobody wins tonight: everyone is even');
    await expect(page.getByTestId('results').locator('tr.won')).toHaveCount(0);
    expect((await page.evaluate(auditLayout, MIN_FONT_PX_AT_1080)).problems).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tv-nobody-wins.jpg`, quality: 90 });

    // A night with someone ahead still names its winner.
    const played = endedByEngine(names, 30);
    const winners = played.night!.results!.filter((r) => r.isWinner);
    expect(winners.length).toBeGreaterThan(0);
    await show(page, played);
    await expect(heading).not.toHaveText(/Nobody/);
    await expect(page.getByTestId('results').locator('tr.won')).toHaveCount(winners.length);
    await page.screenshot({ path: `${SHOTS}/tv-one-night-winner.jpg`, quality: 90 });
  } finally {
    await context.close();
  }
});
