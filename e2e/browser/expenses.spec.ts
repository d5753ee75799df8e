/**
 * Shared expenses (M4) on the host console's keyboard: F opens the panel
 * during the night, an expense is typed (amount, what for, Enter), a bad
 * amount is refused in words, and after the night the expense shows apart
 * from the results and counts in who pays whom; F on the ended screen adds
 * another beside the settle-up. Screenshots at 1920x1080.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { EXPENSE_DESCRIPTION_MAX } from '../../src/shared/choices';
import { hostForSpecFile } from './hostFixture';

const DECK_SEED = 'e0e0e0e0a1a2a3a4';
const SHOTS = 'e2e/artifacts/screenshots';

const host = hostForSpecFile(DECK_SEED);

/** The transfer lines as the host reads them, sorted. */
async function transferLines(transfers: Locator): Promise<string[]> {
  return (await transfers.locator('.line').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()).sort();
}

test('M4: an expense typed on the keyboard during the night shows in the settle-up, apart from the results', async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const table = await context.newPage();
  await page.goto(host.consoleUrl);
  await table.goto(host.tableUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.getByTestId('currency').fill('EUR');
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  for (const name of ['Ann', 'Bob', 'Cy']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  // Enter in the empty name box starts the night.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'draw');

  // The key list names F.
  await page.keyboard.press('?');
  await expect(page.getByTestId('help')).toContainText('shared expenses');
  await page.keyboard.press('Escape');

  // F opens the panel with the amount box focused, and everyone at the table ticked.
  await page.keyboard.press('f');
  const panel = page.getByTestId('expenses-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('expense-amount')).toBeFocused();
  await expect(panel.locator('input[type="checkbox"]:checked')).toHaveCount(3);

  // A zero amount is refused in words and nothing is recorded.
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('error')).toContainText('more than 0');
  await expect(panel.getByTestId('expense')).toHaveCount(0);

  // 10.00 EUR for the pizza, paid by Ann (the first seat), shared by the three: Bob, on her left, pays the odd cent.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  // A pasted description over 60 characters is refused as pasted, in words, and kept whole (never cut): Enter records nothing.
  const longDescription = `Pizza ${'x'.repeat(EXPENSE_DESCRIPTION_MAX - 5)}`;
  await page.keyboard.insertText(longDescription);
  await expect(page.getByTestId('expense-description')).toHaveValue(longDescription);
  await expect(panel.getByTestId('error')).toContainText(
    `A description is at most ${EXPENSE_DESCRIPTION_MAX} characters; this one has ${EXPENSE_DESCRIPTION_MAX + 1}`,
  );
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('error')).toContainText('A description is at most');
  await expect(panel.getByTestId('expense')).toHaveCount(0);
  await expect(page.getByTestId('expense-description')).toHaveValue(longDescription);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Pizza');
  await expect(panel.getByTestId('error')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('expense')).toHaveCount(1);
  await expect(panel.getByTestId('expense')).toContainText('Pizza');
  await expect(panel.getByTestId('expense-shares').locator('.share')).toHaveText(['Ann 3.33', 'Bob 3.34', 'Cy 3.33']);
  await expect(page.getByTestId('expense-amount')).toHaveValue('');
  await expect(page.getByTestId('expense-amount')).toBeFocused();

  // A second one, paid by Bob (chosen with the arrow keys), shared by Bob and Cy only (Space unticks Ann).
  await page.keyboard.type('6');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('expense-payer')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Drinks');
  await page.keyboard.press('Tab');
  await expect(panel.locator('input[type="checkbox"]').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('expense')).toHaveCount(2);
  await expect(panel.getByTestId('expense-shares').nth(1).locator('.share')).toHaveText(['Bob 3', 'Cy 3']);
  await page.screenshot({ path: `${SHOTS}/expenses-panel-open-night.png` });

  // Esc closes the panel; E ends the night before the first deal.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');

  // The expenses are listed apart from the results, and who pays whom includes them (no chip moved yet):
  // Ann is owed 10.00 - 3.33 = 6.67; Bob owes 3.34 - 6.00 + 3.00 = 0.34; Cy owes 3.33 + 3.00 = 6.33.
  await expect(page.getByTestId('expenses-list').getByTestId('expense')).toHaveCount(2);
  const settlement = page.getByTestId('settlement');
  await expect(settlement.getByTestId('transfer')).toHaveCount(2);
  expect(await transferLines(settlement.getByTestId('transfer'))).toEqual(['Bob pays Ann 0.34 EUR', 'Cy pays Ann 6.33 EUR']);
  await page.screenshot({ path: `${SHOTS}/expenses-settle-up.png` });
  // The TV says, under who pays whom, which expenses it counts.
  await expect(table.getByTestId('tv-expenses').locator('p')).toHaveText([
    'Shared expenses, counted above:',
    'Pizza 10 EUR (Ann)',
    'Drinks 6 EUR (Bob)',
  ]);
  await table.screenshot({ path: `${SHOTS}/expenses-tv.jpg`, quality: 90 });

  // F on the ended screen: the panel, with who pays whom beside it, changing as an expense is removed.
  await page.keyboard.press('f');
  await expect(panel).toBeVisible();
  await expect(page.locator('.right').getByTestId('settlement')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/expenses-panel-ended.png` });
  const removeDrinks = panel.getByRole('button', { name: 'Remove' }).nth(1);
  await removeDrinks.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('Drinks');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('expense')).toHaveCount(1);
  await expect(page.locator('.right').getByTestId('transfer').first()).toContainText('3.34');
  expect(await transferLines(page.locator('.right').getByTestId('transfer'))).toEqual(['Bob pays Ann 3.34 EUR', 'Cy pays Ann 3.33 EUR']);

  // H: the same night in the history, where E opens the panel for an ended night of the history.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('h');
  // The ended screen lists the expenses too: wait for the history's own night before typing to it.
  await expect(page.getByTestId('fairness-check')).toBeVisible();
  const list = page.getByTestId('expenses-list');
  await expect(list.getByTestId('expense')).toHaveCount(1);
  await expect(list.getByTestId('expenses-effect').locator('.share')).toHaveText(['Ann +6.67 EUR', 'Bob -3.34 EUR', 'Cy -3.33 EUR']);
  await page.keyboard.press('e');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('expense-amount')).toBeFocused();
  await page.keyboard.type('4.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Taxi');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('expense')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/expenses-history.png` });
  // Esc closes the panel and stays on the night (the history's own Esc would go back).
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('expenses-list').getByTestId('expense')).toHaveCount(2);
  // Ann paid 10.00 + 4.50 and owes 3.33 + 1.50: she is owed 9.67 in all.
  expect((await transferLines(page.getByTestId('settlement').getByTestId('transfer'))).join(' | ')).toMatch(
    /Ann 4\.84 EUR.*Ann 4\.83 EUR|Ann 4\.83 EUR.*Ann 4\.84 EUR/,
  );
  await context.close();
});
