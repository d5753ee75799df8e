/**
 * R35, the night survives its laptop (docs/group-lan.md "A live copy of the
 * open night", "Taking a night over"), with two real headless hosts paired
 * over loopback and driven by the keyboard in Chromium: Ann's laptop plays a
 * night, Bob's holds it live; Alt+O on Bob's is refused while Ann's answers;
 * Ann's host is killed mid-turn and Bob's takes the night over at the cut,
 * every chip where Ann's screen left it, the turn in play voided; Bob's TV
 * shows it and a turn is played there; Ann's host, started again on its
 * data folder, stops the night and says where it went. Screenshots at
 * 1920x1080 in e2e/artifacts/screenshots/takeover.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EVERY_FEW_MS, expectTableAgrees, picture, playTurns, sum, type Picture } from './consolePage';
import { annAndBobWithAnnsNight, FIVE_PLAYERS, journal } from './groupPage';
import { removeDataDir, startHostProcess, type HostProcess } from './hostProcess';

const SHOTS = 'e2e/artifacts/screenshots/takeover';
const hosts: HostProcess[] = [];

test.afterAll(async () => {
  const stopped = hosts.splice(0);
  for (const host of stopped) await host.stop();
  for (const dir of new Set(stopped.map((h) => h.dataDir))) removeDataDir(dir);
});

/** From `ready`, the next turn dealt and its bet awaited (an ace or a pair called high first): a turn in play. */
async function dealToTheBet(page: Page): Promise<Picture> {
  for (let guard = 0; guard < 10; guard++) {
    const now = await picture(page);
    if (now.phase === 'bet') return now;
    await page.keyboard.press(now.phase === 'ace-call' || now.phase === 'pair-call' ? 'h' : 'Enter');
    await expect.poll(async () => (await picture(page)).phase, EVERY_FEW_MS).not.toBe(now.phase);
  }
  throw new Error('no bet was asked');
}

/** How many lines on the screen each of the group screen's hint lines takes (its text's line boxes, by their tops). */
async function hintLineHeights(page: Page): Promise<number[]> {
  return page.getByTestId('group-hint').evaluate((hint) =>
    [...hint.children].map((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    }),
  );
}

