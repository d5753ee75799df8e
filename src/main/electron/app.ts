import { join } from 'node:path';
import { app, ipcMain, Menu, session } from 'electron';
import { openDealerService } from '../session';
import type { DealerService } from '../session/service';
import { createElectronStoreBackend } from '../store/electronStoreBackend';
import { registerIpc } from './ipc';
import { buildAppMenu } from './menu';
import { PRELOAD_PATH, rendererSource } from './renderer';
import { applyContentSecurityPolicy, denyAllPermissions, lockDownWebContents } from './security';
import { createDealerWindows, type DealerWindows } from './windows';

/**
 * Start the desktop app once Electron is ready: security first, then the
 * one writer (the service on electron-store files), then windows, IPC and
 * menu. Returns the windows so a second launch can focus the host console.
 */
export async function startDealerApp(): Promise<DealerWindows> {
  const source = rendererSource(app.isPackaged);
  const isDev = source.kind === 'dev-server';

  lockDownWebContents(app);
  applyContentSecurityPolicy(session.defaultSession, source);
  denyAllPermissions(session.defaultSession);

  const storage = await createElectronStoreBackend(join(app.getPath('userData'), 'data'));
  const service: DealerService = await openDealerService({ storage });

  const windows = createDealerWindows({ source, preloadPath: PRELOAD_PATH, onHostClosed: () => app.quit() });
  const unregisterIpc = registerIpc(ipcMain, { service, windows, source });
  Menu.setApplicationMenu(
    buildAppMenu({
      isDev,
      showTable: () => windows.showTable(),
      toggleFullScreen: (window) => windows.toggleFullScreen(window),
    }),
  );

  app.once('will-quit', () => {
    unregisterIpc();
    service.close();
  });

  windows.open();
  return windows;
}
