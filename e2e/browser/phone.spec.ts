/**
 * Phones at the table: the phones' page (phone.html) on
 * Playwright's phone descriptors, in our Chromium. A night is played on the
 * host console's keyboard; the phone must agree with it after every key (pot,
 * stacks, whose turn), show its holder's own stack, result and running tab,
 * stay read only (its socket's writes are refused), fit a phone's screen in
 * portrait and landscape, and come back by itself after the host drops it or
 * the phone goes offline.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { COMMAND_REGISTRY, commandsFor, type AppView } from '../../src/shared';
import { chipsAndPhase, nextPicture, picture, type Picture } from './consolePage';
import { hostForSpecFile } from './hostFixture';
import { expectNoSidewaysScroll, expectPhoneAgrees, HostDriver, phoneContext, sendFromPage } from './phonePage';

const DECK_SEED = 'b0a7ed5eaf00d123';
const SHOTS = 'e2e/artifacts/screenshots';
const LONG_NAME = 'Anne-Sophie Marguerite de la Tour-Dubois'; // 40 characters, the most a name may have
const TONIGHT = ['Zoë', 'Bob', 'Ann', LONG_NAME, 'Maximiliano Alejandro Fernández Córdoba', 'Chloë', 'Søren', 'Renée', 'Ζωή Παπαδοπούλου'];
const STARTING_CHIPS = 20;
const CHIP_VALUE = 25; // 0.25 EUR

const host = hostForSpecFile(DECK_SEED);
let tonight: AppView;

/** Last night (for the running tab), then tonight's nine players, set up from the host's own socket. */
test.beforeAll(async () => {
  const driver = await HostDriver.open(host.url);
  try {
    await driver.must('startNight', {
      players: [{ name: 'Zoë' }, { name: 'Bob' }, { name: 'Ann' }],
      startingChips: STARTING_CHIPS,
      chipValue: CHIP_VALUE,
      currency: 'EUR',
    });
    let view = await driver.playTurns(8);
    view = await driver.must('endNight', { stateId: view.night!.stateId });
    view = await driver.must('closeNight', { stateId: view.night!.stateId });
    const known = new Map(view.roster.map((p) => [p.name, p.id] as const));
    const players = TONIGHT.map((name) => (known.has(name) ? { id: known.get(name), name } : { name }));
    tonight = await driver.must('startNight', { players, startingChips: STARTING_CHIPS, chipValue: CHIP_VALUE, currency: 'EUR' });
  } finally {
    driver.close();
  }
});

function idOf(name: string): string {
  const player = tonight.night?.players.find((p) => p.name === name);
  if (!player) throw new Error(`${name} is not at the table`);
  return player.id;
}

/** What the holder sees on opening the page: scrolled to the top (a tap scrolls the row it picked into view). */
async function screenshot(phone: Page, name: string, fullPage = false): Promise<void> {
  await phone.evaluate(() => {
    window.scrollTo(0, 0);
    for (const side of document.querySelectorAll('.table-side, .people-side')) side.scrollTop = 0;
  });
  await phone.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage });
}

async function openConsole(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host.consoleUrl);
  await expect(page.getByTestId('phase')).not.toHaveAttribute('data-phase', 'lobby');
  return page;
}

/** One key's worth of the night on the console (Enter to draw, cut, deal; h for an ace; a bet of 1), and what it then shows. */
async function consoleStep(page: Page): Promise<Picture> {
  const now = await picture(page);
  const keys = now.phase === 'bet' ? ['1', 'Enter'] : now.phase === 'ace-call' ? ['h'] : ['Enter'];
  for (const key of keys) await page.keyboard.press(key);
  return nextPicture(page, now, `a key in phase ${now.phase}`);
}

/** Plays on the console until it waits for a bet (posts up, odds shown). */
async function untilBet(page: Page, phone: Page): Promise<Picture> {
  let now = await picture(page);
  while (now.phase !== 'bet') {
    now = await consoleStep(page);
    await expectPhoneAgrees(phone, now);
  }
  return now;
}

