import { LANGUAGES, type Language } from '../../../shared/choices';

/**
 * A phone's language is its own: picked on the phone and kept there, never
 * the host's (the TV and the console follow the host; each person at the
 * table reads their phone in theirs).
 */

export const LANGUAGE_STORAGE_KEY = 'in-between-dealer.phone.language';

function known(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/** The language kept on this phone, else the first of the browser's languages the app speaks, else English. */
export function initialLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  return known(saved) ?? browserLanguages.map(known).find((l): l is Language => l !== null) ?? 'en';
}
