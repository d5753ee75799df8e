/**
 * The host console's preload (docs/design.md "Two windows, four roles"): every
 * command the registry lets the `host` role send (all but a paired laptop's
 * three), the view, full screen, and reopening the table window. Each member is documented on `DealerApi` (src/shared/api.ts); a command may answer with the number of the view just pushed (PushedViewAnswer).
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { PreloadApi } from '../shared/api';
import { CHANNELS } from '../shared/channels';
import { commandMethods, viewMethods } from './bridge';

const api = {
  ...commandMethods('host'),
  ...viewMethods(),
  openTableWindow: async () => {
    await ipcRenderer.invoke(CHANNELS.openTableWindow);
  },
} as PreloadApi;

contextBridge.exposeInMainWorld('api', api);
