/**
 * Paying from the table (docs/design.md "Paying from the table"): a night is
 * played to its end on the headless host, every player has left payment
 * details, and the money then leaves the table the way a player would pay
 * (the TV turns from the results to its pages of codes every TV_PAGE_MS, its clock jumped by tvClock.ts):
 * the TV's bank QR codes and the payer's phone's are screenshot and decoded
 * (jsqr), each field checked against the transfer main computed (EPC069-12);
 * the phone's links carry the amount; the phone never receives the details
 * of a player nobody owes; a transfer marked paid takes its code off the TV.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { AppView, PayDetails, Transfer } from '../../src/shared';
import { hostForSpecFile } from './hostFixture';
import { HostDriver, phoneContext } from './phonePage';
import { jumpableClock, LOOK, untilTvTurns } from './tvClock';

const SHOTS = 'e2e/artifacts/screenshots';
const host = hostForSpecFile('5e77e1ed0ff1ce');
const PLAYERS = ['Zoë', 'Bob', 'Ann', 'Dev'];
/** Real, checksum-valid IBANs (the banks' own examples); the British one needs its BIC. */
const ACCOUNTS: Record<string, PayDetails> = {
  Zoë: { sepa: { name: 'Zoë Martin', iban: 'DE89370400440532013000', bic: '' }, paypal: 'zoepays', phone: '+34600111222' },
  Bob: { sepa: { name: 'Robert Smith', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' }, revolut: 'bobrev', venmo: 'bob-v' },
  Ann: { sepa: { name: 'Ann Dupont', iban: 'FR1420041010050500013M02606', bic: '' }, phone: '+33612345678' },
  Dev: { sepa: { name: 'Dev Jansen', iban: 'NL91ABNA0417164300', bic: '' }, paypal: 'devj' },
};

let ended: AppView;
const nameOf = (id: string): string => ended.night!.players.find((p) => p.id === id)!.name;
const transfers = (): Transfer[] => ended.night!.settlement!.fewest;

test.beforeAll(async () => {
  const driver = await HostDriver.open(host.url);
  try {
    let view = await driver.must('startNight', {
      players: PLAYERS.map((name) => ({ name })),
      startingChips: 20,
      chipValue: 25,
      currency: 'EUR',
    });
    for (const player of view.roster) await driver.must('setPayDetails', { party: player.id, pay: ACCOUNTS[player.name] });
    view = await driver.playTurns(30);
    ended = await driver.must('endNight', { stateId: view.night!.stateId });
  } finally {
    driver.close();
  }
  expect(transfers().length, 'the night ends with transfers to pay').toBeGreaterThan(0);
});

/** What a banking app reads from a drawn code: the element screenshot, decoded as UTF-8. */
async function decode(code: Locator): Promise<string> {
  const png = PNG.sync.read(await code.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(found, 'a QR code is found in the drawing').not.toBeNull();
  return Buffer.from(found!.binaryData).toString('utf8');
}

/** "In-Between 26 Nov": the night's date as its payments' reference. */
function reference(): string {
  const started = new Date(ended.night!.startedAt);
  return `In-Between ${started.getUTCDate()} ${started.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}`;
}

/** The EPC069-12 elements a transfer's code must carry, one a line. */
function expectedPayload(transfer: Transfer): string[] {
  const sepa = ACCOUNTS[nameOf(transfer.to)]!.sepa!;
  const euros = `${Math.floor(transfer.amount / 100)}.${String(transfer.amount % 100).padStart(2, '0')}`;
  return ['BCD', '002', '1', 'SCT', sepa.bic, sepa.name, sepa.iban, `EUR${euros}`, '', '', reference()];
}

/** The TV's end screen (results first), then the page of codes it turns to by itself within 15 s of its time. */
async function untilCodes(tv: Page, codesShown: () => Promise<void>): Promise<void> {
  await expect(tv.locator('[data-testid="phase"][data-phase="ended"]')).toBeVisible();
  await untilTvTurns(tv, codesShown);
}

/** Pixels a module of a drawn code takes on the screen (the quiet zone counted in its modules). */
async function modulePixels(code: Locator, deviceScale: number): Promise<number> {
  const box = await code.boundingBox();
  const modules = Number(await code.getAttribute('data-modules'));
  return ((box?.width ?? 0) * deviceScale) / modules;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const screen of [
  { name: '1080p', viewport: { width: 1920, height: 1080 }, minModule: 6 },
  { name: '4K', viewport: { width: 3840, height: 2160 }, minModule: 12 },
]) {
  test(`the TV's end screen draws one bank QR code per transfer, every field right, at least ${screen.minModule} px a module at ${screen.name}`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: screen.viewport, reducedMotion: 'reduce' });
    try {
      await jumpableClock(context);
      const tv = await context.newPage();
      await tv.goto(host.tableUrl);
      const codes = tv.getByTestId('tv-pay-code');
      await untilCodes(tv, () => expect(codes).toHaveCount(Math.min(3, transfers().length), LOOK));
      await settle(tv);
      if (screen.name === '1080p') await tv.screenshot({ path: `${SHOTS}/tv-pay-codes-1080p.jpg`, quality: 90 });
      for (const transfer of transfers().slice(0, 3)) {
        const code = tv.locator(
          `[data-testid="tv-pay-code"][data-from="${transfer.from}"][data-to="${transfer.to}"] [data-testid="pay-qr"]`,
        );
        expect((await decode(code)).split('\n')).toEqual(expectedPayload(transfer));
        expect(await modulePixels(code, 1)).toBeGreaterThanOrEqual(screen.minModule);
      }
    } finally {
      await context.close();
    }
  });
}

