import { join } from 'node:path';
import { app, Menu, powerSaveBlocker, protocol, session } from 'electron';
import { openDealerService } from '../session';
import { withPhoneAccess } from '../host/phoneService';
import { createElectronStoreBackend } from '../store/electronStoreBackend';
import { createAppRequestHandler } from './appProtocol';
import { registerIpc } from './ipc';
import { pointToMovedData, setOldDataAside } from './dataMove';
import { createNightAwakeKeeper } from './keepAwake';
import { osKeychain } from './keychain';
import { buildAppMenu } from './menu';
import { APP_SCHEME, BUILT_RENDERER_DIR, PRELOAD_PATHS, rendererSource } from './renderer';
import { applyDevServerContentSecurityPolicy, contentSecurityPolicy, lockDownWebContents, restrictPermissions } from './security';
import { createDealerWindows, type DealerWindows } from './windows';

export interface StartOptions {
  /** False on native Wayland (linuxDisplay.ts): the table is not moved between displays. */
  canPlaceWindows: boolean;
  /** The data folder (dataLocation.ts: --data-dir, portable, or the per-user folder). */
  dataDir?: string;
  /** False when --data-dir chose the folder: the console cannot move it then. */
  dataMovable?: boolean;
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

  const dataDir = options.dataDir ?? join(app.getPath('userData'), 'data');
  // Running on a folder the data was moved to: the old one is renamed aside now, never deleted.
  try {
    setOldDataAside(app.getPath('userData'), dataDir, new Date());
  } catch (failure) {
    console.warn('The old data folder could not be set aside:', failure);
  }
  const storage = await createElectronStoreBackend(dataDir);
  // The console moves the data (copied and checked by the session); the app then restarts on the copy.
  const onDataMoved = (to: string): void => {
    pointToMovedData(app.getPath('userData'), dataDir, to);
    setImmediate(() => {
      app.relaunch();
      app.quit();
    });
  };
  // Phones watch through a LAN listener around the one writer (host/phoneService.ts), off until the host turns it on.
  const service = withPhoneAccess(
    await openDealerService({
      storage,
      autoBackups: true,
      keychain: osKeychain(),
      ...(options.dataMovable === false ? {} : { onDataMoved }),
    }),
    {
      rendererDir: BUILT_RENDERER_DIR,
      onClientDropped: (role, why) => console.warn(`Closed a ${role} connection: ${why}.`),
    },
  );

  const windows = createDealerWindows({
    source,
    preloads: PRELOAD_PATHS,
    canPlaceWindows: options.canPlaceWindows,
    onHostClosed: () => app.quit(),
  });
  restrictPermissions(session.defaultSession, source, (contents) => windows.roleOf(contents) !== null);
  const unregisterIpc = registerIpc({ service, windows, source });
  const refused = (what: string) => (failure: unknown) => console.error(`${what} failed:`, failure);
  const setMenu = (phonesWatching: boolean): void =>
    Menu.setApplicationMenu(
      buildAppMenu({
        isDev,
        showTable: () => windows.showTable(),
        toggleFullScreen: (window) => windows.toggleFullScreen(window),
        phonesWatching,
        setPhoneAccess: (on) => void service.run('host', 'setPhoneAccess', { on }).catch(refused('Let Phones Watch')),
        newPhoneLink: () => void service.run('host', 'newPhoneLink', {}).catch(refused('New Phone Link')),
      }),
    );
  let menuPhonesWatching = service.phones.isOn;
  setMenu(menuPhonesWatching);
  // The menu's tick follows the console's W key too.
  const stopFollowingPhones = service.phones.onChange(() => {
    if (service.phones.isOn === menuPhonesWatching) return;
    menuPhonesWatching = service.phones.isOn;
    setMenu(menuPhonesWatching);
  });

  // Keep the TV awake while a night is open (a resumed one too), and let it sleep after.
  const awake = createNightAwakeKeeper(powerSaveBlocker);
  awake.update(service.getView());
  const stopFollowingNight = service.onView((view) => awake.update(view));

  app.once('will-quit', () => {
    stopFollowingNight();
    stopFollowingPhones();
    awake.release();
    unregisterIpc();
    // Every phone is disconnected, then the session closes.
    void service.shutDown();
  });

  windows.open();
  return windows;
}
