import { BrowserWindow, screen, type BrowserWindowConstructorOptions, type Display, type Rectangle, type WebContents } from 'electron';
import { pageUrl, type RendererSource, type WindowRole } from './renderer';
import { secureWebPreferences } from './security';

/**
 * The two windows (docs/design.md): the host console on the laptop, and the table
 * view, full screen on the external display (the TV) when there is one. Both
 * load the same renderer from our origin; the table view's route is
 * `#/table`, and each gets its own role's preload. Moving a window between
 * displays never reloads it, and the game lives in main, so plugging or
 * unplugging the TV mid-game loses nothing.
 */
export interface DealerWindows {
  /** Open both windows (the table view placed on the TV if there is one). */
  open(): void;
  /** Every live window of ours, for view pushes. */
  all(): BrowserWindow[];
  /** The role of the window `contents` belongs to, or null when it is not ours (the IPC sender check). */
  roleOf(contents: WebContents | null | undefined): WindowRole | null;
  /** Bring the host console to the front (a second launch does this). */
  focusHost(): void;
  /** Open the table view again if it was closed, and bring it to the front. */
  showTable(): void;
  toggleFullScreen(window: BrowserWindow): void;
}

export interface DealerWindowsOptions {
  source: RendererSource;
  /** Each role's preload (renderer.ts PRELOAD_PATHS). */
  preloads: Readonly<Record<WindowRole, string>>;
  /**
   * False on native Wayland, where an app cannot place its windows: the table
   * then opens as a normal window that the host drags to the TV and puts full
   * screen there (F11), and display changes move nothing.
   */
  canPlaceWindows: boolean;
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
  /**
   * The display layout the table was last placed for ('laptop', or the TV's
   * id and bounds). A display event that leaves it unchanged moves nothing:
   * our own full screen changes the work area and fires
   * `display-metrics-changed`, and reacting to that again looped forever.
   */
  let placedFor: string | null = null;
  let settleTimer: NodeJS.Timeout | null = null;

  function load(window: BrowserWindow, route: '/' | '/table'): void {
    window.loadURL(pageUrl(options.source, route)).catch((error: unknown) => console.error(`could not load the ${route} view:`, error));
  }

  function makeWindow(role: WindowRole, title: string, size: BrowserWindowConstructorOptions): BrowserWindow {
    const window = new BrowserWindow({
      ...size,
      title,
      show: false,
      backgroundColor: FELT,
      autoHideMenuBar: false,
      webPreferences: secureWebPreferences(options.preloads[role]),
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
    if (!options.canPlaceWindows) return undefined;
    const laptop = hostDisplay();
    return screen.getAllDisplays().find((display) => display.id !== laptop.id);
  }

  function layoutKey(tv: Display | undefined): string {
    if (!tv) return 'laptop';
    const { x, y, width, height } = tv.bounds;
    return `tv ${tv.id} ${x},${y} ${width}x${height}`;
  }

  /** A normal window on the laptop screen, centred. */
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

  /** Put the table view where it belongs for the displays connected now, once per layout. */
  function placeTable(): void {
    const window = table;
    if (!window || window.isDestroyed() || !options.canPlaceWindows) return;
    const tv = externalDisplay();
    const key = layoutKey(tv);
    if (key === placedFor) return;
    const wasOnTv = placedFor !== null && placedFor !== 'laptop';
    placedFor = key;
    if (tv) {
      whenWindowed(window, () => {
        window.setBounds(tv.bounds);
        window.setFullScreen(true);
      });
    } else if (wasOnTv) {
      // The TV went away: bring the table back as a normal window on the laptop.
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
    const window = makeWindow('host', `${TITLE}: host console`, {
      width: Math.min(1280, area.width),
      height: Math.min(860, area.height),
      minWidth: 800,
      minHeight: 560,
    });
    host = window;
    window.on('closed', () => {
      host = null;
      options.onHostClosed();
    });
    load(window, '/');
  }

  function openTable(): void {
    const tv = externalDisplay();
    // Born in place: full screen on the TV, or a normal window on the laptop.
    placedFor = layoutKey(tv);
    const window = makeWindow('table', `${TITLE}: table`, {
      ...(tv ? { ...tv.bounds, fullscreen: true } : windowedBounds()),
      minWidth: 640,
      minHeight: 360,
    });
    table = window;
    window.on('closed', () => {
      table = null;
      placedFor = null;
    });
    load(window, '/table');
  }

  function live(window: BrowserWindow | null): window is BrowserWindow {
    return window !== null && !window.isDestroyed();
  }

  let following = false;
  function followDisplays(): void {
    if (following) return;
    following = true;
    screen.on('display-added', placeTableWhenSettled);
    screen.on('display-removed', placeTableWhenSettled);
    screen.on('display-metrics-changed', placeTableWhenSettled);
  }

  function bringToFront(window: BrowserWindow): void {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  return {
    open() {
      followDisplays();
      if (!host) openHost();
      if (!table) openTable();
    },
    all: () => [host, table].filter(live),
    roleOf(contents) {
      if (!contents) return null;
      if (live(host) && host.webContents === contents) return 'host';
      if (live(table) && table.webContents === contents) return 'table';
      return null;
    },
    focusHost() {
      if (live(host)) bringToFront(host);
      else openHost();
    },
    showTable() {
      if (live(table)) bringToFront(table);
      else openTable();
    },
    toggleFullScreen(window) {
      window.setFullScreen(!window.isFullScreen());
    },
  };
}
