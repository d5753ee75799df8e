/**
 * Letting phones watch: W on the console starts the phones' LAN
 * listener; the console shows the viewer link and how many phones watch; the
 * TV shows the link as a QR code (with the short link) in the lobby and a
 * small code in its top line during play; "New link" disconnects the phones
 * holding the old one; W again disconnects them all and ends the link (on
 * again, a new one). The phone page takes the token out of its address and
 * gets in again after a reload with its cookie. The host runs with
 * `--phone-address 127.0.0.1` (hostProcess.ts), so the link opens here.
 * Screenshots of the console and the TV at 1080p go to e2e/artifacts/phones/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { hostForSpecFile } from './hostFixture';

const SHOTS = 'e2e/artifacts/phones';
const host = hostForSpecFile('9f0e5ee5');

/** A phone's socket on the LAN listener: resolves with it and the close code it will get. */
function phoneSocket(
  link: string,
): Promise<{ socket: WebSocket; closed: Promise<number>; ask(method: string, args: unknown): Promise<unknown> }> {
  const url = new URL(link);
  const socket = new WebSocket(`ws://${url.host}/ws?role=phone&token=${url.searchParams.get('token') ?? ''}`);
  const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
  let nextId = 1;
  const ask = (method: string, args: unknown): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      const onMessage = (data: Buffer): void => {
        const message = JSON.parse(data.toString('utf8')) as { type: string; id?: number; result?: unknown };
        if (message.type !== 'reply' || message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, args }));
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, closed, ask }));
    socket.once('error', reject);
  });
}

async function linkOnConsole(console: Page): Promise<string> {
  const link = (await console.getByTestId('phones-link').textContent()) ?? '';
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/phone\.html\?token=[a-z2-9]{16}$/);
  return link;
}

