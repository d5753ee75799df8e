import { join } from 'node:path';
import { app, ipcMain, Menu, powerSaveBlocker, protocol, session } from 'electron';
import { openDealerService } from '../session';
import type { DealerService } from '../session/service';
import { createElectronStoreBackend } from '../store/electronStoreBackend';
import { createAppRequestHandler } from './appProtocol';
import { registerIpc } from './ipc';
import { createNightAwakeKeeper } from './keepAwake';
import { buildAppMenu } from './menu';
import { APP_SCHEME, PRELOAD_PATHS, rendererSource } from './renderer';
import { applyDevServerContentSecurityPolicy, contentSecurityPolicy, lockDownWebContents, restrictPermissions } from './security';
import { createDealerWindows, type DealerWindows } from './windows';

export interface StartOptions {
  /** False on native Wayland (linuxDisplay.ts): the table is not moved between displays. */
  canPlaceWindows: boolean;
}

/**
 * Start the desktop app once Electron is ready: security first (our origin
 * served from `app://`, CSP, permissions, navigation), then the one writer
 * (the service on electron-store files), then windows, IPC, menu and the
 * power save blocker. Returns the windows so a second launch can focus the
 * host console.
 */
export async function startDealerApp(options: StartOptions): Promise<DealerWindows> {
  const source = rendererSource(app.isPackaged);
  const isDev = source.kind === 'dev-server';

  lockDownWebContents(app);
  if (source.kind === 'app') protocol.handle(APP_SCHEME, createAppRequestHandler(source.rootDir, contentSecurityPolicy(source)));
  applyDevServerContentSecurityPolicy(session.defaultSession, source);

  const storage = await createElectronStoreBackend(join(app.getPath('userData'), 'data'));
  const service: DealerService = await openDealerService({ storage });

  const windows = createDealerWindows({
    source,
    preloads: PRELOAD_PATHS,
    canPlaceWindows: options.canPlaceWindows,
    onHostClosed: () => app.quit(),
  });
  restrictPermissions(session.defaultSession, source, (contents) => windows.roleOf(contents) !== null);
  const unregisterIpc = registerIpc(ipcMain, { service, windows, source });
  Menu.setApplicationMenu(
    buildAppMenu({
      isDev,
      showTable: () => windows.showTable(),
      toggleFullScreen: (window) => windows.toggleFullScreen(window),
    }),
  );

  // Keep the TV awake while a night is open (a resumed one too), and let it sleep after.
  const awake = createNightAwakeKeeper(powerSaveBlocker);
  awake.update(service.getView());
  const stopFollowingNight = service.onView((view) => awake.update(view));

  app.once('will-quit', () => {
    stopFollowingNight();
    awake.release();
    unregisterIpc();
    service.close();
  });

  windows.open();
  return windows;
}
