/**
 * After the night (docs/user-guide.md, "After the night: results, settling up,
 * history"), end to end: two short nights typed on the host console (buy-ins,
 * a cash-out), ended and settled up; the host restarts; the history, the
 * night's detail with its chart, the fairness check and the all-time
 * leaderboard (also on the TV) agree with what each night's end showed;
 * export, back up, wipe the data folder, restore, and everything is as before.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { nextPicture, picture, sum, type Picture } from './consolePage';
import { downloadByKey, readResults, readStandings, readTransfers, rowTexts, type ResultRow } from './historyPage';
import { hostForSpecFile } from './hostFixture';

const DECK_SEED = '1e5e1ec7ed0de5c0';
const PLAYERS = ['Ann', 'Bob', 'Cy'];
const CURRENCY = 'EUR';
const TURNS_PER_NIGHT = 8;
const MAX_STEPS = 200;
const BUY_IN = 5;
const SHOTS = 'e2e/artifacts/screenshots';
const DOWNLOADS = 'e2e/artifacts/downloads';

/** What the host saw when a night ended. */
interface NightSeen {
  turns: number;
  chipValue: number;
  results: Record<string, ResultRow>;
}

const host = hostForSpecFile(DECK_SEED);

test('two nights settled, then history, leaderboard, TV, export, backup and restore after a wipe', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();

  const nights: NightSeen[] = [];
  let ids: Record<string, string> = {}; // name → player id

  await test.step('night 1: three new players, a buy-in and a cash-out', async () => {
    await page.getByTestId('chip-value').fill('0.5');
    await page.getByTestId('currency').fill(CURRENCY);
    await page.keyboard.press('Escape');
    await page.keyboard.press('n');
    await expect(page.getByTestId('new-player')).toBeFocused();
    for (const name of PLAYERS) {
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('new-player')).toHaveValue('');
    }
    await expect(page.getByTestId('seats').getByRole('option')).toHaveCount(PLAYERS.length);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lobby')).toHaveCount(0);
    ids = await playerIds(page);
    nights.push(await playNight(page, { chipValue: 0.5, cashOut: true, shot: 'night-1-settlement' }));
  });

  await test.step('night 2: the same players as last time (L), a buy-in', async () => {
    await expect(page.getByTestId('lobby')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('l');
    await expect(page.getByTestId('seats').getByRole('option')).toHaveCount(PLAYERS.length);
    await expect(page.getByTestId('currency')).toHaveValue(CURRENCY);
    await page.getByTestId('chip-value').fill('0.25');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lobby')).toHaveCount(0);
    expect(await playerIds(page)).toEqual(ids);
    nights.push(await playNight(page, { chipValue: 0.25, cashOut: false, shot: 'night-2-settlement' }));
  });

  await test.step('the host restarts on the same data folder', async () => {
    await host.restart();
    await page.reload();
    await expect(page.getByTestId('lobby')).toBeVisible();
  });

  let nightIds: string[] = []; // newest first, as listed
  await test.step('H opens the nights list', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('h');
    await expect(page.getByTestId('history')).toBeVisible();
    const rows = page.getByTestId('nights').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    nightIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')!.slice('night-row-'.length)));
    // Newest first: night 2 on top. Turns, players and winner as each night ended.
    for (const [i, seen] of [nights[1]!, nights[0]!].entries()) {
      const row = page.getByTestId(`night-row-${nightIds[i]}`);
      await expect(row).toContainText('3 players');
      await expect(row.locator('td').nth(3)).toHaveText(String(seen.turns));
      for (const [id, r] of Object.entries(seen.results)) if (r.won) await expect(row.locator('td.winner')).toContainText(nameOf(id));
    }
    await expect(page.getByTestId('tab-nights')).toHaveClass(/on/);
    await page.screenshot({ path: `${SHOTS}/history-nights.png`, animations: 'disabled' });
  });

  await test.step('night 1 in detail: turns, stack chart, same results, fairness check, exports', async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId(`night-row-${nightIds[1]}`)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const night1 = nights[0]!;
    await expect(page.getByTestId(`night-${nightIds[1]}`)).toBeVisible();
    await expect(page.getByTestId('night-turns').locator('tbody tr')).toHaveCount(night1.turns);
    await expect(page.getByTestId('turn-1')).toBeVisible();
    await expect(page.getByTestId(`turn-${night1.turns}`)).toBeVisible();
    const chart = page.getByTestId('stack-chart');
    await expect(chart).toHaveAttribute('data-lines', String(PLAYERS.length));
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(night1.turns);
    expect(await canvasHasInk(page, 'stack-chart')).toBe(true);
    expect(await readResults(page.getByTestId('results'))).toEqual(night1.results);
    // Luck against the odds beside each result, with main's verdict, and what it means under the table.
    for (const id of Object.values(ids))
      await expect(page.getByTestId(`luck-${id}`)).toHaveAttribute('data-verdict', /^(kind|unkind|even)$/);
    await expect(page.getByTestId('results')).toContainText('Luck: chips won or lost beyond what the odds shown made each bet worth.');
    await expect(page.getByTestId('settlement').getByTestId('transfer').first()).toBeVisible();

    // F: R12, every retired deck redone from its seed and cut.
    await page.keyboard.press('f');
    await expect(page.getByTestId('fairness')).toHaveAttribute('data-verified', 'true');
    await expect(page.getByTestId('fairness')).toContainText(/\d+ decks?, \d+ cards?: all verified/);
    await expect(page.getByTestId('rules-check')).toContainText('re-judged from the rules: all right');
    await expect(page.getByTestId('fairness')).toHaveAttribute('data-rules-broken', '0');
    await page.screenshot({ path: `${SHOTS}/history-night-detail.png`, animations: 'disabled' });

    const json = await downloadByKey(page, 'j', DOWNLOADS);
    const exported = JSON.parse(readFileSync(json.path, 'utf8')) as { format?: unknown };
    expect(exported.format).toBe('in-between-night/5');
    const csv = await downloadByKey(page, 'c', DOWNLOADS);
    expect(csv.name).toMatch(/\.csv$/);
    const lines = readFileSync(csv.path, 'utf8').trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(1);
    const columns = lines[0]!.split(',').length;
    expect(columns).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/[a-z]/i);
    for (const name of PLAYERS) expect(lines.join('\n')).toContain(name);
  });

  let standingsBefore: string[] = [];
  let nightsBefore: string[] = [];
  await test.step('all time: the leaderboard adds up the two nights, with its chart', async () => {
    await page.keyboard.press('a');
    await expect(page.getByTestId('tab-all')).toHaveClass(/on/);
    await expect(page.getByTestId('standings').locator('tbody tr')).toHaveCount(PLAYERS.length);
    const board = await readStandings(page);
    for (const id of Object.values(ids)) {
      const played = nights.map((n) => n.results[id]!);
      expect(board[id], `standings of ${nameOf(id)}`).toEqual({
        name: nameOf(id),
        netCents: played.reduce((a, r) => a + r.netCents, 0),
        netChips: played.reduce((a, r) => a + r.netChips, 0),
        nights: 2,
        nightsWon: played.filter((r) => r.won).length,
      });
    }
    // In = out (R24) across all time: what some won, others lost.
    expect(Object.values(board).reduce((a, r) => a + r.netCents, 0)).toBe(0);
    // Ranked by net money (readStandings keeps the rows in screen order).
    const shown = Object.values(board).map((r) => r.netCents);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    const chart = page.getByTestId('cumulative-chart');
    await expect(chart).toHaveAttribute('data-lines', String(PLAYERS.length));
    await expect(chart).toHaveAttribute('data-points', '2');
    expect(await canvasHasInk(page, 'cumulative-chart')).toBe(true);
    // The leaderboard's columns (docs/user-guide.md, "After the night: results, settling up, history"): each player's posts, best streak and share of bets won, counted from the nights' turns.
    for (const id of Object.values(ids)) {
      const row = page.getByTestId(`standings-row-${id}`);
      await expect(row.getByTestId('posts-hit')).toHaveText(/^\d+$/);
      await expect(row.getByTestId('longest-streak')).toHaveText(/^\d+$/);
      await expect(row.getByTestId('win-rate')).toHaveText(/^(\d{1,3}%|–)$/);
      await expect(row.getByTestId('standings-luck')).toHaveText(/^([+-]\d[\d,.]*|0)$/);
      await expect(row.getByTestId('standings-luck')).toHaveAttribute(
        'title',
        /^Luck: .+: (the cards have been (kind|unkind)|about even with the odds)$/,
      );
    }
    await page.screenshot({ path: `${SHOTS}/history-all-time.png`, animations: 'disabled' });
    standingsBefore = await rowTexts(page.getByTestId('standings'));
  });

  await test.step('T puts the leaderboard on the TV', async () => {
    const table = await context.newPage();
    await table.goto(host.tableUrl);
    await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
    await page.keyboard.press('t');
    await expect(page.getByTestId('on-tv')).toBeVisible();
    await expect(table.getByTestId('tv-standings')).toBeVisible();
    const board = await readStandings(page);
    for (const [id, row] of Object.entries(board)) {
      const money = (await page.getByTestId(`standings-row-${id}`).locator('td').nth(2).innerText()).trim();
      await expect(table.getByTestId(`tv-standings-row-${id}`)).toContainText(row.name);
      await expect(table.getByTestId(`tv-standings-row-${id}`)).toContainText(money);
    }
    await expect(table.getByTestId('tv-standings')).toContainText('2 nights');
    await table.screenshot({ path: `${SHOTS}/tv-standings.jpg`, quality: 90, animations: 'disabled' });
    // T again: the TV goes back to the live table.
    await page.keyboard.press('t');
    await expect(page.getByTestId('on-tv')).toHaveCount(0);
    await expect(table.getByTestId('tv-standings')).toHaveCount(0);
    // Leaving the history with the leaderboard on the TV puts the TV back on the live table too.
    await page.keyboard.press('t');
    await expect(table.getByTestId('tv-standings')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('history')).toHaveCount(0);
    await expect(table.getByTestId('tv-standings')).toHaveCount(0);
    await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
    await page.keyboard.press('h');
    await expect(page.getByTestId('history')).toBeVisible();
    await table.close();
  });

  let backupPath = '';
  await test.step('B backs up everything', async () => {
    await page.keyboard.press('n');
    await expect(page.getByTestId('nights').locator('tbody tr')).toHaveCount(2);
    nightsBefore = await rowTexts(page.getByTestId('nights'));
    const backup = await downloadByKey(page, 'b', DOWNLOADS);
    backupPath = backup.path;
    await expect(page.getByTestId('history-message')).toContainText(backup.name);
    const content = JSON.parse(readFileSync(backupPath, 'utf8')) as { format?: unknown; nights?: unknown[] };
    expect(content.format).toBe('in-between-dealer/backup');
    expect(content.nights).toHaveLength(2);
  });

  await test.step('wipe the data folder, restore the backup: everything as before', async () => {
    await host.restart({ wipeData: true });
    await page.reload();
    await expect(page.getByTestId('no-nights')).toBeVisible();

    await page.getByTestId('restore-input').setInputFiles(backupPath);
    // An empty folder is restored without asking; a question, if any, is answered yes.
    const confirm = page.getByTestId('confirm');
    const message = page.getByTestId('history-message');
    await expect(confirm.or(message)).toBeVisible();
    if (await confirm.isVisible()) await page.keyboard.press('Enter');
    await expect(message).toContainText('Restored from');
    await expect(page.getByTestId('error')).toHaveCount(0);

    await expect(page.getByTestId('nights').locator('tr')).toHaveText(nightsBefore);
    await page.keyboard.press('a');
    await expect(page.getByTestId('standings').locator('tr')).toHaveText(standingsBefore);
    await expect(page.getByTestId('cumulative-chart')).toHaveAttribute('data-points', '2');

    // A restored night still proves its decks.
    await page.keyboard.press('n');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`night-${nightIds[0]}`)).toBeVisible();
    expect(await readResults(page.getByTestId('results'))).toEqual(nights[1]!.results);
    await page.keyboard.press('f');
    await expect(page.getByTestId('fairness')).toHaveAttribute('data-verified', 'true');
  });

  await context.close();

  function nameOf(id: string): string {
    return Object.entries(ids).find(([, v]) => v === id)![0];
  }
});