test('a phone (Pixel 7) follows the night as the console plays it, shows its holder their own corner, and cannot change anything', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const consolePage = await openConsole(browser);
  const phoneContextPixel = await browser.newContext(phoneContext('Pixel 7'));
  const phone = await phoneContextPixel.newPage();
  // Every request the phone's page sends on its socket, to show it never sends a write.
  const sentByPhone: string[] = [];
  phone.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') sentByPhone.push((JSON.parse(frame.payload) as { method: string }).method);
    }),
  );
  const phoneSocket = phone.waitForEvent('websocket');
  await phone.goto(host.phoneUrl);
  const socketUrl = new URL((await phoneSocket).url());
  expect(socketUrl.searchParams.get('role')).toBe('phone');

  // Nobody picked yet: the player list is the picker.
  await expect(phone.getByTestId('picker')).toBeVisible();
  await expectPhoneAgrees(phone, await picture(consolePage));
  await expectNoSidewaysScroll(phone);
  const zoe = idOf('Zoë');
  await phone.getByTestId(`pick-${zoe}`).tap();
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', zoe);
  await expect(phone.getByTestId('me-name')).toHaveText('Zoë');

  // Her place in the running tab is last night's unpaid transfers that name her, as the host counts them.
  const driver = await HostDriver.open(host.url);
  const tabAnswer = await driver.ask('getTab', {});
  driver.close();
  if (!tabAnswer.ok) throw new Error(tabAnswer.error.message);
  const tab = tabAnswer.data.tab;
  const owes = tab.filter((t) => t.from === zoe).length;
  const owed = tab.filter((t) => t.to === zoe).length;
  await expect(phone.getByTestId('tab-owes')).toHaveCount(owes);
  await expect(phone.getByTestId('tab-owed')).toHaveCount(owed);
  if (owes + owed === 0) await expect(phone.getByTestId('tab-even')).toBeVisible();
  else await expect(phone.getByTestId('me-tab')).toContainText('EUR');

  // A few turns on the console's keyboard: after every key the phone agrees, and Zoë's own figures follow her stack.
  let now = await picture(consolePage);
  const startTurns = now.turns;
  let shot = false;
  while (now.turns < startTurns + 6) {
    now = await consoleStep(consolePage);
    await expectPhoneAgrees(phone, now);
    const stack = now.stacks[zoe]!;
    await expect(phone.getByTestId('me-stack')).toHaveAttribute('data-value', String(stack));
    // Nobody bought more or cashed out: her result so far is her stack less her 20 starting chips, at 0.25 EUR a chip (R23, M1).
    await expect(phone.getByTestId('me-net-chips')).toHaveAttribute('data-value', String(stack - STARTING_CHIPS));
    await expect(phone.getByTestId('me-result')).toHaveAttribute('data-value', String((stack - STARTING_CHIPS) * CHIP_VALUE || 0));
    await expect(phone.getByTestId('status')).toBeVisible();
    if (now.phase === 'bet') {
      await expect(phone.getByTestId('odds')).toContainText(`${now.odds!.winners} / ${now.odds!.remaining}`);
      if (!shot) {
        await expectNoSidewaysScroll(phone);
        await screenshot(phone, 'phone-pixel7-portrait');
        await screenshot(phone, 'phone-pixel7-portrait-full', true);
        shot = true;
      }
    }
  }
  expect(shot).toBe(true);
  await expectNoSidewaysScroll(phone);

  // The choice is kept on the phone: a reload still knows who she is.
  await phone.reload();
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', zoe);
  await expectPhoneAgrees(phone, await picture(consolePage));

  // The phone's language is its own: French on the phone, the console stays in English.
  await phone.getByTestId('phone-language').selectOption('fr');
  await expect(phone.getByTestId('me-tab')).toContainText(/Ardoise/i);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(consolePage.locator('html')).toHaveAttribute('lang', 'en');
  await phone.reload();
  await expect(phone.getByTestId('me-tab')).toContainText(/Ardoise/i);
  await phone.getByTestId('phone-language').selectOption('en');

  // "Change" makes the list a picker again; "Not me" forgets her.
  await phone.getByTestId('me-change').tap();
  await phone.getByTestId(`pick-${idOf('Bob')}`).tap();
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', idOf('Bob'));
  await phone.getByTestId('me-clear').tap();
  await expect(phone.getByTestId('picker')).toBeVisible();
  await expect(phone.getByTestId('me')).toHaveCount(0);

  // Read only: the page's own socket sent nothing but the view and questions a phone may ask...
  const allowed = new Set<string>(['getView', ...commandsFor('phone')]);
  expect(sentByPhone.length).toBeGreaterThan(0);
  expect(sentByPhone.filter((method) => !allowed.has(method))).toEqual([]);
  // ...and a write sent on a phone socket anyway (a script on the page) is refused, naming the role, with nothing changed.
  const before = await picture(consolePage);
  const reader = await HostDriver.open(host.url);
  const stateId = (await reader.view()).night!.stateId;
  reader.close();
  for (const [i, [method, args]] of (
    [
      ['bet', { stateId, amount: 1 }],
      ['deal', { stateId }],
      ['endNight', { stateId }],
      ['updatePreferences', { language: 'fr' }],
    ] as const
  ).entries()) {
    expect(COMMAND_REGISTRY[method].changesState).toBe(true);
    expect(await sendFromPage(phone, socketUrl.toString(), { id: 100 + i, method, args }), method).toMatchObject({
      ok: false,
      error: { code: 'forbidden-role', params: { role: 'phone' } },
    });
  }
  expect(chipsAndPhase(await picture(consolePage))).toEqual(chipsAndPhase(before));
  await expect(consolePage.locator('html')).toHaveAttribute('lang', 'en');

  await phoneContextPixel.close();
  await consolePage.context().close();
});

