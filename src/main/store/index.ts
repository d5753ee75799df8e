export type { JsonDocument, StorageBackend } from './adapter';
export { createConfBackend } from './confBackend';
export { StoreReadError } from './jsonFile';
export { chipValueToMinorUnits, MigrationError, migrate, nightEventsToMinorUnits } from './migrations';
export { DEFAULT_SETTINGS, DOCUMENT_NAMES, DealerRepository, nightDocumentName } from './repository';
export * from './schemas';
export { JournalFiles, writeFileDurably } from './journalFiles';
export { journalText } from './repository';
export { recoverInterruptedRestore, replaceEverything, type RestoreContent } from './restore';
