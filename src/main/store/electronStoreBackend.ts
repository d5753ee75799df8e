import type ElectronStore from 'electron-store';
import type { JsonDocument, StorageBackend } from './adapter';
import { lenientParse, locateDocument, readJsonFile, syncDirectory } from './jsonFile';

/**
 * The storage backend inside Electron: electron-store, a thin mirror of
 * confBackend.ts (same file names, same reads, writes through the library).
 * electron-store is ESM-only and imports `electron` when loaded, so it is
 * loaded here, on demand, never by code that also runs in plain Node.
 */
export async function createElectronStoreBackend(root: string): Promise<StorageBackend> {
  const { default: Store } = await import('electron-store');
  return {
    root,
    open(name: string): JsonDocument {
      const location = locateDocument(root, name);
      let store: ElectronStore<Record<string, unknown>> | undefined;
      return {
        path: location.path,
        read: () => readJsonFile(location.path),
        write(value: Record<string, unknown>): void {
          store ??= new Store<Record<string, unknown>>({
            cwd: location.cwd,
            name: location.configName,
            fileExtension: 'json',
            clearInvalidConfig: false,
            accessPropertiesByDotNotation: false,
            watch: false,
            deserialize: lenientParse,
          });
          store.store = value;
          syncDirectory(location.cwd);
        },
      };
    },
  };
}
