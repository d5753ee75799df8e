import type { JsonDocument, StorageBackend } from './adapter';
import { listDocuments, locateDocument, readJsonFile, removeInterruptedWrites, syncDirectory, type DocumentLocation } from './jsonFile';

/** What conf and electron-store share: assigning `store` rewrites the whole file atomically. */
export interface WholeFileStore {
  store: Record<string, unknown>;
}

/**
 * A StorageBackend over a conf-like library: reads go straight to the file
 * (jsonFile.ts), writes through the library's atomic whole-file write and
 * then a folder fsync, so the rename itself survives a power cut.
 * `makeStore` builds the library's store for one document.
 */
export function wholeFileBackend(root: string, makeStore: (location: DocumentLocation) => WholeFileStore): StorageBackend {
  // One document per name, so its store is made once: the library's constructor reads and parses the whole file.
  const documents = new Map<string, JsonDocument>();
  return {
    root,
    list: (folder) => listDocuments(root, folder),
    removeInterruptedWrites: () => removeInterruptedWrites(root),
    open(name: string): JsonDocument {
      const known = documents.get(name);
      if (known) return known;
      const location = locateDocument(root, name);
      let store: WholeFileStore | undefined;
      const document: JsonDocument = {
        path: location.path,
        read: () => readJsonFile(location.path),
        write(value: Record<string, unknown>): void {
          // Created on first write: the constructor reads the file, which a read-only use never needs.
          store ??= makeStore(location);
          store.store = value;
          syncDirectory(location.cwd);
        },
      };
      documents.set(name, document);
      return document;
    },
  };
}
