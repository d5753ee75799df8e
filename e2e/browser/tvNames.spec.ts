/**
 * Names on the TV, read from the sofa: a name of up to 12 characters is never cut,
 * wherever the TV writes it, and a longer one is cut the same way on every
 * screen ("Lou Latecomer" is "Lou Latecom…" on the tab and the
 * leaderboard alike), and two names alike once cut are told apart by their
 * ends. Real engine states and the layout audit's fake
 * `window.api`, at 1920x1080.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AppView, NightListItem, RosterPlayer, RunningTab, Standings } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, playUntil, rosterOf } from './tvStates';

const host = hostForSpecFile('7a3e5a3e');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

async function tvPage(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(FAKE_API);
  await page.goto(`${host.url}#/table`);
}

async function show(page: Page, view: AppView, answers: unknown = null): Promise<void> {
  await page.evaluate(([v, a]) => window.__auditShow!(v, a), [view, answers] as const);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The text as the screen shows it, and whether the box cuts it (an ellipsis drawn by CSS or a clipped end). */
async function shown(name: Locator): Promise<{ text: string; cut: boolean }> {
  return name.evaluate((el) => ({ text: el.textContent!.trim(), cut: el.scrollWidth > el.clientWidth + 1 }));
}

test('the draw for dealer at 5 players writes "🎲 Kwame" and every name of up to 12 characters whole under its card', async ({ page }) => {
  await tvPage(page);
  const names = ['🎲 Kwame', 'Bartholomew', 'Kwame Mensah', 'Lou Latecome', '王小明王小明王小明王小明'];
  const drawn = playUntil(names, (n) => (n.draw?.rounds.length ?? 0) > 0);
  await show(page, liveView(drawn.night, drawn.roster));
  const texts = page.getByTestId('draw').locator('.text');
  await expect(texts).toHaveCount(names.length);
  for (const text of await texts.all()) {
    const { text: said, cut } = await shown(text);
    expect(names, said).toContain(said);
    expect(cut, `${said} is whole under its card`).toBe(false);
  }
});

const NIGHT: NightListItem = {
  id: '2026-11-20-001',
  startedAt: '2026-11-20T19:30:00.000Z',
  endedAt: '2026-11-20T23:30:00.000Z',
  playerIds: [],
  turns: 60,
  biggestPot: 30,
  winnerIds: [],
  minutes: 240,
  currency: 'EUR',
  hostedOn: null,
  unsigned: false,
};

test('the tab and the leaderboard keep 12-character names whole and cut "Lou Latecomer" the same way on both', async ({ page }) => {
  await tvPage(page);
  const roster: RosterPlayer[] = rosterOf(['Lou Latecomer', 'Kwame Mensah', 'Bartholomew', 'Alessandra B', 'Ann']);
  const id = (name: string) => roster.find((p) => p.name === name)!.id;
  const tab: RunningTab = {
    tab: [
      { from: id('Lou Latecomer'), to: id('Kwame Mensah'), amount: 123450, nights: [NIGHT.id], covers: ['a'] },
      { from: id('Alessandra B'), to: id('Bartholomew'), amount: 900, nights: [NIGHT.id], covers: ['b'] },
    ],
    transfers: [],
  };
  await show(page, liveView(null, roster, { tableScreen: { kind: 'tab' } }), { getTab: tab, listNights: [NIGHT] });
  const tabNames = page.getByTestId('tv-tab-rows').locator('.name');
  await expect(tabNames).toHaveCount(4);
  const onTab = await Promise.all((await tabNames.all()).map(shown));
  expect(onTab).toEqual([
    { text: 'Lou Latecom…', cut: false },
    { text: 'Kwame Mensah', cut: false },
    { text: 'Alessandra B', cut: false },
    { text: 'Bartholomew', cut: false },
  ]);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-tab-names.png' });

  const standings: Standings = {
    rows: roster.map((p, i) => ({
      playerId: p.id,
      name: p.name,
      nights: 3,
      nightsWon: i,
      netMoney: 10000 - i * 3000,
      winRate: 0.5,
    })) as unknown as Standings['rows'],
    cumulative: [],
  };
  await show(page, liveView(null, roster, { tableScreen: { kind: 'standings' } }), { getStandings: standings, listNights: [NIGHT] });
  const boardNames = page.getByTestId('tv-standings').locator('.name');
  await expect(boardNames).toHaveCount(roster.length);
  const onBoard = await Promise.all((await boardNames.all()).map(shown));
  expect(onBoard).toEqual([
    { text: 'Lou Latecom…', cut: false },
    { text: 'Kwame Mensah', cut: false },
    { text: 'Bartholomew', cut: false },
    { text: 'Alessandra B', cut: false },
    { text: 'Ann', cut: false },
  ]);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-standings-names.png' });
});

const LONG = 'Lou Latecomer';
const TWELVE = 'Alessandra B';

