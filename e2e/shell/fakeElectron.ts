/**
 * A stand-in for the parts of Electron the desktop shell uses, faithful where
 * the shell's behaviour depends on it, so that the real built main process
 * (out/main/index.js) and the real built preloads (out/preload/*.cjs) run
 * where the Electron binary is missing:
 *
 * - main-process modules: app, BrowserWindow (+ webContents), ipcMain,
 *   protocol, session, screen, Menu, powerSaveBlocker, dialog, shell;
 * - each BrowserWindow's page is a Playwright page in its own browser
 *   context (its own renderer process, as in the app). A page of a scheme
 *   registered with `protocol.handle` (app://dealer/...) is opened at a
 *   stand-in http origin (app-dealer.localhost, a secure context like the
 *   privileged scheme) whose every request is answered by the registered
 *   handler itself, so the handler's files, MIME types and CSP are what the
 *   page gets; `senderFrame.origin` maps the stand-in back to `app://dealer`.
 * - each window's preload (webPreferences.preload) runs in its own V8
 *   context whose `require` knows only `electron` (as in a sandboxed
 *   preload), with an ipcRenderer wired to ipcMain's handlers and to
 *   webContents.send, and a contextBridge that structured-clones everything
 *   that crosses to the page and proxies functions, as Electron's does.
 *
 * What it cannot show (only the real binary can): Chromium's own handling of
 * a custom standard scheme, the OS sandbox, real displays and full screen,
 * synchronous returns across the bridge (here every bridged call returns a
 * promise), and Electron's event timing.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createContext, Script } from 'node:vm';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FakeDisplay {
  id: number;
  label: string;
  bounds: Rect;
  workArea: Rect;
  scaleFactor: number;
  rotation: number;
  internal: boolean;
}

export function display(id: number, bounds: Rect, label = `display ${id}`): FakeDisplay {
  return { id, label, bounds, workArea: { ...bounds, height: bounds.height - 40 }, scaleFactor: 1, rotation: 0, internal: id === 1 };
}

/** `app://dealer/x` <-> `http://app-dealer.localhost/x`, for every scheme given to protocol.handle. */
const STAND_IN_SUFFIX = '.localhost';

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

type Handler = (event: unknown, ...args: unknown[]) => unknown;
type Listener = (...args: unknown[]) => void;

/** Electron's structured clone across processes and worlds; a function here throws, as it does there. */
function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

export class FakeElectron {
  readonly browser: Browser;
  readonly userData: string;
  /** Every call that matters to a test, in order (e.g. 'setFullScreen table true'). */
  readonly log: string[] = [];
  readonly errors: string[] = [];

  readonly app: FakeApp;
  readonly ipcMain: FakeIpcMain;
  readonly protocol: FakeProtocol;
  readonly screen: FakeScreen;
  readonly session: { defaultSession: FakeSession };
  readonly powerSaveBlocker: FakePowerSaveBlocker;
  readonly Menu: {
    buildFromTemplate(template: unknown[]): { template: unknown[] };
    setApplicationMenu(menu: unknown): void;
    applicationMenu: unknown;
  };
  readonly dialog: { showErrorBox(title: string, content: string): void };
  readonly shell: { openPath(path: string): Promise<string>; openExternal(url: string): Promise<void> };
  readonly safeStorage: {
    isEncryptionAvailable(): boolean;
    getSelectedStorageBackend(): string;
    encryptString(text: string): Buffer;
    decryptString(blob: Buffer): string;
  };
  readonly BrowserWindow: typeof FakeBrowserWindow & { electron: FakeElectron };

  constructor(options: { browser: Browser; userData: string; displays: FakeDisplay[] }) {
    this.browser = options.browser;
    this.userData = options.userData;
    this.app = new FakeApp(this);
    this.ipcMain = new FakeIpcMain();
    this.protocol = new FakeProtocol(this);
    this.screen = new FakeScreen(options.displays);
    this.session = { defaultSession: new FakeSession() };
    this.powerSaveBlocker = new FakePowerSaveBlocker(this);
    const menu = {
      applicationMenu: null as unknown,
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (built: unknown) => {
        menu.applicationMenu = built;
      },
    };
    this.Menu = menu;
    this.dialog = {
      showErrorBox: (title, content) => {
        this.errors.push(`${title}: ${content}`);
      },
    };
    this.shell = { openPath: async () => '', openExternal: async () => undefined };
    // A Linux desktop with no keyring, as on this CI: safeStorage would only use its fixed password, so the app keeps its seed key in a file (electron/keychain.ts).
    this.safeStorage = {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: (text: string) => Buffer.from(text, 'utf8'),
      decryptString: (blob: Buffer) => blob.toString('utf8'),
    };
    // A subclass per fake, so static lookups (getAllWindows) see only this app's windows.
    this.BrowserWindow = windowClassFor(this);
  }

