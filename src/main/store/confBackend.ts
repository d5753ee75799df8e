import Conf from 'conf';
import type { JsonDocument, StorageBackend } from './adapter';
import { lenientParse, listDocuments, locateDocument, readJsonFile, syncDirectory } from './jsonFile';

type Store = Conf<Record<string, unknown>>;

/**
 * The storage backend for plain Node (headless host, tests): `conf`, the
 * library electron-store wraps, so the files and their atomic writes are the
 * same as in the app.
 */
export function createConfBackend(root: string): StorageBackend {
  // One document per name, so its store is made once: conf's constructor reads and parses the whole file.
  const documents = new Map<string, JsonDocument>();
  return {
    root,
    list: (folder) => listDocuments(root, folder),
    open(name: string): JsonDocument {
      const known = documents.get(name);
      if (known) return known;
      const location = locateDocument(root, name);
      let store: Store | undefined;
      const document: JsonDocument = {
        path: location.path,
        read: () => readJsonFile(location.path),
        write(value: Record<string, unknown>): void {
          // Created on first write: the constructor reads the file, which a read-only use never needs.
          store ??= new Conf<Record<string, unknown>>({
            cwd: location.cwd,
            configName: location.configName,
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
