/**
 * The Electron entry point, kept thin: one instance per data folder, then
 * src/main/electron/app.ts does the rest.
 */
import { app, dialog } from 'electron';
import { startDealerApp } from './electron/app';
import type { DealerWindows } from './electron/windows';

// `--user-data-dir=DIR` keeps a test's or a second table's data apart (and its instance lock).
const userDataOverride = app.commandLine.getSwitchValue('user-data-dir');
if (userDataOverride) app.setPath('userData', userDataOverride);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let windows: DealerWindows | null = null;
  app.on('second-instance', () => windows?.focusHost());
  app.on('window-all-closed', () => app.quit());

  app
    .whenReady()
    .then(async () => {
      windows = await startDealerApp();
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error('In-Between Dealer could not start:', message);
      dialog.showErrorBox('In-Between Dealer could not start', message);
      app.exit(1);
    });
}
