import {
  BrowserWindow,
  screen,
  type BrowserWindowConstructorOptions,
  type Display,
  type Rectangle,
  type WebContents,
} from 'electron';
import type { RendererSource } from './renderer';
import { secureWebPreferences } from './security';

/**
 * The two windows (DESIGN.md): the host console on the laptop, and the table
 * view, full screen on the external display (the TV) when there is one. Both
 * load the same renderer; the table view's route is `#/table`. Moving a
 * window between displays never reloads it, and the game lives in main, so
 * plugging or unplugging the TV mid-game loses nothing.
 */
export interface DealerWindows {
  /** Open both windows (the table view placed on the TV if there is one). */
  open(): void;
  /** Every live window of ours, for view pushes. */
  all(): BrowserWindow[];
  /** True when `contents` belongs to one of our windows (the IPC sender check). */
  owns(contents: WebContents): boolean;
  /** Bring the host console to the front (a second launch does this). */
  focusHost(): void;
  /** Open the table view again if it was closed, and bring it to the front. */
  showTable(): void;
  toggleFullScreen(window: BrowserWindow): void;
}

export interface DealerWindowsOptions {
  source: RendererSource;
  preloadPath: string;
  /** The host console is the app: closing it quits. */
  onHostClosed: () => void;
}

const TITLE = 'In-Between Dealer';
const FELT = '#0b3d2e';
/** Display events come in bursts (a TV negotiating its mode); act once they settle. */
const DISPLAY_SETTLE_MS = 300;

export function createDealerWindows(options: DealerWindowsOptions): DealerWindows {
  let host: BrowserWindow | null = null;
  let table: BrowserWindow | null = null;
  /** The table view was made full screen on an external display by us (not by F11). */
  let tableOnExternal = false;
  let settleTimer: NodeJS.Timeout | null = null;

  function load(window: BrowserWindow, route: '/' | '/table'): void {
    const { source } = options;
    const loading =
      source.kind === 'dev-server'
        ? window.loadURL(new URL(`#${route}`, source.url).href)
        : window.loadFile(source.indexPath, { hash: route });
    loading.catch((error: unknown) => console.error(`could not load the ${route} view:`, error));
  }

  function makeWindow(title: string, size: BrowserWindowConstructorOptions): BrowserWindow {
    const window = new BrowserWindow({
      ...size,
      title,
      show: false,
      backgroundColor: FELT,
      autoHideMenuBar: false,
      webPreferences: secureWebPreferences(options.preloadPath),
    });
    window.once('ready-to-show', () => window.show());
    // Keep our titles (host console / table) in the task bar rather than the page's.
    window.on('page-title-updated', (event) => event.preventDefault());
    return window;
  }

  /** The display the host console is on: the laptop screen. */
  function hostDisplay(): Display {
    return host && !host.isDestroyed() ? screen.getDisplayMatching(host.getBounds()) : screen.getPrimaryDisplay();
  }

  function externalDisplay(): Display | undefined {
    const laptop = hostDisplay();
    return screen.getAllDisplays().find((display) => display.id !== laptop.id);
  }

  /** A normal window on the laptop screen, beside the host console. */
  function windowedBounds(): Rectangle {
    const area = hostDisplay().workArea;
    const width = Math.round(area.width * 0.6);
    const height = Math.round(area.height * 0.6);
    return {
      x: area.x + Math.round((area.width - width) / 2),
      y: area.y + Math.round((area.height - height) / 2),
      width,
      height,
    };
  }

  /** Leave full screen first: a full-screen window cannot be moved (Linux, Windows). */
  function whenWindowed(window: BrowserWindow, then: () => void): void {
    if (!window.isFullScreen()) {
      then();
      return;
    }
    window.once('leave-full-screen', () => {
      if (!window.isDestroyed()) then();
    });
    window.setFullScreen(false);
  }

  function sameRect(a: Rectangle, b: Rectangle): boolean {
    return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  }

  /** Put the table view where it belongs for the displays connected now. */
  function placeTable(): void {
    const window = table;
    if (!window || window.isDestroyed()) return;
    const tv = externalDisplay();
    if (tv) {
      if (tableOnExternal && window.isFullScreen() && sameRect(window.getBounds(), tv.bounds)) return;
      tableOnExternal = true;
      whenWindowed(window, () => {
        window.setBounds(tv.bounds);
        window.setFullScreen(true);
      });
    } else if (tableOnExternal) {
      // The TV went away: bring the table back as a normal window on the laptop.
      tableOnExternal = false;
      whenWindowed(window, () => window.setBounds(windowedBounds()));
    }
  }

  function placeTableWhenSettled(): void {
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      settleTimer = null;
      placeTable();
    }, DISPLAY_SETTLE_MS);
  }

  function openHost(): void {
    const area = screen.getPrimaryDisplay().workArea;
    host = makeWindow(`${TITLE}: host console`, {
      width: Math.min(1280, area.width),
      height: Math.min(860, area.height),
      minWidth: 800,
      minHeight: 560,
    });
    host.on('closed', () => {
      host = null;
      options.onHostClosed();
    });
    load(host, '/');
  }

  function openTable(): void {
    const tv = externalDisplay();
    // Born in place: full screen on the TV, or a normal window on the laptop.
    tableOnExternal = tv !== undefined;
    table = makeWindow(`${TITLE}: table`, {
      ...(tv ? { ...tv.bounds, fullscreen: true } : windowedBounds()),
      minWidth: 640,
      minHeight: 360,
    });
    table.on('closed', () => {
      table = null;
      tableOnExternal = false;
    });
    load(table, '/table');
  }

  function liveWindows(): BrowserWindow[] {
    return [host, table].filter((window): window is BrowserWindow => window !== null && !window.isDestroyed());
  }

  let following = false;
  function followDisplays(): void {
    if (following) return;
    following = true;
    screen.on('display-added', placeTableWhenSettled);
    screen.on('display-removed', placeTableWhenSettled);
    screen.on('display-metrics-changed', placeTableWhenSettled);
  }

  return {
    open() {
      followDisplays();
      if (!host) openHost();
      if (!table) openTable();
    },
    all: liveWindows,
    owns(contents) {
      return liveWindows().some((window) => window.webContents === contents);
    },
    focusHost() {
      if (!host) {
        openHost();
        return;
      }
      if (host.isMinimized()) host.restore();
      host.show();
      host.focus();
    },
    showTable() {
      if (!table) {
        openTable();
        return;
      }
      if (table.isMinimized()) table.restore();
      table.show();
      table.focus();
    },
    toggleFullScreen(window) {
      window.setFullScreen(!window.isFullScreen());
    },
  };
}
