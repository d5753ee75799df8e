import { describe, expect, it } from 'vitest';
import { initialLanguage } from './language';

describe("a phone's language", () => {
  it('is the one picked on the phone when there is one', () => {
    expect(initialLanguage('it', ['fr-FR'])).toBe('it');
  });

  it("defaults to the first of the browser's languages the app speaks, region or not", () => {
    expect(initialLanguage(null, ['fr-CA', 'en'])).toBe('fr');
    expect(initialLanguage(null, ['de-DE', 'es-419', 'en'])).toBe('es');
    expect(initialLanguage(null, ['IT'])).toBe('it');
  });

  it('falls back to English for a language the app does not speak, or a kept value it does not know', () => {
    expect(initialLanguage(null, ['de-DE', 'ja'])).toBe('en');
    expect(initialLanguage('klingon', [])).toBe('en');
  });
});
