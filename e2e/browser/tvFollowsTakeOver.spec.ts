/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): the TV follows the night. Two real
 * headless hosts listening beyond loopback (`--listen 0.0.0.0`, so every link holds a token), paired and driven by
 * the keyboard in Chromium: a TV page opened on Ann's table link shows Ann's night; Ann's host is killed mid-night;
 * Bob's laptop takes the night over (Alt+O), and the same TV page, never reloaded and given no new link, shows the
 * night again from Bob's laptop, every stack and the pot as Bob's console shows them, and follows the turn played
 * there. Screenshots at 1920x1080 in e2e/artifacts/screenshots/takeover.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectTableAgrees, picture, playTurns } from './consolePage';
import { annAndBobWithAnnsNight } from './groupPage';
import { removeDataDir, type HostProcess } from './hostProcess';

const SHOTS = 'e2e/artifacts/screenshots/takeover';
const hosts: HostProcess[] = [];

test.afterAll(async () => {
  const stopped = hosts.splice(0);
  for (const host of stopped) await host.stop();
  for (const dir of new Set(stopped.map((h) => h.dataDir))) removeDataDir(dir);
});

test('R35: a TV on Ann’s table link shows the night again from Bob’s laptop once Bob’s takes it over, with no new link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { ann, bob, context, annPage, bobPage } = await annAndBobWithAnnsNight(browser, hosts, { listen: '0.0.0.0' });
  // The TV link holds Ann's viewer token, never the console's.
  expect(new URL(ann.tableUrl).searchParams.get('token')).toBeTruthy();
  expect(ann.tableUrl).not.toBe(ann.consoleUrl);
  // The TV is a device of its own (a browser context apart: its link's cookie is not a console's).
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  const tv = await tvContext.newPage();
  await tv.goto(ann.tableUrl);
  const tvUrl = tv.url();
  await playTurns(annPage, 2);
  const annLast = await picture(annPage);
  await expectTableAgrees(tv, annLast);

  // Bob's laptop holds the night live; Ann's says so, and then tells it how its TV and phones get in.
  await annPage.keyboard.press('v');
  await expect(annPage.getByTestId('group-live-copies')).toContainText('Bob’s laptop holds this night live, 0 lines behind.', {
    timeout: 10_000,
  });
  // Bob's group screen says it holds Ann's night live, and that Ann's TV would find it there (its way in is held).
  await expect(bobPage.getByTestId('group-pages-follow')).toHaveText('Ann’s TV can follow it here.', { timeout: 10_000 });
  await bobPage.screenshot({ path: `${SHOTS}/bob-holds-anns-tv-way.jpg`, quality: 90 });

  // Ann's laptop dies; its TV loses the night.
  await ann.stop('SIGKILL');
  await bobPage.keyboard.press('Alt+o');
  await expect(bobPage.getByTestId('confirm')).toContainText('Only if Ann’s laptop is off');
  await bobPage.keyboard.press('Enter');
  await expect(bobPage.getByTestId('phase')).toHaveAttribute('data-phase', /cut|ready/, { timeout: 10_000 });
  const taken = await picture(bobPage);

  // The same TV page, at the same address, shows the night again: from Bob's laptop now.
  await expect(tv.getByTestId('phase')).toHaveAttribute('data-phase', taken.phase, { timeout: 20_000 });
  await expectTableAgrees(tv, taken);
  expect(tv.url()).toBe(tvUrl);
  await tv.screenshot({ path: `${SHOTS}/ann-tv-on-bobs-laptop.jpg`, quality: 90 });

  // A turn played on Bob's laptop: Ann's TV follows it.
  await playTurns(bobPage, annLast.turns + 1);
  const after = await picture(bobPage);
  await expectTableAgrees(tv, after);
  await tv.screenshot({ path: `${SHOTS}/ann-tv-follows-bobs-turn.jpg`, quality: 90 });
  expect(bob.port).not.toBe(ann.port);
  await Promise.all([context.close(), bobPage.context().close(), tvContext.close()]);
});