test('landscape (Pixel 7, iPhone 15) and a 360 px portrait: the table beside the people, nothing sideways, long names cut as the TV cuts them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const consolePage = await openConsole(browser);
  const screens = [
    { device: 'Pixel 7 landscape', shot: 'phone-pixel7-landscape', landscape: true },
    { device: 'iPhone 15 landscape', shot: 'phone-iphone15-landscape', landscape: true },
    { device: 'Galaxy S8', shot: 'phone-360-portrait', landscape: false },
    { device: 'iPhone 15', shot: 'phone-iphone15-portrait', landscape: false },
  ] as const;
  const phones: Page[] = [];
  for (const screen of screens) {
    const context = await browser.newContext(phoneContext(screen.device));
    const phone = await context.newPage();
    await phone.goto(host.phoneUrl);
    await phone.getByTestId(`pick-${idOf(LONG_NAME)}`).tap();
    await expect(phone.getByTestId('me')).toBeVisible();
    phones.push(phone);
  }
  const now = await untilBet(consolePage, phones[0]!);
  for (const [i, screen] of screens.entries()) {
    const phone = phones[i]!;
    await expectPhoneAgrees(phone, now);
    await expectNoSidewaysScroll(phone);
    // A 40-character name is cut as the TV cuts it (its first 11 characters and "…", the whole name in the title), never cut again; the stack beside it is whole.
    const row = phone.getByTestId(`phone-player-${idOf(LONG_NAME)}`);
    await expect(row.locator('.name')).toHaveText('Anne-Sophie…');
    await expect(row.locator('.name')).toHaveAttribute('title', LONG_NAME);
    const fit = await row.evaluate((li) => {
      const name = li.querySelector('.name')!;
      const stack = li.querySelector('.stack')!;
      return {
        cut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
        nameRight: name.getBoundingClientRect().right,
        stackLeft: stack.getBoundingClientRect().left,
        rowRight: li.getBoundingClientRect().right,
        stackRight: stack.getBoundingClientRect().right,
      };
    });
    expect(fit.cut).toBe(false);
    expect(fit.nameRight).toBeLessThanOrEqual(fit.stackLeft);
    expect(fit.stackRight).toBeLessThanOrEqual(fit.rowRight);
    if (screen.landscape) {
      // The table on the left, the people on the right, side by side.
      const table = await phone.locator('.table-side').boundingBox();
      const people = await phone.locator('.people-side').boundingBox();
      expect(table!.x + table!.width).toBeLessThanOrEqual(people!.x);
      expect(Math.abs(table!.y - people!.y)).toBeLessThan(2);
      // The table's side fits the screen's height without scrolling: whose turn, the pot, the odds, the cards, the banner.
      const side = await phone.locator('.table-side').evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(side.scroll, 'the table side should not need scrolling').toBeLessThanOrEqual(side.client + 1);
      for (const id of ['status', 'pot', 'odds', 'post-low', 'post-high', 'banner'])
        await expect(phone.getByTestId(id)).toBeInViewport({ ratio: 1 });
    }
    await screenshot(phone, screen.shot);
  }
  for (const phone of phones) await phone.context().close();
  await consolePage.context().close();
});