  /** What `import ... from 'electron'` gives the main process (named exports and the default). */
  mainModule(): Record<string, unknown> {
    return {
      app: this.app,
      BrowserWindow: this.BrowserWindow,
      ipcMain: this.ipcMain,
      protocol: this.protocol,
      screen: this.screen,
      session: this.session,
      powerSaveBlocker: this.powerSaveBlocker,
      Menu: this.Menu,
      dialog: this.dialog,
      shell: this.shell,
      safeStorage: this.safeStorage,
    };
  }

  /** The stand-in http URL a page of `url` is opened at. */
  toPageUrl(url: string): string {
    const parsed = new URL(url);
    const scheme = parsed.protocol.slice(0, -1);
    if (!this.protocol.handlers.has(scheme)) return url;
    return `http://${scheme}-${parsed.host}${STAND_IN_SUFFIX}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }

  /** The URL Electron would report for a stand-in page URL. */
  fromPageUrl(pageUrl: string): string {
    const parsed = new URL(pageUrl);
    if (parsed.protocol === 'http:' && parsed.hostname.endsWith(STAND_IN_SUFFIX)) {
      const [scheme, ...host] = parsed.hostname.slice(0, -STAND_IN_SUFFIX.length).split('-');
      if (scheme && this.protocol.handlers.has(scheme))
        return `${scheme}://${host.join('-')}${parsed.pathname}${parsed.search}${parsed.hash}`;
    }
    return pageUrl;
  }

  /** A frame's origin as Chromium reports it for `url` (a standard custom scheme has a real one). */
  originOf(url: string): string {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : 'null';
  }

  windows(): FakeBrowserWindow[] {
    return this.BrowserWindow.getAllWindows();
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  private ready = false;
  private markReady!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.markReady = resolve));
  readonly switches = new Map<string, string>();
  readonly commandLine = {
    getSwitchValue: (name: string) => this.switches.get(name) ?? '',
    hasSwitch: (name: string) => this.switches.has(name),
    appendSwitch: (name: string, value = '') => {
      if (this.ready) throw new Error(`appendSwitch(${name}) after ready has no effect`);
      this.switches.set(name, value);
    },
    appendArgument: () => undefined,
  };
  quitRequested = false;
  exitCode: number | null = null;
  /** app.enableSandbox() was called (only allowed before ready). */
  sandboxEverything = false;

  constructor(private readonly electron: FakeElectron) {
    super();
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  /** The test says when Electron is ready (after the main script ran, as Electron does). */
  becomeReady(): void {
    this.ready = true;
    this.markReady();
    this.emit('ready');
  }

  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() can only be called before the app is ready');
    this.sandboxEverything = true;
  }

  requestSingleInstanceLock(): boolean {
    return true;
  }

  getPath(name: string): string {
    if (name === 'userData') return this.electron.userData;
    return `${this.electron.userData}/${name}`;
  }

  getName(): string {
    return 'in-between-dealer';
  }

  getVersion(): string {
    return '0.1.0';
  }

  quit(): void {
    this.quitRequested = true;
  }

  exit(code = 0): void {
    this.exitCode = code;
  }
}

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

class FakeProtocol {
  readonly privileged: { scheme: string; privileges?: Record<string, boolean> }[] = [];
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  /** Electron requires this before `ready`; the fake records whether it was. */
  registeredBeforeReady: boolean | null = null;

  constructor(private readonly electron: FakeElectron) {}

  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    this.registeredBeforeReady = !this.electron.app.isReady();
    this.privileged.push(...schemes);
  }

  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (!this.electron.app.isReady()) throw new Error('protocol.handle before ready');
    if (!this.privileged.some((entry) => entry.scheme === scheme)) throw new Error(`${scheme} was not registered as privileged`);
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: unknown) => boolean;

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  headersListener: unknown = null;
  readonly webRequest = {
    onHeadersReceived: (listener: unknown) => {
      this.headersListener = listener;
    },
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
}

class FakeScreen extends EventEmitter {
  constructor(private displays: FakeDisplay[]) {
    super();
  }