test('W lets phones watch: the link on the console, a QR code on the TV, a phone reads but cannot write; new link and W again disconnect', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const console = await context.newPage();
  const tv = await context.newPage();
  await console.goto(host.consoleUrl);
  await tv.goto(host.tableUrl);
  await expect(tv.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
  await expect(console.getByTestId('phones-button')).toHaveAttribute('data-state', 'off');
  await expect(tv.getByTestId('phone-qr')).toHaveCount(0);

  // W, from the lobby (Esc leaves the new-player box first, where W would be a letter of a name).
  await console.keyboard.press('Escape');
  await console.keyboard.press('w');
  await expect(console.getByTestId('phones-bar')).toHaveAttribute('data-state', 'on');
  const link = await linkOnConsole(console);
  const short = link.replace('http://', '').replace('phone.html', '');

  // The TV in the lobby: the QR code of exactly that link, and the short link beside it.
  const qr = tv.getByTestId('tv-phones').getByTestId('phone-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-link', link);
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  await expect(tv.getByTestId('tv-phone-link')).toHaveText(short);
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThan(300); // about 36% of 1080 px: scannable from the sofa
  await tv.screenshot({ path: `${SHOTS}/tv-lobby-qr.jpg`, quality: 90 });

  // A phone holding the link is counted, reads the view, and is refused any change.
  const phone = await phoneSocket(link);
  await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '1');
  const view = (await phone.ask('getView', undefined)) as { ok: boolean; view: { phones: { links: string[] } } };
  expect(view.ok && view.view.phones.links[0]).toBe(link);
  const write = (await phone.ask('startNight', { playerIds: [], startingChips: 20, chipValue: 0, currency: '', settings: {} })) as {
    ok: boolean;
    error?: { code: string };
  };
  expect(write.error?.code).toBe('forbidden-role');
  // The listener never serves the console.
  const origin = new URL(link).origin;
  const token = new URL(link).searchParams.get('token');
  expect((await fetch(`${origin}/index.html?token=${token}`)).status).toBe(404);
  expect((await fetch(`${origin}/phone.html`)).status).toBe(401);

  // The real phone page, opened from the link and from the short one: it loads whole (every file it needs
  // is on the list the listener serves) and watches the same lobby.
  for (const opened of [link, `http://${short}`]) {
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phonePage = await phoneContext.newPage();
    const refused: string[] = [];
    phonePage.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    phonePage.on('requestfailed', (request) => refused.push(`failed ${request.url()}`));
    await phonePage.goto(opened);
    await expect(phonePage.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
    await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '2');
    // The token leaves the address bar once the page has it; a reload gets in with the cookie the link left.
    await expect.poll(() => new URL(phonePage.url()).search).toBe('');
    await phonePage.reload();
    await expect(phonePage.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
    await expect(phonePage.getByTestId('phone-connection')).toHaveCount(0);
    await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '2');
    expect(refused).toEqual([]);
    await phoneContext.close();
    await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '1');
  }
  await console.screenshot({ path: `${SHOTS}/console-phones-on.png` });

  // A night starts: the TV's top line keeps a small code for latecomers.
  await console.keyboard.press('n');
  for (const name of ['Ann', 'Bob']) {
    await console.keyboard.type(name);
    await console.keyboard.press('Enter');
  }
  await console.keyboard.press('Enter');
  await expect(tv.getByTestId('phase')).not.toHaveAttribute('data-phase', 'lobby');
  const badge = tv.getByTestId('phone-badge');
  await expect(badge).toBeVisible();
  await expect(badge.getByTestId('phone-qr')).toHaveAttribute('data-link', link);
  await tv.screenshot({ path: `${SHOTS}/tv-play-badge.jpg`, quality: 90 });

  // On request the whole TV shows the code, and back.
  await console.getByTestId('phones-on-tv').click();
  await expect(tv.getByTestId('phones-screen').getByTestId('phone-qr')).toHaveAttribute('data-link', link);
  await console.getByTestId('phones-on-tv').click();
  await expect(tv.getByTestId('phones-screen')).toHaveCount(0);

  // A new link: the phone holding the old one is disconnected; the TV shows the new one.
  await console.getByTestId('phones-new-link').click();
  expect(await phone.closed).toBe(4401);
  await expect(console.getByTestId('phones-link')).not.toHaveText(link);
  const renewed = await linkOnConsole(console);
  await expect(badge.getByTestId('phone-qr')).toHaveAttribute('data-link', renewed);
  await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '0');

  // W again: every phone is disconnected at once, and the code leaves the TV.
  const second = await phoneSocket(renewed);
  const third = await phoneSocket(renewed);
  await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '2');
  await console.keyboard.press('w');
  await Promise.all([second.closed, third.closed]);
  await expect(console.getByTestId('phones-bar')).toHaveCount(0);
  await expect(console.getByTestId('phones-button')).toHaveAttribute('data-state', 'off');
  await expect(badge).toHaveCount(0);

  // W on again: a new link, at once on the TV; the one before it opens nothing any more.
  await console.keyboard.press('w');
  await expect(console.getByTestId('phones-bar')).toHaveAttribute('data-state', 'on');
  const again = await linkOnConsole(console);
  expect(new URL(again).searchParams.get('token')).not.toBe(new URL(renewed).searchParams.get('token'));
  await expect(badge.getByTestId('phone-qr')).toHaveAttribute('data-link', again);
  const againOrigin = new URL(again).origin;
  expect((await fetch(`${againOrigin}/phone.html?token=${new URL(renewed).searchParams.get('token')}`)).status).toBe(401);
  await expect(phoneSocket(`${againOrigin}/phone.html?token=${new URL(renewed).searchParams.get('token')}`)).rejects.toThrow('401');
  const fresh = await phoneSocket(again);
  await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '1');
  fresh.socket.close();
  await console.keyboard.press('w');
  await expect(console.getByTestId('phones-button')).toHaveAttribute('data-state', 'off');
  await context.close();
});
