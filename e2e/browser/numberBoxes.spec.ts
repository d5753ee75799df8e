/**
 * A hurried host at the keyboard: every box that takes a number takes only
 * what it shows. "2.5", "-5", letters and pasted text are refused with a
 * message in the host's words, Enter records nothing while a box shows a
 * refusal, and a letter in a number box is never a command. The limits a
 * bet or a correction has come from main (the view's `allowed`), so a
 * correction over the house limit is refused as it is typed, and E during a
 * deck cut in the middle of a turn never asks "End the night?".
 * Screenshots at 1920x1080 in e2e/artifacts/screenshots/number-boxes.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { EVERY_FEW_MS, picture, pressAndSee } from './consolePage';
import { hostForSpecFile } from './hostFixture';

const DECK_SEED = '2b0c5e5a11d15400';
const SHOTS = 'e2e/artifacts/screenshots/number-boxes';
const host = hostForSpecFile(DECK_SEED);

const phaseOf = (page: Page) => page.getByTestId('phase').first().getAttribute('data-phase');

interface Setup {
  players: string[];
  startingChips?: string;
  maxBet?: string;
  selects?: Record<string, string>;
}

test.beforeEach(async () => {
  await host.restart({ wipeData: true });
});

async function openConsole(page: Page): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('new-player')).toBeFocused();
}

/** Types the players' names, sets the chips and house rules, and starts the night (Enter on an empty name). */
async function startNight(page: Page, setup: Setup): Promise<void> {
  await openConsole(page);
  for (const name of setup.players) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  if (setup.startingChips) await retype(page, 'starting-chips', setup.startingChips);
  if (setup.maxBet) await retype(page, 'setting-maxBet', setup.maxBet);
  for (const [testid, value] of Object.entries(setup.selects ?? {})) await page.getByTestId(testid).selectOption(value);
  await page.getByTestId('new-player').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toHaveCount(0);
}

/** Empties a box with the keyboard and types into it. */
/** Ctrl+A in a number box: all of its `length` characters show selected. */
async function selectAll(page: Page, box: Locator, length: number): Promise<void> {
  await page.keyboard.press('Control+a');
  await expect.poll(() => box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, length]);
}

async function retype(page: Page, testid: string, text: string): Promise<void> {
  await page.getByTestId(testid).focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Enter through the draw, the deal and the cut until a bet is asked. */
async function untilBet(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await phaseOf(page)) === 'bet') return;
    await pressAndSee(page, 'Enter');
  }
  throw new Error('no bet was asked');
}

async function typeKeys(page: Page, keys: string): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

test("the lobby: starting chips refuse 2.5, -5 and letters as typed, too many in the host's words; R, G, Shift+G and Esc work on a rule menu", async ({
  page,
}) => {
  await openConsole(page);
  const error = page.getByTestId('error');
  for (const name of ['Ann', 'Bob']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await retype(page, 'starting-chips', '2.5');
  await expect(error).toContainText('a decimal point is not allowed');
  await page.getByTestId('new-player').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await retype(page, 'starting-chips', '-5');
  await expect(error).toContainText('minus sign is not allowed');
  await retype(page, 'starting-chips', '2000000');
  await expect(error).toHaveText('Starting chips: at most 1,000,000 chips.');
  await page.getByTestId('new-player').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await expect(error).not.toContainText('startingChips');
  await page.screenshot({ path: `${SHOTS}/lobby-too-many.png` });
  await retype(page, 'starting-chips', '20');
  await expect(error).toHaveCount(0);

  // On a rule menu the console's keys work as anywhere, and Esc leaves the menu.
  const preset = page.getByTestId('preset');
  const chosen = await preset.inputValue();
  await preset.focus();
  await page.keyboard.press('r');
  await expect(page.getByTestId('rules')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('rules')).toHaveCount(0);
  await expect(preset).toHaveValue(chosen);
  await page.keyboard.press('g');
  await expect(page.getByTestId('language')).toHaveValue('fr');
  await page.keyboard.press('g');
  await expect(page.getByTestId('language')).toHaveValue('it');
  // Shift+G goes back, as short as G goes forward.
  await page.keyboard.press('Shift+G');
  await expect(page.getByTestId('language')).toHaveValue('fr');
  await page.keyboard.press('Shift+G');
  await expect(page.getByTestId('language')).toHaveValue('en');
  await page.keyboard.press('Shift+G');
  await expect(page.getByTestId('language')).toHaveValue('es');
  await page.keyboard.press('g');
  await expect(page.getByTestId('language')).toHaveValue('en');
  await expect(preset).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preset).not.toBeFocused();
  // The key list names the way back.
  await page.keyboard.press('?');
  await expect(page.getByTestId('help')).toContainText('Shift+G');
  await expect(page.getByTestId('help')).toContainText('previous language');
  await page.screenshot({ path: `${SHOTS}/help.png` });
});

