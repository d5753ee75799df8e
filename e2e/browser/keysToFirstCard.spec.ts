/**
 * How many keys a host presses from the lobby to the first turn's cards, for
 * six players: at most 30 for a first night played for euros, at most 8 for a
 * returning group.
 * Every key is counted as the host would press it; the first cards are the
 * console's bet phase (the two posts turned, R14).
 */
import { expect, test, type Page } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';

const host = hostForSpecFile('1e5e1ec7ed0de5c0');
// The host's system is set to Ireland: English words, euros.
test.use({ locale: 'en-IE' });
/** Six players, 19 letters of names. */
const PLAYERS = ['Ann', 'Bob', 'Cy', 'Dee', 'Eva', 'Kwame'];
const NAME_LETTERS = PLAYERS.join('').length;

/** Presses keys as a host would, counting each one. */
function keyCounter(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async press(key: string) {
      count += 1;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      count += [...text].length;
      await page.keyboard.type(text);
    },
  };
}

/** Enter through the draw for dealer, the shuffle and the cut (Enter alone is a cut of 0, R11), each step waited for on screen. */
async function enterToFirstCards(page: Page, keys: ReturnType<typeof keyCounter>): Promise<void> {
  for (const phase of ['draw', 'ready', 'cut']) {
    await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', phase);
    await keys.press('Enter');
  }
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'bet');
}

test('a first night for six, played for euros: Alt+M plays for money in the local currency (EUR in Ireland), 30 keys in all', async ({
  page,
}) => {
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('new-player')).toBeFocused();
  const keys = keyCounter(page);
  for (const name of PLAYERS) {
    await keys.type(name);
    await keys.press('Enter');
  }
  const afterNames = keys.count;
  // Still in the name box: Alt+M fills the currency of the host's country and selects the chip value (1 a chip).
  await keys.press('Alt+m');
  await expect(page.getByTestId('currency')).toHaveValue('EUR');
  await expect(page.getByTestId('chip-value')).toBeFocused();
  await expect(page.getByTestId('chip-value')).toHaveValue('1');
  const moneyKeys = keys.count - afterNames;
  await keys.press('Enter');
  await enterToFirstCards(page, keys);
  console.log(`first night for 6 (${NAME_LETTERS} letters of names), in euros: ${keys.count} keys, ${moneyKeys} of them for the money`);
  // Was 10 for the money (Esc, 3, the chip value, Tab, the currency) and 39 in all.
  expect(moneyKeys).toBe(1);
  expect(keys.count).toBe(NAME_LETTERS + PLAYERS.length + moneyKeys + 4);
  expect(keys.count).toBeLessThanOrEqual(30);
  await expect(page.locator('tr', { hasText: 'Kwame' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/first-cards-keys.png' });
});

test('a returning group: the lobby offers last time in one line, and L and four Enters reach the first cards', async ({ page }) => {
  // Last week's night ends (the previous test started it); the group comes back to a fresh console.
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'bet');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).not.toHaveAttribute('data-phase', 'bet');
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.reload();

  const offer = page.getByTestId('last-offer');
  await expect(offer).toContainText('Ann, Bob, Cy, Dee, Eva, Kwame');
  await expect(offer).toContainText('1 EUR a chip');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/lobby-last-offer.png' });
  const keys = keyCounter(page);
  await keys.press('l');
  await expect(page.getByTestId('seats').getByRole('option')).toHaveCount(PLAYERS.length);
  await expect(page.getByTestId('chip-value')).toHaveValue('1.00');
  await expect(page.getByTestId('currency')).toHaveValue('EUR');
  await keys.press('Enter');
  await enterToFirstCards(page, keys);
  console.log(`returning group of 6: ${keys.count} keys to the first cards`);
  // L, then Enter to start and three through the draw, the shuffle and the cut.
  expect(keys.count).toBe(5);
});

test('the buy-in panel says how to switch the payment to cash', async ({ page }) => {
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'bet');
  // Alt+B: in the bet phase a plain letter is typing in the bet box.
  await page.keyboard.press('Alt+b');
  await expect(page.getByTestId('buy-in-panel')).toContainText('Alt+C switches cash or credit');
  await page.keyboard.press('Escape');
});
