/**
 * R34: when a phone misses a card the TV names it by the first characters of
 * its witness id (docs/table-draw.md); the phone itself shows the same
 * characters under "Help deal", so its holder can tell the TV means them.
 */
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { HostDriver, phoneContext } from './phonePage';

const host = hostForSpecFile('5eed1d0a');

test('R34: a phone helping deal shows the name the TV gives it when it misses a card', async ({ browser }) => {
  test.setTimeout(120_000);
  const driver = await HostDriver.open(host.url);
  let view = await driver.must('startNight', {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    startingChips: 40,
    chipValue: 0,
    settings: { cards: 'table' },
  });
  const nightId = view.night!.id;
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await tv.goto(host.tableUrl);
  const context = await browser.newContext(phoneContext('Pixel 7'));
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  await expect(phone.getByTestId('help-deal')).toHaveAttribute('data-state', /^(next-deal|witness)$/);
  view = await driver.playTurns(2);

  const kept = await phone.evaluate((night) => {
    const raw = localStorage.getItem('in-between-dealer.phone.witness');
    return raw ? ((JSON.parse(raw) as Record<string, { id: string }>)[night]?.id ?? '') : '';
  }, nightId);
  const shown = kept.slice(0, 4);
  expect(shown).toMatch(/^[0-9a-f]{4}$/);
  await expect(phone.getByTestId('help-deal-id')).toHaveText(`On the TV this phone is ${shown} (named there if it misses a card).`);

  // The phone goes offline: the TV names it by those same characters.
  await context.setOffline(true);
  await driver.playTurns((view.night?.turnsPlayed ?? 0) + 1);
  await expect(tv.getByTestId('table-draw-missed')).toHaveText(`Missed the last card: ${shown}`);
  driver.close();
  await context.close();
  await tv.context().close();
});
