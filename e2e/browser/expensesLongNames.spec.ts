/**
 * M4 with the longest name the lobby takes (40 characters) paying: the
 * expenses beside the results at the end of the night stay inside their
 * column, the payer and the balances wrapping rather than running out of
 * the box (found by playing a night with a long name).
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';

const host = hostForSpecFile('1e5e1ec7ed0de5c0');
const LONGEST = 'Anne-Sophie Marguerite de la Tour-Dubois';

test('M4: a 40-character payer keeps the expenses beside the results inside their column at 1920x1080', async ({ browser }) => {
  test.setTimeout(120_000);
  expect([...LONGEST]).toHaveLength(40);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  for (const name of [LONGEST, 'Zoë', 'Søren', 'Renée']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'draw');

  // F, an amount, Enter: paid by the first seat (the long name), shared by everyone.
  await page.keyboard.press('f');
  await expect(page.getByTestId('expense-amount')).toBeFocused();
  await page.keyboard.type('24.60');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('expenses-panel').getByTestId('expense')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.keyboard.press('e');
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');

  const list = page.getByTestId('expenses-list');
  await expect(list).toBeVisible();
  await expect(list).toContainText(LONGEST);
  // Nothing inside the box reaches past its right edge, and the box scrolls nothing sideways.
  const overflow = await list.evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const past = [...box.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .map((el) => el.textContent?.trim().slice(0, 60));
    return { past, sideways: box.scrollWidth - box.clientWidth };
  });
  expect(overflow.past).toEqual([]);
  expect(overflow.sideways).toBeLessThanOrEqual(0);
  await context.close();
});

test('M4: in French the shared-expense panel (F) keeps its boxes inside it, and a 40-character sharer keeps a whole checkbox', async ({
  browser,
}) => {
  await host.restart({ wipeData: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await expect(page.getByTestId('language')).toHaveValue('fr');
  await page.keyboard.press('n');
  for (const name of [LONGEST, 'Zoë', 'Søren', 'Renée']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'draw');
  await page.keyboard.press('f');
  const panel = page.getByTestId('expenses-panel');
  await expect(page.getByTestId('expense-amount')).toBeFocused();
  await expect(panel).toContainText('Pour quoi');
  const layout = await panel.evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const past = [...box.querySelectorAll('input, select, label, fieldset')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .map((el) => el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 40));
    const boxes = [...box.querySelectorAll('input[type="checkbox"]')].map((el) => el.getBoundingClientRect());
    return { past, narrowest: Math.min(...boxes.map((b) => b.width)), fontSize: parseFloat(getComputedStyle(box).fontSize) };
  });
  await page.screenshot({ path: 'e2e/artifacts/screenshots/expenses-panel-fr.png' });
  expect(layout.past).toEqual([]);
  // 1.1em: a checkbox, not a dot.
  expect(layout.narrowest).toBeGreaterThanOrEqual(layout.fontSize);
  await context.close();
});