/** Name → player id, read from the console's players table. */
async function playerIds(page: Page): Promise<Record<string, string>> {
  const rows = page.locator('[data-testid^="player-"]');
  await expect(rows).toHaveCount(PLAYERS.length);
  const found: Record<string, string> = {};
  for (const row of await rows.all()) {
    const id = (await row.getAttribute('data-testid'))!.slice('player-'.length);
    const cell = await row.locator('td').nth(1).innerText();
    const name = PLAYERS.find((n) => new RegExp(`\\b${n}\\b`).test(cell));
    if (name) found[name] = id;
  }
  expect(Object.keys(found).sort()).toEqual([...PLAYERS].sort());
  return found;
}

/** Whether a chart's canvas has anything drawn on it. */
async function canvasHasInk(page: Page, testid: string): Promise<boolean> {
  return page.getByTestId(testid).evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!pixels) return false;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });
}

/**
 * Plays a short night from the draw: Enter for the draw, the cut and the
 * deal, H on an ace call, 1 (or the pot on good odds) for a bet; one buy-in
 * and maybe one cash-out on the way. Then E, Enter ends it; the results and
 * the settlement (both modes, S) are checked; Enter closes it.
 */
async function playNight(page: Page, options: { chipValue: number; cashOut: boolean; shot: string }): Promise<NightSeen> {
  const start = await picture(page);
  expect(sum(start.stacks) + (start.pot ?? 0)).toBe(20 * PLAYERS.length);
  let boughtInFor: string | null = null;
  let cashedOut = !options.cashOut;

  async function press(keys: string[], what: string): Promise<{ before: Picture; after: Picture }> {
    const before = await picture(page);
    for (const key of keys) await page.keyboard.press(key);
    return { before, after: await nextPicture(page, before, what) };
  }

  for (let step = 0; ; step++) {
    expect(step, 'the night should reach its turns').toBeLessThan(MAX_STEPS);
    const now = await picture(page);
    if (now.turns >= TURNS_PER_NIGHT && boughtInFor && cashedOut && now.phase === 'ready') break;
    switch (now.phase) {
      case 'draw':
      case 'cut':
        await press(['Enter'], `the ${now.phase}`);
        break;
      case 'ace-call':
        await press(['h'], 'the ace call');
        break;
      case 'ready':
        if (!boughtInFor && now.turns >= 2) boughtInFor = await buyIn(now);
        else if (!cashedOut && now.turns >= 5) cashedOut = await cashOut(now);
        else await press(['Enter'], 'the deal');
        break;
      case 'bet': {
        const stack = now.stacks[now.toActId!]!;
        const good = now.odds !== null && now.odds.winners / now.odds.remaining >= 0.7 && now.pot! <= stack;
        await press(good ? ['p', 'Enter'] : ['1', 'Enter'], good ? 'a pot bet' : 'a bet of 1');
        break;
      }
      default:
        throw new Error(`unexpected phase ${now.phase}`);
    }
  }

  const played = await picture(page);
  await page.keyboard.press('e');
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  const resultsBox = page.getByTestId('results');
  await expect(resultsBox.locator('[data-testid^="result-"]')).toHaveCount(PLAYERS.length);
  const results = await readResults(resultsBox);

  // R23/R24: every chip is accounted for and net money is net chips at tonight's value.
  expect(Object.values(results).reduce((a, r) => a + r.netChips, 0)).toBe(0);
  for (const [id, r] of Object.entries(results)) {
    expect(r.boughtIn).toBe(id === boughtInFor ? 20 + BUY_IN : 20);
    expect(r.netChips).toBe(r.finalChips - r.boughtIn);
    expect(r.netCents).toBe(Math.round(r.netChips * options.chipValue * 100));
  }
  expect(Object.values(results).filter((r) => r.won).length).toBeGreaterThanOrEqual(1);

  await checkSettlement(page, results);
  await page.screenshot({ path: `${SHOTS}/${options.shot}.png`, animations: 'disabled' });

  await page.keyboard.press('Enter'); // closes the night: back to the lobby
  await expect(page.getByTestId('lobby')).toBeVisible();
  return { turns: played.turns, chipValue: options.chipValue, results };

  /** B, 5, Enter: a buy-in for the player to act. */
  async function buyIn(before: Picture): Promise<string> {
    await page.keyboard.press('b');
    await expect(page.getByTestId('buy-in-panel')).toBeVisible();
    await page.keyboard.press(String(BUY_IN));
    await expect(page.getByTestId('buy-in-amount')).toHaveValue(String(BUY_IN));
    const { after } = await press(['Enter'], 'the buy-in');
    await expect(page.getByTestId('buy-in-panel')).toHaveCount(0);
    expect(sum(after.stacks)).toBe(sum(before.stacks) + BUY_IN);
    const changed = Object.keys(after.stacks).filter((id) => after.stacks[id] !== before.stacks[id]);
    expect(changed).toHaveLength(1);
    return changed[0]!;
  }

  /** C, Enter, Enter: the first player still at the table cashes out, confirmed. */
  async function cashOut(before: Picture): Promise<boolean> {
    await page.keyboard.press('c');
    await expect(page.getByTestId('cash-out-panel')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('confirm')).toBeVisible();
    const { after } = await press(['Enter'], 'the cash-out');
    await expect(page.getByTestId('cash-out-panel')).toHaveCount(0);
    const left = page.locator('[data-testid^="player-"].out');
    await expect(left).toHaveCount(1);
    expect(sum(after.stacks)).toBeLessThan(sum(before.stacks));
    return true;
  }
}