test('a phone comes back by itself after the host drops it or the phone goes offline, says meanwhile how old its table is, and catches up', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext(phoneContext('Pixel 7'));
  const phone = await context.newPage();
  await phone.goto(host.phoneUrl);
  const bob = idOf('Bob');
  await phone.getByTestId(`pick-${bob}`).tap();
  let consolePage = await openConsole(browser);
  await expectPhoneAgrees(phone, await picture(consolePage));
  await expect(phone.getByTestId('phone-connection')).toHaveCount(0);

  // The host dies (SIGKILL) and comes back on the same port: the phone says it is reconnecting, then is back by itself.
  const restarted = host.restart({ signal: 'SIGKILL' });
  await expect(phone.getByTestId('phone-connection')).toHaveAttribute('data-status', 'reconnecting');
  await expect(phone.getByTestId('last-update')).toBeVisible();
  await screenshot(phone, 'phone-reconnecting');
  await restarted;
  await expect(phone.getByTestId('phone-connection')).toHaveCount(0, { timeout: 15_000 });
  await consolePage.context().close();
  consolePage = await openConsole(browser);
  let now = await consoleStep(consolePage);
  await expectPhoneAgrees(phone, now);
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', bob);

  // The phone goes offline while the night goes on: it shows how old its table is, and catches up once back online.
  await context.setOffline(true);
  await expect(phone.getByTestId('phone-connection')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByTestId('last-update')).toHaveAttribute('data-seconds', /^\d+$/);
  await consoleStep(consolePage);
  now = await consoleStep(consolePage);
  await context.setOffline(false);
  await expect(phone.getByTestId('phone-connection')).toHaveCount(0, { timeout: 15_000 });
  await expectPhoneAgrees(phone, now);

  // The night ends on the console (R22, R23): the phone shows everyone's result and who pays whom, and Bob's own result is main's.
  while (now.phase === 'bet' || now.phase === 'ace-call') {
    now = await consoleStep(consolePage);
    await expectPhoneAgrees(phone, now);
  }
  // Alt+E: the loop may stop at a deck's cut, whose box takes E as typing.
  await consolePage.keyboard.press('Alt+e');
  await expect(consolePage.getByTestId('confirm')).toBeVisible();
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await expect(phone.getByTestId('phase')).toHaveAttribute('data-phase', 'ended');
  await expect(phone.getByTestId('results').locator('[data-testid^="result-"]')).toHaveCount(TONIGHT.length);
  const driver = await HostDriver.open(host.url);
  const ended = await driver.view();
  driver.close();
  const bobsResult = ended.night!.results!.find((r) => r.playerId === bob)!;
  await expect(phone.getByTestId('me-result')).toHaveAttribute('data-value', String(bobsResult.netMoney));
  await expect(phone.getByTestId('me-net-chips')).toHaveAttribute('data-value', String(bobsResult.netChips));
  // Bob's own luck against the odds, in a sentence with main's verdict.
  const bobsLuck = ended.night!.luck!.find((l) => l.playerId === bob)!;
  await expect(phone.getByTestId('me-luck')).toHaveAttribute('data-verdict', bobsLuck.verdict);
  await expect(phone.getByTestId('me-luck')).toHaveText(/^Luck: [+-]?[\d.]+ chips?: /);
  const transfers = ended.night!.settlement?.fewest.length ?? 0;
  await expect(phone.getByTestId('transfer')).toHaveCount(transfers);
  await expectNoSidewaysScroll(phone);
  await screenshot(phone, 'phone-night-over');

  // Check this night, from the phone: the decks and every rule re-judged by the night checker.
  await phone.getByTestId('phone-check-night').click();
  await expect(phone.getByTestId('phone-check-result')).toContainText(/all verified/);
  await expect(phone.getByTestId('phone-check-result')).toContainText('re-judged from the rules: all right');

  // Enter closes the night: in the lobby the phone waits for the next one and keeps Bob's running tab, tonight's transfers now in it.
  await consolePage.keyboard.press('Enter');
  await expect(phone.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
  await expect(phone.getByTestId('me')).toHaveAttribute('data-player', bob);
  await expect(phone.getByTestId('me-change')).toHaveCount(0);
  const lobbyDriver = await HostDriver.open(host.url);
  const lobbyTab = await lobbyDriver.ask('getTab', {});
  lobbyDriver.close();
  if (!lobbyTab.ok) throw new Error(lobbyTab.error.message);
  const bobsLines = lobbyTab.data.tab.filter((t) => t.from === bob || t.to === bob).length;
  await expect(phone.getByTestId('tab-owes').or(phone.getByTestId('tab-owed'))).toHaveCount(bobsLines);
  await screenshot(phone, 'phone-lobby');
  await phone.getByTestId('me-clear').tap();
  await expect(phone.getByTestId('me')).toHaveCount(0);

  await context.close();
  await consolePage.context().close();
});