  getPrimaryDisplay(): FakeDisplay {
    return this.displays[0]!;
  }

  getAllDisplays(): FakeDisplay[] {
    return [...this.displays];
  }

  getDisplayMatching(rect: Rect): FakeDisplay {
    let best = this.displays[0]!;
    for (const candidate of this.displays) if (overlap(candidate.bounds, rect) > overlap(best.bounds, rect)) best = candidate;
    return best;
  }

  /** A TV is plugged in. */
  addDisplay(added: FakeDisplay): void {
    this.displays.push(added);
    this.emit('display-added', {}, added);
  }

  /** A TV is unplugged. */
  removeDisplay(id: number): void {
    const removed = this.displays.find((d) => d.id === id);
    this.displays = this.displays.filter((d) => d.id !== id);
    if (removed) this.emit('display-removed', {}, removed);
  }

  /** A display's work area changed (a panel hid because a window went full screen, a resolution change...). */
  metricsChanged(id: number): void {
    const changed = this.displays.find((d) => d.id === id);
    if (changed) this.emit('display-metrics-changed', {}, changed, ['workArea']);
  }
}

class FakePowerSaveBlocker {
  private nextId = 1;
  readonly active = new Map<number, string>();

  constructor(private readonly electron: FakeElectron) {}

  start(type: string): number {
    const id = this.nextId++;
    this.active.set(id, type);
    this.electron.log.push(`powerSaveBlocker.start ${type}`);
    return id;
  }

  stop(id: number): boolean {
    this.electron.log.push(`powerSaveBlocker.stop ${id}`);
    return this.active.delete(id);
  }

  isStarted(id: number): boolean {
    return this.active.has(id);
  }
}

/** The renderer half of IPC for one window: what its preload's `require('electron').ipcRenderer` is. */
class FakeIpcRenderer {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly contents: FakeWebContents) {}

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.contents.electron.ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    const event = { sender: this.contents, senderFrame: this.contents.mainFrame, processId: 1, frameId: 1 };
    try {
      return clone(await handler(event, ...clone(args)));
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
    }
  }

  on(channel: string, listener: Listener): this {
    if (!this.listeners.has(channel)) this.listeners.set(channel, new Set());
    this.listeners.get(channel)!.add(listener);
    return this;
  }

  removeListener(channel: string, listener: Listener): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }

  off(channel: string, listener: Listener): this {
    return this.removeListener(channel, listener);
  }

  /** main -> renderer (webContents.send). */
  deliver(channel: string, args: unknown[]): void {
    for (const listener of this.listeners.get(channel) ?? []) listener({ sender: this }, ...clone(args));
  }
}

let nextContentsId = 1;

