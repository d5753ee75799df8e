import { BrowserWindow, ipcMain as electronIpcMain, type IpcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, COMMAND_NAMES, commandChannel, viewForRole } from '../../shared';
import type { DealerService } from '../session/service';
import { isRendererOrigin, type RendererSource, type WindowRole } from './renderer';
import type { DealerWindows } from './windows';

/**
 * The IPC half of the bridge, and the only module that may touch `ipcMain`
 * (eslint.config.js, as VS Code keeps its validatedIpcMain): one
 * `ipcMain.handle` per command of the registry, and a few window channels.
 * The sender is checked before anything runs: it must be the top frame of
 * one of our windows, showing a page of our origin (`app://dealer`, or the
 * dev server's), and that window's role (host console or table) is what it
 * is. The command then goes, with that role and its arguments untouched, to
 * `service.run`, the session's one door (session/door.ts), which decides
 * whether the role may send it, checks the arguments (zod) and the state.
 * Every change is pushed to both windows.
 */
export interface IpcWiring {
  service: DealerService;
  windows: DealerWindows;
  source: RendererSource;
}

/** Thrown to the renderer as a rejected promise; nothing ran. */
export class ForeignSenderError extends Error {
  constructor(reason: string) {
    super(`IPC refused: ${reason}`);
    this.name = 'ForeignSenderError';
  }
}

/** The role of the window that sent `event`, or a ForeignSenderError when it is not ours. */
export function checkSender(event: IpcMainInvokeEvent, wiring: Pick<IpcWiring, 'windows' | 'source'>): WindowRole {
  const frame = event.senderFrame;
  if (!frame) throw new ForeignSenderError('the sending frame is gone');
  if (frame.parent !== null) throw new ForeignSenderError('only the top frame may call');
  // The frame's own origin: a URL-derived one is 'null' for a custom scheme in Node.
  if (!isRendererOrigin(wiring.source, frame.origin)) throw new ForeignSenderError(`unexpected origin ${frame.origin}`);
  const role = wiring.windows.roleOf(event.sender);
  if (role === null) throw new ForeignSenderError('not one of our windows');
  return role;
}

/** Window channels (not commands) and the roles that may use them. */
const WINDOW_CHANNEL_ROLES: Readonly<Record<'getView' | 'toggleFullScreen' | 'openTableWindow', readonly WindowRole[]>> = {
  getView: ['host', 'table'],
  toggleFullScreen: ['host', 'table'],
  openTableWindow: ['host'],
};

/** Register every handler (on Electron's ipcMain unless a stand-in is given); returns a function that removes them all. */
export function registerIpc(wiring: IpcWiring, ipcMain: IpcMain = electronIpcMain): () => void {
  const { service, windows } = wiring;
  const channels: string[] = [];

  function handle(channel: string, handler: (event: IpcMainInvokeEvent, role: WindowRole, args: unknown) => unknown): void {
    ipcMain.handle(channel, (event, args: unknown) => handler(event, checkSender(event, wiring), args));
    channels.push(channel);
  }

  function handleWindowChannel(name: keyof typeof WINDOW_CHANNEL_ROLES, run: (event: IpcMainInvokeEvent) => unknown): void {
    handle(CHANNELS[name], (event, role) => {
      if (!WINDOW_CHANNEL_ROLES[name].includes(role)) throw new ForeignSenderError(`the ${role} window may not call ${name}`);
      return run(event);
    });
  }

  for (const name of COMMAND_NAMES) {
    handle(commandChannel(name), async (_event, role, args) => {
      const result = await service.run(role, name, args);
      return result.ok ? { ...result, view: viewForRole(result.view, role) } : result;
    });
  }
  handleWindowChannel('getView', (event) => viewForRole(service.getView(), windows.roleOf(event.sender) ?? 'table'));
  handleWindowChannel('toggleFullScreen', (event) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    if (window) windows.toggleFullScreen(window);
  });
  handleWindowChannel('openTableWindow', () => windows.showTable());

  const unsubscribe = service.onView((view) => {
    // The TV's window never gets the group (viewForRole): it is the console's alone.
    for (const window of windows.all())
      window.webContents.send(CHANNELS.view, viewForRole(view, windows.roleOf(window.webContents) ?? 'table'));
  });

  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
