/**
 * The group screen's boxes and the key pressed right after Enter (docs/group.md): main pushes the group's new view
 * before it answers the command, so the host sees the group change while the box is still open. Here the console's
 * socket holds every answer back for a second (Playwright in the middle of the real host's socket), so the key
 * always falls in that gap, as it did on a loaded machine.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { openGroup } from './groupPage';
import { freshDataDir, removeDataDir, startHostProcess, type HostProcess } from './hostProcess';

let host: HostProcess;

test.beforeAll(async () => {
  host = await startHostProcess({ deckSeed: '6b0c4e', dataDir: freshDataDir() });
});

test.afterAll(async () => {
  await host.stop();
  removeDataDir(host.dataDir);
});

/** The console's socket to the real host, each answer to a command held back for `delayMs` while views pass at once. */
async function slowAnswers(context: BrowserContext, delayMs: number): Promise<void> {
  await context.routeWebSocket(/\/ws/, (page) => {
    const server = page.connectToServer();
    page.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const { type } = JSON.parse(String(message)) as { type: string };
      if (type === 'answered' || type === 'reply') setTimeout(() => page.send(message), delayMs);
      else page.send(message);
    });
  });
}

test('a key pressed after Enter, while the box is still open, waits for the answer: it is never typed into the box', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await slowAnswers(context, 1000);
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('lobby')).toBeVisible();
  // An empty roster opens with the new player's box focused: Esc leaves it for the lobby's keys.
  await page.keyboard.press('Escape');
  await openGroup(page);

  // A refusal keeps the box open: the key pressed meanwhile is neither typed into it nor acted on.
  await page.keyboard.press('i');
  await expect(page.getByTestId('group-text')).toBeFocused();
  await page.keyboard.type('/no/such/group-file.json');
  await page.keyboard.press('Enter');
  await page.keyboard.press('p');
  await expect(page.getByTestId('group-error')).toBeVisible();
  await expect(page.getByTestId('group-text')).toHaveValue('/no/such/group-file.json');
  await expect(page.getByTestId('group-pairing')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-prompt')).toHaveCount(0);

  // Accepted: the group's name shows (its view came first) while the box is open; P then shows a code once the box closes.
  await page.keyboard.press('c');
  await page.keyboard.type('Friday game');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('group-name')).toContainText('Friday game');
  await expect(page.getByTestId('group-prompt')).toBeVisible();
  await page.keyboard.press('p');
  await expect(page.getByTestId('group-pairing')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('group-prompt')).toHaveCount(0);
  await expect(page.getByTestId('group-name')).toHaveText(/Friday game$/);
  await context.close();
});
