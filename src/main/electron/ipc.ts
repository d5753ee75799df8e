import { BrowserWindow, ipcMain as electronIpcMain, type IpcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, COMMAND_NAMES, commandChannel, viewForRole, type ApiResult, type AppView, type PushedViewAnswer } from '../../shared';
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
 * Every change is pushed to both windows, numbered; a command whose view is
 * the one just pushed answers with that number instead of the view
 * (PushedViewAnswer, src/shared/api.ts), so each view crosses to a window once.
 */
export interface IpcWiring {
  service: DealerService;
  windows: DealerWindows;
  source: RendererSource;
}

/** Thrown to the renderer as a rejected promise; nothing ran. */
class ForeignSenderError extends Error {
  constructor(reason: string) {
    super(`IPC refused: ${reason}`);
    this.name = 'ForeignSenderError';
  }
}

/** The role of the window that sent `event`, or a ForeignSenderError when it is not ours. */
function checkSender(event: IpcMainInvokeEvent, wiring: Pick<IpcWiring, 'windows' | 'source'>): WindowRole {
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

  /** How many views were pushed to the windows, and the last of them (the session's own object). */
  let pushes = 0;
  let lastPushed: AppView | null = null;

  /** A success names the push that carried its view when that push is the newest; otherwise (no push yet, or an older view) it carries the view. */
  function answerOf(result: ApiResult<unknown>, role: WindowRole): ApiResult<unknown> | PushedViewAnswer {
    if (!result.ok) return result;
    if (result.view === lastPushed)
      return result.data === undefined ? { ok: true, pushed: pushes } : { ok: true, pushed: pushes, data: result.data };
    return { ...result, view: viewForRole(result.view, role) };
  }

  for (const name of COMMAND_NAMES) {
    handle(commandChannel(name), async (_event, role, args) => answerOf(await service.run(role, name, args), role));
  }
  handleWindowChannel('getView', (event) => viewForRole(service.getView(), windows.roleOf(event.sender) ?? 'table'));
  handleWindowChannel('toggleFullScreen', (event) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    if (window) windows.toggleFullScreen(window);
  });
  handleWindowChannel('openTableWindow', () => windows.showTable());

  const unsubscribe = service.onView((view) => {
    pushes += 1;
    lastPushed = view;
    // The TV's window never gets the group (viewForRole): it is the console's alone.
    for (const window of windows.all())
      window.webContents.send(CHANNELS.view, viewForRole(view, windows.roleOf(window.webContents) ?? 'table'), pushes);
  });

  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
