/**
 * Names on the TV, read from the sofa: the TV writes every name whole wherever it
 * fits at a readable size ("Maximiliana Fitzgerald-Ōkawa" on her tile, under her
 * card in the draw, in the results, who pays whom and the awards, not
 * "Maximiliana…"), its type made smaller or given a second line first; only where
 * the room truly runs out (twelve players at 720p) does it end in an ellipsis, the
 * whole name still in the text a screen reader says and in the title. Real engine
 * states and the layout audit's fake `window.api`, at 1920x1080 unless said.
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

/**
 * The text as the screen shows it, and whether the box cuts it: an ellipsis drawn by CSS or a clipped
 * end, a line clamped away (its text lies below the box), or a word broken across two lines ("Maximilian" / "a").
 */
async function shown(name: Locator): Promise<{ text: string; cut: boolean }> {
  return name.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = [...range.getClientRects()];
    const text = el.textContent!;
    let brokenWord = false;
    const node = el.lastChild;
    if (node && node.nodeType === Node.TEXT_NODE) {
      // Words of letters (CJK breaks between any two characters: not a broken word).
      for (const match of text.matchAll(/[\p{Script=Latin}\p{M}]+/gu)) {
        const word = document.createRange();
        word.setStart(node, match.index);
        word.setEnd(node, match.index + match[0].length);
        if (new Set([...word.getClientRects()].map((r) => Math.round(r.top))).size > 1) brokenWord = true;
      }
    }
    const clamped = lines.some((r) => r.bottom > box.bottom + 1);
    const clipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2;
    return { text: text.trim(), cut: clipped || clamped || brokenWord };
  });
}

test('the draw for dealer at 6 players writes every name whole under its card, "Maximiliana Fitzgerald-Ōkawa" included', async ({
  page,
}) => {
  await tvPage(page);
  // The host's night: one long name among short ones (an emoji and CJK too), which leave it their room.
  const names = [LONG, 'Chloé', '🎲 Kwame', 'Ann', 'Lou Latecomer', '王小明王小明'];
  const drawn = playUntil(names, (n) => (n.draw?.rounds.length ?? 0) > 0);
  await show(page, liveView(drawn.night, drawn.roster));
  const texts = page.getByTestId('draw').locator('.text');
  await expect(texts).toHaveCount(names.length);
  for (const text of await texts.all()) {
    const { text: said, cut } = await shown(text);
    expect(names, said).toContain(said);
    expect(cut, `${said} is whole under its card`).toBe(false);
    expect(await text.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)), `${said} is readable`).toBeGreaterThanOrEqual(24);
  }
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-draw-long-name.jpg', quality: 90 });
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

test('the tab and the leaderboard write "Lou Latecomer" and every other name whole', async ({ page }) => {
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
    { text: 'Lou Latecomer', cut: false },
    { text: 'Kwame Mensah', cut: false },
    { text: 'Alessandra B', cut: false },
    { text: 'Bartholomew', cut: false },
  ]);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-tab-names.jpg', quality: 90 });

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
    { text: 'Lou Latecomer', cut: false },
    { text: 'Kwame Mensah', cut: false },
    { text: 'Bartholomew', cut: false },
    { text: 'Alessandra B', cut: false },
    { text: 'Ann', cut: false },
  ]);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-standings-names.jpg', quality: 90 });
});

const LONG = 'Maximiliana Fitzgerald-Ōkawa';
const TWELVE = 'Alessandra B';

/**
 * Every place the TV writes a name, read off the screen: each text node holding a part
 * of LONG must hold it whole, and no element holding LONG or TWELVE may cut it (an
 * ellipsis, a clipped end or a line clamped away). The status line and the banner's
 * headline are sentences shared with the phones: they wrap and keep the whole name too.
 */
async function namesOnTv(page: Page): Promise<{ text: string; name: string; cut: boolean }[]> {
  return page.evaluate(
    ([long, twelve]) => {
      const hidden = (el: Element) => el.closest('[aria-hidden="true"]') !== null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen: { text: string; name: string; cut: boolean }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement!;
        const text = (node.textContent ?? '').replaceAll('\u00a0', ' ');
        if (hidden(el) || el.getClientRects().length === 0) continue;
        for (const name of [long, twelve]) {
          if (!text.includes(name.slice(0, 8))) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const bottom = el.getBoundingClientRect().bottom;
          const clamped = [...range.getClientRects()].some((r) => r.bottom > bottom + 1);
          const cut = clamped || el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2;
          seen.push({ text: text.trim(), name, cut });
        }
      }
      return seen;
    },
    [LONG, TWELVE] as const,
  );
}

function expectWhole(seen: { text: string; name: string; cut: boolean }[], where: string): void {
  expect(seen.filter((s) => s.name === LONG).length, `${where}: ${LONG} is shown`).toBeGreaterThan(0);
  for (const s of seen) {
    expect(s.text, `${where}: ${s.name} is written whole`).toContain(s.name);
    expect(s.cut, `${where}: "${s.text}" is not cut`).toBe(false);
  }
}

test('the live TV dealer line, banner and seat tiles write "Maximiliana Fitzgerald-Ōkawa" whole at 6 players', async ({ page }) => {
  await tvPage(page);
  const names = [LONG, 'Chloé', TWELVE, 'Kwame Mensah', 'Bartholomew', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 3 && n.phase === 'ready' && n.dealerId === 'p1');
  await show(page, liveView(played.night, played.roster));
  await expect(page.getByTestId('tv-dealer')).toContainText(LONG);
  const tile = page.getByTestId(`seat-${played.roster.find((p) => p.name === LONG)!.id}`).locator('.text');
  await expect(tile).toHaveText(LONG);
  await expect(tile).toHaveAttribute('title', LONG);
  expect(await shown(tile), 'the whole name on its tile').toEqual({ text: LONG, cut: false });
  expect(await tile.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)), 'at a readable size').toBeGreaterThanOrEqual(24);
  expectWhole(await namesOnTv(page), 'live');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-live-names.jpg', quality: 90 });
});

