/**
 * Shell wiring without the Electron binary: the real built main process
 * (out/main/index.js) runs in this Node process on a stand-in for Electron's
 * APIs (fakeElectron.ts); each window's page is the real built renderer in
 * Chromium, served by main's own `app://` protocol handler; the real built
 * preloads run with a stand-in contextBridge. What this proves and what only
 * the real binary can is in docs/development.md "Testing the shell".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { CHANNELS, COMMAND_NAMES, commandChannel, commandsFor, type AppView, type PhonesView } from '../../src/shared';
import { expectTableAgrees, nextPicture, picture } from '../browser/consolePage';
import { display, FakeElectron, type FakeBrowserWindow } from './fakeElectron';
import { runMainProcess } from './mainProcess';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LAPTOP = display(1, { x: 0, y: 0, width: 1920, height: 1080 }, 'laptop');
const TV = display(2, { x: 1920, y: 0, width: 3840, height: 2160 }, 'TV');
/** windows.ts DISPLAY_SETTLE_MS, and a margin: long enough for a loop to show itself. */
const SETTLED_MS = 300 * 3;
const VIEW_METHODS = ['getView', 'onView', 'toggleFullScreen'];

test.describe.configure({ mode: 'serial' });

let fake: FakeElectron;
let userData: string;
const savedEnv: Record<string, string | undefined> = {};

function windowOn(route: '#/' | '#/table'): FakeBrowserWindow | undefined {
  return fake.windows().find((window) => window.webContents.getURL() === `app://dealer/index.html${route}`);
}

async function pageOn(route: '#/' | '#/table'): Promise<Page> {
  const window = windowOn(route);
  if (!window) throw new Error(`no window on ${route}`);
  return window.page();
}

async function bothWindowsOnTheirRoutes(): Promise<void> {
  await expect
    .poll(
      () =>
        fake
          .windows()
          .map((window) => window.webContents.getURL())
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['app://dealer/index.html#/', 'app://dealer/index.html#/table']);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  // Deterministic regardless of the desktop the tests run on (see linuxDisplay.ts).
  for (const name of ['ELECTRON_RENDERER_URL', 'XDG_SESSION_TYPE', 'WAYLAND_DISPLAY']) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  userData = await mkdtemp(join(tmpdir(), 'dealer-shell-'));
  fake = new FakeElectron({ browser, userData, displays: [LAPTOP] });
  await runMainProcess(fake, join(root, 'out/main/index.js'));
  fake.app.becomeReady();
  await bothWindowsOnTheirRoutes();
});

test.afterAll(async () => {
  fake?.app.emit('will-quit');
  for (const window of fake?.windows() ?? []) window.close();
  for (const [name, value] of Object.entries(savedEnv)) if (value !== undefined) process.env[name] = value;
  if (userData) await rm(userData, { recursive: true, force: true });
});

test('app:// is privileged before ready, and both windows open on their routes from it, each with its own preload', async () => {
  expect(fake.protocol.registeredBeforeReady).toBe(true);
  expect(fake.app.sandboxEverything).toBe(true);
  expect(fake.protocol.privileged).toEqual([
    { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) as unknown },
  ]);
  expect(fake.protocol.isProtocolHandled('app')).toBe(true);
  expect(fake.errors).toEqual([]);

  const host = windowOn('#/')!;
  const table = windowOn('#/table')!;
  for (const [window, preload] of [
    [host, 'console.cjs'],
    [table, 'table.cjs'],
  ] as const) {
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window.options.webPreferences?.preload).toBe(join(root, 'out/preload', preload));
    expect(window.exposed.has('api')).toBe(true);
  }
  await expect.poll(() => host.visible && table.visible).toBe(true);

  const console = await host.page();
  const tv = await table.page();
  await expect(console.getByTestId('lobby')).toBeVisible();
  await expect(tv.getByTestId('phase')).toHaveAttribute('data-phase', 'lobby');
  // The renderer's files came through main's handler, with its CSP on the response.
  const csp = await console.evaluate(async () => (await fetch('/index.html')).headers.get('content-security-policy'));
  expect(csp).toContain("script-src 'self'");
});

