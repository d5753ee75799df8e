/**
 * M1, M4: an expense typed with more decimals than money has, on a night with
 * no currency named (the lobby's default), is refused in words that say how
 * many decimals are allowed, and nothing is recorded.
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { HostDriver } from './phonePage';

const host = hostForSpecFile('dec1ba15');

test('M4: with no currency named, an amount like 2.555 is refused saying at most 2 decimals, not naming a blank currency', async ({
  browser,
}) => {
  const driver = await HostDriver.open(host.url);
  await driver.must('startNight', { players: [{ name: 'Ann' }, { name: 'Bob' }], startingChips: 20, chipValue: 1 });
  driver.close();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'draw');

  await page.keyboard.press('f');
  const panel = page.getByTestId('expenses-panel');
  await expect(page.getByTestId('expense-amount')).toBeFocused();
  await page.keyboard.type('2.555');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('error')).toHaveText('The amount has more decimals than the currency: at most 2.');
  await expect(panel.getByTestId('expense')).toHaveCount(0);
  await context.close();
});