test('the TV end screen (results, who pays whom, awards, luck) writes "Maximiliana Fitzgerald-Ōkawa" whole at 6 players', async ({
  page,
}) => {
  await tvPage(page);
  const names = [LONG, 'Chloé', TWELVE, 'Kwame Mensah', 'Bartholomew', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 12 && n.phase === 'ready');
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  if (!ended.ok) throw new Error(`ending the night was refused: ${ended.error.code}`);
  await show(page, liveView(played.table.night()!, played.roster));
  await page.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
  await expect(page.getByTestId('results')).toContainText(LONG);
  await expect(page.getByTestId('tv-settlement')).toContainText(LONG);
  expectWhole(await namesOnTv(page), 'ended');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-ended-names.jpg', quality: 90 });
});

test('where the room truly runs out (twelve players at 1280x720) a long name ends in an ellipsis, whole in its text and title', async ({
  page,
}) => {
  await tvPage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const longest = 'Bartholomew Featherstonehaugh-Smythe Jr.'; // 40 characters, the most a name may have
  const names = [longest, LONG, ...'ABCDEFGHIJ'.split('').map((c) => `Player ${c}`)];
  const played = playUntil(names, (n) => n.turnsPlayed >= 2 && n.phase === 'ready');
  await show(page, liveView(played.night, played.roster));
  const tile = page.getByTestId(`seat-${played.roster.find((p) => p.name === longest)!.id}`).locator('.text');
  // Cut on the screen, by CSS: the text a screen reader says is still the whole name, and so is the title.
  expect(await shown(tile)).toEqual({ text: longest, cut: true });
  await expect(tile).toHaveAttribute('title', longest);
  expect(await tile.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
  await expect(page.getByTestId(`seat-${played.roster.find((p) => p.name === 'Player A')!.id}`).locator('.text')).toHaveText('Player A');
});

test('"Christopher Smith" and "Christopher Jones" are written whole, so told apart, on the seat tiles and the tab', async ({ page }) => {
  await tvPage(page);
  const names = ['Christopher Smith', 'Christopher Jones', 'Kwame Mensah', 'Zoë', 'Ann'];
  const played = playUntil(names, (n) => n.turnsPlayed >= 2 && n.phase === 'ready');
  await show(page, liveView(played.night, played.roster));
  const id = (name: string) => played.roster.find((p) => p.name === name)!.id;
  for (const [name, written] of [
    ['Christopher Smith', 'Christopher Smith'],
    ['Christopher Jones', 'Christopher Jones'],
  ] as const) {
    const tile = page.getByTestId(`seat-${id(name)}`).locator('.text');
    await expect(tile).toHaveText(written);
    await expect(tile).toHaveAttribute('title', name);
    expect(await shown(tile), `${written} is whole on its tile`).toEqual({ text: written, cut: false });
  }
  await page.screenshot({ path: 'e2e/artifacts/screenshots/tv-names-alike.jpg', quality: 90 });

  const tab: RunningTab = {
    tab: [{ from: id('Christopher Smith'), to: id('Christopher Jones'), amount: 2500, nights: [NIGHT.id], covers: ['a'] }],
    transfers: [],
  };
  await show(page, liveView(null, played.roster, { tableScreen: { kind: 'tab' } }), { getTab: tab, listNights: [NIGHT] });
  const tabNames = page.getByTestId('tv-tab-rows').locator('.name');
  await expect(tabNames).toHaveCount(2);
  expect(await Promise.all((await tabNames.all()).map(shown))).toEqual([
    { text: 'Christopher Smith', cut: false },
    { text: 'Christopher Jones', cut: false },
  ]);
});

/**
 * How far above the clip the accent of a capital reaches (a macron, a ring, an acute), in px: over 0 is cut off.
 * The glyphs' ink from the font's own metrics on a canvas, against the room above the first line's baseline.
 */
async function accentCut(name: Locator): Promise<number> {
  return name.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const metrics = context.measureText(el.textContent ?? '');
    const content = metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent;
    const baseline = parseFloat(style.paddingTop) + (parseFloat(style.lineHeight) - content) / 2 + metrics.fontBoundingBoxAscent;
    return metrics.actualBoundingBoxAscent - baseline;
  });
}

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
]) {
  test(`an accented capital on a seat tile keeps its accent ("Ōkawa", not "Okawa"), the dealer's badge beside it, at ${viewport.width}x${viewport.height}`, async ({
    page,
  }) => {
    await tvPage(page);
    await page.setViewportSize(viewport);
    const names = [LONG, 'Chloé', 'Émile Ångström', 'Kwame Mensah', 'Bartholomew', 'Ann'];
    const played = playUntil(names, (n) => n.phase === 'bet' && n.dealerId === 'p1');
    await show(page, liveView(played.night, played.roster));
    for (const name of [LONG, 'Émile Ångström']) {
      const tile = page.getByTestId(`seat-${played.roster.find((p) => p.name === name)!.id}`).locator('.text');
      await expect(tile).toHaveText(name);
      expect(await accentCut(tile), `${name}: the accent's ink above the tile's clip, px`).toBeLessThanOrEqual(0);
    }
  });
}
