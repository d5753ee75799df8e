import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { COMMAND_NAMES, commandsFor } from '../../src/shared/registry';
import { binaryVerdict, gateSpecs, ROOT } from './electronBinary';
import { launchDealer, removeUserData, throwawayUserData } from './launch';

/**
 * The real desktop app through Playwright's `_electron`. Where the Electron
 * binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD), every test here
 * is skipped, and the reason is printed so CI output shows it; under
 * REQUIRE_ELECTRON=1 (CI on GitHub) they fail instead (electronBinary.ts).
 */

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const VIEW_METHODS = ['getView', 'onView', 'toggleFullScreen'];
/** Each window's bridge, from the registry: the console has every command, the table only what its role may send. */
const EXPECTED_API = {
  '#/': [...COMMAND_NAMES, ...VIEW_METHODS, 'openTableWindow'].sort(),
  '#/table': [...commandsFor('table'), ...VIEW_METHODS].sort(),
};

test.describe('the Electron app', () => {
  gateSpecs('app.spec', binaryVerdict());
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let userData: string;
  let hostPage: Page;
  let tablePage: Page;

  test.beforeAll(async () => {
    userData = await throwawayUserData();
    ({ app, hostPage, tablePage } = await launchDealer(userData));
  });

  test.afterAll(async () => {
    await app?.close();
    await removeUserData(userData);
  });

  test('opens the host console and the table view from app://, under its own name', async () => {
    expect(hostPage.url()).toBe('app://dealer/index.html#/');
    expect(tablePage.url()).toBe('app://dealer/index.html#/table');
    const identity = await app.evaluate(({ app: electronApp }) => ({ name: electronApp.getName(), version: electronApp.getVersion() }));
    expect(identity).toEqual({ name: 'in-between-dealer', version: VERSION });
    // The console is shown, and it is the lobby, drawn by the real renderer.
    // Each window is shown once it has painted (ready-to-show).
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows()
            .map((w) => [w.getTitle(), w.isVisible()])
            .sort(),
        ),
      )
      .toEqual([
        ['In-Between Dealer: host console', true],
        ['In-Between Dealer: table', true],
      ]);
    await expect(hostPage.getByTestId('lobby')).toBeVisible();
  });

  test('app:// serves the pages with its CSP: the header is on every page, and a script put into the page does not run', async () => {
    const csp = await hostPage.evaluate(async () => (await fetch('/index.html')).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    const injected = await hostPage.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((done) => setTimeout(done, 100));
      return (window as { __injected?: boolean }).__injected ?? false;
    });
    expect(injected).toBe(false);
    // Nothing outside the app's folder is served.
    const outside = await hostPage.evaluate(async () => (await fetch('/../../package.json')).status);
    expect(outside).toBeGreaterThanOrEqual(400);
  });

  test('the table opens full screen on the second display when there is one, else as a second window beside the console', async () => {
    const layout = await app.evaluate(({ BrowserWindow, screen }) => {
      const windows = BrowserWindow.getAllWindows();
      const host = windows.find((w) => w.getTitle().endsWith('host console'))!;
      const table = windows.find((w) => w.getTitle().endsWith('table'))!;
      const laptop = screen.getDisplayMatching(host.getBounds());
      const tableDisplay = screen.getDisplayMatching(table.getBounds());
      return {
        displays: screen.getAllDisplays().length,
        separate: host.id !== table.id,
        tableFullScreen: table.isFullScreen(),
        tableOnLaptop: tableDisplay.id === laptop.id,
      };
    });
    console.log(`[e2e/electron] ${layout.displays} display(s): the table is ${layout.tableFullScreen ? 'full screen' : 'a window'}`);
    expect(layout.separate).toBe(true);
    if (layout.displays > 1) expect(layout).toMatchObject({ tableFullScreen: true, tableOnLaptop: false });
    else expect(layout).toMatchObject({ tableFullScreen: false, tableOnLaptop: true });
  });

  test('the table window has no command methods: it cannot start, deal, bet or end a night', async () => {
    const tableApi = await tablePage.evaluate(() => Object.keys(window.api ?? {}));
    for (const write of [
      'startNight',
      'drawForDealer',
      'deal',
      'bet',
      'endNight',
      'closeNight',
      'restore',
      'backup',
      'openTableWindow',
      'updatePreferences',
    ]) {
      expect(tableApi, write).not.toContain(write);
    }
  });

  test("each window's api has exactly its role's methods, and the page has no Node or IPC", async () => {
    for (const [route, page] of [
      ['#/', hostPage],
      ['#/table', tablePage],
    ] as const) {
      const surface = await page.evaluate(() => ({
        api: Object.keys(window.api ?? {}).sort(),
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        ipcRenderer: 'ipcRenderer' in window || 'ipcRenderer' in (window.api ?? {}),
        invoke: 'invoke' in (window.api ?? {}),
      }));
      expect(surface).toEqual({ api: EXPECTED_API[route], require: 'undefined', process: 'undefined', ipcRenderer: false, invoke: false });
    }
  });

  test('the bridge answers: getView returns the view from main', async () => {
    const view = await hostPage.evaluate(() => window.api!.getView());
    expect(view).toHaveProperty('night');
    expect(view).toHaveProperty('roster');
  });

  test('every window runs isolated and sandboxed', async () => {
    // getLastWebPreferences is Electron's own (undocumented) record of what each window was created with.
    const preferences = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((window) => {
        const contents = window.webContents as unknown as { getLastWebPreferences?: () => Record<string, unknown> | null };
        return contents.getLastWebPreferences?.() ?? null;
      }),
    );
    expect(preferences).toHaveLength(2);
    for (const webPreferences of preferences) {
      expect(webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    }
  });

  test('navigation away and new windows are refused', async () => {
    const before = hostPage.url();
    // Listen in main for the app's own verdict rather than sleeping.
    await app.evaluate(({ BrowserWindow }, url) => {
      const window = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL() === url)!;
      (globalThis as { navigationVerdict?: Promise<boolean> }).navigationVerdict = new Promise<boolean>((done) => {
        window.webContents.once('will-navigate', (event) => setImmediate(() => done(event.defaultPrevented)));
      });
    }, before);
    await hostPage.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    const prevented = await app.evaluate(() => (globalThis as { navigationVerdict?: Promise<boolean> }).navigationVerdict);
    expect(prevented).toBe(true);
    expect(hostPage.url()).toBe(before);

    const opened = await hostPage.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(2);
  });
});
