import type ElectronStore from 'electron-store';
import type { JsonDocument, StorageBackend } from './adapter';
import { lenientParse, listDocuments, locateDocument, readJsonFile, syncDirectory } from './jsonFile';

/**
 * The storage backend inside Electron: electron-store, a thin mirror of
 * confBackend.ts (same file names, same reads, writes through the library).
 * electron-store is ESM-only and imports `electron` when loaded, so it is
 * loaded here, on demand, never by code that also runs in plain Node.
 */
export async function createElectronStoreBackend(root: string): Promise<StorageBackend> {
  const { default: Store } = await import('electron-store');
  // One document per name, so its store is made once: conf's constructor reads and parses the whole file.
  const documents = new Map<string, JsonDocument>();
  return {
    root,
    list: (folder) => listDocuments(root, folder),
    open(name: string): JsonDocument {
      const known = documents.get(name);
      if (known) return known;
      const location = locateDocument(root, name);
      let store: ElectronStore<Record<string, unknown>> | undefined;
      const document: JsonDocument = {
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
      documents.set(name, document);
      return document;
    },
  };
}
