export type { JsonDocument, StorageBackend } from './adapter';
export { createConfBackend } from './confBackend';
export { StoreReadError } from './jsonFile';
export { MigrationError, migrate } from './migrations';
export { DEFAULT_SETTINGS, DOCUMENT_NAMES, DealerRepository, nightDocumentName } from './repository';
export * from './schemas';
