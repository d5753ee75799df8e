/**
 * The one storage adapter (docs/design.md): electron-store inside Electron, its
 * underlying `conf` library in Node. Both write whole JSON files atomically.
 * A document is one file; `name` may contain one folder, e.g. `nights/2026-11-22-ab12`.
 */
export interface JsonDocument {
  readonly path: string;
  /** The file's parsed content, or undefined when the file does not exist. Throws on unreadable JSON. */
  read(): unknown;
  /** Replace the whole file atomically; durable when it returns. */
  write(value: Record<string, unknown>): void;
}

export interface StorageBackend {
  /** The data folder. */
  readonly root: string;
  open(name: string): JsonDocument;
  /**
   * The documents in one folder, as names for `open` (e.g. `nights/2026-11-22-ab12`),
   * sorted; none when the folder does not exist. Lets the index be repaired from the files.
   */
  list(folder: string): string[];
  /**
   * Deletes the temporary files atomic writes leave when they are interrupted
   * (a crash or power cut between writing the temp file and renaming it over
   * the document), in the data folder and its folders; returns their paths.
   */
  removeInterruptedWrites(): string[];
}
