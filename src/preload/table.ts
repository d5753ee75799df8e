/**
 * The TV's table-window preload: only what the registry lets the `table`
 * role send (the history questions), the view and full screen. Nothing here
 * can change state; main refuses a write from this window anyway.
 */
import { contextBridge } from 'electron';
import type { TableApi } from '../shared/api';
import { commandMethods, viewMethods } from './bridge';

const api = { ...commandMethods('table'), ...viewMethods() } as TableApi;

contextBridge.exposeInMainWorld('api', api);
