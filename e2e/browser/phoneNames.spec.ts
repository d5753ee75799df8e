/**
 * Names on the phone follow their own rule (phoneName; the wider TV writes names whole): a name of up to 12
 * characters is shown whole, CJK included, a longer one as its first 11 and
 * "…" with the whole name in its title, whatever the number of players. Eight
 * players on a 360 px phone, the night ended at once: the pot's split names
 * every player in the banner, and with everyone even nobody wins (R23).
 */
import { expect, test, type Page } from '@playwright/test';
import type { AppView } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { expectNoSidewaysScroll, HostDriver, phoneContext } from './phonePage';

const host = hostForSpecFile('a11ce5e7');
const CJK = '山田太郎山田太郎山田太郎'; // 12 characters: whole
const LONG = 'Bartholomew Featherstonehaugh'; // the phone writes "Bartholomew…"
const PLAYERS = [CJK, LONG, 'Ann', 'Bob', 'Zoë', 'Kwame Mensah', 'Dev', 'Lou'];

let started: AppView;
const idOf = (name: string): string => started.night!.players.find((p) => p.name === name)!.id;

test.beforeAll(async () => {
  const driver = await HostDriver.open(host.url);
  try {
    started = await driver.must('startNight', {
      players: PLAYERS.map((name) => ({ name })),
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
    });
  } finally {
    driver.close();
  }
});

/** Whether an element's text overflows its box (cut by CSS rather than shown whole). */
async function overflows(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
}

test("the phone writes names its own way at 8 players: 12 CJK characters whole, a longer name its first 11 and '…' with the whole in its title", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(phoneContext('Galaxy S8'));
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  await phone.getByTestId(`pick-${idOf(CJK)}`).tap();
  await expect(phone.getByTestId('me-name')).toHaveText(CJK);

  const cjkName = phone.getByTestId(`phone-player-${idOf(CJK)}`).locator('.name');
  await expect(cjkName).toHaveText(CJK);
  expect(await overflows(phone, `[data-testid="phone-player-${idOf(CJK)}"] .name`), 'the CJK name is cut').toBe(false);
  const longName = phone.getByTestId(`phone-player-${idOf(LONG)}`).locator('.name');
  await expect(longName).toHaveText('Bartholomew…');
  await expect(longName).toHaveAttribute('title', LONG);
  expect(await overflows(phone, '[data-testid="me-name"]'), 'my own name is cut').toBe(false);

  // The night ends at once: the antes go back, one chip to each player, every name as the phone writes it.
  const driver = await HostDriver.open(host.url);
  try {
    await driver.must('endNight', { stateId: (await driver.view()).night!.stateId });
  } finally {
    driver.close();
  }
  await expect(phone.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  const banner = phone.getByTestId('banner');
  await expect(banner).toContainText('Bartholomew… takes 1 from the pot');
  await expect(banner).toContainText(`${CJK} takes 1 from the pot`);
  await expect(banner).not.toContainText('Bartholomew Fea');
  const details = banner.locator('.detail');
  for (let i = 0; i < (await details.count()); i++)
    expect(await details.nth(i).evaluate((el) => el.scrollWidth > el.clientWidth + 1), `banner line ${i} is cut`).toBe(false);

  // The results: the same names, and nobody crowned when everyone is even (R23).
  await expect(phone.getByTestId(`result-${idOf(CJK)}`).locator('.name')).toHaveText(CJK);
  await expect(phone.getByTestId(`result-${idOf(LONG)}`).locator('.name')).toHaveText('Bartholomew…');
  await expect(phone.getByTestId(`result-${idOf(LONG)}`).locator('.name')).toHaveAttribute('title', LONG);
  expect(await overflows(phone, `[data-testid="result-${idOf(CJK)}"] .name`), 'the CJK result name is cut').toBe(false);
  await expect(phone.getByTestId('nobody-wins')).toHaveText('Nobody wins tonight: everyone is even');
  await expect(phone.locator('.result-rows li.won')).toHaveCount(0);
  await expectNoSidewaysScroll(phone);
  await context.close();
});
