/**
 * Storage notices: a file found damaged at start is reported on
 * every console screen, also while a night is open, and stays until the host
 * dismisses it, across restarts. A journal cut short asks the host which
 * figures stand (docs/night-journal.md, "A journal cut short").
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { endNight, playTurns } from './consolePage';
import { DOC_SCREENSHOTS } from './docScreenshots';
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

test('a night whose journal was cut in half is reported with a choice, and its results stay until the host chooses', async ({ page }) => {
  test.setTimeout(180_000);
  await host.restart({ wipeData: true });
  await page.goto(host.consoleUrl);
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByTestId('new-player')).toBeFocused();
  for (const name of ['Cy', 'Di']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await playTurns(page, 8);
  await endNight(page);

  // Half of the journal is lost while the host is down: many acknowledged lines, not a torn last one.
  let nightFile = '';
  await host.restart({
    whileStopped: (dir) => {
      const folder = path.join(dir, 'nights');
      const [name] = readdirSync(folder).filter((n) => n.endsWith('.jsonl'));
      nightFile = path.join(folder, name ?? '');
      const text = readFileSync(nightFile, 'utf8');
      writeFileSync(nightFile, text.slice(0, Math.floor(text.length / 2)));
    },
  });
  await page.goto(host.consoleUrl);
  const notices = page.getByTestId('storage-notices');
  const notice = page.getByTestId('storage-notice-short-journal');
  await expect(notice).toContainText('is shorter than the history says');
  await expect(notice).toContainText('of its 8 turns are left');
  await expect(notice).toContainText(`${nightFile}.short-`);
  // No plain dismiss: the host chooses which figures stand.
  await expect(notice.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  // The history still lists the night's 8 turns from the index.
  const history = new URL(host.consoleUrl);
  history.hash = '#/history';
  await page.goto(history.toString());
  await expect(page.getByTestId('nights').locator('tbody tr td').nth(3)).toHaveText('8');
  await expect(notice).toBeVisible();

  // Still there after a restart, then kept with the history's results: gone for good.
  await host.restart();
  await page.goto(host.consoleUrl);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Keep the history’s results' }).click();
  await expect(notices).toHaveCount(0);
  await host.restart();
  await page.goto(history.toString());
  await expect(page.getByTestId('nights').locator('tbody tr td').nth(3)).toHaveText('8');
  await expect(notices).toHaveCount(0);
});

test('a night whose journal was cut inside its first command line stays in the history with a notice, not gone without a word', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await host.restart({ wipeData: true });
  await page.goto(host.consoleUrl);
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByTestId('new-player')).toBeFocused();
  for (const name of ['Eve', 'Fay']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await playTurns(page, 3);
  await endNight(page);

  // Everything after the header's first few bytes of the first command is lost while the host is down.
  await host.restart({
    whileStopped: (dir) => {
      const folder = path.join(dir, 'nights');
      const [name] = readdirSync(folder).filter((n) => n.endsWith('.jsonl'));
      const nightFile = path.join(folder, name ?? '');
      const text = readFileSync(nightFile, 'utf8');
      writeFileSync(nightFile, text.slice(0, text.indexOf('\n') + 10));
    },
  });
  await page.goto(host.consoleUrl);
  const notice = page.getByTestId('storage-notice-short-journal');
  await expect(notice).toContainText('0 of its 3 turns are left');
  await expect(notice.getByRole('button', { name: 'Keep the history’s results' })).toBeVisible();
  const history = new URL(host.consoleUrl);
  history.hash = '#/history';
  await page.goto(history.toString());
  await expect(page.getByTestId('nights').locator('tbody tr td').nth(3)).toHaveText('3');
});

test('R35: a copy here that cut back to a takeover point tells its host whose lines were set aside, how many, after which line, who took over and where, until dismissed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The notice as the laptop keeps it (notices.json) once its copy of Ann's night cut back (host/cutBack.test.ts
  // makes one on three laptops): its words are the console's, in the host's language.
  const night = '2026-03-06-458260';
  let aside = '';
  await host.restart({
    wipeData: true,
    whileStopped: (dir) => {
      const copy = path.join(dir, 'live', `${night}.jsonl`);
      aside = `${copy}.cut-back-after-412`;
      const notice = {
        id: 'cut-back-1',
        kind: 'set-aside',
        file: copy,
        setAsideAs: aside,
        reason: `this laptop's copy of night ${night} held 8 lines that Ann’s laptop wrote after Bob’s laptop took the night over from it at line 412 (R35).`,
        at: '2026-03-06T22:40:00.000Z',
        copyCutBack: { night, from: 'Ann’s laptop', by: 'Bob’s laptop', line: 412, after: 8 },
      };
      writeFileSync(path.join(dir, 'notices.json'), JSON.stringify({ format: 'in-between-dealer/notices', version: 1, notices: [notice] }));
    },
  });
  await page.goto(host.consoleUrl);
  const notices = page.getByTestId('storage-notices');
  const notice = page.getByTestId('storage-notice-set-aside');
  // News, not a fault: told under the title of a night that went on elsewhere.
  await expect(notices.locator('h2')).toHaveText('The night went on on another laptop');
  await expect(notice).toContainText(
    `This laptop’s copy of night ${night} held 8 lines Ann’s laptop wrote after line 412, where Bob’s laptop took the night over (R35).`,
  );
  await expect(notice).toContainText(`the lines are kept aside in ${aside}, never merged.`);
  mkdirSync(DOC_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${DOC_SCREENSHOTS}/console-copy-cut-back-1080p.png` });

  // Still there after a restart; gone for good once dismissed.
  await host.restart();
  await page.goto(host.consoleUrl);
  await expect(notice).toContainText('held 8 lines Ann’s laptop wrote after line 412');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
  await host.restart();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).toBeVisible();
  await expect(notices).toHaveCount(0);
});
