import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { COMMAND_NAMES, commandsFor } from '../../src/shared/registry';

/**
 * The real desktop app through Playwright's `_electron`. Where the Electron
 * binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD), every test here
 * is skipped, and the reason is printed so CI output shows it.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where the `electron` package would take the binary from, found without
 * requiring the package: since Electron 45 requiring it with the binary
 * missing starts a download (which hangs or fails offline).
 */
function findElectronBinary(): { path: string; installed: boolean } {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const path = override ? join(override, relative) : join(packageDir, 'dist', relative);
  return { path, installed: existsSync(path) };
}

const binary = findElectronBinary();
const skipReason = `Electron binary not installed: ${binary.path} missing (ELECTRON_SKIP_BINARY_DOWNLOAD; \`npx install-electron --no\` fetches it)`;
if (!binary.installed) console.log(`[e2e/electron] skipped: ${skipReason}`);

const VIEW_METHODS = ['getView', 'onView', 'toggleFullScreen'];
/** Each window's bridge, from the registry: the console has every command, the table only what its role may send. */
const EXPECTED_API = {
  '#/': [...COMMAND_NAMES, ...VIEW_METHODS, 'openTableWindow'].sort(),
  '#/table': [...commandsFor('table'), ...VIEW_METHODS].sort(),
};

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
    // No executablePath: that would bypass Playwright's Electron loader. The
    // `electron` package finds the binary (ELECTRON_OVERRIDE_DIST_PATH too), and
    // launching the project folder makes the app's name and version its own.
    app = await electron.launch({
      cwd: root,
      args: [
        '.',
        `--user-data-dir=${userData}`,
        // Chromium refuses to start as root with its OS sandbox (CI containers); the renderer sandbox stays on.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
      env,
    });
    const byRoute = (hash: string) => app.windows().find((page) => new URL(page.url()).hash === hash);
    // Both windows exist and have reached their routes before anything uses them.
    await expect
      .poll(
        () =>
          app
            .windows()
            .map((page) => new URL(page.url() || 'about:blank').hash)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(['#/', '#/table']);
    hostPage = byRoute('#/')!;
    tablePage = byRoute('#/table')!;
    for (const page of [hostPage, tablePage]) await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  test('opens the host console and the table view from app://, under its own name', async () => {
    expect(hostPage.url()).toBe('app://dealer/index.html#/');
    expect(tablePage.url()).toBe('app://dealer/index.html#/table');
    const identity = await app.evaluate(({ app: electronApp }) => ({ name: electronApp.getName(), version: electronApp.getVersion() }));
    expect(identity).toEqual({ name: 'in-between-dealer', version: '0.1.0' });
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
