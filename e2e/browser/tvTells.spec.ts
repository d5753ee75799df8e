/**
 * What the table must know, said on the TV (and the phones): states played by
 * the real engine in memory (tvStates.ts) are pushed into the built screens
 * through a fake of what main sends, and each test reads the screen as the
 * sofa would. Screenshots at 1920x1080 in e2e/artifacts/tv-tells/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AppView, NightDetail } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { listNights } from '../../src/main/history/nightsList';
import { standings } from '../../src/main/history/standings';
import { detailOf, liveView, playUntil } from './tvStates';

const SHOTS = 'e2e/artifacts/tv-tells';
const host = hostForSpecFile('7e11ab1e');

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}

async function tvContext(browser: import('@playwright/test').Browser): Promise<{ context: BrowserContext; tv: Page }> {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  await context.addInitScript(FAKE_API);
  const tv = await context.newPage();
  return { context, tv };
}

/** Pushes a view (and the history's answer about a night) into a page running on the fake API. */
async function show(page: Page, view: AppView, getNight: NightDetail | null = null): Promise<void> {
  await page.evaluate(([v, answers]) => window.__auditShow!(v, answers), [
    view,
    getNight ? { getNight, getStandings: { rows: [], cumulative: [] }, listNights: [] } : null,
  ] as const);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

const HIGH_LOW = { pair: 'high-low' as const };
const NAMES = ['Ann', 'Bob', 'Cleo'];

test('R29: the TV says who calls the pair and what is asked, then what the third card must beat', async ({ browser }) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const status = tv.getByTestId('status');

  const calling = playUntil(NAMES, (n) => n.phase === 'pair-call', { settings: HIGH_LOW });
  const caller = calling.roster.find((p) => p.id === calling.night.toActId)!.name;
  await show(tv, liveView(calling.night, calling.roster));
  await expect(status).toHaveText(`${caller}: higher or lower than the pair?`);
  await tv.screenshot({ path: `${SHOTS}/pair-call.jpg`, quality: 90 });

  const betting = playUntil(NAMES, (n) => n.phase === 'bet' && n.turn?.call != null, { settings: HIGH_LOW });
  const bettor = betting.roster.find((p) => p.id === betting.night.toActId)!.name;
  await show(tv, liveView(betting.night, betting.roster));
  await expect(status).toHaveText(`${bettor} to bet: ${betting.night.turn!.call} than the pair`);
  await tv.screenshot({ path: `${SHOTS}/pair-called-bet.jpg`, quality: 90 });

  const after = playUntil(NAMES, (n) => n.phase === 'ready' && n.turn?.call != null && n.turn.outcome !== null, { settings: HIGH_LOW });
  await show(tv, liveView(after.night, after.roster));
  await expect(tv.getByTestId('pair-call')).toHaveText(`pair: ${after.night.turn!.call}`);
  await tv.screenshot({ path: `${SHOTS}/pair-called-after.jpg`, quality: 90 });
  await context.close();
});

test('R29: the phones say the call too, and the history lists it with the turn', async ({ browser }) => {
  const betting = playUntil(NAMES, (n) => n.phase === 'bet' && n.turn?.call != null, { settings: HIGH_LOW });
  const call = betting.night.turn!.call!;
  const view = liveView(betting.night, betting.roster);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The phone's socket answered as main would: its view, and nothing it may change.
  await context.routeWebSocket(/\/ws/, (socket) => {
    socket.onMessage((message) => {
      const request = JSON.parse(String(message)) as { id: number };
      socket.send(JSON.stringify({ type: 'reply', id: request.id, result: { ok: true, view, data: null } }));
    });
  });
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  await expect(phone.getByTestId('status')).toContainText(`${call} than the pair`);
  await context.close();

  const ended = playUntil(NAMES, (n) => n.turnsPlayed > 0 && n.recentTurns.some((t) => t.call !== null && t.outcome !== null && !t.void), {
    settings: HIGH_LOW,
  });
  const { context: historyContext, tv: history } = await tvContext(browser);
  const detail = detailOf(ended.table);
  const turn = detail.turns.find((t) => t.call !== null && t.outcome !== null && !t.void)!;
  await history.goto(`${host.url}#/history/night/${detail.night.id}`);
  await show(history, liveView(ended.night, ended.roster), detail);
  await expect(history.getByTestId(`turn-${turn.n}`).locator('td.outcome')).toContainText(`called ${turn.call}`);
  await historyContext.close();
});

test('R26, R20: after a pass the two cards are put away, not left beside the next player', async ({ browser }) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const passed = playUntil(NAMES, (n) => n.phase === 'ready' && n.turn?.outcome === 'pass', { settings: { pass: true } });
  await show(tv, liveView(passed.night, passed.roster));
  await expect(tv.getByTestId('status')).toContainText('Next:');
  for (const place of ['post-low', 'third-card', 'post-high']) {
    await expect(tv.getByTestId(place)).toHaveAttribute('data-card', '');
    await expect(tv.getByTestId(place)).toHaveClass(/empty/);
  }
  await tv.screenshot({ path: `${SHOTS}/after-pass.jpg`, quality: 90 });
  await context.close();
});