/** Fewest transfers pay exactly what the losers lost to the winners; S shows the banker mode, S again comes back. */
async function checkSettlement(page: Page, results: Record<string, ResultRow>): Promise<void> {
  const settlement = page.getByTestId('settlement');
  await expect(settlement).toHaveAttribute('data-mode', 'fewest');
  await expect(page.getByTestId('settle-fewest')).toHaveAttribute('aria-checked', 'true');
  const won = Object.values(results).reduce((a, r) => a + Math.max(0, r.netCents), 0);
  const fewest = await readTransfers(settlement);
  if (won === 0) expect(fewest).toHaveLength(0);
  else {
    expect(fewest.length).toBeGreaterThanOrEqual(1);
    expect(fewest.length).toBeLessThanOrEqual(PLAYERS.length - 1);
    expect(fewest.reduce((a, t) => a + t.cents, 0)).toBe(won);
  }

  await page.keyboard.press('s');
  await expect(settlement).toHaveAttribute('data-mode', 'banker');
  await expect(page.getByTestId('settle-banker')).toHaveAttribute('aria-checked', 'true');
  // M3: banker mode settles every player with the bank, one transfer each.
  const banker = await readTransfers(settlement);
  const owing = Object.values(results).filter((r) => r.netCents !== 0).length;
  expect(banker.length).toBeGreaterThanOrEqual(owing);
  for (const t of banker) expect([t.from, t.to]).toContain('the bank');

  await page.keyboard.press('s');
  await expect(settlement).toHaveAttribute('data-mode', 'fewest');
}
