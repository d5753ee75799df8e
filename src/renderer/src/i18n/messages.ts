import type { MessageSchema } from './en';

/**
 * The shape of a translation: the English schema with every message a string.
 * Partial so that a key English gains before a translation catches up shows
 * English (the fallback) instead of breaking the build for everyone; the test
 * `locales.test.ts` is what holds every language to every key.
 */
type Shape<T> = { [K in keyof T]?: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<MessageSchema>;