/**
 * Every place the TV writes a name, read off the screen: the text nodes that hold a
 * part of LONG must hold "Lou Latecom…" and nothing more of it, and every element
 * holding TWELVE must show it whole, uncut. The status line and the banner's
 * headline are sentences shared with the phones: they wrap and keep the whole name.
 * The seat tiles are read too: they cut a long name the same way, the whole name in the tile's title.
 */
async function namesOnTv(page: Page): Promise<{ long: string[]; twelve: { text: string; cut: boolean }[] }> {
  return page.evaluate(
    ([long, twelve]) => {
      const sentence = (el: Element) => el.closest('[data-testid="status"], .headline, [aria-hidden="true"]') !== null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const longSeen: string[] = [];
      const twelveSeen: { text: string; cut: boolean }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement!;
        const text = node.textContent ?? '';
        if (sentence(el) || el.getClientRects().length === 0) continue;
        if (text.includes(long.slice(0, 10))) longSeen.push(text.trim());
        if (text.includes(twelve)) {
          twelveSeen.push({ text: text.trim(), cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2 });
        }
      }
      return { long: longSeen, twelve: twelveSeen };
    },
    [LONG, TWELVE] as const,
  );
}

/** `twelve`: whether TWELVE must be shown off the tiles and the sentences (the live TV names only the dealer there). */
function expectTvRule(seen: { long: string[]; twelve: { text: string; cut: boolean }[] }, where: string, twelve = true): void {
  expect(seen.long.length, `${where}: ${LONG} is shown`).toBeGreaterThan(0);
  for (const text of seen.long) expect(text, `${where}: ${LONG} is cut as tvName cuts it`).toContain('Lou Latecom…');
  if (twelve) expect(seen.twelve.length, `${where}: ${TWELVE} is shown`).toBeGreaterThan(0);
  for (const shown of seen.twelve) expect(shown.cut, `${where}: "${shown.text}" is whole`).toBe(false);
}

test('the live TV dealer line, banner and seat tiles write "Lou Latecom…" and keep a 12-character name whole', async ({ page }) => {
  await tvPage(page);
  const names = [LONG, TWELVE, 'Kwame Mensah', 'Bartholomew', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 3 && n.phase === 'ready' && n.dealerId === 'p1');
  await show(page, liveView(played.night, played.roster));
  await expect(page.getByTestId('tv-dealer')).toContainText('Lou Latecom…');
  // Lou's seat tile: the same cut name on one line at the tile's own type, the whole name in its title.
  const tile = page.getByTestId(`seat-${played.roster.find((p) => p.name === LONG)!.id}`).locator('.text');
  await expect(tile).toHaveText('Lou Latecom…');
  await expect(tile).toHaveAttribute('title', LONG);
  expect(await shown(tile), 'the cut name is not cut again on its tile').toEqual({ text: 'Lou Latecom…', cut: false });
  expectTvRule(await namesOnTv(page), 'live');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-live-names.png' });
});

test('the TV end screen (results, who pays whom, awards, luck) writes "Lou Latecom…" and keeps a 12-character name whole', async ({
  page,
}) => {
  await tvPage(page);
  const names = [LONG, TWELVE, 'Kwame Mensah', 'Bartholomew', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 12 && n.phase === 'ready');
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
  await show(page, liveView(played.table.night()!, played.roster));
  await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
  await expect(page.getByTestId('results')).toContainText('Lou Latecom…');
  expectTvRule(await namesOnTv(page), 'ended');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-ended-names.png' });
});

test('"Christopher Smith" and "Christopher Jones" are told apart on the seat tiles and the tab: "Chris…Smith", "Chris…Jones"', async ({
  page,
}) => {
  await tvPage(page);
  const names = ['Christopher Smith', 'Christopher Jones', 'Kwame Mensah', 'Zoë', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 2 && n.phase === 'ready');
  await show(page, liveView(played.night, played.roster));
  const id = (name: string) => played.roster.find((p) => p.name === name)!.id;
  for (const [name, written] of [
    ['Christopher Smith', 'Chris…Smith'],
    ['Christopher Jones', 'Chris…Jones'],
  ] as const) {
    const tile = page.getByTestId(`seat-${id(name)}`).locator('.text');
    await expect(tile).toHaveText(written);
    await expect(tile).toHaveAttribute('title', name);
    expect(await shown(tile), `${written} is whole on its tile`).toEqual({ text: written, cut: false });
  }
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-names-alike.png' });

  const tab: RunningTab = {
    tab: [{ from: id('Christopher Smith'), to: id('Christopher Jones'), amount: 2500, nights: [NIGHT.id], covers: ['a'] }],
    transfers: [],
  };
  await show(page, liveView(null, played.roster, { tableScreen: { kind: 'tab' } }), { getTab: tab, listNights: [NIGHT] });
  const tabNames = page.getByTestId('tv-tab-rows').locator('.name');
  await expect(tabNames).toHaveCount(2);
  expect(await Promise.all((await tabNames.all()).map(shown))).toEqual([
    { text: 'Chris…Smith', cut: false },
    { text: 'Chris…Jones', cut: false },
  ]);
});
