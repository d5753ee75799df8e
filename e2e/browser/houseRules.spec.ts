/**
 * A keyboard night with the house rules (R26-R33): the lobby offers every
 * setting, and the console's keys pass, call a pair, sit a player out and
 * bring them back, move a player and seat a newcomer, end the night and reopen it (from the
 * ended screen and from the lobby). The TV shows the rules in force and the
 * largest bet allowed whenever a limit applies. Screenshots at 1920x1080.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectTableAgrees, nextPicture, picture, type Picture } from './consolePage';
import { hostForSpecFile } from './hostFixture';

const DECK_SEED = '5eed0fa11ba5e5e5';
const SHOTS = 'e2e/artifacts/screenshots';
const MAX_TURNS = 120;

const host = hostForSpecFile(DECK_SEED);

test('R26-R33: a keyboard night with the house rules, the TV showing the rules and the bet limit', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const consolePage = await context.newPage();
  const table = await context.newPage();
  await consolePage.goto(host.consoleUrl);
  await table.goto(host.tableUrl);
  await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');

  async function shoot(name: string): Promise<void> {
    await consolePage.screenshot({ path: `${SHOTS}/house-${name}-console.png` });
    await table.screenshot({ path: `${SHOTS}/house-${name}-tv.jpg`, quality: 90 });
  }

  async function play(keys: string[], what: string): Promise<Picture> {
    const before = await picture(consolePage);
    for (const key of keys) await consolePage.keyboard.press(key);
    const after = await nextPicture(consolePage, before, what);
    await expectTableAgrees(table, after);
    return after;
  }

  // The lobby offers every setting, with its choices from the schema (R26-R30).
  await expect(consolePage.getByTestId('setting-pair').locator('option')).toHaveCount(4);
  await expect(consolePage.getByTestId('setting-postPays').locator('option')).toHaveCount(3);
  await expect(consolePage.getByTestId('setting-firstRound').locator('option')).toHaveCount(2);
  await expect(consolePage.getByTestId('setting-anteWhen').locator('option')).toHaveCount(2);
  // R34: who draws the cards, the laptop's shuffled deck by default.
  await expect(consolePage.getByTestId('setting-cards').locator('option')).toHaveText([
    'shuffled by the laptop',
    "drawn by the table's phones",
  ]);
  await expect(consolePage.getByTestId('setting-cards')).toHaveValue('deck');
  await consolePage.getByTestId('preset').selectOption('house-rules');
  await expect(consolePage.getByTestId('setting-maxBet')).toHaveValue('10');
  await expect(consolePage.getByTestId('setting-pass')).toHaveValue('true');
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('n');
  for (const name of ['Ann', 'Bob', 'Cy']) {
    await consolePage.keyboard.type(name);
    await consolePage.keyboard.press('Enter');
  }
  await shoot('lobby');
  await play(['Enter'], 'starting the night');

  // The TV names the house rules in force all night.
  await expect(table.getByTestId('tv-house-rules')).toContainText('10');

  // Before the first deal nobody has played: T moves Ann to Bob's left (R31), on both screens.
  await consolePage.keyboard.press('t');
  await expect(consolePage.getByTestId('move-summary')).toContainText('Ann');
  await expect(consolePage.getByTestId('move-summary')).toContainText('Bob');
  await shoot('move-panel');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('move-panel')).toHaveCount(0);
  await expect(consolePage.locator('tbody tr').first()).toContainText('Bob');
  await expect(consolePage.locator('tbody tr').nth(1)).toContainText('Ann');

  // The key list names every new key.
  await consolePage.keyboard.press('?');
  const help = consolePage.getByTestId('help');
  for (const words of ['pass instead of betting', 'higher or lower', 'newcomer', 'another seat', 'sit a player out', 'reopen']) {
    await expect(help).toContainText(words);
  }
  await shoot('help');
  await consolePage.keyboard.press('Escape');

  const seen = new Set<string>();
  for (let guard = 0; guard < 400; guard++) {
    const now = await picture(consolePage);
    if (['pass', 'pair-call', 'limit', 'sat-out', 'came-back', 'seated'].every((e) => seen.has(e))) break;
    if (now.turns >= MAX_TURNS) break;
    switch (now.phase) {
      case 'draw':
      case 'cut':
        await play(['Enter'], now.phase);
        break;
      case 'ready':
        // R26: between turns X does nothing, so the keys the console lists there do not offer it.
        if (now.turns === 0) await expect(consolePage.getByTestId('key-hints')).not.toContainText('X ');
        if (now.turns >= 2 && !seen.has('sat-out')) {
          await sitOutOrBack(now, 'sat-out');
        } else if (seen.has('sat-out') && !seen.has('came-back') && now.turns >= 4) {
          await sitOutOrBack(now, 'came-back');
        } else if (now.turns >= 5 && !seen.has('seated')) {
          await seatNewcomer(now);
        } else {
          await play(['Enter'], 'the deal');
        }
        break;
      case 'pair-call': {
        const prompt = consolePage.getByTestId('pair-call-prompt');
        await expect(prompt).toBeVisible();
        if (!seen.has('pair-call')) await shoot('pair-call');
        const higher = (await prompt.textContent())?.includes('H for higher') ?? false;
        await play([higher ? 'h' : 'l'], 'the pair call');
        seen.add('pair-call');
        break;
      }
      case 'bet':
        await bet();
        break;
      default:
        throw new Error(`unexpected phase ${now.phase}`);
    }
  }
  for (const event of ['pass', 'limit', 'sat-out', 'came-back', 'seated', 'pair-call'])
    expect(seen, `the night should include ${event}`).toContain(event);

  // E ends the night between turns; O on the ended screen asks, warning about payments, and reopens it (R33).
  await finishTurn();
  await consolePage.keyboard.press('e');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await consolePage.keyboard.press('o');
  await expect(consolePage.getByTestId('confirm')).toContainText(/marked paid/);
  await shoot('reopen-confirm');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('phase')).not.toHaveAttribute('data-phase', 'ended');
  await expect(table.getByTestId('phase')).not.toHaveAttribute('data-phase', 'ended');

  // Ended and closed: O in the lobby reopens the last night too.
  await finishTurn();
  await consolePage.keyboard.press('e');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('lobby')).toBeVisible();
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('o');
  await expect(consolePage.getByTestId('confirm')).toContainText(/marked paid/);
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('lobby')).toHaveCount(0);
  await expect(consolePage.getByTestId('phase')).not.toHaveAttribute('data-phase', 'ended');
  await shoot('reopened');
  await context.close();

  /** Plays on until no turn is under way, so the night may end (R22). */
  async function finishTurn(): Promise<void> {
    for (let guard = 0; guard < 10; guard++) {
      const phase = (await picture(consolePage)).phase;
      if (phase === 'bet') await play(['1', 'Enter'], 'a bet of 1');
      else if (phase === 'pair-call') {
        const higher = (await consolePage.getByTestId('pair-call-prompt').textContent())?.includes('H for higher') ?? false;
        await play([higher ? 'h' : 'l'], 'the pair call');
      } else return;
    }
  }

  async function bet(): Promise<void> {
    const limit = consolePage.getByTestId('bet-limit');
    if (!seen.has('limit') && (await limit.count()) > 0) {
      // R27: the console and the TV both show the largest bet allowed; P puts exactly it in the box.
      const max = await limit.getAttribute('data-max');
      await expect(table.getByTestId('tv-bet-limit')).toHaveAttribute('data-max', max ?? '');
      await consolePage.keyboard.press('p');
      await expect(consolePage.getByTestId('bet-input')).toHaveValue(new RegExp(`${max}$`));
      await shoot('bet-limit');
      seen.add('limit');
      await play(['Enter'], 'the largest bet');
      return;
    }
    if (!seen.has('pass') && (await consolePage.getByTestId('pass-hint').count()) > 0) {
      const after = await play(['x'], 'a pass');
      expect(after.lastTurn?.outcome).toBe('pass');
      seen.add('pass');
      return;
    }
    await play(['1', 'Enter'], 'a bet of 1');
  }

  async function sitOutOrBack(now: Picture, event: 'sat-out' | 'came-back'): Promise<void> {
    await consolePage.keyboard.press('s');
    await expect(consolePage.getByTestId('sit-out-panel')).toBeVisible();
    // ↓ until Bob is the one chosen.
    const chosen = consolePage.getByTestId('sit-out-panel').locator('li.chosen');
    for (let i = 0; i < 5 && !((await chosen.textContent()) ?? '').includes('Bob'); i++) await consolePage.keyboard.press('ArrowDown');
    await expect(chosen).toContainText('Bob');
    if (event === 'sat-out') await shoot('sit-out-panel');
    await consolePage.keyboard.press('Enter');
    await expect(consolePage.getByTestId('sit-out-panel')).toHaveCount(0);
    const status = consolePage.locator('tr', { hasText: 'Bob' }).getByText('sitting out');
    if (event === 'sat-out') await expect(status).toBeVisible();
    else await expect(status).toHaveCount(0);
    expect((await picture(consolePage)).pot).toBe(now.pot);
    seen.add(event);
  }

  async function seatNewcomer(now: Picture): Promise<void> {
    await consolePage.keyboard.press('j');
    await expect(consolePage.getByTestId('seat-name')).toBeFocused();
    await consolePage.keyboard.type('Dee');
    await consolePage.keyboard.press('Tab');
    await consolePage.keyboard.type('15');
    await consolePage.keyboard.press('ArrowUp');
    await expect(consolePage.getByTestId('seat-newcomer')).toContainText('Dee');
    await shoot('seat-panel');
    await consolePage.keyboard.press('Enter');
    await expect(consolePage.getByTestId('seat-panel')).toHaveCount(0);
    await expect(consolePage.locator('[data-testid^="stack-"]')).toHaveCount(Object.keys(now.stacks).length + 1);
    await expectTableAgrees(table, await picture(consolePage));
    seen.add('seated');
  }
});
