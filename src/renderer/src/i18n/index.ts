import { createI18n } from 'vue-i18n';
import type { Language } from '../../../shared';
import { setFormatLocale } from '../lib/money';
import en, { type MessageSchema } from './en';
import es from './es';
import fr from './fr';
import it from './it';

declare module 'vue-i18n' {
  // Typed keys for `t()` everywhere: the English messages are the schema.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}

/** Every language of the app, English first (the reference every other must match key for key). */
export const LOCALE_MESSAGES = { en, fr, it, es } as const satisfies Record<Language, unknown>;

/** Each language named in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
};

/**
 * Which plural form to use, from the language's own rules (Intl.PluralRules):
 * with three forms the first is for none at all ("no chips"), then one, then
 * many; with two, one then many. French counts 0 as one ("0 soirée"),
 * English as many ("0 nights").
 */
function pluralRule(language: Language) {
  const rules = new Intl.PluralRules(language);
  return (choice: number, choicesLength: number): number => {
    const one = rules.select(Math.abs(choice)) === 'one';
    if (choicesLength >= 3) return choice === 0 ? 0 : one ? 1 : 2;
    return one ? 0 : 1;
  };
}

export function createAppI18n(language: Language = 'en') {
  setFormatLocale(language);
  return createI18n<[MessageSchema], Language, false>({
    legacy: false,
    locale: language,
    // A key a translation lacks shows the English words rather than the key itself.
    fallbackLocale: 'en',
    messages: LOCALE_MESSAGES as unknown as Record<Language, MessageSchema>,
    pluralRules: { en: pluralRule('en'), fr: pluralRule('fr'), it: pluralRule('it'), es: pluralRule('es') },
  });
}

/**
 * Switches both the words and the number/date formats; called with the
 * language in main's view, so the console and the TV always agree.
 */
export function applyLanguage(locale: { value: string }, language: Language): void {
  setFormatLocale(language);
  locale.value = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