test('R35: Bob’s laptop holds Ann’s night live, takes it over once Ann’s is off, and Ann’s, back, stops it and says where it went', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const { ann, bob, context, annPage, bobPage } = await annAndBobWithAnnsNight(browser, hosts);
  await playTurns(annPage, 3);
  const annLast = await dealToTheBet(annPage);
  expect(Object.keys(annLast.stacks)).toHaveLength(FIVE_PLAYERS.length);
  const { nightId, lines } = journal(ann.dataDir);

  // Bob's group screen: the night held live, at Ann's last line, with the key that takes it over.
  const live = bobPage.getByTestId('group-live-copies');
  await expect(live).toContainText(`Holding Ann’s night live, line ${lines}.`, { timeout: 10_000 });
  await expect(live).toContainText('Alt+O takes it over if Ann’s laptop is off.');
  await bobPage.screenshot({ path: `${SHOTS}/bob-group-live-copy.png` });
  // Its key hints at 1080p: two lines (the group's keys, then this laptop's), neither wrapped, in every language (G).
  const hint = bobPage.getByTestId('group-hint');
  const english = await hint.textContent();
  for (let language = 0; language < 4; language++) {
    expect(await hintLineHeights(bobPage)).toEqual([1, 1]);
    // The next language only once this one is shown (each loads on demand): a G pressed meanwhile would skip one.
    const shown = await hint.textContent();
    await bobPage.keyboard.press('g');
    await expect(hint).not.toHaveText(shown ?? '');
  }
  await expect(hint).toHaveText(english ?? '');

  // Ann's group screen (V from the night): Bob's laptop holds the night, no line behind; Esc, Esc back to the night as it was.
  await annPage.keyboard.press('Alt+v');
  await expect(annPage.getByTestId('group-screen')).toBeVisible();
  await expect(annPage.getByTestId('group-live-copies')).toContainText('Bob’s laptop holds this night live, 0 lines behind.', {
    timeout: 10_000,
  });
  await annPage.screenshot({ path: `${SHOTS}/ann-group-copy-0-behind.png` });
  await annPage.keyboard.press('Escape');
  await annPage.keyboard.press('Escape');
  await expect(annPage.getByTestId('phase')).toHaveAttribute('data-phase', 'bet');
  expect(await picture(annPage)).toEqual(annLast);

  // While Ann's laptop answers, Alt+O is refused in words, and Bob's laptop opens no night.
  await bobPage.keyboard.press('Alt+o');
  await expect(bobPage.getByTestId('confirm')).toContainText('Take over Ann’s night?');
  await bobPage.keyboard.press('Enter');
  await expect(bobPage.getByTestId('group-error')).toContainText('ask it to hand the night over');
  await expect(bobPage.getByTestId('group-screen')).toBeVisible();

  // Ann's laptop dies mid-turn.
  await ann.stop('SIGKILL');

  // Alt+O, the question, Enter: Bob's console opens on the night at the cut, every chip as on Ann's last screen.
  await bobPage.keyboard.press('Alt+o');
  const question = bobPage.getByTestId('confirm');
  await expect(question).toContainText('Only if Ann’s laptop is off');
  await expect(bobPage.getByTestId('group-error')).toHaveCount(0);
  await bobPage.screenshot({ path: `${SHOTS}/bob-take-over-question.png` });
  await bobPage.keyboard.press('Enter');
  await expect(bobPage.getByTestId('phase')).toHaveAttribute('data-phase', 'cut', { timeout: 10_000 });
  const taken = await picture(bobPage);
  expect({ pot: taken.pot, stacks: taken.stacks, turns: taken.turns }).toEqual({
    pot: annLast.pot,
    stacks: annLast.stacks,
    turns: annLast.turns,
  });
  // The turn in play did not stand: the newest turn listed is the fourth, void.
  expect(taken.lastTurn?.n).toBe(annLast.turns + 1);
  expect(taken.lastTurn?.outcome).toMatch(/^void$/i);
  const seats = (await bobPage.locator('tr[data-testid^="player-"]').allTextContents()).join(' ');
  for (const name of FIVE_PLAYERS) expect(seats).toContain(name);
  await bobPage.screenshot({ path: `${SHOTS}/bob-console-after-take-over.png` });

  // Bob's TV shows the same night.
  const tv = await context.newPage();
  await tv.goto(bob.tableUrl);
  await expectTableAgrees(tv, taken);
  await tv.screenshot({ path: `${SHOTS}/bob-tv-after-take-over.jpg`, quality: 90 });

  // The turn played again on Bob's laptop: the chips still all there.
  await playTurns(bobPage, annLast.turns + 1);
  const after = await picture(bobPage);
  expect(sum(after.stacks) + (after.pot ?? 0)).toBe(sum(annLast.stacks) + (annLast.pot ?? 0));
  await expectTableAgrees(tv, after);

  // Ann's host, started again on its data folder: it tells Bob's laptop its lines, hears where the night went, and stops it.
  const back = await startHostProcess({ deckSeed: 'a11ce5', dataDir: ann.dataDir });
  hosts.push(back);
  await annPage.goto(back.consoleUrl);
  const notices = annPage.getByTestId('storage-notices');
  await expect(notices).toContainText(`Night ${nightId} was taken over by Bob’s laptop after its line ${lines} (R35): it goes on there.`, {
    timeout: 10_000,
  });
  // No storage problem: the notice says where the night went, in the host's words, the file by its name alone.
  await expect(notices.getByRole('heading')).toHaveText('The night went on on another laptop');
  await expect(notices).toContainText(`${nightId}.jsonl.taken-over-`);
  await expect(notices).not.toContainText(ann.dataDir);
  await expect(notices).toContainText('Nothing was written here after that line; this laptop keeps the night as it was here in');
  // Read well and set aside whole: not reported as a file that could not be read.
  await expect(notices).not.toContainText('could not be read');
  await expect(annPage.getByTestId('lobby')).toBeVisible();
  await annPage.screenshot({ path: `${SHOTS}/ann-back-night-moved.png` });
  expect(await picture(bobPage)).toEqual(after);
  await context.close();
});
