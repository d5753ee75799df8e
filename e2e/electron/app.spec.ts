import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { COMMAND_NAMES } from '../../src/shared/registry';

/**
 * The real desktop app through Playwright's `_electron`. Where the Electron
 * binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD), every test here
 * is skipped, and the reason is printed so CI output shows it.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mainEntry = join(root, 'out/main/index.js');

function findElectronBinary(): { path: string; installed: boolean } {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('electron/package.json'));
  try {
    // The package's main export is the binary's path; it throws when the download was skipped.
    const path = require('electron') as string;
    return { path, installed: existsSync(path) };
  } catch {
    return { path: join(packageDir, 'dist', process.platform === 'win32' ? 'electron.exe' : 'electron'), installed: false };
  }
}

const binary = findElectronBinary();
const skipReason = `Electron binary not installed: ${binary.path} missing (ELECTRON_SKIP_BINARY_DOWNLOAD)`;
if (!binary.installed) console.log(`[e2e/electron] skipped: ${skipReason}`);

const EXPECTED_API = [...COMMAND_NAMES, 'getView', 'onView', 'toggleFullScreen'].sort();

test.describe('the Electron app', () => {
  test.skip(!binary.installed, skipReason);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let userData: string;
  let hostPage: Page;
  let tablePage: Page;

  test.beforeAll(async () => {
    userData = await mkdtemp(join(tmpdir(), 'dealer-electron-'));
    const env = { ...process.env } as Record<string, string>;
    delete env['ELECTRON_RENDERER_URL'];
    app = await electron.launch({
      executablePath: binary.path,
      args: [
        mainEntry,
        `--user-data-dir=${userData}`,
        // Chromium refuses to start as root with its OS sandbox (CI containers); the renderer sandbox stays on.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
      env,
    });
    await expect.poll(() => app.windows().length, { timeout: 20_000 }).toBe(2);
    for (const page of app.windows()) await page.waitForLoadState('domcontentloaded');
    const byRoute = (hash: string) => app.windows().find((page) => new URL(page.url()).hash === hash);
    hostPage = byRoute('#/')!;
    tablePage = byRoute('#/table')!;
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  test('opens the host console and the table view from the built renderer', () => {
    expect(hostPage, 'a window on #/').toBeDefined();
    expect(tablePage, 'a window on #/table').toBeDefined();
    for (const page of [hostPage, tablePage]) {
      expect(page.url()).toMatch(/^file:\/\/.*\/out\/renderer\/index\.html#/);
    }
  });

  test('window.api has exactly the documented methods, and the page has no Node or IPC', async () => {
    for (const page of [hostPage, tablePage]) {
      const surface = await page.evaluate(() => ({
        api: Object.keys(window.api ?? {}).sort(),
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        ipcRenderer: 'ipcRenderer' in window || 'ipcRenderer' in (window.api ?? {}),
        invoke: 'invoke' in (window.api ?? {}),
      }));
      expect(surface).toEqual({ api: EXPECTED_API, require: 'undefined', process: 'undefined', ipcRenderer: false, invoke: false });
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
