/**
 * Money from the keyboard (M2, M3, R33): the lobby's C makes the night paid
 * in cash, the buy-in panel's C puts one buy-in on credit, the night is
 * played and ended, S settles it with the bank (banker mode) on the console
 * and the TV; D opens the running tab from the lobby, Enter marks a debt
 * paid, T puts the tab on the TV. Then O reopens the night: the question
 * says a paid mark goes back to unpaid, and once the night ends again the
 * tab has grown back. Screenshots at 1920x1080 in e2e/artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { endNight, playTurns } from './consolePage';
import { hostForSpecFile } from './hostFixture';

const SHOTS = 'e2e/artifacts/screenshots';
const host = hostForSpecFile('7ab5c0ffee');

test('M2 M3 R33: cash or credit from the keyboard, settled with the bank, a debt marked paid on the tab screen and shown on the TV; reopening puts it back on the tab', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const consolePage = await context.newPage();
  const table = await context.newPage();
  await consolePage.goto(host.consoleUrl);
  await table.goto(host.tableUrl);
  await expect(consolePage.getByTestId('lobby')).toBeVisible();

  // The lobby: three players, and C makes tonight's buy-ins paid in cash (M2).
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('n');
  for (const name of ['Ann', 'Bob', 'Cy']) {
    await consolePage.keyboard.type(name);
    await consolePage.keyboard.press('Enter');
  }
  const lobbyPayment = consolePage.getByTestId('lobby-payment');
  await expect(lobbyPayment).toHaveAttribute('data-payment', 'credit');
  // While typing a name, C is a letter; Alt+C switches all the same.
  await consolePage.keyboard.press('Alt+c');
  await expect(lobbyPayment).toHaveAttribute('data-payment', 'cash');
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('c');
  await expect(lobbyPayment).toHaveAttribute('data-payment', 'credit');
  await consolePage.keyboard.press('c');
  await expect(lobbyPayment).toHaveAttribute('data-payment', 'cash');
  await consolePage.screenshot({ path: `${SHOTS}/money-lobby-console.png` });
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('night-payment')).toHaveAttribute('data-payment', 'cash');

  // B: a buy-in, paid the night's way unless C switches it: Ann buys 10 on credit.
  await consolePage.keyboard.press('b');
  const panelPayment = consolePage.getByTestId('panel-payment');
  await expect(panelPayment).toHaveAttribute('data-payment', 'cash');
  await consolePage.keyboard.press('c');
  await expect(panelPayment).toHaveAttribute('data-payment', 'credit');
  await consolePage.keyboard.press('1');
  await consolePage.keyboard.press('0');
  await consolePage.screenshot({ path: `${SHOTS}/money-buy-in-console.png` });
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('buy-in-panel')).toHaveCount(0);

  await playTurns(consolePage, 9);
  await endNight(consolePage);

  // S: everyone settles with the bank (M3), on the console and on the TV.
  const settlement = consolePage.getByTestId('settlement');
  await expect(settlement).toHaveAttribute('data-mode', 'fewest');
  await consolePage.keyboard.press('s');
  await expect(settlement).toHaveAttribute('data-mode', 'banker');
  await expect(table.getByTestId('tv-settlement')).toHaveAttribute('data-mode', 'banker');
  const transfers = await settlement.getByTestId('transfer').allTextContents();
  expect(transfers.length).toBeGreaterThan(0);
  for (const line of transfers) expect(line).toContain('the bank');
  // M2: the bank is a party with its balance shown: it owes back the cash it holds.
  await expect(settlement.getByTestId('settle-balances').locator('[data-party="bank"]')).toContainText('-');
  await consolePage.screenshot({ path: `${SHOTS}/money-ended-console.png` });

  // Closed: D in the lobby opens the running tab, one debt per transfer of the night.
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('lobby')).toBeVisible();
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('d');
  const debts = consolePage.getByTestId('tab-debt');
  await expect(debts).toHaveCount(transfers.length);
  for (const text of await debts.allTextContents()) expect(text).toContain('the bank');
  await expect(consolePage.getByTestId('tab-detail')).toBeVisible();

  // Enter marks the highlighted debt paid: it leaves the tab and shows under "Marked paid".
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('tab-message')).toContainText('Marked paid');
  await expect(debts).toHaveCount(transfers.length - 1);
  await expect(consolePage.getByTestId('tab-paid-transfer')).toHaveCount(1);

  // T: the tab on the TV, the same debts.
  await consolePage.keyboard.press('t');
  await expect(table.getByTestId('tv-tab')).toBeVisible();
  await expect(table.getByTestId('tv-tab-debt')).toHaveCount(transfers.length - 1);
  await expect(consolePage.getByTestId('tab-on-tv')).toBeVisible();
  await consolePage.screenshot({ path: `${SHOTS}/money-tab-console.png` });
  await table.screenshot({ path: `${SHOTS}/money-tab-tv.jpg`, quality: 90 });

  // Esc: back to the lobby, and the TV back to the live table.
  await consolePage.keyboard.press('Escape');
  await expect(consolePage.getByTestId('lobby')).toBeVisible();
  await expect(table.getByTestId('tv-tab')).toHaveCount(0);

  // R33, M3: O warns that the paid mark goes back to unpaid; once the night ends again the tab has grown back.
  await consolePage.keyboard.press('o');
  await expect(consolePage.getByTestId('confirm')).toContainText('1 payment marked paid for it goes back to unpaid');
  await consolePage.screenshot({ path: `${SHOTS}/money-reopen-console.png` });
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('lobby')).toHaveCount(0);
  await expect(consolePage.getByTestId('pot')).toBeVisible();
  await expect(consolePage.getByTestId('phase')).not.toHaveAttribute('data-phase', 'ended');
  await endNight(consolePage);
  await expect(settlement).toHaveAttribute('data-mode', 'banker');
  await consolePage.keyboard.press('d');
  await expect(debts).toHaveCount(transfers.length);
  await expect(consolePage.getByTestId('tab-paid-transfer')).toHaveCount(0);
  await context.close();
});
