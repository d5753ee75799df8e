/**
 * One person under two names, and backups that keep themselves, from the
 * keyboard: Bob played one night and Bobby (the same person) the next. In
 * all time the host highlights Bobby (P, ↓), presses J and picks Bob: the
 * leaderboard and the TV show one Bob with both nights; U undoes it. Then K
 * lists the backups written after each night; Enter restores the older one
 * (after a question), and U undoes that restore. L
 * says at once that the headless host's folder is fixed by --data.
 */
import { expect, test } from '@playwright/test';
import { readStandings } from './historyPage';
import { hostForSpecFile } from './hostFixture';
import { HostDriver } from './phonePage';

const host = hostForSpecFile('b0bb1e50');

let ids: Record<string, string> = {};

test.beforeAll(async () => {
  const driver = await HostDriver.open(host.url);
  try {
    for (const players of [
      ['Ann', 'Bob', 'Cy'],
      ['Ann', 'Bobby', 'Cy'],
    ]) {
      const roster = (await driver.view()).roster;
      const known = new Map(roster.map((p) => [p.name, p.id] as const));
      await driver.must('startNight', {
        players: players.map((name) => (known.has(name) ? { id: known.get(name), name } : { name })),
        startingChips: 20,
        chipValue: 25,
        currency: 'EUR',
      });
      let view = await driver.playTurns(6);
      view = await driver.must('endNight', { stateId: view.night!.stateId });
      view = await driver.must('closeNight', { stateId: view.night!.stateId });
      ids = Object.fromEntries(view.roster.map((p) => [p.name, p.id]));
    }
  } finally {
    driver.close();
  }
});

test('J merges Bobby into Bob on the leaderboard and the TV, U undoes it; K lists the kept backups, Enter restores one, U undoes the restore', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const tv = await context.newPage();
  await page.goto(host.consoleUrl);
  await tv.goto(host.tableUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.keyboard.press('h');
  // The history is loaded on demand: a key pressed before it shows still belongs to the lobby (where A archives).
  await expect(page.getByTestId('tab-nights')).toHaveClass(/on/);
  await page.keyboard.press('a');
  await expect(page.getByTestId('tab-all')).toHaveClass(/on/);
  await expect(page.getByTestId('standings').locator('[data-testid^="standings-row-"]')).toHaveCount(4);
  const before = await readStandings(page);
  await page.keyboard.press('t');
  await expect(tv.locator('[data-testid^="tv-standings-row-"]')).toHaveCount(4);

  await test.step('J: Bobby is counted as Bob', async () => {
    await page.keyboard.press('p');
    const bobbyAt = (await page.getByTestId('filter-players').getByRole('option').allTextContents()).findIndex((text) =>
      text.trim().endsWith('Bobby'),
    );
    for (let i = 0; i < bobbyAt; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    await expect(page.getByTestId('merge-into')).toBeFocused();
    const targets = await page.getByTestId('merge-into').getByRole('option').allTextContents();
    const bobAt = targets.findIndex((text) => text.trim().endsWith('Bob'));
    for (let i = 0; i < bobAt; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('merge-message')).toContainText('Bobby');
    await expect(page.getByTestId('standings').locator('[data-testid^="standings-row-"]')).toHaveCount(3);
    const merged = await readStandings(page);
    const bob = ids.Bob!;
    const bobby = ids.Bobby!;
    expect(merged[bob]).toMatchObject({ name: 'Bob', nights: 2, netCents: before[bob]!.netCents + before[bobby]!.netCents });
    expect(merged[bobby]).toBeUndefined();
    await expect(page.getByTestId(`merged-${bobby}`)).toBeVisible();
    // The TV follows.
    await expect(tv.locator('[data-testid^="tv-standings-row-"]')).toHaveCount(3);
  });

  await test.step('U on Bobby undoes the merge', async () => {
    await page.keyboard.press('u');
    await expect(page.getByTestId('standings').locator('[data-testid^="standings-row-"]')).toHaveCount(4);
    expect(await readStandings(page)).toEqual(before);
    await expect(tv.locator('[data-testid^="tv-standings-row-"]')).toHaveCount(4);
  });

  await test.step('K: the backups written after each night; Enter restores the older one, U undoes it', async () => {
    await page.keyboard.press('k');
    await expect(page.getByTestId('tab-backups')).toHaveClass(/on/);
    await expect(page.getByTestId('backups').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('backup-0').getByTestId('backup-nights')).toHaveText('2');
    await expect(page.getByTestId('backup-1').getByTestId('backup-nights')).toHaveText('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('confirm')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('backups-message')).toBeVisible();
    await expect(page.getByTestId('undo-restore')).toBeVisible();
    await page.keyboard.press('n');
    await expect(page.getByTestId('nights').locator('tbody tr')).toHaveCount(1);

    await page.keyboard.press('k');
    await expect(page.getByTestId('undo-restore')).toBeVisible();
    await page.keyboard.press('u');
    await expect(page.getByTestId('confirm')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('backups-message')).toBeVisible();
    await page.keyboard.press('n');
    await expect(page.getByTestId('nights').locator('tbody tr')).toHaveCount(2);
  });

  await test.step("L: the headless host's folder is fixed by its --data: the move is refused in words before any question, and nothing changes", async () => {
    await page.keyboard.press('k');
    await page.keyboard.press('l');
    await expect(page.getByRole('alert')).toContainText('--data');
    await expect(page.getByTestId('confirm')).toHaveCount(0);
    await expect(page.getByTestId('backups').locator('tbody tr')).not.toHaveCount(0);
  });
  await context.close();
});