class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly ipc: FakeIpcRenderer;
  page: Page | null = null;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;

  constructor(
    readonly electron: FakeElectron,
    readonly window: FakeBrowserWindow,
  ) {
    super();
    this.ipc = new FakeIpcRenderer(this);
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.ipc.deliver(channel, args);
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  loadURL(url: string): Promise<void> {
    return this.window.loadURL(url);
  }

  getURL(): string {
    return this.page ? this.electron.fromPageUrl(this.page.url()) : '';
  }

  /** What `event.senderFrame` is for this window's top frame. */
  get mainFrame(): { url: string; origin: string; parent: null } {
    const url = this.getURL();
    return { url, origin: url ? this.electron.originOf(url) : 'null', parent: null };
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

interface WindowOptions extends Partial<Rect> {
  title?: string;
  fullscreen?: boolean;
  show?: boolean;
  webPreferences?: Record<string, unknown> & { preload?: string };
}

export class FakeBrowserWindow extends EventEmitter {
  static electron: FakeElectron;
  private static readonly live = new Set<FakeBrowserWindow>();
  private static focused: FakeBrowserWindow | null = null;

  readonly electron: FakeElectron;
  readonly options: WindowOptions;
  readonly webContents: FakeWebContents;
  private bounds: Rect;
  private fullScreen: boolean;
  private destroyed = false;
  visible = false;
  private context: BrowserContext | null = null;
  private opening: Promise<Page> | null = null;
  private shownOnce = false;
  /** What the preload exposed with contextBridge, by key. */
  readonly exposed = new Map<string, Record<string, unknown>>();

  static getAllWindows(): FakeBrowserWindow[] {
    return [...FakeBrowserWindow.live].filter((w) => w.electron === this.electron);
  }

  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.getAllWindows.call(this).find((w) => w.webContents === contents) ?? null;
  }

  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.focused;
  }

  constructor(options: WindowOptions = {}) {
    super();
    this.electron = (this.constructor as typeof FakeBrowserWindow).electron;
    this.options = options;
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    this.fullScreen = options.fullscreen === true;
    if (this.fullScreen) this.bounds = { ...this.electron.screen.getDisplayMatching(this.bounds).bounds };
    this.webContents = new FakeWebContents(this.electron, this);
    FakeBrowserWindow.live.add(this);
    this.electron.log.push(`new BrowserWindow ${options.title ?? ''}`);
    this.electron.app.emit('web-contents-created', {}, this.webContents);
  }

  get title(): string {
    return this.options.title ?? '';
  }

  /** This window's page, opened on first use: its own browser context, its preload run first. */
  page(): Promise<Page> {
    this.opening ??= this.openPage();
    return this.opening;
  }

  private async openPage(): Promise<Page> {
    this.context = await this.electron.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await this.context.route('**/*', (route) => this.serve(route));
    const page = await this.context.newPage();
    this.webContents.page = page;
    await this.installBridge(page);
    return page;
  }

  /** Answers every request of the page: registered schemes through their protocol.handle handler. */
  private async serve(route: Route): Promise<void> {
    const request = route.request();
    const url = this.electron.fromPageUrl(request.url());
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.electron.protocol.handlers.get(scheme);
    if (handler) {
      const response = await handler(new Request(url, { method: request.method(), headers: await request.allHeaders() }));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
      return;
    }
    // A foreign page a test opens on purpose: a bare document on its own origin.
    if (new URL(url).hostname.endsWith(STAND_IN_SUFFIX) && request.resourceType() === 'document') {
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>elsewhere</title><p>another origin</p>' });
      return;
    }
    await route.abort();
  }

  /**
   * Runs the window's preload as Electron runs a sandboxed one: its own V8
   * context, a `require` that knows only `electron`, before the page's
   * scripts. What it exposes reaches the page through a binding that clones
   * every value and proxies functions.
   */
  private async installBridge(page: Page): Promise<void> {
    const preloadPath = this.options.webPreferences?.preload;
    if (!preloadPath) return;
    const contextBridge = {
      exposeInMainWorld: (key: string, api: unknown) => {
        if (this.exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
        if (typeof api !== 'object' || api === null) throw new Error('only objects are bridged in this stand-in');
        this.exposed.set(key, api as Record<string, unknown>);
      },
    };
    const sandboxRequire = (name: string) => {
      if (name === 'electron') return { contextBridge, ipcRenderer: this.webContents.ipc };
      throw new Error(`Error: module not found: ${name}`);
    };
    const context = createContext({ console, setTimeout, clearTimeout, queueMicrotask, structuredClone });
    const code = readFileSync(preloadPath, 'utf8');
    const run = new Script(`(function (require, module, exports) {${code}\n})`, { filename: preloadPath }).runInContext(context) as (
      require: (name: string) => unknown,
      module: { exports: unknown },
      exports: unknown,
    ) => void;
    const module = { exports: {} };
    run(sandboxRequire, module, module.exports);

    const functions = new Map<number, (...args: unknown[]) => unknown>();
    let nextFunction = 1;
    const toPage = (value: unknown): unknown => {
      if (typeof value === 'function') {
        functions.set(nextFunction, value as (...args: unknown[]) => unknown);
        return { __bridgeFunction: nextFunction++ };
      }
      return clone(value);
    };
    const fromPage = (value: unknown): unknown => {
      if (value && typeof value === 'object' && '__bridgeCallback' in value) {
        const id = (value as { __bridgeCallback: number }).__bridgeCallback;
        return (...args: unknown[]) => {
          page
            .evaluate(
              ([callbackId, callArgs]) =>
                (window as unknown as { __bridgeCallbacks: Map<number, (...a: unknown[]) => void> }).__bridgeCallbacks.get(callbackId)?.(
                  ...callArgs,
                ),
              [id, clone(args)] as const,
            )
            .catch(() => undefined); // the page went away
        };
      }
      return clone(value);
    };

    await page.exposeBinding('__electronBridge', async (_source, op: string, ...rest: unknown[]) => {
      if (op === 'invoke') {
        const [key, name, args] = rest as [string, string, unknown[]];
        const member = this.exposed.get(key)?.[name];
        if (typeof member !== 'function') throw new Error(`${key}.${name} is not a function`);
        return toPage(await (member as (...a: unknown[]) => unknown)(...args.map(fromPage)));
      }
      const [id, args] = rest as [number, unknown[]];
      return toPage(await functions.get(id)?.(...args.map(fromPage)));
    });

    const surface = [...this.exposed].map(([key, api]) => [
      key,
      Object.entries(api).map(([name, value]) => [name, typeof value === 'function' ? 'function' : clone(value)]),
    ]);
    await page.addInitScript(
      (described: [string, [string, unknown][]][]) => {
        const bridge = (window as unknown as { __electronBridge: (...args: unknown[]) => Promise<unknown> }).__electronBridge;
        const callbacks = new Map<number, (...args: unknown[]) => void>();
        Object.defineProperty(window, '__bridgeCallbacks', { value: callbacks });
        let nextCallback = 1;
        const out = (value: unknown) => {
          if (typeof value !== 'function') return value;
          callbacks.set(nextCallback, value as (...args: unknown[]) => void);
          return { __bridgeCallback: nextCallback++ };
        };
        const back = (value: unknown): unknown =>
          value && typeof value === 'object' && '__bridgeFunction' in value
            ? (...args: unknown[]) => bridge('call', (value as { __bridgeFunction: number }).__bridgeFunction, args.map(out)).then(back)
            : value;
        for (const [key, members] of described) {
          const api: Record<string, unknown> = {};
          for (const [name, kind] of members) {
            api[name] = kind === 'function' ? (...args: unknown[]) => bridge('invoke', key, name, args.map(out)).then(back) : kind;
          }
          Object.defineProperty(window, key, { value: Object.freeze(api), enumerable: true });
        }
      },
      surface as [string, [string, unknown][]][],
    );
  }

  async loadURL(url: string): Promise<void> {
    if (this.destroyed) throw new Error('Object has been destroyed');
    const page = await this.page();
    this.electron.log.push(`loadURL ${this.title} ${url}`);
    await page.goto(this.electron.toPageUrl(url));
    if (!this.shownOnce) {
      this.shownOnce = true;
      setImmediate(() => this.emit('ready-to-show'));
    }
  }

  show(): void {
    const was = this.visible;
    this.visible = true;
    FakeBrowserWindow.focused = this;
    // As Electron's: 'show' once a hidden window is shown (the app warms its first night then).
    if (!was) this.emit('show');
  }

  isVisible(): boolean {
    return this.visible && !this.destroyed;
  }

  focus(): void {
    FakeBrowserWindow.focused = this;
    this.electron.log.push(`focus ${this.title}`);
  }

  isMinimized(): boolean {
    return false;
  }

  restore(): void {}

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getBounds(): Rect {
    return { ...this.bounds };
  }

  setBounds(bounds: Partial<Rect>): void {
    if (this.fullScreen) throw new Error('a full-screen window cannot be moved (the shell must leave full screen first)');
    this.bounds = { ...this.bounds, ...bounds };
    this.electron.log.push(`setBounds ${this.title} ${JSON.stringify(this.bounds)}`);
  }

  isFullScreen(): boolean {
    return this.fullScreen;
  }

  /**
   * As on Linux and Windows: the change lands a moment later with its event,
   * and the display's work area changes with it (which fires
   * `display-metrics-changed`, the event that used to start a loop).
   */
  setFullScreen(flag: boolean): void {
    this.electron.log.push(`setFullScreen ${this.title} ${flag}`);
    if (flag === this.fullScreen) return;
    setTimeout(() => {
      if (this.destroyed) return;
      this.fullScreen = flag;
      const on = this.electron.screen.getDisplayMatching(this.bounds);
      if (flag) this.bounds = { ...on.bounds };
      this.emit(flag ? 'enter-full-screen' : 'leave-full-screen');
      this.electron.screen.metricsChanged(on.id);
    }, 10);
  }

  close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    FakeBrowserWindow.live.delete(this);
    if (FakeBrowserWindow.focused === this) FakeBrowserWindow.focused = null;
    void this.context?.close().catch(() => undefined);
    this.emit('closed');
  }

  destroy(): void {
    this.close();
  }
}

function windowClassFor(electron: FakeElectron): typeof FakeBrowserWindow & { electron: FakeElectron } {
  return class extends FakeBrowserWindow {
    static override electron = electron;
  };
}
