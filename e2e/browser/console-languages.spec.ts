/**
 * The console on a real console and TV (docs/user-guide.md, "Playing a night
 * (keyboard only)"; docs/design.md, "One keymap, one vocabulary, one refusal
 * table"): the rough edges found by
 * a new host (the key list from anywhere, minus signs and letters in a
 * number, questions main would refuse, stale errors, what Enter does, where
 * an export goes), then the four languages with the TV following the
 * console, the rules on the TV and the mute key, with screenshots of every
 * language at 1920x1080 (e2e/artifacts/screenshots/languages).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EVERY_FEW_MS, pressAndSee } from './consolePage';
import { hostForSpecFile } from './hostFixture';

const DECK_SEED = '1e5e1ec7ed0de5c0';
const SHOTS = 'e2e/artifacts/screenshots/languages';
const host = hostForSpecFile(DECK_SEED);

const phaseOf = (page: Page) => page.getByTestId('phase').first().getAttribute('data-phase');

/** Enter through the draw, the deal and the cut until a bet is asked (pairs and consecutive cards play themselves). */
async function untilBet(page: Page): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const phase = await phaseOf(page);
    if (phase === 'bet') return;
    await pressAndSee(page, 'Enter');
  }
  throw new Error('no bet was asked');
}

test('the console refuses what main would, says what Enter does, and speaks four languages with the TV', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, acceptDownloads: true });
  const page = await context.newPage();
  const tv = await context.newPage();
  // Count the notes the TV plays (every cue note is one oscillator), so sound can be checked without speakers.
  await tv.addInitScript(() => {
    const counted = window as unknown as { notesPlayed: number };
    counted.notesPlayed = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.notesPlayed++;
      return original.call(this);
    };
  });
  const notesPlayed = () => tv.evaluate(() => (window as unknown as { notesPlayed: number }).notesPlayed);
  await page.goto(host.consoleUrl);
  await tv.goto(host.tableUrl);
  const box = page.getByTestId('new-player');
  const error = page.getByTestId('error');
  const confirm = page.getByTestId('confirm');

  // `?` from the new-player box, where the cursor sits on arrival: the key list opens and nothing is typed.
  await expect(box).toBeFocused();
  await page.keyboard.press('?');
  const help = page.getByTestId('help');
  await expect(help).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('help-settings')).toContainText(/starting chips, chip value, currency and rules.*lobby/i);
  // The whole list fits at 1080p: every key's line is inside the sheet, and the sheet has nothing to scroll.
  const rowsOutOfSight = () =>
    help.evaluate((backdrop) => {
      const sheet = backdrop.querySelector<HTMLElement>('[role=dialog]')!;
      const frame = sheet.getBoundingClientRect();
      const cut = [...sheet.querySelectorAll('dd')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top < frame.top || box.bottom > frame.bottom || box.left < frame.left || box.right > frame.right;
      });
      return { cut: cut.map((row) => row.textContent), scrolls: sheet.scrollHeight > sheet.clientHeight };
    });
  expect(await rowsOutOfSight()).toEqual({ cut: [], scrolls: false });
  await page.screenshot({ path: `${SHOTS}/help-en.png` });
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // An error goes once its field is corrected; the roster box does not say "Nobody yet" with players seated.
  await page.keyboard.press('n');
  await box.fill('Ann');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // start with one player: refused
  await expect(error).toContainText('Seat at least 2 players');
  await box.pressSequentially('Bob');
  await expect(error).toHaveCount(0);
  await page.keyboard.press('Enter');
  for (const name of ['Cy', 'Dee', 'Bartholomew Featherstonehaugh-Smythe']) {
    await box.fill(name);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('roster-empty')).toHaveText('The 5 new players join the roster when the night starts.');
  // R4: main's refusal reaches an Italian console in Italian, with the ante main names (never main's English).
  await page.getByTestId('language').selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.getByTestId('starting-chips').fill('1');
  await box.focus();
  await page.keyboard.press('Enter');
  await expect(error).toHaveText('Servono più fiche dell’ante di 1, altrimenti dopo l’ante non resta nulla per giocare (R4).');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await page.getByTestId('language').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('starting-chips').fill('20');
  await box.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toHaveCount(0);

  // The draw, then a new deal: the console says Enter shuffles a deck to be cut, and Enter does exactly that.
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).toBe('ready');
  await expect(page.getByTestId('ready-prompt')).toContainText('New deal: press Enter to shuffle a new deck');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).toBe('cut');

  // A minus sign in the cut is refused with a message, not dropped: "-3" stays refused and Enter cuts nothing.
  await page.keyboard.press('-');
  await expect(error).toContainText('minus sign is not allowed');
  await page.keyboard.press('3');
  await expect(page.getByTestId('cut-input')).toHaveValue('-3');
  await expect(error).toContainText('minus sign is not allowed');
  await page.keyboard.press('Enter');
  await expect(error).toContainText('minus sign is not allowed');
  expect(await phaseOf(page)).toBe('cut');
  await page.keyboard.press('Escape');
  await expect(error).toHaveCount(0);
  await untilBet(page);

  // Letters in the bet are typing, never commands: "ten" does not ask to end the night.
  for (const key of ['t', 'e', 'n']) await page.keyboard.press(key);
  await expect(error).toContainText('Type digits only');
  await expect(confirm).toHaveCount(0);
  expect(await phaseOf(page)).toBe('bet');
  await page.keyboard.press('Escape');
  await page.keyboard.press('-');
  await expect(error).toContainText('minus sign is not allowed');
  await page.keyboard.press('Escape');
  // E mid-turn (Alt+E from the bet box, where E is typing): main would refuse, so no question is asked; the reason is said at once.
  await page.keyboard.press('Alt+e');
  await expect(error).toContainText('A turn is in progress');
  await expect(confirm).toHaveCount(0);
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');

  // A correction above the pot is refused as it is typed, before any question.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('fix-turn-panel')).toBeVisible();
  for (const key of ['9', '9', '9']) await page.keyboard.press(key);
  await expect(error).toContainText(/bet 1 to \d+/);
  await page.keyboard.press('Enter');
  await expect(error).toContainText(/bet 1 to \d+/);
  await expect(confirm).toHaveCount(0);
  await page.keyboard.press('Escape');
  await untilBet(page);

  // Cashing out the player in the middle of their turn: refused at once, not asked and then refused.
  const rows = await page.locator('[data-testid^="player-"]').evaluateAll((els) => els.map((el) => el.classList.contains('acting')));
  await page.keyboard.press('Alt+c');
  for (let i = 0; i < rows.indexOf(true); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(error).toContainText('is in the middle of a turn');
  await expect(confirm).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The TV has sounded the turns so far (a new turn, a pair...). M mutes it, remembered by main across a reload.
  expect(await notesPlayed()).toBeGreaterThan(0);
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute')).toHaveAttribute('data-muted', 'true');
  await page.reload();
  await expect(page.getByTestId('mute')).toHaveAttribute('data-muted', 'true');
  const beforeMutedTurn = await notesPlayed();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');
  await untilBet(page);
  expect(await notesPlayed()).toBe(beforeMutedTurn); // a whole turn and the next deal, silent
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute')).toHaveAttribute('data-muted', 'false');

  // Four languages: G on the console, the TV follows; the rules sheet (R) and the rules on the TV (T).
  for (const language of ['en', 'fr', 'it', 'es']) {
    if (language !== 'en') await page.keyboard.press('g');
    await expect(page.getByTestId('language')).toHaveValue(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(tv.locator('html')).toHaveAttribute('lang', language);
    await expect(tv.getByTestId('status')).not.toBeEmpty();
    await page.screenshot({ path: `${SHOTS}/console-${language}.png` });
    await tv.screenshot({ path: `${SHOTS}/tv-${language}.jpg`, quality: 90 });
    await page.keyboard.press('r');
    await expect(page.getByTestId('rules')).toBeVisible();
    await page.keyboard.press('t');
    await expect(tv.getByTestId('tv-rules')).toBeVisible();
    await expect(tv.getByTestId('rules-list').locator('dt')).toHaveCount(15); // every setting of the night, R34's cards included
    await page.screenshot({ path: `${SHOTS}/console-rules-${language}.png` });
    await tv.screenshot({ path: `${SHOTS}/tv-rules-${language}.jpg`, quality: 90 });
    await page.keyboard.press('t');
    await expect(tv.getByTestId('tv-rules')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('rules')).toHaveCount(0);
  }
  await page.keyboard.press('g'); // back to English
  await expect(page.getByTestId('language')).toHaveValue('en');

  // The export says where the file went: in a browser, the downloads folder.
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');
  await page.keyboard.press('e');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).toBe('ended');
  await page.keyboard.press('h');
  await expect(page.getByTestId('export-json')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('j')]);
  await expect(page.getByRole('status').filter({ hasText: download.suggestedFilename() })).toContainText(
    "in this browser's downloads folder",
  );
  await context.close();
});
