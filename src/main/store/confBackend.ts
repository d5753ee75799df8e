import Conf from 'conf';
import type { StorageBackend } from './adapter';
import { lenientParse } from './jsonFile';
import { wholeFileBackend } from './wholeFileBackend';

/**
 * The storage backend for plain Node (headless host, tests): `conf`, the
 * library electron-store wraps, so the files and their atomic writes are the
 * same as in the app.
 */
export function createConfBackend(root: string): StorageBackend {
  return wholeFileBackend(
    root,
    (location) =>
      new Conf<Record<string, unknown>>({
        cwd: location.cwd,
        configName: location.configName,
        fileExtension: 'json',
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
        watch: false,
        deserialize: lenientParse,
      }),
  );
}
