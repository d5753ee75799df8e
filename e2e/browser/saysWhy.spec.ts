/**
 * Every key either acts or says why not, in words, before any question:
 * the keys that used to say nothing or the wrong
 * thing, pressed as a host would on the headless host. One night of Ana,
 * Bob and Cy is played and closed first, so there is a backup of 1 night.
 */
import { expect, test, type Page } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';
import { FAKE_API } from './layoutAudit';
import { liveView, rosterOf } from './tvStates';
import { HostDriver } from './phonePage';

const host = hostForSpecFile('5a7577e1');

test.beforeAll(async () => {
  const driver = await HostDriver.open(host.url);
  try {
    await driver.must('startNight', {
      players: ['Ana', 'Bob', 'Cy'].map((name) => ({ name })),
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
    });
    let view = await driver.playTurns(4);
    view = await driver.must('endNight', { stateId: view.night!.stateId });
    await driver.must('closeNight', { stateId: view.night!.stateId });
  } finally {
    driver.close();
  }
});

/** Errors the page threw or logged (a vue-i18n SyntaxError among them). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('a PayPal.Me name typed as @name or as its link is refused in the right words, with no error thrown', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('roster')).toBeFocused();
  await page.keyboard.press('e');
  await expect(page.getByTestId('roster-editor')).toBeVisible();
  for (const typed of ['@inbetween', 'https://paypal.me/inbetween']) {
    await page.getByTestId('pay-paypal').fill(typed);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('error'), typed).toHaveText(
      'A link name is letters, digits, dots, dashes and underscores: no @, no link.',
    );
    // A bank account without its holder says its own words, and the link name's words replace them again.
    await page.getByTestId('pay-paypal').fill('');
    await page.getByTestId('pay-iban').fill('DE89370400440532013000');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('error')).toHaveText('A bank account needs its holder’s name.');
    await page.getByTestId('pay-iban').fill('');
  }
  expect(errors).toEqual([]);
});

test('U on a player who is not merged, U with no restore to undo and L on the headless host each say why at once', async ({ page }) => {
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('h');
  await expect(page.getByTestId('tab-nights')).toHaveClass(/on/);

  await test.step('U on Ana in all time: she is counted under her own name', async () => {
    await page.keyboard.press('a');
    await expect(page.getByTestId('tab-all')).toHaveClass(/on/);
    await page.keyboard.press('p');
    await page.keyboard.press('u');
    await expect(page.getByTestId('merge-error')).toContainText('is counted under their own name: there is no merge to undo.');
  });

  await test.step('K: U with no restore to undo says so', async () => {
    await page.keyboard.press('k');
    await expect(page.getByTestId('backups').locator('tbody tr')).toHaveCount(1);
    await page.keyboard.press('u');
    await expect(page.getByRole('alert')).toHaveText(
      'No restore to undo: U undoes the last restore, while the backup written before it is kept.',
    );
    await expect(page.getByTestId('confirm')).toHaveCount(0);
  });

  await test.step('Enter on the backup of one night asks about "1 night", not "1 nights"', async () => {
    await expect(page.getByTestId('backup-0').getByTestId('backup-nights')).toHaveText('1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('confirm')).toContainText('(1 night)?');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('confirm')).toHaveCount(0);
  });

  await test.step('L: the folder fixed by --data is said before any question, and no folder is asked for', async () => {
    await page.keyboard.press('l');
    await expect(page.getByRole('alert')).toContainText('--data');
    await expect(page.getByTestId('confirm')).toHaveCount(0);
    await expect(page.getByTestId('move-to')).toHaveCount(0);
  });
});

test('L with no folder typed says to type one (where the folder can move)', async ({ page }) => {
  await page.addInitScript(FAKE_API);
  await page.goto(`${host.url}#/history`);
  await page.evaluate(
    (view) =>
      window.__auditShow!(view, {
        listNights: [],
        listBackups: { backups: [], folder: '/home/host/dealer/backups', undoRestore: null, movable: true },
      }),
    liveView(null, rosterOf(['Ana', 'Bob'])),
  );
  await expect(page.getByTestId('no-nights')).toBeVisible();
  // Pressed again if the history was not yet listening (a K was lost once on a loaded CI machine).
  await expect(async () => {
    await page.keyboard.press('k');
    await expect(page.getByTestId('tab-backups')).toHaveClass(/on/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId('backups-folder')).toBeVisible();
  await page.keyboard.press('l');
  await expect(page.getByTestId('move-to')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Type the new folder first (a whole path), then Enter.');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
});

test('J with a name already at the table says so in the lobby’s words (R31)', async ({ page }) => {
  const driver = await HostDriver.open(host.url);
  try {
    const roster = (await driver.view()).roster;
    await driver.must('startNight', {
      players: ['Ana', 'Bob'].map((name) => ({ id: roster.find((p) => p.name === name)?.id, name })),
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
    });
  } finally {
    driver.close();
  }
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByTestId('seat-name')).toBeFocused();
  await page.keyboard.type('ana');
  await page.getByTestId('seat-buy-in').focus();
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error')).toHaveText('Ana is already at the table.');

  await test.step('R32: the sit-out panel marks the chosen player with a shape and aria-selected, not only a colour', async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('seat-panel')).toHaveCount(0);
    await page.keyboard.press('s');
    // A list to choose from, as the buy-in and cash-out panels: a screen reader hears which player is chosen.
    const list = page.getByTestId('sit-out-panel').getByRole('listbox', { name: 'Sit out or come back' });
    await expect(list.getByRole('option')).toHaveCount(2);
    const chosen = list.getByRole('option', { selected: true });
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText('Ana');
    const mark = await chosen.locator('.name').evaluate((el) => getComputedStyle(el, '::before').content);
    expect(mark).toContain('▶');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true })).toContainText('Bob');
    await expect(list.getByRole('option', { selected: false })).toContainText('Ana');
    const others = page.getByTestId('sit-out-panel').locator('li[aria-selected="false"] .name');
    for (const other of await others.all())
      expect(await other.evaluate((el) => getComputedStyle(el, '::before').content)).not.toContain('▶');
    await page.getByTestId('sit-out-panel').screenshot({ path: 'e2e/artifacts/screenshots/sit-out-chosen.png' });
  });
});

declare global {
  interface Window {
    __auditShow?: (view: unknown, answers: unknown) => void;
  }
}
