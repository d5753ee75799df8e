/**
 * What both preloads share (each is bundled into its own self-contained
 * file, see electron.vite.config.ts). The page never sees `ipcRenderer`, an
 * IPC event, or a way to name a channel: only the methods built here.
 *
 * From src/shared this imports types, channels.ts and the dependency-free
 * registry.ts only: a sandboxed preload cannot load zod. Arguments go to main
 * untouched; main checks the sender's role and the arguments' schema.
 */
import { ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PreloadApi } from '../shared/api';
import { CHANNELS, commandChannel } from '../shared/channels';
import { commandsFor, type CommandName, type Role } from '../shared/registry';
import type { AppView } from '../shared/view';

/**
 * One method per command the registry lets `role` send, and none other. The
 * preload's one cast: an object built from the registry's list of names
 * cannot be typed name by name, but each method invokes its own command's
 * channel, and main answers it typed by that command (DataOf), or with the
 * number of the push that carried its view (PushedViewAnswer).
 */
export function commandMethods<R extends Role>(role: R): Partial<Pick<PreloadApi, CommandName>> {
  const methods: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of commandsFor(role)) {
    methods[name] = (args) => ipcRenderer.invoke(commandChannel(name as CommandName), args);
  }
  return methods as Partial<Pick<PreloadApi, CommandName>>;
}

/** The view and the window's full screen: what every window has. */
export function viewMethods(): Pick<PreloadApi, 'getView' | 'onView' | 'toggleFullScreen'> {
  return {
    getView: () => ipcRenderer.invoke(CHANNELS.getView) as Promise<AppView>,
    // With its number: a command's answer may name the push that carried its view (PushedViewAnswer).
    onView: (listener) => {
      const relay = (_event: IpcRendererEvent, view: AppView, pushed: number): void => listener(view, pushed);
      ipcRenderer.on(CHANNELS.view, relay);
      return () => {
        ipcRenderer.removeListener(CHANNELS.view, relay);
      };
    },
    toggleFullScreen: async () => {
      await ipcRenderer.invoke(CHANNELS.toggleFullScreen);
    },
  };
}
