import { join } from 'node:path';
import { app, Menu, powerSaveBlocker, protocol, session } from 'electron';
import { composeDealer } from '../host/composeDealer';
import { setHostRuntimeFlags } from '../host/hostNodeFlags';
import { createElectronStoreBackend } from '../store/electronStoreBackend';
import { createAppRequestHandler } from './appProtocol';
import { registerIpc } from './ipc';
import type { LostPointerChoice } from './dataLocation';
import { pointToDataFolder, pointToMovedData, setOldDataAside } from './dataMove';
import { createNightAwakeKeeper } from './keepAwake';
import { osKeychain } from './keychain';
import { buildAppMenu } from './menu';
import { showTableOnTakeOver } from './tableOnTakeOver';
import { APP_SCHEME, BUILT_RENDERER_DIR, PRELOAD_PATHS, rendererSource } from './renderer';
import { applyDevServerContentSecurityPolicy, contentSecurityPolicy, lockDownWebContents, restrictPermissions } from './security';
import { installedAppAt, updatesLeaveDataAlone } from './updatePolicy';
import { checksOn, startUpdates } from './updates';
import { UPDATE_WORDS } from './updateWords';
import { createDealerWindows, type DealerWindows } from './windows';

export interface StartOptions {
  /** False on native Wayland (linuxDisplay.ts): the table is not moved between displays. */
  canPlaceWindows: boolean;
  /** The data folder (dataLocation.ts: --data-dir, portable, or the per-user folder). */
  dataDir?: string;
  /** False when --data-dir chose the folder: the console cannot move it then. */
  dataMovable?: boolean;
  /** False for the smoke run (smokeRun.ts), which must not reach the network. */
  updates?: boolean;
  /** The pointer to a moved data folder was missing or damaged (dataLocation.ts): the console asks which folder to use. */
  lostPointer?: LostPointerChoice;
}

/**
 * Start the desktop app once Electron is ready: security first (our origin
 * served from `app://`, CSP, permissions, navigation), then the one writer
 * (the service on electron-store files), then windows, IPC, menu and the
 * power save blocker. Returns the windows so a second launch can focus the
 * host console.
 */
export async function startDealerApp(options: StartOptions): Promise<DealerWindows> {
  // The main process's V8 as the headless host's, before any night is read or played (host/hostNodeFlags.ts).
  setHostRuntimeFlags();
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
  // The host's answer to a lost pointer: written down again (pointer and copy), restarting on the other folder.
  const chooseDataFolder = (folder: string): void => {
    pointToDataFolder(app.getPath('userData'), folder);
    if (folder === dataDir) return;
    setImmediate(() => {
      app.relaunch();
      app.quit();
    });
  };
  // Phones watch on a LAN listener of their own, off until the host turns it on; paired laptops on the group's (docs/group-lan.md).
  // R35: a night taken over here goes on the TV at once, as at start (the windows are made once the service is up).
  let dealerWindows: DealerWindows | null = null;
  const dealer = await composeDealer({
    storage,
    autoBackups: true,
    keychain: osKeychain(),
    ...(options.dataMovable === false ? {} : { onDataMoved }),
    ...(options.lostPointer ? { dataFolderChoice: { ...options.lostPointer, choose: chooseDataFolder } } : {}),
    phones: {
      rendererDir: BUILT_RENDERER_DIR,
      onClientDropped: (role, why) => console.warn(`Closed a ${role} connection: ${why}.`),
    },
    groupLan: { dataRoot: dataDir, rendererDir: BUILT_RENDERER_DIR, onTakenOver: showTableOnTakeOver(() => dealerWindows) },
  });
  const service = dealer.session;

  const windows = createDealerWindows({
    source,
    preloads: PRELOAD_PATHS,
    canPlaceWindows: options.canPlaceWindows,
    onHostClosed: () => app.quit(),
  });
  dealerWindows = windows;
  restrictPermissions(session.defaultSession, source, (contents) => windows.roleOf(contents) !== null);
  const unregisterIpc = registerIpc({ service, windows, source });
  const refused = (what: string) => (failure: unknown) => console.error(`${what} failed:`, failure);
  // Updates between nights: only the packaged app, and never where the data sits inside what an update replaces.
  const updatable =
    options.updates !== false &&
    app.isPackaged &&
    updatesLeaveDataAlone(dataDir, installedAppAt(process.execPath, process.platform, process.env['APPIMAGE']));
  let stopUpdates = (): void => {};
  if (updatable)
    startUpdates({ service, hostWindow: () => windows.all().find((w) => windows.roleOf(w.webContents) === 'host') ?? null }).then(
      (stop) => (stopUpdates = stop),
      (failure: unknown) => console.warn('Updates could not start:', failure),
    );
  /** What the menu shows that can change: phones watching, and the update item's words and tick. */
  const menuState = () => {
    const view = service.getView();
    return { phones: dealer.phones?.isOn ?? false, language: view.preferences.language, updateChecks: checksOn(view) };
  };
  const setMenu = (state: ReturnType<typeof menuState>): void =>
    Menu.setApplicationMenu(
      buildAppMenu({
        isDev,
        showTable: () => windows.showTable(),
        toggleFullScreen: (window) => windows.toggleFullScreen(window),
        phonesWatching: state.phones,
        setPhoneAccess: (on) => void service.run('host', 'setPhoneAccess', { on }).catch(refused('Let Phones Watch')),
        newPhoneLink: () => void service.run('host', 'newPhoneLink', {}).catch(refused('New Phone Link')),
        ...(updatable
          ? {
              updates: {
                label: UPDATE_WORDS[state.language].menuItem,
                on: state.updateChecks,
                set: (on: boolean) =>
                  void service.run('host', 'updatePreferences', { updateChecks: on }).catch(refused('Look for Updates')),
              },
            }
          : {}),
      }),
    );
  let shownInMenu = menuState();
  setMenu(shownInMenu);
  // The menu follows the console's view: its W key (phones), its G key (the language), the update setting.
  const refreshMenu = (): void => {
    const now = menuState();
    if (JSON.stringify(now) === JSON.stringify(shownInMenu)) return;
    shownInMenu = now;
    setMenu(now);
  };
  const stopFollowingPreferences = service.onView(refreshMenu);

  // Keep the TV awake while a night is open (a resumed one too), and let it sleep after.
  const awake = createNightAwakeKeeper(powerSaveBlocker);
  awake.update(service.getView());
  const stopFollowingNight = service.onView((view) => awake.update(view));

  app.once('will-quit', () => {
    stopFollowingNight();
    stopFollowingPreferences();
    stopUpdates();
    awake.release();
    unregisterIpc();
    // Every phone is disconnected, then the session closes.
    void service.shutDown();
  });

  windows.open();
  // The first night as fast as the next (simulation/warmUp.ts): warmed once the console is on screen, off its first paint's path.
  const hostWindow = windows.all().find((w) => windows.roleOf(w.webContents) === 'host');
  if (hostWindow && !hostWindow.isVisible()) hostWindow.once('show', () => void dealer.warmUp());
  else void dealer.warmUp();
  return windows;
}
