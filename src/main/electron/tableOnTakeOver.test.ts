import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererSource } from './renderer';
import { showTableOnTakeOver } from './tableOnTakeOver';
import { createDealerWindows } from './windows';

/**
 * R35: after a takeover the desktop app shows the night on its TV as at start. Electron's windows and displays are
 * stood in for (as e2e/shell/fakeElectron.ts does for the whole shell): a laptop screen and a TV, and windows that
 * record where they were put.
 */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const { FakeWindow, LAPTOP, TV, made, log } = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const LAPTOP = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 0, width: 1440, height: 860 } };
  const TV = { id: 2, bounds: { x: 1440, y: 0, width: 1920, height: 1080 }, workArea: { x: 1440, y: 0, width: 1920, height: 1040 } };

  const made: { title: string; destroyed: boolean }[] = [];
  const log: string[] = [];

  class FakeWindow extends EventEmitter {
    readonly title: string;
    bounds: Rect;
    fullScreen: boolean;
    destroyed = false;
    readonly webContents = {};
    constructor(options: { title: string; x?: number; y?: number; width: number; height: number; fullscreen?: boolean }) {
      super();
      this.title = options.title;
      this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height };
      this.fullScreen = options.fullscreen ?? false;
      made.push(this);
      log.push(`new ${this.title}`);
    }
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
    getBounds(): Rect {
      return this.bounds;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    isMinimized(): boolean {
      return false;
    }
    isFullScreen(): boolean {
      return this.fullScreen;
    }
    restore(): void {}
    show(): void {
      log.push(`show ${this.title}`);
    }
    focus(): void {
      log.push(`focus ${this.title}`);
    }
    close(): void {
      this.destroyed = true;
      this.emit('closed');
    }
  }
  return { FakeWindow, LAPTOP, TV, made, log };
});

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  screen: {
    getPrimaryDisplay: () => LAPTOP,
    getDisplayMatching: () => LAPTOP,
    getAllDisplays: () => [LAPTOP, TV],
    on: () => undefined,
  },
}));

function appWindows() {
  const windows = createDealerWindows({
    source: rendererSource(true),
    preloads: { host: 'host.cjs', table: 'table.cjs' },
    canPlaceWindows: true,
    onHostClosed: () => undefined,
  });
  windows.open();
  return windows;
}

const tables = (): InstanceType<typeof FakeWindow>[] =>
  (made as InstanceType<typeof FakeWindow>[]).filter((window) => window.title.endsWith('table') && !window.destroyed);

beforeEach(() => {
  made.length = 0;
  log.length = 0;
});

describe('R35: the desktop app shows a night taken over on its TV, as at start', () => {
  it('R35: the table window, closed before, opens again full screen on the TV display once the night is taken over here', () => {
    const windows = appWindows();
    const atStart = tables()[0];
    expect(atStart?.bounds).toEqual(TV.bounds);
    atStart?.close();
    expect(tables()).toHaveLength(0);

    showTableOnTakeOver(() => windows)('n-1');
    const shown = tables();
    expect(shown).toHaveLength(1);
    expect(shown[0]?.bounds).toEqual(TV.bounds);
    expect(shown[0]?.isFullScreen()).toBe(true);
  });

  it('R35: a table window still open is brought to the front where it is, never a second one', () => {
    const windows = appWindows();
    const atStart = tables()[0];
    showTableOnTakeOver(() => windows)('n-1');
    expect(tables()).toEqual([atStart]);
    expect(log.slice(-2)).toEqual([`show ${atStart?.title}`, `focus ${atStart?.title}`]);
  });

  it('R35: a takeover before the windows exist (the app still starting) opens nothing and fails nothing', () => {
    expect(() => showTableOnTakeOver(() => null)('n-1')).not.toThrow();
    expect(made).toHaveLength(0);
  });
});