test('R27, R29: the rules the lobby puts on the TV are the ones chosen for tonight, and P bets the limit, not the pot', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const consolePage = await context.newPage();
  const table = await context.newPage();
  await consolePage.goto(host.consoleUrl);
  await table.goto(host.tableUrl);
  await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
  await consolePage.getByTestId('preset').selectOption('house-rules');
  await consolePage.getByTestId('setting-pair').selectOption('high-low');
  await consolePage.getByTestId('setting-maxBet').fill('5');
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('r');
  await expect(consolePage.getByTestId('rules')).toBeVisible();
  await consolePage.keyboard.press('t');
  const rules = table.getByTestId('tv-rules');
  await expect(rules).toContainText('No bet above 5 chips.');
  await expect(rules).toContainText('you call higher or lower than the pair');
  await expect(rules).toContainText('you may pass instead');
  await expect(rules).toContainText('P bets the most allowed.');
  await expect(rules).not.toContainText('P bets the pot');
  await table.screenshot({ path: `${SHOTS}/lobby-rules-on-tv.jpg`, quality: 90 });
  await context.close();
});

/**
 * Whether an element shows all of its text: a line-clamped box clips nothing below its last line,
 * and a part inside one (who deals, before the phase) lies wholly within the lines it shows.
 */
async function whole(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.closest('.deal') ?? el;
    if (box === el) return el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1;
    const clip = box.getBoundingClientRect();
    return [...el.getClientRects()].every((r) => r.bottom <= clip.bottom + 1 && r.right <= clip.right + 1);
  });
}

test('the top line always says who deals and who acts, even when a long name takes two lines', async ({ browser }) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const long = 'Bartholomew Featherstonehaugh-Smythe Jr.';
  const names = ['Zoë', long, 'Kwame', 'Ann', '山田太郎'];
  // The long name to act next while another deals, then to deal while another acts.
  const states = {
    acts: playUntil(names, (n) => n.phase === 'ready' && n.turnsPlayed > 0 && n.toActId === 'p2' && n.dealerId !== 'p2'),
    deals: playUntil(names, (n) => n.phase === 'ready' && n.turnsPlayed > 0 && n.dealerId === 'p2' && n.toActId !== 'p2'),
  };
  for (const language of ['en', 'fr', 'it', 'es'] as const) {
    for (const role of ['acts', 'deals'] as const) {
      const state = states[role];
      // Each its own night, so the screen never takes one for an older view of the other.
      const night = { ...state.night, id: `${state.night.id}-${language}-${role}` };
      await show(tv, liveView(night, state.roster, { preferences: { language, muted: true } }));
      const dealer = state.roster.find((p) => p.id === state.night.dealerId)!.name;
      const next = state.roster.find((p) => p.id === state.night.toActId)!.name;
      // The TV writes names whole: the dealer line wraps a long one onto its second line, the whole line in its title.
      // The status is a sentence shared with the phones: it keeps the whole name.
      await expect(tv.getByTestId('tv-dealer')).toContainText(dealer);
      await expect(tv.getByTestId('tv-dealer')).toHaveAttribute('title', new RegExp(dealer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(tv.getByTestId('status')).toContainText(next);
      expect(await whole(tv, 'tv-dealer'), `${language}: who deals (${dealer}) is cut`).toBe(true);
      expect(await whole(tv, 'status'), `${language}: who acts (${next}) is cut`).toBe(true);
      if (language === 'en') await tv.screenshot({ path: `${SHOTS}/long-name-${role}.jpg`, quality: 90 });
    }
  }
  await context.close();
});

test("the console's end screen at 1080p shows the balances and the copy button without scrolling", async ({ browser }) => {
  const { context, tv: console_ } = await tvContext(browser);
  await console_.goto(`${host.url}#/`);
  const names = ['Zoë', 'Bartholomew Featherstonehaugh-Smythe Jr.', 'Kwame', 'Ann', '山田太郎', 'Siobhán', 'Dee', 'Bob'];
  const ended = playUntil(names, (n) => n.turnsPlayed >= 40 && n.phase === 'ready', { startingChips: 20 });
  ended.table.run('endNight', { stateId: ended.night.stateId });
  await show(console_, liveView(ended.table.night(), ended.roster));
  await expect(console_.getByTestId('settle-balances')).toBeVisible();
  for (const part of ['settle-balances', 'settle-copy']) {
    const box = (await console_.getByTestId(part).boundingBox())!;
    expect(box.y + box.height, `${part} ends below the bottom of the screen`).toBeLessThanOrEqual(1080);
  }
  await console_.screenshot({ path: `${SHOTS}/console-ended.jpg`, quality: 90 });
  await context.close();
});

test('with 5 to 8 players a short name is whole on its tile and in who pays whom, and the bank is never cut', async ({ browser }) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const cut = (selector: string) =>
    tv
      .locator(selector)
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
      );
  const reported = ['🎲 Kwame Lee', 'Zoë Lefebvre', 'Siobhán Ní M', '山田太郎山田太郎', 'Wilhelmina W', 'Anaïs', 'Bob', 'Mia 🍀'];
  for (const players of [5, 6, 8]) {
    const names = reported.slice(0, players);
    const live = playUntil(names, (n) => n.phase === 'bet' && n.turnsPlayed > 3, { seed: `tiles-${players}` });
    await show(tv, liveView({ ...live.night, id: `tiles-${players}` }, live.roster));
    expect(await cut('.players .text'), `${players} players`).toEqual([]);
    await tv.screenshot({ path: `${SHOTS}/tiles-${players}-players.jpg`, quality: 90 });

    const ended = playUntil(names, (n) => n.turnsPlayed >= 20 && n.phase === 'ready', { seed: `settle-${players}`, startingChips: 20 });
    ended.table.run('endNight', { stateId: ended.night.stateId });
    const night = ended.table.night()!;
    const banker = { ...night, id: `settle-${players}`, settlement: { ...night.settlement!, mode: 'banker' as const } };
    await show(tv, liveView(banker, ended.roster, { settleMode: 'banker' }));
    await expect(tv.getByTestId('tv-settlement')).toContainText('the bank');
    expect(await cut('.tv-transfers .who, .results .name'), `${players} players, settled with the bank`).toEqual([]);
    await tv.screenshot({ path: `${SHOTS}/settle-banker-${players}-players.jpg`, quality: 90 });
  }
  await context.close();
});

