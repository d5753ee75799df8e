/**
 * Two real hosts, laptop to laptop (docs/group-lan.md): two headless hosts
 * (`npm run serve` twice, two data folders) each play and end a night; the
 * first creates a group and shows a pairing code on its Group screen, the
 * second types the address and code on its own; the second's host renames
 * its laptop (Alt+R) and the first lists it by that name. Then, in a real browser,
 * each shows both nights, the same all-time board and the same running tab.
 * The Group screen is saved at 1920x1080 in e2e/artifacts/screenshots.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { endNight, playTurns } from './consolePage';
import { rowTexts } from './historyPage';
import { createGroupAndShowCode, expectPaired, joinByCode, openGroup, startANight } from './groupPage';
import { freshDataDir, removeDataDir, startHostProcess, type HostProcess } from './hostProcess';

const SHOTS = 'e2e/artifacts/screenshots';
const hosts: HostProcess[] = [];

test.afterAll(async () => {
  for (const host of hosts.splice(0)) {
    await host.stop();
    removeDataDir(host.dataDir);
  }
});

/** From the lobby: a night of these players, a few turns, ended and closed (back in the lobby). */
async function playANight(page: Page, players: string[]): Promise<void> {
  await startANight(page, players);
  await playTurns(page, 4);
  await endNight(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toBeVisible();
}

/** What the history shows: the nights list, the all-time board, and the running tab (read from the lobby's D). */
async function historyOf(page: Page): Promise<{ nights: string[]; board: string[]; tab: string }> {
  const nights = page.getByTestId('nights');
  // The list is read as it opens: opened again until the other laptop's night has arrived (within 2 s of the pairing).
  await expect
    .poll(
      async () => {
        await page.keyboard.press('a');
        await page.keyboard.press('n');
        await expect(nights.or(page.getByTestId('no-nights'))).toBeVisible();
        return nights.locator('tbody tr').count();
      },
      { timeout: 10_000 },
    )
    .toBe(2);
  const nightRows = await rowTexts(nights);
  await page.keyboard.press('a');
  await expect(page.getByTestId('standings')).toBeVisible();
  const board = await rowTexts(page.getByTestId('standings'));
  // Esc: all time to the nights list, then the list to the lobby.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('nights')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('d');
  const tabScreen = page.getByTestId('tab-screen');
  await expect(tabScreen).toBeVisible();
  const tab = ((await tabScreen.locator('.box').first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await page.keyboard.press('Escape');
  return { nights: nightRows, board, tab };
}

test('two hosts pair over loopback by the code one shows, and each then shows both nights, the same board and the same tab', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const ann = await startHostProcess({ deckSeed: '6a0a11', dataDir: freshDataDir() });
  hosts.push(ann);
  const bob = await startHostProcess({ deckSeed: '6b0b22', dataDir: freshDataDir() });
  hosts.push(bob);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const annPage = await context.newPage();
  const bobPage = await context.newPage();
  await annPage.goto(ann.consoleUrl);
  await bobPage.goto(bob.consoleUrl);

  await playANight(annPage, ['Ann', 'Carl', 'Dora']);
  await playANight(bobPage, ['Bob', 'Eve']);

  // Ann's laptop: a group, then a code for Bob's laptop to type.
  await openGroup(annPage);
  const offer = await createGroupAndShowCode(annPage, 'Friday');
  await annPage.screenshot({ path: `${SHOTS}/group-pairing-code.png` });

  // Bob's laptop: J, the address and the code, as a host types them.
  await openGroup(bobPage);
  await joinByCode(bobPage, offer, 'Friday');

  // Both list each other: the pairing is gone from Ann's screen (used once), Bob is paired there.
  await expectPaired(annPage, bobPage);
  await annPage.screenshot({ path: `${SHOTS}/group-screen.png` });

  // Both hosts' laptops go by the machine's name: Bob's host names his (Alt+R, the name to edit, Enter), and Ann's lists it so.
  await bobPage.keyboard.press('Alt+r');
  const nameBox = bobPage.getByTestId('group-text');
  await expect(nameBox).toBeFocused();
  const hostName = await nameBox.inputValue();
  expect(hostName).not.toBe('');
  await bobPage.keyboard.type('x'.repeat(61));
  await bobPage.keyboard.press('Enter');
  await expect(bobPage.getByTestId('group-error')).toContainText('60');
  await bobPage.keyboard.press('Control+a');
  await bobPage.keyboard.type('Bob’s den');
  await bobPage.keyboard.press('Enter');
  await expect(bobPage.getByTestId('group-message')).toContainText('Bob’s den');
  await expect(bobPage.getByTestId('group-prompt')).toHaveCount(0);
  await expect(bobPage.getByTestId('group-laptops')).toContainText('Bob’s den');
  await expect(annPage.getByTestId('group-laptops')).toContainText('Bob’s den', { timeout: 10_000 });
  await expect(annPage.getByTestId('group-paired')).toContainText('Bob’s den');
  // Esc closes the box and changes nothing.
  await annPage.keyboard.press('Alt+r');
  await expect(annPage.getByTestId('group-text')).toHaveValue(hostName);
  await annPage.keyboard.press('Escape');
  await expect(annPage.getByTestId('group-prompt')).toHaveCount(0);

  const annSees = await historyOf(annPage);
  const bobSees = await historyOf(bobPage);
  expect(annSees.nights).toHaveLength(3);
  // Each list names the laptop that hosted the other's nights (R35), by the name it goes by now; otherwise they are the same.
  expect(annSees.nights.filter((row) => row.includes(' on Bob’s den'))).toHaveLength(1);
  expect(bobSees.nights.filter((row) => row.includes(` on ${hostName}`))).toHaveLength(1);
  const hostless = (rows: string[]) => rows.map((row) => row.replace(' on Bob’s den', ' ').replace(` on ${hostName}`, ' '));
  expect(hostless(bobSees.nights)).toEqual(hostless(annSees.nights));
  expect(bobSees.board).toEqual(annSees.board);
  for (const name of ['Ann', 'Bob', 'Carl', 'Dora', 'Eve']) expect(annSees.board.join(' ')).toContain(name);
  expect(bobSees.tab).toEqual(annSees.tab);

  // Payment details, shared player by player: Ann's host types how the first roster player likes to be paid and shares it (Alt+S).
  await expect(annPage.getByTestId('lobby')).toBeVisible();
  await annPage.keyboard.press('e');
  await expect(annPage.getByTestId('roster-editor')).toBeVisible();
  const name = await annPage.getByTestId('edit-name').inputValue();
  await annPage.getByTestId('pay-paypal').fill('sharedhandle');
  await expect(annPage.getByTestId('pay-share')).not.toBeChecked();
  await annPage.keyboard.press('Alt+s');
  await expect(annPage.getByTestId('pay-share')).toBeChecked();
  await expect(annPage.getByTestId('pay-fields')).toContainText('Shared with the group Friday');
  await annPage.keyboard.press('Enter');
  await expect(annPage.getByTestId('roster-editor')).toHaveCount(0);
  // Bob's laptop shows the same details for that player, ticked as shared, once the sync has brought them.
  await expect(bobPage.getByTestId('lobby')).toBeVisible();
  await expect(async () => {
    await bobPage.keyboard.press('Escape');
    await bobPage.keyboard.press('Home');
    for (let row = 0; row < 8; row++) {
      await bobPage.keyboard.press('e');
      await expect(bobPage.getByTestId('roster-editor')).toBeVisible();
      if ((await bobPage.getByTestId('edit-name').inputValue()) === name) break;
      await bobPage.keyboard.press('Escape');
      await bobPage.keyboard.press('ArrowDown');
    }
    await expect(bobPage.getByTestId('edit-name')).toHaveValue(name);
    await expect(bobPage.getByTestId('pay-paypal')).toHaveValue('sharedhandle');
    await expect(bobPage.getByTestId('pay-share')).toBeChecked();
  }).toPass({ timeout: 15_000 });
  await bobPage.screenshot({ path: `${SHOTS}/group-shared-pay-details.png` });
  await context.close();
});
