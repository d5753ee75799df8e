import type { Language } from '../../../shared';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';

/**
 * Every language at once, English first (the reference every other must match
 * key for key). For tests and checks only: the pages load English and the
 * language shown, the others on demand (index.ts `loadLanguage`), so no page
 * imports this module.
 */
export const LOCALE_MESSAGES = { en, fr, it, es } as const satisfies Record<Language, unknown>;