test('R27, R30: at the first bet the TV shows the largest bet allowed and the house rules whole, the post penalty first', async ({
  browser,
}) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const house = { pass: true, maxBet: 5, pair: 'high-low' as const, postPays: 2 as const };
  const betting = playUntil(NAMES, (n) => n.phase === 'bet' && n.betLimits?.cap != null, { settings: house });
  await show(tv, liveView(betting.night, betting.roster));
  await expect(tv.getByTestId('tv-bet-limit')).toHaveText(`Largest bet allowed now: ${betting.night.betLimits!.max}`);
  const rules = tv.getByTestId('tv-house-core');
  await expect(rules).toHaveText('post loses double · bet limit 5 · passing allowed · pair: higher or lower');
  expect(await whole(tv, 'tv-house-rules')).toBe(true);
  await tv.screenshot({ path: `${SHOTS}/house-rules-first-bet.jpg`, quality: 90 });
  await context.close();
});

test('the TV leaderboard shows CJK initials (王小) side by side on one line, not stacked', async ({ browser }) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const played = playUntil(['王小明', 'Ann', 'Bob'], (n) => n.phase === 'ready' && n.turnsPlayed >= 3);
  const ended = played.table.run('endNight', { stateId: played.night.stateId });
  expect(ended.ok).toBe(true);
  const summary = played.table.summary();
  const answers = {
    getStandings: standings([summary], played.roster),
    listNights: listNights([summary]),
    getNight: detailOf(played.table),
  };
  await tv.evaluate(([v, a]) => window.__auditShow!(v, a), [
    liveView(played.table.night(), played.roster, { tableScreen: { kind: 'standings' } }),
    answers,
  ] as const);
  const mark = tv.getByTestId('tv-standings-row-p1').locator('.mark');
  await expect(mark).toHaveText('王小');
  const lines = await mark.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await tv.screenshot({ path: `${SHOTS}/standings-cjk-initials.jpg`, quality: 90 });
  await context.close();
});

test('R9: during the cut the TV says the sealed deck once, whole in the middle; once it is cut the footer keeps it', async ({
  browser,
}) => {
  const { context, tv } = await tvContext(browser);
  await tv.goto(`${host.url}#/table`);
  const cutting = playUntil(NAMES, (n) => n.phase === 'cut');
  const commitment = cutting.night.deck!.commitment;
  await show(tv, liveView(cutting.night, cutting.roster));
  await expect(tv.getByTestId('commitment')).toContainText(commitment.slice(0, 16));
  await expect(tv.getByTestId('deck-commitment')).toHaveCount(0);
  await tv.screenshot({ path: `${SHOTS}/cut-sealed-once.jpg`, quality: 90 });

  const betting = playUntil(NAMES, (n) => n.phase === 'bet' && n.deck?.commitment === commitment);
  await show(tv, liveView(betting.night, betting.roster));
  await expect(tv.getByTestId('commitment')).toHaveCount(0);
  await expect(tv.getByTestId('deck-commitment')).toContainText(commitment);
  await context.close();
});
