import { createI18n } from 'vue-i18n';
import en, { type MessageSchema } from './en';

declare module 'vue-i18n' {
  // Typed keys for `t()` everywhere: the English messages are the schema.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}

export function createAppI18n() {
  return createI18n<[MessageSchema], 'en', false>({
    legacy: false,
    locale: 'en',
    fallbackLocale: 'en',
    messages: { en },
  });
}
