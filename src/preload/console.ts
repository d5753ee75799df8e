/**
 * The host console's preload (docs/design.md "Two windows, four roles"): every
 * command the registry lets the `host` role send (all but a paired laptop's
 * three), the view, full screen, and reopening the table window. Each member is documented on `DealerApi` (src/shared/api.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { DealerApi } from '../shared/api';
import { CHANNELS } from '../shared/channels';
import { commandMethods, viewMethods } from './bridge';

const api = {
  ...commandMethods('host'),
  ...viewMethods(),
  openTableWindow: async () => {
    await ipcRenderer.invoke(CHANNELS.openTableWindow);
  },
} as DealerApi;

contextBridge.exposeInMainWorld('api', api);