test("each page's window.api is its role's: every command of the host on the console (none a paired laptop's alone), no write method on the table", async () => {
  const consoleApi = await (await pageOn('#/')).evaluate(() => Object.keys(window.api ?? {}).sort());
  const tableApi = await (await pageOn('#/table')).evaluate(() => Object.keys(window.api ?? {}).sort());
  expect(consoleApi).toEqual([...commandsFor('host'), ...VIEW_METHODS, 'openTableWindow'].sort());
  expect(tableApi).toEqual([...commandsFor('table'), ...VIEW_METHODS].sort());
  for (const write of ['startNight', 'bet', 'deal', 'endNight', 'restore', 'showOnTable', 'backup', 'openTableWindow']) {
    expect(tableApi, write).not.toContain(write);
  }
});

test('the console plays a turn through the real preload and main; the TV follows; the display is kept awake', async () => {
  test.setTimeout(90_000);
  const console = await pageOn('#/');
  const tv = await pageOn('#/table');
  await console.keyboard.press('Escape');
  await console.keyboard.press('n');
  await expect(console.getByTestId('new-player')).toBeFocused();
  for (const name of ['Ann', 'Bob', 'Cy']) {
    await console.keyboard.type(name);
    await console.keyboard.press('Enter');
    await expect(console.getByTestId('new-player')).toHaveValue('');
  }
  let now = await picture(console);
  await console.keyboard.press('Enter');
  now = await nextPicture(console, now, 'starting the night');
  expect(now.pot).toBe(3);
  expect(fake.log).toContain('powerSaveBlocker.start prevent-display-sleep');
  expect([...fake.powerSaveBlocker.active.values()]).toEqual(['prevent-display-sleep']);

  for (let step = 0; now.turns < 1 && step < 40; step++) {
    const keys = now.phase === 'bet' ? [...String(now.betLimits?.min ?? 1), 'Enter'] : now.phase === 'ace-call' ? ['h'] : ['Enter'];
    for (const key of keys) await console.keyboard.press(key);
    now = await nextPicture(console, now, `${keys.join(' ')} in ${now.phase}`);
    await expectTableAgrees(tv, now);
  }
  expect(now.turns).toBe(1);
  expect(now.lastTurn?.n).toBe(1);
});

test('a write sent from the table window anyway is refused by main, naming the role, and nothing changes', async () => {
  const table = windowOn('#/table')!;
  const console = await pageOn('#/');
  const before = await picture(console);
  const viewBefore = JSON.stringify(await table.webContents.ipc.invoke(CHANNELS.getView));

  for (const command of COMMAND_NAMES.filter((name) => !commandsFor('table').includes(name))) {
    const answer = (await table.webContents.ipc.invoke(commandChannel(command), { stateId: 0, amount: 1 })) as {
      ok: boolean;
      error?: { code: string; message: string; params?: Record<string, unknown> };
    };
    expect(answer.ok, command).toBe(false);
    expect(answer.error?.code, command).toBe('forbidden-role');
    expect(answer.error?.params).toEqual({ role: 'table', command });
    expect(answer.error?.message).toContain('table');
  }
  await expect(table.webContents.ipc.invoke(CHANNELS.openTableWindow)).rejects.toThrow(/table window may not call openTableWindow/);

  // The history questions the TV may ask still answer it.
  const nights = (await (await pageOn('#/table')).evaluate(() => window.api!.listNights({}))) as { ok: boolean };
  expect(nights.ok).toBe(true);

  expect(JSON.stringify(await table.webContents.ipc.invoke(CHANNELS.getView))).toBe(viewBefore);
  expect(await picture(console)).toEqual(before);
});

/** The Game menu's item `id` as main built it last (the menu is built again when phones start or stop). */
function menuItem(id: string): { checked?: boolean; enabled?: boolean; click(): void } {
  const menu = fake.Menu.applicationMenu as { template: { submenu?: { id?: string }[] }[] };
  const item = menu.template.flatMap((top) => top.submenu ?? []).find((entry) => entry.id === id);
  if (!item) throw new Error(`no menu item ${id}`);
  return item as { checked?: boolean; click(): void };
}

async function phonesOf(window: FakeBrowserWindow): Promise<PhonesView> {
  const view = (await window.webContents.ipc.invoke(CHANNELS.getView)) as AppView;
  if (!view.phones) throw new Error('the view has no phones field');
  return view.phones;
}

