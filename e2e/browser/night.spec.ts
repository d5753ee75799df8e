/**
 * A whole night, typed only on the host console's keyboard, with the table
 * view open beside it: after every key the TV must show the same pot, stacks
 * and phase. The host runs as a real child process with a fixed deck seed, so
 * the cards are the same every run; the bot still reads the screen to decide.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chipsAndPhase, expectTableAgrees, nextPicture, picture, sum, type Picture } from './consolePage';
import { readTransfers } from './historyPage';
import { hostForSpecFile } from './hostFixture';
import { sendFromPage } from './phonePage';

/** A seed whose decks bring every event below within the first few dozen turns. */
const DECK_SEED = '1e5e1ec7ed0de5c0';
const PLAYERS = ['Ann', 'Bob', 'Cy', 'Dee'];
const MIN_TURNS = 20;
const MAX_TURNS = 150;
const SHOTS = 'e2e/artifacts/screenshots';

type Event = 'pair' | 'consecutive' | 'post' | 'pot-bet-win' | 're-ante' | 'buy-in' | 'undo' | 'refused-bet';

const host = hostForSpecFile(DECK_SEED);

test('a whole night on the keyboard, the TV in step after every key, surviving a host restart', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const consolePage = await context.newPage();
  const table = await context.newPage();
  await consolePage.goto(host.consoleUrl);
  const tableSocket = table.waitForEvent('websocket');
  await table.goto(host.tableUrl);
  await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
  // The TV's page opens a table-role socket: a write sent on it anyway is refused, naming the role.
  const tableSocketUrl = (await tableSocket).url();
  expect(new URL(tableSocketUrl).searchParams.get('role')).toBe('table');
  expect(
    await sendFromPage(table, tableSocketUrl, {
      id: 1,
      method: 'startNight',
      args: { players: [{ name: 'Mal' }, { name: 'Ice' }], startingChips: 20, chipValue: 100 },
    }),
  ).toMatchObject({
    ok: false,
    error: { code: 'forbidden-role', params: { role: 'table' } },
  });

  const seen = new Set<Event>();
  let shotsTaken = false;

  /** Presses keys on the console, waits for it to change, then for the TV to agree. */
  async function play(keys: string[], what: string): Promise<{ before: Picture; after: Picture }> {
    const before = await picture(consolePage);
    for (const key of keys) await consolePage.keyboard.press(key);
    const after = await nextPicture(consolePage, before, what);
    await expectTableAgrees(table, after);
    return { before, after };
  }

  // The lobby: N, a name and Enter seats each player; Enter on an empty name starts the night.
  await consolePage.keyboard.press('Escape');
  await consolePage.keyboard.press('n');
  await expect(consolePage.getByTestId('new-player')).toBeFocused();
  for (const name of PLAYERS) {
    await consolePage.keyboard.type(name);
    await consolePage.keyboard.press('Enter');
    await expect(consolePage.getByTestId('new-player')).toHaveValue('');
  }
  await expect(consolePage.getByTestId('seats').getByRole('option')).toHaveCount(PLAYERS.length);
  await play(['Enter'], 'starting the night');
  await expect(consolePage.getByTestId('lobby')).toHaveCount(0);

  const startPicture = await picture(consolePage);
  expect(Object.keys(startPicture.stacks)).toHaveLength(PLAYERS.length);
  expect(startPicture.pot).toBe(PLAYERS.length); // R4: everyone antes 1 of their 20

  for (;;) {
    const now = await picture(consolePage);
    const done = [...ALL_EVENTS].every((e) => seen.has(e)) && now.turns >= MIN_TURNS;
    if (done || now.turns >= MAX_TURNS) break;

    switch (now.phase) {
      case 'draw':
        // Before the draw names the first dealer there is no deal to number ("Deal 0"); after it, the first deal.
        await expect(consolePage.getByTestId('deal-number')).toHaveCount(0);
        // A tie draws again (R7), still before the first deal.
        if ((await play(['Enter'], 'the draw for dealer')).after.phase !== 'draw')
          await expect(consolePage.getByTestId('deal-number')).toContainText('Deal 1');
        await expect(table.getByTestId('draw')).toBeVisible();
        // R7: the console's draw names each card as printed on it (rank and suit sign), never its code ("2H").
        await expect(consolePage.getByTestId('draw').locator('.draw-card').first()).toHaveText(/ (10|[2-9JQKA])[♣♦♥♠]$/);
        break;
      case 'cut':
        await expect(consolePage.getByTestId('commitment')).toHaveText(/^[0-9a-f]{64}$/);
        await play(now.turns % 2 === 0 ? ['Enter'] : [...String(now.turns % 40), 'Enter'], 'the cut');
        break;
      case 'ace-call':
        await play(['h'], 'the ace call');
        break;
      case 'ready':
        if (!seen.has('buy-in') && now.turns >= 3) {
          await buyInThenUndo(now);
          break;
        }
        await deal();
        break;
      case 'bet':
        if (!shotsTaken && now.turns >= 8) shotsTaken = await screenshots('mid-night');
        await bet(now);
        break;
      default:
        throw new Error(`unexpected phase ${now.phase}`);
    }
  }

  const played = await picture(consolePage);
  expect(played.turns, `every event within ${MAX_TURNS} turns; seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(MIN_TURNS);
  for (const event of ALL_EVENTS) expect(seen, `the night should include: ${event}`).toContain(event);
  expect(shotsTaken).toBe(true);
  test.info().annotations.push({ type: 'night', description: `${played.turns} turns; seen ${[...seen].join(', ')}` });

  // The host dies mid-night (SIGKILL, no goodbye) and comes back on the same data folder.
  const beforeCrash = await picture(consolePage);
  const restarted = host.restart({ signal: 'SIGKILL' });
  await expect(consolePage.getByTestId('connection')).toBeVisible();
  await restarted;
  await consolePage.reload();
  await table.reload();
  await expect(consolePage.getByTestId('phase')).toHaveAttribute('data-phase', beforeCrash.phase);
  await expect(consolePage.getByTestId('pot')).toHaveAttribute('data-value', String(beforeCrash.pot));
  const afterRestart = await picture(consolePage);
  expect(chipsAndPhase(afterRestart)).toEqual(chipsAndPhase(beforeCrash));
  await expectTableAgrees(table, afterRestart);

  // The night goes on after the restart: one more step is accepted.
  const oneMore = afterRestart.phase === 'bet' ? ['1', 'Enter'] : ['Enter'];
  await play(oneMore, 'the first key after the restart');

  // E asks first (Alt+E, since a bet or cut box may be waiting for digits); Enter ends the night (R22) and both screens show the results.
  await consolePage.keyboard.press('Alt+e');
  await expect(consolePage.getByTestId('confirm')).toBeVisible();
  await play(['Enter'], 'ending the night');
  await expect(consolePage.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await expect(consolePage.getByTestId('results')).toBeVisible();
  await expect(consolePage.getByTestId('results').locator('[data-testid^="result-"]')).toHaveCount(PLAYERS.length);
  await expect(table.getByTestId('results').locator('[data-testid^="result-"]')).toHaveCount(PLAYERS.length);
  // The TV tells the table who pays whom: the very transfers the console shows (R23).
  // The settlement can come a frame after the results: read once its first transfer is there (a CI run read none).
  await expect(consolePage.getByTestId('settlement').getByTestId('transfer').first()).toBeVisible();
  const consoleTransfers = await readTransfers(consolePage.getByTestId('settlement'));
  expect(consoleTransfers.length).toBeGreaterThan(0);
  await expect.poll(() => readTransfers(table.getByTestId('tv-settlement'))).toEqual(consoleTransfers);
  // S switches to the banker's list on both screens: the mode is main's, not one window's.
  await consolePage.keyboard.press('s');
  await expect(consolePage.getByTestId('settlement')).toHaveAttribute('data-mode', 'banker');
  await expect(table.getByTestId('tv-settlement')).toHaveAttribute('data-mode', 'banker');
  const bankerTransfers = await readTransfers(consolePage.getByTestId('settlement'));
  await expect.poll(() => readTransfers(table.getByTestId('tv-settlement'))).toEqual(bankerTransfers);
  await consolePage.keyboard.press('s');
  await expect(table.getByTestId('tv-settlement')).toHaveAttribute('data-mode', 'fewest');
  await screenshots('night-over');
  await context.close();

  /** B, 5, Enter records a buy-in for the player to act; Ctrl+Z takes it back (R21). */
  async function buyInThenUndo(before: Picture): Promise<void> {
    await consolePage.keyboard.press('b');
    await expect(consolePage.getByTestId('buy-in-panel')).toBeVisible();
    await consolePage.keyboard.press('5');
    await expect(consolePage.getByTestId('buy-in-amount')).toHaveValue('5');
    const { after: bought } = await play(['Enter'], 'the buy-in');
    expect(sum(bought.stacks)).toBe(sum(before.stacks) + 5);
    const changed = Object.keys(bought.stacks).filter((id) => bought.stacks[id] !== before.stacks[id]);
    expect(changed).toHaveLength(1);
    expect(bought.pot).toBe(before.pot);
    await expect(consolePage.getByTestId('buy-in-panel')).toHaveCount(0);
    seen.add('buy-in');

    const { after: undone } = await play(['Control+z'], 'undoing the buy-in');
    expect(undone.stacks).toEqual(before.stacks);
    expect(undone.pot).toBe(before.pot);
    await expect(table.getByTestId('banner')).toContainText('Undone');
    seen.add('undo');
  }

  /** Enter deals; a pair (R15) or consecutive cards (R16) settle the turn at once. */
  async function deal(): Promise<void> {
    const { before, after } = await play(['Enter'], 'the deal');
    if (after.turns === before.turns) return; // the posts are up: a bet comes next
    const outcome = after.lastTurn?.outcome;
    if (outcome === 'pair') {
      seen.add('pair');
      await expect(table.getByTestId('banner')).toContainText('Pair!');
    } else if (outcome === 'consecutive') {
      seen.add('consecutive');
      await expect(table.getByTestId('banner')).toContainText('Consecutive cards');
    }
  }

  /** Bets the pot on good odds (R17 "P"), else 1; first tries one chip too many, which is refused. */
  async function bet(now: Picture): Promise<void> {
    const limits = now.betLimits!;
    const odds = now.odds!;
    expect(limits.min).toBe(1);
    await expect(table.getByTestId('odds')).toContainText(`${odds.winners} / ${odds.remaining}`);

    if (!seen.has('refused-bet')) {
      for (const digit of String(limits.max + 1)) await consolePage.keyboard.press(digit);
      await consolePage.keyboard.press('Enter');
      await expect(consolePage.getByTestId('error')).toContainText(`bet 1 to ${limits.max}`);
      const after = await picture(consolePage);
      expect(chipsAndPhase(after)).toEqual(chipsAndPhase(now));
      await expectTableAgrees(table, after);
      await consolePage.keyboard.press('Escape');
      await expect(consolePage.getByTestId('bet-input')).toHaveValue('');
      seen.add('refused-bet');
    }

    const stack = now.stacks[now.toActId!]!;
    const wholePot = odds.winners / odds.remaining >= 0.7 && now.pot! <= stack;
    const { after } = await play(wholePot ? ['p', 'Enter'] : ['1', 'Enter'], wholePot ? 'a pot bet' : 'a bet of 1');
    const outcome = after.lastTurn?.outcome;
    await expect(table.getByTestId('third-card')).not.toHaveAttribute('data-card', '');
    if (outcome === 'post') seen.add('post');
    if (wholePot && outcome === 'win') {
      // The pot is empty, so everyone with chips antes again at once (R5).
      seen.add('pot-bet-win');
      expect(after.stacks[now.toActId!]).toBe(stack + now.pot! - 1);
      expect(after.pot).toBeGreaterThan(0);
      await expect(consolePage.getByTestId('announcements')).toContainText('The pot is empty');
      await expect(table.getByTestId('banner')).toContainText('The pot is empty');
      seen.add('re-ante');
    }
  }

  async function screenshots(label: string): Promise<boolean> {
    await expect(table.getByTestId('phase')).toHaveAttribute('data-phase', (await picture(consolePage)).phase);
    await consolePage.screenshot({ path: `${SHOTS}/host-console-${label}.png`, animations: 'disabled' });
    await table.screenshot({ path: `${SHOTS}/table-view-${label}.png`, animations: 'disabled' });
    return true;
  }
});

const ALL_EVENTS: ReadonlySet<Event> = new Set<Event>([
  'pair',
  'consecutive',
  'post',
  'pot-bet-win',
  're-ante',
  'buy-in',
  'undo',
  'refused-bet',
]);