test('the payer’s phone shows "You pay", the bank code with every field right, the links with the amount, and copies the phone card', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const transfer = transfers()[0]!;
  const payee = ACCOUNTS[nameOf(transfer.to)]!;
  const context = await browser.newContext({ ...phoneContext('Pixel 7'), permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    const phone = await context.newPage();
    const received: string[] = [];
    phone.on('websocket', (socket) => socket.on('framereceived', (frame) => received.push(String(frame.payload))));
    await phone.goto(host.phoneUrl);
    await phone.getByTestId(`pick-${transfer.from}`).tap();
    const card = phone.locator(`[data-testid="pay-card"][data-to="${transfer.to}"]`);
    await expect(card).toContainText(nameOf(transfer.to));
    await card.getByTestId('pay-bank').tap();
    const code = card.getByTestId('pay-qr');
    await expect(code).toBeVisible();
    await settle(phone);
    await phone.screenshot({ path: `${SHOTS}/phone-pay-pixel7.png`, fullPage: true });
    expect((await decode(code)).split('\n')).toEqual(expectedPayload(transfer));
    // The same page on a large screen (a tablet, a laptop): the code still reads.
    await phone.setViewportSize({ width: 1920, height: 1080 });
    await card.scrollIntoViewIfNeeded();
    await settle(phone);
    await phone.screenshot({ path: `${SHOTS}/phone-pay-1920x1080.png` });
    expect((await decode(code)).split('\n')).toEqual(expectedPayload(transfer));
    await phone.setViewportSize(phoneContext('Pixel 7').viewport!);

    const euros = expectedPayload(transfer)[7]!.slice(3);
    if (payee.paypal) await expect(card.getByTestId('pay-paypal')).toHaveAttribute('href', `https://paypal.me/${payee.paypal}/${euros}EUR`);
    if (payee.revolut)
      await expect(card.getByTestId('pay-revolut')).toHaveAttribute(
        'href',
        `https://revolut.me/${payee.revolut}?amount=${euros}&currency=EUR`,
      );
    // Venmo pays in US dollars only: no link on a night in euros.
    await expect(card.getByTestId('pay-venmo')).toHaveCount(0);
    if (payee.phone) {
      await card.getByTestId('pay-phone').tap();
      await expect(card.getByTestId('pay-copied')).toContainText(`${payee.phone} ${euros} EUR ${reference()}`);
    }

    // Nobody owes a player who only pays: their IBAN never reached this phone.
    const owed = new Set(transfers().map((t) => t.to));
    for (const name of PLAYERS.filter((n) => !owed.has(ended.night!.players.find((p) => p.name === n)!.id))) {
      expect(received.join('\n')).not.toContain(ACCOUNTS[name]!.sepa!.iban);
    }
  } finally {
    await context.close();
  }
});

test('a transfer marked paid leaves the TV: its payee’s code is gone when nothing else is owed to them', async ({ browser }) => {
  const transfer = transfers()[0]!;
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const driver = await HostDriver.open(host.url);
  try {
    await jumpableClock(context);
    const tv = await context.newPage();
    await tv.goto(host.tableUrl);
    const code = tv.locator(`[data-testid="tv-pay-code"][data-to="${transfer.to}"]`);
    await untilCodes(tv, () => expect(code.first()).toBeVisible(LOOK));
    await driver.must('markTransfersPaid', { ids: [`${ended.night!.id}:${transfer.from}>${transfer.to}`], paid: true });
    const stillOwed = transfers().filter((t) => t !== transfer && t.to === transfer.to).length;
    await untilTvTurns(tv, () => expect(code).toHaveCount(stillOwed, LOOK));
  } finally {
    driver.close();
    await context.close();
  }
});

