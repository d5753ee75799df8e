import { createI18n } from 'vue-i18n';
import type { Language } from '../../../shared';
import { setFormatLocale } from '../lib/money';
import { elideBeforeVowel } from './elision';
import en, { type MessageSchema } from './en';
import type { Translation } from './messages';

declare module 'vue-i18n' {
  // Typed keys for `t()` everywhere: the English messages are the schema.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}

/**
 * The other languages, each its own chunk fetched when first shown: a page
 * loads only English (the fallback for a key a translation lacks) and the
 * language it shows, not all four.
 */
const TRANSLATIONS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translation }>> = {
  fr: () => import('./fr'),
  it: () => import('./it'),
  es: () => import('./es'),
};

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

type AppI18n = ReturnType<typeof buildI18n>;

function buildI18n(language: Language, messages: Partial<Record<Language, Translation>>) {
  // Read when a message is said, so that it follows the language switched to.
  let locale: { value: string } = { value: language };
  const i18n = createI18n<[MessageSchema], Language, false>({
    legacy: false,
    locale: language,
    // A key a translation lacks shows the English words rather than the key itself.
    fallbackLocale: 'en',
    messages: { en, ...messages } as unknown as Record<Language, MessageSchema>,
    pluralRules: { en: pluralRule('en'), fr: pluralRule('fr'), it: pluralRule('it'), es: pluralRule('es') },
    // French "de {name}" becomes "d’Ann" once the name is in (every message, one place).
    postTranslation: (text) => (typeof text === 'string' && locale.value === 'fr' ? elideBeforeVowel(text) : text),
  });
  locale = i18n.global.locale;
  return i18n;
}

/** The page's one i18n instance, which `loadLanguage` adds languages to. */
let pageI18n: AppI18n | null = null;

/**
 * The page's i18n with English, plus any language given already loaded (a
 * language not given is loaded by `loadLanguage` before it is shown).
 */
export function createAppI18n(language: Language = 'en', messages: Partial<Record<Language, Translation>> = {}): AppI18n {
  setFormatLocale(language);
  pageI18n = buildI18n(language, messages);
  return pageI18n;
}

/** Fetches a language's messages into the page's i18n, once. */
export async function loadLanguage(language: Language): Promise<void> {
  const i18n = pageI18n;
  if (language === 'en' || !i18n || i18n.global.availableLocales.includes(language)) return;
  const { default: messages } = await TRANSLATIONS[language]();
  if (!i18n.global.availableLocales.includes(language)) i18n.global.setLocaleMessage(language, messages as MessageSchema);
}

/** Counts calls, so that of two switches in quick succession the later one wins even if its words arrive first. */
let latestSwitch = 0;

/**
 * Switches both the words and the number/date formats once the language's
 * words are loaded; called with the language in main's view, so the console
 * and the TV always agree.
 */
export async function applyLanguage(locale: { value: string }, language: Language): Promise<void> {
  const ticket = ++latestSwitch;
  // Already shown: nothing to load, and a switch still loading (G pressed twice, back to this language) is now stale.
  if (locale.value === language) return;
  await loadLanguage(language);
  if (ticket !== latestSwitch) return;
  setFormatLocale(language);
  locale.value = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
