import { BrowserWindow, type IpcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, COMMAND_NAMES, commandChannel } from '../../shared';
import type { DealerService } from '../session/service';
import { isRendererUrl, type RendererSource } from './renderer';
import type { DealerWindows } from './windows';

/**
 * The IPC half of the bridge: one `ipcMain.handle` per command, each
 * refusing anything that is not our renderer's top frame in one of our
 * windows. Arguments go to `service.run` untouched; it checks them against the
 * contract's zod schemas. Every change is pushed to both windows.
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

export function checkSender(event: IpcMainInvokeEvent, wiring: Pick<IpcWiring, 'windows' | 'source'>): void {
  const frame = event.senderFrame;
  if (!frame) throw new ForeignSenderError('the sending frame is gone');
  if (frame.parent !== null) throw new ForeignSenderError('only the top frame may call');
  if (!isRendererUrl(wiring.source, frame.url)) throw new ForeignSenderError(`unexpected page ${frame.url}`);
  if (!wiring.windows.owns(event.sender)) throw new ForeignSenderError('not one of our windows');
}

/** Register every handler; returns a function that removes them all. */
export function registerIpc(ipcMain: IpcMain, wiring: IpcWiring): () => void {
  const { service, windows } = wiring;
  const channels: string[] = [];

  function handle(channel: string, handler: (event: IpcMainInvokeEvent, args: unknown) => unknown): void {
    ipcMain.handle(channel, (event, args: unknown) => {
      checkSender(event, wiring);
      return handler(event, args);
    });
    channels.push(channel);
  }

  for (const name of COMMAND_NAMES) {
    handle(commandChannel(name), (_event, args) => service.run(name, args));
  }
  handle(CHANNELS.getView, () => service.getView());
  handle(CHANNELS.toggleFullScreen, (event) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    if (window) windows.toggleFullScreen(window);
  });

  const unsubscribe = service.onView((view) => {
    for (const window of windows.all()) window.webContents.send(CHANNELS.view, view);
  });

  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