test('"Let Phones Watch" in the menu starts the LAN listener in main for the same night; a phone reads, cannot write, and is closed when it is unticked', async () => {
  const table = windowOn('#/table')!;
  const console = await pageOn('#/');
  expect(await phonesOf(table)).toMatchObject({ state: 'off', links: [] });
  expect(menuItem('let-phones-watch').checked).toBe(false);
  expect(menuItem('new-phone-link').enabled).toBe(false);

  menuItem('let-phones-watch').click();
  await expect.poll(async () => (await phonesOf(table)).state, { timeout: 10_000 }).not.toBe('off');
  const phones = await phonesOf(table);
  // The console's bar and the menu's tick follow main's view.
  await expect(console.getByTestId('phones-button')).toHaveAttribute('data-state', phones.state);
  expect(menuItem('let-phones-watch').checked).toBe(true);
  expect(menuItem('new-phone-link').enabled).toBe(true);
  expect(phones.port).toBeGreaterThan(0);
  if (phones.state === 'no-network') {
    // No LAN address on this machine: nobody could reach the link, so none is given (the console says why).
    await expect(console.getByTestId('phones-problem')).toContainText('No network');
  } else {
    expect(phones.state).toBe('on');
    const link = phones.links[0]!;
    expect(link).toMatch(new RegExp(`^http://[\\d.]+:${phones.port}/phone\\.html\\?token=[a-z2-9]{16}$`));
    const token = new URL(link).searchParams.get('token')!;
    // A phone on the listener (reached on loopback here) holds the same night as the console.
    const phone = new WebSocket(`ws://127.0.0.1:${phones.port}/ws?role=phone&token=${token}`);
    const messages: { type: string; id?: number; result?: { ok: boolean; view?: AppView; error?: { code: string } } }[] = [];
    phone.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as (typeof messages)[number]));
    await new Promise((done, failed) => phone.once('open', done).once('error', failed));
    const reply = async (id: number, method: string, args?: unknown) => {
      phone.send(JSON.stringify({ id, method, args }));
      await expect.poll(() => messages.some((m) => m.id === id), { timeout: 5000 }).toBe(true);
      return messages.find((m) => m.id === id)!.result!;
    };
    const seen = await reply(1, 'getView');
    const mainView = (await table.webContents.ipc.invoke(CHANNELS.getView)) as AppView;
    expect(seen.view?.night?.id).toBe(mainView.night?.id);
    expect(seen.view?.night?.stateId).toBe(mainView.night?.stateId);
    await expect(console.getByTestId('phones-connected')).toHaveAttribute('data-count', '1');
    for (const [id, method] of [
      [2, 'deal'],
      [3, 'setPhoneAccess'],
      [4, 'endNight'],
    ] as const) {
      expect((await reply(id, method, { stateId: mainView.night?.stateId ?? 0, on: false })).error?.code).toBe('forbidden-role');
    }
    // Unticking it closes the phone at once.
    const closed = new Promise((done) => phone.once('close', done));
    menuItem('let-phones-watch').click();
    await closed;
  }
  if (phones.state === 'no-network') menuItem('let-phones-watch').click();
  await expect.poll(async () => (await phonesOf(table)).state, { timeout: 10_000 }).toBe('off');
  expect(menuItem('let-phones-watch').checked).toBe(false);
  expect(fake.errors).toEqual([]);
});

test('"Open table view" on the console reopens a closed table window and brings it to the front', async () => {
  windowOn('#/table')!.close();
  await expect.poll(() => fake.windows().length).toBe(1);
  const console = await pageOn('#/');
  await console.getByTestId('open-table').click();
  await bothWindowsOnTheirRoutes();
  const tv = await pageOn('#/table');
  await expect(tv.getByTestId('pot')).toHaveAttribute('data-value', String((await picture(console)).pot));
  await console.getByTestId('open-table').click();
  await expect.poll(() => fake.log.at(-1)).toBe('focus In-Between Dealer: table');
  expect(fake.windows()).toHaveLength(2);
});