test('the lobby: the chip value and the bet limit refuse what cannot be part of their number as it is typed, and Enter then starts nothing', async ({
  page,
}) => {
  await openConsole(page);
  const error = page.getByTestId('error');
  for (const name of ['Ann', 'Bob']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  const refusals: [string, string, string | RegExp][] = [
    ['chip-value', 'abc', 'letters are not numbers'],
    ['chip-value', '-5', 'minus sign is not allowed'],
    ['setting-maxBet', '2.5', 'a decimal point is not allowed'],
    ['setting-maxBet', 'abc', 'letters are not numbers'],
    ['setting-maxBet', '-5', 'minus sign is not allowed'],
    ['setting-maxBet', '0', /^The bet limit is left empty \(no limit\) or a whole number from 1 to/],
  ];
  for (const [box, text, message] of refusals) {
    await retype(page, box, text);
    // As typed: no Enter, no leaving the box.
    await expect(page.getByTestId(box)).toBeFocused();
    await expect(error, `${box} "${text}"`).toContainText(message);
    const shown = await error.textContent();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lobby')).toBeVisible();
    await expect(error).toHaveText(shown ?? '');
    if (box === 'chip-value' && text === '-5') await page.screenshot({ path: `${SHOTS}/lobby-chip-value-refused.png` });
    await retype(page, box, box === 'chip-value' ? '0.25' : '5');
    await expect(error).toHaveCount(0);
  }
});

test("a buy-in and a newcomer's buy-in take only what they show; stale messages go; a pasted 41-character name is refused", async ({
  page,
}) => {
  await startNight(page, { players: ['Ann', 'Bob', 'Cy'] });
  const error = page.getByTestId('error');
  const before = await picture(page);
  const total = () => picture(page).then((p) => Object.values(p.stacks).reduce((a, b) => a + b, 0));
  const chipsBefore = await total();

  // B, "2.5": shown as typed and refused, never 25.
  await page.keyboard.press('b');
  const amount = page.getByTestId('buy-in-amount');
  await typeKeys(page, '2.5');
  await expect(amount).toHaveValue('2.5');
  await expect(error).toContainText('a decimal point is not allowed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('buy-in-panel')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/buy-in-decimal.png` });
  // "-5": the message stays after the 5, and Enter records nothing.
  await page.keyboard.press('Escape');
  await page.keyboard.press('b');
  await typeKeys(page, '-5');
  await expect(amount).toHaveValue('-5');
  await expect(error).toContainText('minus sign is not allowed');
  await page.keyboard.press('Enter');
  await expect(error).toContainText('minus sign is not allowed');
  await expect(page.getByTestId('buy-in-panel')).toBeVisible();
  // "abc" as the chips is typing, refused: C does not switch credit to cash.
  await page.keyboard.press('Escape');
  await page.keyboard.press('b');
  const payment = page.getByTestId('panel-payment');
  const paid = await payment.getAttribute('data-payment');
  await typeKeys(page, 'abc');
  await expect(amount).toHaveValue('abc');
  await expect(error).toContainText('Type digits only');
  await expect(payment).toHaveAttribute('data-payment', paid ?? 'credit');
  // Fixed, the message goes; too many chips are said in the host's words.
  await page.keyboard.press('Escape');
  await page.keyboard.press('b');
  await typeKeys(page, '2000000');
  await expect(error).toHaveText('Chips: at most 1,000,000 chips.');
  await page.keyboard.press('Backspace');
  await expect(error).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await total()).toBe(chipsBefore);

  // J: a newcomer. "2.5" and "-5" as their buy-in are refused, nobody sits down.
  await page.keyboard.press('j');
  await page.keyboard.type('Dee');
  await page.getByTestId('seat-buy-in').focus();
  await page.keyboard.type('-5');
  await expect(page.getByTestId('seat-buy-in')).toHaveValue('-5');
  await expect(error).toContainText('minus sign is not allowed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('seat-panel')).toBeVisible();
  await retype(page, 'seat-buy-in', '2.5');
  await expect(error).toContainText('a decimal point is not allowed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('seat-panel')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/newcomer-decimal.png` });
  // No buy-in yet: said on Enter, and gone as soon as the box holds a valid one (no stale message).
  await retype(page, 'seat-buy-in', '');
  await page.keyboard.press('Enter');
  await expect(error).toContainText('Type how many chips the newcomer buys');
  await page.keyboard.type('15');
  await expect(error).toHaveCount(0);
  // A pasted 41-character name is refused with the lobby's message, not cut to 40.
  await page.getByTestId('seat-name').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('A'.repeat(41));
  await expect(page.getByTestId('seat-name')).toHaveValue('A'.repeat(41));
  await page.keyboard.press('Enter');
  await expect(error).toContainText('Names are at most 40 characters; this one has 41');
  await expect(page.getByTestId('seat-panel')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/newcomer-long-name.png` });
  await page.keyboard.press('Escape');
  expect((await picture(page)).stacks).toEqual(before.stacks);
});

test('R6, R32: B opens on the player to act, not on one sitting out; the list stops at its top; Ctrl+A selects the chips typed', async ({
  page,
}) => {
  await startNight(page, { players: ['Ann', 'Bob', 'Cy', 'Dee'] });
  // Enter through the draw until the first deal waits (letters are keys there, not typing).
  for (let i = 0; i < 40 && (await phaseOf(page)) !== 'ready'; i++) {
    await pressAndSee(page, 'Enter');
  }
  await expect(page.getByTestId('phase').first()).toHaveAttribute('data-phase', 'ready');
  // S: Ann sits out (she keeps her chips: no buy-in is hers to need).
  await page.keyboard.press('s');
  const sitOut = page.getByTestId('sit-out-panel');
  const sitChosen = sitOut.locator('li.chosen');
  for (let i = 0; i < 5 && !((await sitChosen.textContent()) ?? '').includes('Ann'); i++) await page.keyboard.press('ArrowUp');
  await expect(sitChosen).toContainText('Ann');
  await page.keyboard.press('Enter');
  await expect(sitOut).toHaveCount(0);
  await expect(page.locator('tr', { hasText: 'Ann' }).getByText('sitting out')).toBeVisible();

  const toAct = (await picture(page)).toActId!;
  await page.keyboard.press('b');
  const panel = page.getByTestId('buy-in-panel');
  const chosen = panel.locator('li.chosen');
  await expect(chosen).toHaveAttribute('data-testid', `pick-${toAct}`);
  await page.screenshot({ path: `${SHOTS}/buy-in-opens-on-player-to-act.png` });
  // ↑ past the top stays on the first player, never wraps round to the last.
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  await expect(chosen).toContainText('Ann');
  await page.keyboard.press('ArrowDown');
  await expect(chosen).toContainText('Bob');

  // Ctrl+A selects what is typed, as in the lobby's boxes: the next digits replace it, Backspace empties it.
  const amount = page.getByTestId('buy-in-amount');
  await typeKeys(page, '25');
  await page.keyboard.press('Control+a');
  await expect.poll(() => amount.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 2]);
  await typeKeys(page, '40');
  await expect(amount).toHaveValue('40');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect(amount).toHaveValue('');
  await typeKeys(page, '30');
  const bob = (await chosen.getAttribute('data-testid'))!.slice('pick-'.length);
  const before = (await picture(page)).stacks[bob]!;
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect.poll(async () => (await picture(page)).stacks[bob]).toBe(before + 30);
});

test('the cut and the bet: -3, 2.5 and abc cut nothing; five, b, c and d in an empty bet box are typing, not commands; Ctrl+A selects what a box holds', async ({
  page,
}) => {
  await startNight(page, { players: ['Ann', 'Bob', 'Cy'] });
  const error = page.getByTestId('error');
  await page.keyboard.press('Enter'); // the draw
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).toBe('ready');
  await page.keyboard.press('Enter'); // a new deck, waiting for its cut
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).toBe('cut');
  const cut = page.getByTestId('cut-input');
  for (const [typed, said] of [
    ['-3', 'minus sign is not allowed'],
    ['2.5', 'a decimal point is not allowed'],
    ['abc', 'Type digits only'],
  ]) {
    await typeKeys(page, typed!);
    await expect(cut).toHaveValue(typed!);
    await page.keyboard.press('Enter');
    await expect(error).toContainText(said!);
    expect(await phaseOf(page)).toBe('cut');
    await page.keyboard.press('Escape');
    await expect(error).toHaveCount(0);
  }
  // Ctrl+A selects what the cut box holds, as it shows: the next digit replaces it, Backspace empties it.
  await typeKeys(page, 'abc');
  await selectAll(page, cut, 3);
  await typeKeys(page, '7');
  await expect(cut).toHaveValue('7');
  await expect(error).toHaveCount(0);
  await selectAll(page, cut, 1);
  await page.keyboard.press('Backspace');
  await expect(cut).toHaveValue('');
  await untilBet(page);

  const bet = page.getByTestId('bet-input');
  const before = await picture(page);
  // The key hints say how the night's keys are reached from here.
  await expect(page.getByTestId('key-hints')).toContainText('Alt+E end night');
  // "five": F is typing here, not the shared expenses panel.
  await typeKeys(page, 'five');
  await expect(bet).toHaveValue('five');
  await expect(page.getByTestId('expenses-panel')).toHaveCount(0);
  await expect(error).toContainText('Type digits only');
  await page.keyboard.press('Enter');
  await page.screenshot({ path: `${SHOTS}/bet-letters.png` });
  await page.keyboard.press('Escape');
  for (const key of ['b', 'c', 'd']) {
    await page.keyboard.press(key);
    await expect(bet).toHaveValue(key);
    await expect(page.getByTestId('buy-in-panel')).toHaveCount(0);
    await expect(page.getByTestId('cash-out-panel')).toHaveCount(0);
    await expect(page.getByTestId('phase')).toHaveAttribute('data-phase', 'bet');
    await page.keyboard.press('Escape');
  }
  // "-2", "1.5" and "0,5" bet nothing; a decimal is named as typed.
  for (const [typed, said] of [
    ['-2', 'A bet is 1 or more: a minus sign is not allowed.'],
    ['1.5', 'Chips are whole: a decimal point is not allowed (1.5 is not a number of chips).'],
    ['0,5', 'Chips are whole: a decimal point is not allowed (0,5 is not a number of chips).'],
  ]) {
    await typeKeys(page, typed!);
    await expect(bet).toHaveValue(typed!);
    await page.keyboard.press('Enter');
    await expect(error).toHaveText(said!);
    await page.keyboard.press('Escape');
  }
  // Ctrl+A in the bet box: what it shows selected is what goes (a host seeing "999abc" selected and pressing Backspace
  // once had "999ab" left), and a digit typed then replaces it.
  await typeKeys(page, '999abc');
  await selectAll(page, bet, 6);
  await page.keyboard.press('Backspace');
  await expect(bet).toHaveValue('');
  await expect(error).toHaveCount(0);
  await typeKeys(page, '12');
  await selectAll(page, bet, 2);
  await typeKeys(page, '1');
  await expect(bet).toHaveValue('1');
  await page.keyboard.press('Escape');
  const after = await picture(page);
  expect([after.phase, after.pot, after.stacks, after.turns]).toEqual([before.phase, before.pot, before.stacks, before.turns]);
  // Alt+B reaches the buy-in from the bet box.
  await page.keyboard.press('Alt+b');
  await expect(page.getByTestId('buy-in-panel')).toBeVisible();
});

test('R21, R27: a correction over the house limit is refused as it is typed, before any question', async ({ page }) => {
  await startNight(page, { players: ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'], maxBet: '3' });
  const error = page.getByTestId('error');
  await untilBet(page);
  const asked = await picture(page);
  expect(asked.betLimits?.max).toBe(3);
  expect(asked.pot).toBeGreaterThanOrEqual(5);
  await typeKeys(page, '2');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('fix-turn-panel')).toBeVisible();
  // 5 is within the pot and the stack the bet had, but over the night's largest bet (R27).
  await page.keyboard.press('5');
  await expect(error).toContainText('The largest bet allowed now is 3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await expect(error).toContainText('The largest bet allowed now is 3');
  await page.screenshot({ path: `${SHOTS}/correction-over-limit.png` });
  await page.keyboard.press('Backspace');
  await expect(error).toHaveCount(0);
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toBeVisible();
});

test('R21: Ctrl+Z pressed at once after Enter dealt new cards is decided on those cards, never opens a fix-turn panel over them', async ({
  page,
}) => {
  await startNight(page, { players: ['Ann', 'Maximiliana Fitzgerald-Ōkawa', 'Chloé Lefèvre', 'Bob', 'Dee', 'Zoë'] });
  const panel = page.getByTestId('fix-turn-panel');
  const onNewCards: string[] = [];
  // Each turn ends with a bet; then Enter deals on and Ctrl+Z follows at once, before what Enter brings arrives.
  for (let turn = 0; turn < 6; turn++) {
    await untilBet(page);
    await typeKeys(page, '1');
    await page.keyboard.press('Enter');
    await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');
    if ((await phaseOf(page)) !== 'ready') continue;
    const played = (await picture(page)).turns;
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await phaseOf(page)) !== 'ready' || (await picture(page)).turns !== played, EVERY_FEW_MS).toBe(true);
    await expect(page.locator('[data-busy]')).toHaveCount(0);
    const phase = (await phaseOf(page))!;
    onNewCards.push(phase);
    // Never a panel for the turn just finished, standing over what came after it.
    await expect(page.getByText('This turn can no longer be corrected or voided.')).toHaveCount(0);
    if (phase === 'bet') {
      // New cards waiting for a bet: nothing to fix, the host is told so, and the bet box keeps its keys.
      await expect(panel).toHaveCount(0);
      await expect(page.getByTestId('error')).toHaveText('There is nothing to undo.');
      await typeKeys(page, '1');
      await expect(page.getByTestId('bet-input')).toHaveValue('1');
      await page.keyboard.press('Backspace');
    } else if ((await panel.count()) > 0) {
      // A pair or consecutive cards settled the new turn at once: the panel is that turn's, and offers to void it.
      await expect(panel).toContainText('V voids the turn');
      await page.keyboard.press('Escape');
    }
  }
  expect(onNewCards, 'Ctrl+Z never followed Enter onto new cards waiting for a bet').toContain('bet');
});

test('R13, R22: E while a deck is cut in the middle of a turn says the turn goes on, never asks "End the night?"', async ({ page }) => {
  test.setTimeout(120_000);
  await startNight(page, {
    players: ['Ann', 'Bob'],
    startingChips: '60',
    selects: { 'setting-pair': 'redeal', 'setting-consecutive': 'redeal' },
  });
  const error = page.getByTestId('error');
  const midTurn = page.getByTestId('cut-mid-turn');
  // A deck runs out within a deal only when its turns use it up: each turn is voided (R21), so the same
  // player takes a new turn with the next cards, until a redeal (R15, R16) needs more cards than are left.
  for (let step = 0; step < 120 && (await midTurn.count()) === 0; step++) {
    const phase = await phaseOf(page);
    if (phase === 'bet') {
      await typeKeys(page, '1');
      await page.keyboard.press('Enter');
      await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('bet');
      if ((await phaseOf(page)) !== 'ready') continue;
      await page.keyboard.press('Control+z');
      await expect(page.getByTestId('fix-turn-panel')).toBeVisible();
      await page.keyboard.press('v');
      await expect(page.getByTestId('confirm')).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('fix-turn-panel')).toHaveCount(0);
      continue;
    }
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await phaseOf(page)) !== phase || (await midTurn.count()) > 0, EVERY_FEW_MS).toBe(true);
  }
  await expect(midTurn).toBeVisible();
  expect(await phaseOf(page)).toBe('cut');
  await page.keyboard.press('Alt+e');
  await expect(error).toContainText('A turn is in progress');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  // E alone is typing in the cut box, refused there.
  await page.keyboard.press('e');
  await expect(error).toContainText('Type digits only');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/cut-mid-turn.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect.poll(() => phaseOf(page), EVERY_FEW_MS).not.toBe('cut');
});

test('M4: the expense panel refuses letters in its amount as typed, and no message stays beside a valid amount', async ({ page }) => {
  await startNight(page, { players: ['Ann', 'Bob'] });
  const error = page.getByTestId('error');
  await page.keyboard.press('f');
  await expect(page.getByTestId('expenses-panel')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(error).not.toHaveCount(0);
  await page.keyboard.type('12');
  await expect(error).toHaveCount(0);
  await page.keyboard.type('x');
  await expect(error).not.toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/expense-letters.png` });
  await page.keyboard.press('Backspace');
  await expect(error).toHaveCount(0);
});

test('R17: the bet box has the cursor whenever a bet is asked, and is nowhere to be seen between bets', async ({ page }) => {
  await startNight(page, { players: ['Ann', 'Bob', 'Cy'] });
  const bet = page.getByTestId('bet-input');
  for (let bets = 0; bets < 3; bets++) {
    await untilBet(page);
    // The caret waits in the box as each bet is asked, the first of the night and the ones after.
    await expect(bet).toBeVisible();
    await expect(bet).toBeFocused();
    await typeKeys(page, '1');
    await expect(bet).toHaveValue('1');
    await pressAndSee(page, 'Enter');
    if ((await phaseOf(page)) !== 'bet') {
      await expect(bet).toBeHidden();
      await expect(bet).not.toBeFocused();
    }
  }
});
