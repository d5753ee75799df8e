import type { StorageLike } from './me';

/** The phone's own storage, or null where the browser refuses it (some private modes). */
export function phoneStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