test('the table moves full screen onto a TV plugged in, back onto the laptop when it is unplugged, and stays put otherwise', async () => {
  test.setTimeout(60_000);
  const table = windowOn('#/table')!;
  expect(table.isFullScreen()).toBe(false);
  const fullScreenCalls = () => fake.log.filter((line) => line.startsWith('setFullScreen In-Between Dealer: table')).length;

  fake.screen.addDisplay(TV);
  await expect.poll(() => table.isFullScreen(), { timeout: 10_000 }).toBe(true);
  expect(table.getBounds()).toEqual(TV.bounds);

  // Going full screen changed the TV's work area (display-metrics-changed): nothing may follow.
  const settledCalls = fullScreenCalls();
  fake.screen.metricsChanged(TV.id);
  fake.screen.metricsChanged(LAPTOP.id);
  await new Promise((done) => setTimeout(done, SETTLED_MS));
  expect(fullScreenCalls()).toBe(settledCalls);
  expect(table.isFullScreen()).toBe(true);

  fake.screen.removeDisplay(TV.id);
  await expect.poll(() => table.isFullScreen(), { timeout: 10_000 }).toBe(false);
  await expect.poll(() => table.getBounds().x + table.getBounds().width <= LAPTOP.bounds.width).toBe(true);
  await new Promise((done) => setTimeout(done, SETTLED_MS));
  expect(table.isFullScreen()).toBe(false);
  // The game went on the whole time: the TV still shows it.
  await expect((await table.page()).getByTestId('phase')).toHaveAttribute('data-phase', /.+/);
});

test('only our own pages may write to the clipboard ("Copy as text"); other permissions are refused', () => {
  const session = fake.session.defaultSession;
  const host = windowOn('#/')!;
  const check = session.permissionCheckHandler!;
  expect(check(host.webContents, 'clipboard-sanitized-write', 'app://dealer/', {})).toBe(true);
  expect(check(host.webContents, 'clipboard-sanitized-write', 'https://example.com/', {})).toBe(false);
  expect(check(host.webContents, 'clipboard-read', 'app://dealer/', {})).toBe(false);
  expect(check(host.webContents, 'media', 'app://dealer/', {})).toBe(false);
  const answers: boolean[] = [];
  session.permissionRequestHandler!(host.webContents, 'clipboard-sanitized-write', (granted) => answers.push(granted), {
    requestingUrl: 'app://dealer/index.html#/',
  });
  session.permissionRequestHandler!(host.webContents, 'notifications', (granted) => answers.push(granted), {
    requestingUrl: 'app://dealer/index.html#/',
  });
  session.permissionRequestHandler!({}, 'clipboard-sanitized-write', (granted) => answers.push(granted), {
    requestingUrl: 'app://dealer/',
  });
  expect(answers).toEqual([true, false, false]);
});

test('when the first view is refused, the window says why instead of showing a blank page', async () => {
  const table = windowOn('#/table')!;
  const getView = fake.ipcMain.handlers.get(CHANNELS.getView)!;
  fake.ipcMain.handlers.set(CHANNELS.getView, () => {
    throw new Error('IPC refused: the dealer is closing');
  });
  const page = await table.page();
  try {
    await page.reload();
    await expect(page.getByTestId('start-failure')).toBeVisible();
    await expect(page.getByTestId('start-failure-reason')).toContainText('IPC refused: the dealer is closing');
  } finally {
    fake.ipcMain.handlers.set(CHANNELS.getView, getView);
  }
  await page.reload();
  await expect(page.getByTestId('phase')).toBeVisible();
});

test('a page from another origin, even in one of our windows, is refused by main', async () => {
  const table = windowOn('#/table')!;
  await table.loadURL('http://elsewhere.localhost/');
  const page = await table.page();
  await expect(page.getByText('another origin')).toBeVisible();
  // The preload runs there too (as in Electron), but main refuses every call from that origin.
  const refusal = await page.evaluate(() =>
    window.api!.getView().then(
      () => 'answered',
      (error: Error) => error.message,
    ),
  );
  expect(refusal).toMatch(/IPC refused: unexpected origin http:\/\/elsewhere\.localhost/);
  await expect(table.webContents.ipc.invoke(commandChannel('listNights'), {})).rejects.toThrow(/unexpected origin/);
});
