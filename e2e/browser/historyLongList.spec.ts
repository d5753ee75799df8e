/**
 * A nights list longer than the screen, walked from the keyboard: every key
 * that moves the cursor (↓, End, Home) brings the chosen night into view,
 * so the host never opens a night they cannot see.
 */
import { expect, test, type Locator } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { HostDriver } from './phonePage';

const NIGHTS = 12;
const host = hostForSpecFile('10b6115c');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const driver = await HostDriver.open(host.url);
  try {
    for (let n = 0; n < NIGHTS; n++) {
      const roster = (await driver.view()).roster;
      await driver.must('startNight', {
        players: roster.length > 0 ? roster.map((p) => ({ id: p.id, name: p.name })) : [{ name: 'Ann' }, { name: 'Bob' }],
        startingChips: 20,
        chipValue: 1,
        currency: 'EUR',
      });
      let view = await driver.playTurns(1);
      view = await driver.must('endNight', { stateId: view.night!.stateId });
      await driver.must('closeNight', { stateId: view.night!.stateId });
    }
  } finally {
    driver.close();
  }
});

/** Whether the row stands wholly inside the window (to the pixel: its edges may fall between two). */
const inView = (row: Locator): Promise<boolean> =>
  row.evaluate((tr) => {
    const box = tr.getBoundingClientRect();
    return box.top >= -1 && box.bottom <= window.innerHeight + 1;
  });

test('End, Home and the arrows bring the chosen night of a long list into view', async ({ browser }) => {
  // Short enough that a dozen nights do not fit: the last rows start below the window.
  const context = await browser.newContext({ viewport: { width: 1280, height: 480 } });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('h');
  const rows = page.getByTestId('nights').locator('tbody tr');
  await expect(rows).toHaveCount(NIGHTS);
  const first = rows.first();
  const last = rows.last();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  expect(await inView(last)).toBe(false);

  await page.keyboard.press('End');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView(last)).toBe(true);

  await page.keyboard.press('Home');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView(first)).toBe(true);

  for (let i = 1; i < NIGHTS; i++) await page.keyboard.press('ArrowDown');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView(last)).toBe(true);
  await context.close();
});
