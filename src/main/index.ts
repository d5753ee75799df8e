/**
 * The Electron entry point, kept thin: what must happen before `ready` (our
 * `app://` scheme, the Linux display backend), one instance per data folder,
 * then src/main/electron/app.ts does the rest.
 *
 * `--user-data-dir=DIR` (a test's or a second table's data, and its instance
 * lock) is applied by Electron itself; the app does not copy it.
 * `--data-dir=DIR` and a `portable` file beside the executable choose the
 * data folder (electron/dataLocation.ts).
 * `--smoke-report=FILE` (with --user-data-dir) is the release workflow's
 * smoke run of the packaged app (electron/smokeRun.ts).
 */
import fs from 'node:fs';
import { app, dialog, protocol } from 'electron';
import { startDealerApp } from './electron/app';
import { dataLocation, startAfterLostPointer, withDataPointer } from './electron/dataLocation';
import { pointerProblem, readPointer } from './electron/dataMove';
import { APP_SCHEME_PRIVILEGES } from './electron/appProtocol';
import { chooseDisplayBackend } from './electron/linuxDisplay';
import { runSmokeCheck } from './electron/smokeCheck';
import { smokeRequest } from './electron/smokeRun';
import type { DealerWindows } from './electron/windows';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
// Every renderer sandboxed, whatever a window's preferences say (each window also asks for it).
app.enableSandbox();

const backend = chooseDisplayBackend({
  platform: process.platform,
  env: process.env,
  ozonePlatform: app.commandLine.getSwitchValue('ozone-platform'),
});
if (backend.forceX11) app.commandLine.appendSwitch('ozone-platform', 'x11');

// Where the data lives (--data-dir, or a portable copy), decided before the one-instance lock, which is per folder.
const chosen = dataLocation({
  argv: process.argv,
  execPath: process.execPath,
  env: process.env,
  userData: app.getPath('userData'),
  exists: fs.existsSync,
});
if (chosen.userData) app.setPath('userData', chosen.userData);
// A folder the host moved the data to from the console (electron/dataMove.ts); its pointer lost or damaged, the host is asked.
const lost = startAfterLostPointer(chosen, pointerProblem(app.getPath('userData')), fs.existsSync);
const location = lost.choice ? lost.location : withDataPointer(chosen, readPointer(app.getPath('userData')));

const smoke = smokeRequest(process.argv);

if (smoke.kind === 'refused') {
  console.error(`In-Between Dealer: ${smoke.reason}`);
  app.exit(2);
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let windows: DealerWindows | null = null;
  app.on('second-instance', () => windows?.focusHost());
  app.on('window-all-closed', () => app.quit());

  app
    .whenReady()
    .then(async () => {
      windows = await startDealerApp({
        canPlaceWindows: backend.canPlaceWindows,
        dataDir: location.dataDir,
        dataMovable: location.how !== 'data-dir',
        updates: smoke.kind !== 'run',
        ...(lost.choice ? { lostPointer: lost.choice } : {}),
      });
      if (smoke.kind === 'run') void runSmokeCheck(windows, smoke.reportPath);
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error('In-Between Dealer could not start:', message);
      dialog.showErrorBox('In-Between Dealer could not start', message);
      app.exit(1);
    });
}
