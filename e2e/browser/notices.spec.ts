/**
 * Storage notices (issue 8 §3): a file found damaged at start is reported on
 * every console screen, also while a night is open, and stays until the host
 * dismisses it, across restarts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hostForSpecFile } from './hostFixture';

const host = hostForSpecFile('0ff1ce5eed');

test('a damaged file is reported on the night and history screens until dismissed, across restarts', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(host.consoleUrl);
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByTestId('new-player')).toBeFocused();
  for (const name of ['Ann', 'Bob']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('storage-notices')).toHaveCount(0);

  // The settings file is damaged while the host is down; the night stays open.
  await host.restart({ whileStopped: (dir) => writeFileSync(path.join(dir, 'settings.json'), '{ damaged') });
  await page.goto(host.consoleUrl);
  const notices = page.getByTestId('storage-notices');
  await expect(notices).toContainText('settings.json could not be read');
  await expect(page.getByTestId('storage-notice-set-aside')).toHaveCount(1);

  await expect(page.getByTestId('phase')).not.toHaveAttribute('data-phase', 'lobby');

  // Every console screen shows it: the history too.
  const consoleLink = new URL(host.consoleUrl);
  consoleLink.hash = '#/history';
  await page.goto(consoleLink.toString());
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(notices).toContainText('settings.json could not be read');

  // Still there after another restart; gone for good once dismissed.
  await host.restart();
  await page.goto(host.consoleUrl);
  await expect(notices).toContainText('settings.json could not be read');
  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
  await host.restart();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toBeVisible();
  await expect(notices).toHaveCount(0);
});