test('the console turns a kind of detail off for the night (the TV’s codes go, the copied text drops it), and refuses a mistyped IBAN in French', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const driver = await HostDriver.open(host.url);
  try {
    await jumpableClock(context);
    const tv = await context.newPage();
    await tv.goto(host.tableUrl);
    const page = await context.newPage();
    await page.goto(host.consoleUrl);
    const payeeName = nameOf(transfers().at(-1)!.to);
    const iban = ACCOUNTS[payeeName]!.sepa!.iban;

    await page.getByTestId('settle-copy').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`IBAN ${iban}`);
    await untilCodes(tv, () => expect(tv.getByTestId('tv-pay-code').first()).toBeVisible(LOOK));

    await page.getByTestId('pay-kind-sepa').first().uncheck();
    // No codes left: the TV stays on the results.
    await expect(tv.getByTestId('tv-pay-code')).toHaveCount(0);
    await expect(tv.getByTestId('settle-copy')).toHaveCount(0);
    await expect(tv.getByTestId('tv-settlement')).toBeVisible();
    await page.getByTestId('settle-copy').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(iban);
    await page.screenshot({ path: `${SHOTS}/console-pay-kinds.png` });
    await page.getByTestId('pay-kind-sepa').first().check();
    await untilTvTurns(tv, () => expect(tv.getByTestId('tv-pay-code').first()).toBeVisible(LOOK));

    // In the lobby, in French: E on a player, an IBAN with one digit mistyped.
    const view = await driver.view();
    await driver.must('closeNight', { stateId: view.night!.stateId });
    await driver.must('updatePreferences', { language: 'fr' });
    const ann = view.roster.find((p) => p.name === 'Ann')!;
    await page.getByTestId(`roster-${ann.id}`).click();
    await page.keyboard.press('e');
    const iBanField = page.getByTestId('pay-iban');
    await expect(iBanField).toHaveValue(ACCOUNTS.Ann!.sepa!.iban);
    await iBanField.fill('FR14 2004 1010 0505 0001 3M02 607');
    await iBanField.press('Enter');
    await expect(page.getByTestId('error')).toContainText('contient une faute de frappe');
    await page.screenshot({ path: `${SHOTS}/console-roster-pay.png` });
    const kept = await driver.ask('getPayDetails', {});
    expect(kept.ok && kept.data.players[ann.id]).toEqual(ACCOUNTS.Ann);

    await iBanField.fill('FR76 3000 6000 0112 3456 7890 189');
    await iBanField.press('Enter');
    await expect(page.getByTestId('roster-notice')).toBeVisible();
    const saved = await driver.ask('getPayDetails', {});
    expect(saved.ok && saved.data.players[ann.id]?.sepa?.iban).toBe('FR7630006000011234567890189');
  } finally {
    driver.close();
    await context.close();
  }
});

test('M3: the running tab on the TV draws the bank code of each debt, its reference naming the nights', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  const driver = await HostDriver.open(host.url);
  try {
    const answer = await driver.ask('getTab', {});
    if (!answer.ok) throw new Error(answer.error.message);
    const tab = answer.data;
    const debt = tab.tab.find((d) => ACCOUNTS[nameOf(d.to)]?.sepa);
    expect(debt, 'a debt to someone with a bank account').toBeDefined();
    await driver.must('showOnTable', { screen: { kind: 'tab' } });
    await jumpableClock(context);
    const tv = await context.newPage();
    const asked: string[] = [];
    tv.on('websocket', (socket) =>
      socket.on('framesent', (frame) => asked.push((JSON.parse(String(frame.payload)) as { method?: string }).method ?? '')),
    );
    await tv.goto(host.tableUrl);
    const code = tv.locator(`[data-testid="tv-pay-code"][data-from="${debt!.from}"][data-to="${debt!.to}"] [data-testid="pay-qr"]`);
    // The tab's debts first, then the page of codes the TV turns to by itself.
    await expect(tv.getByTestId('tv-tab-debt').first()).toBeVisible();
    await untilTvTurns(tv, () => expect(code).toBeVisible(LOOK));
    await settle(tv);
    await tv.screenshot({ path: `${SHOTS}/tv-tab-pay-codes-1080p.jpg`, quality: 90 });
    expect((await decode(code)).split('\n')).toEqual(expectedPayload(debt!));
    // The tab is asked for when the screen opens and when something changes, not again and again (the answers carry views too).
    await tv.waitForTimeout(1000);
    expect(asked.filter((m) => m === 'getTab').length).toBeLessThanOrEqual(2);
    expect(await modulePixels(code, 1)).toBeGreaterThanOrEqual(6);
  } finally {
    await driver.must('showOnTable', { screen: { kind: 'live' } });
    driver.close();
    await context.close();
  }
});
