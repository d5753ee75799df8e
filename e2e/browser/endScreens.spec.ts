/**
 * Each person's screen at the end of the night puts them first: a
 * night of eight with names up to 12 characters is played on
 * the headless host and ended; the phone of a player who said "this is me"
 * opens on what they pay or receive and how, everyone's transfers after; the
 * console's end screen at 1920x1080 shows every name whole, each transfer on
 * one line and Balances and Copy without scrolling. Screenshots land in
 * e2e/artifacts/screenshots (docs/screenshots when asked: docScreenshots.ts).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AppView, PayDetails } from '../../src/shared';
import { DOC_SCREENSHOTS } from './docScreenshots';
import { hostForSpecFile } from './hostFixture';
import { HostDriver, phoneContext } from './phonePage';

const host = hostForSpecFile('e9d5c4ee');
/** Eight players, the longest 12 characters (NAME_MAX is longer: 12 is what every screen shows whole). */
const PLAYERS = ['Lou Latecome', 'Bartholomew', 'Alessandra', 'Kwame Mensah', 'Zoë', 'Bob', 'Ann', 'Dev'];
const BANK: PayDetails = { sepa: { name: 'Account Holder', iban: 'DE89370400440532013000', bic: '' }, paypal: 'inbetween' };

let ended: AppView;
const idOf = (name: string): string => ended.roster.find((p) => p.name === name)!.id;

test.beforeAll(async () => {
  mkdirSync(DOC_SCREENSHOTS, { recursive: true });
  const driver = await HostDriver.open(host.url);
  try {
    let view = await driver.must('startNight', {
      players: PLAYERS.map((name) => ({ name })),
      startingChips: 20,
      chipValue: 50,
      currency: 'EUR',
    });
    for (const player of view.roster) await driver.must('setPayDetails', { party: player.id, pay: BANK });
    view = await driver.playTurns(40);
    ended = await driver.must('endNight', { stateId: view.night!.stateId });
  } finally {
    driver.close();
  }
  expect(ended.night!.settlement!.fewest.length, 'transfers to pay').toBeGreaterThan(2);
});

async function top(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  return box!.y;
}

test('the phone of a player who said "this is me" opens on what they pay and how, others\' transfers after, and no "Result so far"', async ({
  browser,
}) => {
  const payer = ended.night!.settlement!.fewest[0]!;
  const me = ended.roster.find((p) => p.id === payer.from)!;
  const context = await browser.newContext(phoneContext('Pixel 7'));
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  await expect(phone.getByTestId('picker')).toBeVisible();
  await phone.getByTestId(`pick-${me.id}`).tap();
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', me.id);
  // The phone as its holder opens it at the end of the night: from the top.
  await phone.evaluate(() => window.scrollTo(0, 0));

  // Every payee left details: each of my payments is a card saying it, with its code and links.
  const settle = phone.getByTestId('me-pay');
  await expect(settle).toContainText(`You pay ${ended.roster.find((p) => p.id === payer.to)!.name}`);
  await expect(settle.getByTestId('pay-paypal').first()).toBeVisible();
  await expect(phone.getByTestId('me-result-label')).toHaveText('Your result tonight');
  await expect(phone.locator('body')).not.toContainText('Result so far');
  // Mine first, on the first screen; the table's results and everyone's transfers after.
  expect(await top(phone, 'me-pay')).toBeLessThan(await top(phone, 'results'));
  expect(await top(phone, 'me-pay')).toBeLessThan(await top(phone, 'phone-settlement'));
  const viewport = phone.viewportSize()!;
  const first = (await settle.locator('> *').first().boundingBox())!;
  expect(first.y + first.height, 'what I pay first is on the first screen').toBeLessThanOrEqual(viewport.height);
  await phone.screenshot({ path: `${DOC_SCREENSHOTS}/phone-end-own-result.png` });

  await context.close();

  // The one paid sees who pays them, first too (another phone: this one remembers who holds it).
  const payeeContext = await browser.newContext(phoneContext('Pixel 7'));
  const payee = await payeeContext.newPage();
  await payee.goto(host.phoneUrl);
  await payee.getByTestId(`pick-${payer.to}`).tap();
  await payee.evaluate(() => window.scrollTo(0, 0));
  await expect(payee.getByTestId('me-settle')).toContainText(`${me.name} pays you`);
  expect(await top(payee, 'me-settle')).toBeLessThan(await top(payee, 'results'));
  await payeeContext.close();
});

test('the console’s end screen at 1920x1080: every name whole, one line a transfer, Balances and Copy in view', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  const results = page.getByTestId('results');
  await expect(results).toBeVisible();
  for (const name of PLAYERS) {
    const cell = results.getByTestId(`result-${idOf(name)}`).locator('.name');
    await expect(cell, name).toHaveText(name);
    const cut = await cell.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.textContent!.includes('…'));
    expect(cut, `${name} is shown whole`).toBe(false);
  }
  const transfers = page.getByTestId('settlement').getByTestId('transfer');
  expect(await transfers.count()).toBeGreaterThan(2);
  for (const transfer of await transfers.all()) {
    const lines = await transfer.locator('.line').evaluate((el) => {
      const style = getComputedStyle(el);
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines, `${await transfer.textContent()} on one line`).toBe(1);
  }
  for (const id of ['settle-balances', 'settle-copy']) {
    const box = await page.getByTestId(id).first().boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.y + box!.height, `${id} in view without scrolling`).toBeLessThanOrEqual(1080);
  }
  await page.screenshot({ path: `${DOC_SCREENSHOTS}/console-end-1080p.png` });
});

test('Enter on the console’s results goes back to the lobby, and the TV keeps who pays whom until the next night starts', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  try {
    const tv = await context.newPage();
    await tv.goto(host.tableUrl);
    await expect(tv.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
    const transfers = tv.getByTestId('tv-settlement').getByTestId('transfer');
    const count = ended.night!.settlement!.fewest.length;
    await expect(transfers).toHaveCount(count);

    const console_ = await context.newPage();
    await console_.goto(host.consoleUrl);
    await expect(console_.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
    await console_.keyboard.press('Enter');
    await expect(console_.getByTestId('new-player')).toBeVisible();
    // The night is closed: the console is in the lobby, and the TV still shows the results and every transfer.
    await expect(tv.getByText('Waiting for the host…')).toHaveCount(0);
    await expect(tv.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
    await expect(transfers).toHaveCount(count);
    await expect(tv.getByTestId('results')).toContainText(PLAYERS[0]!);
    await tv.screenshot({ path: 'e2e/artifacts/screenshots/tv-results-kept-after-close.jpg', quality: 90 });

    // The host really moves on: the next night starts, and the TV follows it.
    const driver = await HostDriver.open(host.url);
    try {
      await driver.must('startNight', {
        players: PLAYERS.slice(0, 3).map((name) => ({ name })),
        startingChips: 20,
        chipValue: 50,
        currency: 'EUR',
      });
    } finally {
      driver.close();
    }
    await expect(tv.getByTestId('phase')).not.toHaveAttribute('data-phase', 'ended');
    await expect(tv.getByTestId('tv-settlement')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
