import type { StorageBackend } from './adapter';
import { lenientParse } from './jsonFile';
import { wholeFileBackend } from './wholeFileBackend';

/**
 * The storage backend inside Electron: electron-store, with the same file
 * names, reads and folder fsync as confBackend.ts. electron-store is ESM-only
 * and imports `electron` when loaded, so it is loaded here, on demand, never
 * by code that also runs in plain Node.
 */
export async function createElectronStoreBackend(root: string): Promise<StorageBackend> {
  const { default: Store } = await import('electron-store');
  return wholeFileBackend(
    root,
    (location) =>
      new Store<Record<string, unknown>>({
        cwd: location.cwd,
        name: location.configName,
        fileExtension: 'json',
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
        watch: false,
        deserialize: lenientParse,
      }),
  );
}
