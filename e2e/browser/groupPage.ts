/**
 * Two headless hosts made laptops of one group, by the keys a host presses
 * (docs/group-lan.md "Pairing"): the group screen opened from the lobby, a
 * group created and a pairing code shown on one, the address and code typed
 * on the other, a laptop renamed. Shared by the specs that pair two hosts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freshDataDir, startHostProcess, type HostProcess } from './hostProcess';

/** From the lobby: a night of these players started (typed in the name box, Enter each), its console open. */
export async function startANight(page: Page, players: string[]): Promise<void> {
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  for (const name of players) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toHaveCount(0);
}

/** The Group screen, from the lobby: H (history), then V. */
export async function openGroup(page: Page): Promise<void> {
  await page.keyboard.press('h');
  await expect(page.getByTestId('history')).toBeVisible();
  await page.keyboard.press('v');
  await expect(page.getByTestId('group-screen')).toBeVisible();
}

/** On the group screen of a laptop in no group: C, the group's name, Enter; then P shows a code. Returns what it shows. */
export async function createGroupAndShowCode(page: Page, groupName: string): Promise<{ address: string; code: string }> {
  await expect(page.getByTestId('group-none')).toBeVisible();
  await page.keyboard.press('c');
  await page.keyboard.type(groupName);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('group-name')).toContainText(groupName);
  // The name box may still be open (the group's view comes before the command's answer): P waits for the answer
  // (groupBoxKeys.spec.ts).
  await page.keyboard.press('p');
  const pairing = page.getByTestId('group-pairing');
  await expect(pairing).toBeVisible();
  await expect(pairing.locator('svg.qr')).toBeVisible();
  const address = ((await page.getByTestId('group-pair-address').first().textContent()) ?? '').replace(/^.*?:\s*/, '').trim();
  const code = ((await page.getByTestId('group-pair-code').textContent()) ?? '').replace(/^.*?:\s*/, '').trim();
  expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  return { address, code };
}

/** On the other laptop's group screen: J, the address and the code (in capitals, as a host may type it), Enter; paired. */
export async function joinByCode(page: Page, { address, code }: { address: string; code: string }, groupName: string): Promise<void> {
  await page.keyboard.press('j');
  await expect(page.getByTestId('group-address')).toBeFocused();
  await page.keyboard.type(address);
  await page.keyboard.press('Tab');
  await page.keyboard.type(code.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('group-message')).toBeVisible();
  await expect(page.getByTestId('group-name')).toContainText(groupName);
  await expect(page.getByTestId('group-paired')).toContainText(address);
}

/** Both laptops list each other: the code is gone from the first (good once), and each lists two laptops. */
export async function expectPaired(first: Page, second: Page): Promise<void> {
  await expect(first.getByTestId('group-pairing')).toHaveCount(0);
  await expect(first.getByTestId('group-paired-0')).toBeVisible();
  await expect(first.getByTestId('group-laptops').locator('tbody tr')).toHaveCount(2, { timeout: 10_000 });
  await expect(second.getByTestId('group-laptops').locator('tbody tr')).toHaveCount(2, { timeout: 10_000 });
}

/** On the group screen: Alt+R, the laptop's new name replacing the old (selected), Enter. */
async function renameLaptop(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('group-text')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('group-message')).toContainText(name);
  await expect(page.getByTestId('group-prompt')).toHaveCount(0);
}

/**
 * Two fresh lobbies made laptops of one group, each renamed by its host's name: `first` creates the group and shows
 * a code, `second` joins by it; both end on their group screens.
 */
async function pairAsLaptops(first: Page, second: Page, names: [string, string]): Promise<void> {
  // Esc first: a fresh lobby opens with the cursor in the name box.
  for (const page of [first, second]) {
    await expect(page.getByTestId('new-player')).toBeFocused();
    await page.keyboard.press('Escape');
  }
  await openGroup(first);
  const offer = await createGroupAndShowCode(first, 'Friday');
  await openGroup(second);
  await joinByCode(second, offer, 'Friday');
  await expectPaired(first, second);
  await renameLaptop(first, names[0]);
  await renameLaptop(second, names[1]);
}

/** The open night's journal on a laptop's disk: the night's id, and its lines (its header and the trailing newline not counted). */
export function journal(dataDir: string): { nightId: string; lines: number } {
  const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((f) => /nights[/\\][^/\\]+\.jsonl$/.test(f));
  expect(files).toHaveLength(1);
  const nightId = basename(files[0]!, '.jsonl');
  return { nightId, lines: readFileSync(join(dataDir, files[0]!), 'utf8').split('\n').length - 2 };
}

/** Five players: one with a 40-character name (the longest allowed), one with accents. */
export const FIVE_PLAYERS = ['Ann', 'Bartholomew Featherstonehaugh-Wellington', 'Zoë Lefèvre-Núñez', 'Carl', 'Dora'];

/**
 * Ann's and Bob's headless hosts on fresh data folders (added to `hosts`, to be stopped), their consoles open at
 * 1920x1080 and paired as laptops named "Ann" and "Bob’s laptop"; then a night of FIVE_PLAYERS started on Ann's.
 * `listen`: both hosts listen there (`--listen`, e.g. 0.0.0.0: their links hold tokens), loopback unless given; Bob's
 * console is then in a browser context of its own.
 */
export async function annAndBobWithAnnsNight(
  browser: Browser,
  hosts: HostProcess[],
  { listen }: { listen?: string } = {},
): Promise<{ ann: HostProcess; bob: HostProcess; context: BrowserContext; annPage: Page; bobPage: Page }> {
  const [ann, bob] = await Promise.all([
    startHostProcess({ deckSeed: 'a11ce5', dataDir: freshDataDir(), ...(listen ? { listen } : {}) }),
    startHostProcess({ deckSeed: 'b0b0b0', dataDir: freshDataDir(), ...(listen ? { listen } : {}) }),
  ]);
  hosts.push(ann, bob);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  const annPage = await context.newPage();
  // Beyond loopback both hosts may be on one address here (ports apart), and a cookie is the address's: each console
  // then keeps its own in a context of its own, as on two laptops (close it with `bobPage.context()`).
  const bobPage = listen
    ? await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' })).newPage()
    : await context.newPage();
  await Promise.all([annPage.goto(ann.consoleUrl), bobPage.goto(bob.consoleUrl)]);
  await pairAsLaptops(annPage, bobPage, ['Ann', 'Bob’s laptop']);
  // Esc, Esc: from Ann's group screen back to her lobby.
  await annPage.keyboard.press('Escape');
  await annPage.keyboard.press('Escape');
  await startANight(annPage, FIVE_PLAYERS);
  return { ann, bob, context, annPage, bobPage };
}
