/**
 * Cards drawn by the table (docs/rules.md R34, docs/table-draw.md) with three
 * phones helping deal: each phone's page offers its chain on its own (Help
 * deal is on by default), answers every reveal request and counts the cards
 * it helped draw; one phone drops out (offline, then its page closed) and
 * comes back with the same chain after a reload; the TV shows the deal's
 * commitment and who missed a draw; the night ends, each phone recomputes
 * every card in its page ("all of them check out"), the TV says how many
 * phones checked, and the export passes the night checker
 * (`npm run check-night`). Screenshots go to e2e/artifacts/help-deal/.
 */
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AppView } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { HostDriver, phoneContext } from './phonePage';

const SHOTS = 'e2e/artifacts/help-deal';
const host = hostForSpecFile('7ab1ed0ca2d5ee34');

/** Serious or critical axe violations in one part of a page, one line each. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The number of cards a phone says it helped draw. */
async function helped(phone: Page): Promise<number> {
  return Number(await phone.getByTestId('help-deal').getAttribute('data-helped'));
}

/** The witness id and chain position a phone keeps for the night (witness.ts), as its own storage holds them. */
async function keptWitness(phone: Page, nightId: string): Promise<{ id: string; revealed: number } | null> {
  return phone.evaluate((night) => {
    const raw = localStorage.getItem('in-between-dealer.phone.witness');
    const entry = raw ? (JSON.parse(raw) as Record<string, { id: string; revealed: number }>)[night] : undefined;
    return entry ? { id: entry.id, revealed: entry.revealed } : null;
  }, nightId);
}

async function openPhone(context: BrowserContext): Promise<Page> {
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  await expect(phone.getByTestId('help-deal-toggle')).toHaveAttribute('aria-checked', 'true');
  return phone;
}

/** Plays one turn more (or the draw for dealer) from the host's socket. */
async function playOn(driver: HostDriver, view: AppView): Promise<AppView> {
  return driver.playTurns((view.night?.turnsPlayed ?? 0) + 1);
}

test('R34: three phones help deal, one drops out and comes back with its chain, each checks the night on its own screen', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const driver = await HostDriver.open(host.url);
  let view = await driver.must('startNight', {
    players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cleo' }],
    startingChips: 40,
    chipValue: 0,
    settings: { cards: 'table' },
  });
  const nightId = view.night!.id;

  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await tv.goto(host.tableUrl);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(phoneContext('Pixel 7'))));
  const phones = await Promise.all(contexts.map(openPhone));
  // Joined before the draw for dealer: each is a witness from the first commitment on.
  for (const phone of phones) await expect(phone.getByTestId('help-deal')).toHaveAttribute('data-state', /^(next-deal|witness)$/);
  const ids = await Promise.all(phones.map((phone) => keptWitness(phone, nightId)));
  expect(new Set(ids.map((w) => w?.id)).size).toBe(3);

  // The draw for dealer and a few turns: every phone's values go into every card.
  view = await driver.playTurns(4);
  for (const phone of phones) {
    await expect(phone.getByTestId('help-deal')).toHaveAttribute('data-state', 'witness');
    await expect.poll(() => helped(phone)).toBeGreaterThan(4);
  }
  // The TV: the laptop and three phones draw this deal, under the commitment's fingerprint.
  await expect(tv.getByTestId('table-draw-witnesses')).toHaveAttribute('data-phones', '3');
  await expect(tv.getByTestId('table-draw-commitment')).toContainText(/[0-9a-f]{8}/);
  await expect(tv.getByTestId('table-draw-missed')).toHaveCount(0);
  await phones[0]!.screenshot({ path: `${SHOTS}/phone-helping.png` });
  expect(await violations(phones[0]!, '[data-testid="help-deal"]')).toEqual([]);
  await tv.screenshot({ path: `${SHOTS}/tv-commitment.jpg`, quality: 90 });

  // Cleo's phone goes offline: the table goes on without it, and the TV says it missed.
  const [cleoContext, cleoPhone] = [contexts[2]!, phones[2]!];
  const cleoId = ids[2]!.id;
  const before = await helped(cleoPhone);
  await cleoContext.setOffline(true);
  await expect(cleoPhone.getByTestId('phone-connection')).toBeVisible({ timeout: 15_000 });
  view = await playOn(driver, view);
  await expect(tv.getByTestId('table-draw-missed')).toContainText(cleoId.slice(0, 4));
  await tv.screenshot({ path: `${SHOTS}/tv-missed.jpg`, quality: 90 });

  // Its page is closed, then opened again online: the same witness and chain, its position where it was.
  const kept = await keptWitness(cleoPhone, nightId);
  await cleoPhone.close();
  await cleoContext.setOffline(false);
  const cleoAgain = await openPhone(cleoContext);
  phones[2] = cleoAgain;
  expect(await keptWitness(cleoAgain, nightId)).toEqual(kept);
  expect(await helped(cleoAgain)).toBe(before);
  // Back as a witness (of this deal, or from the next one): its values go into cards again.
  for (let turns = 0; turns < 30 && (await helped(cleoAgain)) <= before; turns++) view = await playOn(driver, view);
  await expect.poll(() => helped(cleoAgain)).toBeGreaterThan(before);
  view = await playOn(driver, view);

  // The night ends; every phone checks it in its own page.
  await driver.must('endNight', { stateId: view.night!.stateId });
  for (const phone of phones) {
    await expect(phone.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
    await phone.getByTestId('phone-check-night').click();
    const result = phone.getByTestId('phone-check-result');
    await expect(result).toHaveAttribute('data-table-check', 'ok', { timeout: 30_000 });
    await expect(result).toContainText(/Your phone helped draw \d+ of \d+ cards; all of them check out\./);
  }
  // Cleo's phone helped with fewer cards than the night drew: it missed those drawn while it was away.
  const cleoLine = (await cleoAgain.getByTestId('phone-check-result').textContent()) ?? '';
  const [mine, all] = cleoLine
    .match(/draw (\d+) of (\d+)/)!
    .slice(1)
    .map(Number);
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThan(all!);
  await phones[2]!.screenshot({ path: `${SHOTS}/phone-checked.png`, fullPage: true });
  expect(await violations(phones[2]!, '[data-testid="phone-check-result"]')).toEqual([]);

  // The TV says how many phones checked the night: each counted once, asking twice changes nothing.
  await phones[0]!.getByTestId('phone-check-night').click();
  await expect(tv.getByTestId('tv-phones-checked')).toHaveAttribute('data-phones', '3');
  await tv.screenshot({ path: `${SHOTS}/tv-checked.jpg`, quality: 90 });

  // The export passes the night checker, as anyone would run it.
  const exported = await driver.ask('exportNight', { nightId, format: 'json' });
  if (!exported.ok) throw new Error(exported.error.message);
  const file = `${SHOTS}/night.json`;
  writeFileSync(file, exported.data.content);
  const checked = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/checkNight.ts', file], { encoding: 'utf8' });
  expect(checked.status, checked.stdout + checked.stderr).toBe(0);

  driver.close();
  for (const context of contexts) await context.close();
  await tv.context().close();
});
