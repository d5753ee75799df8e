import { describe, expect, it } from 'vitest';
import { applyLanguage, createAppI18n } from './index';

describe('languages load on demand', () => {
  it('a page starts with English only and switches to another language once its words are fetched', async () => {
    const i18n = createAppI18n('en');
    expect(i18n.global.availableLocales).toEqual(['en']);
    await applyLanguage(i18n.global.locale, 'fr');
    expect(i18n.global.locale.value).toBe('fr');
    expect(i18n.global.t('chips', { n: 2 }, 2)).toBe('2 jetons');
  });

  it('of two quick switches the later one wins, whichever language arrives first', async () => {
    const i18n = createAppI18n('en');
    const first = applyLanguage(i18n.global.locale, 'it');
    const second = applyLanguage(i18n.global.locale, 'en');
    await Promise.all([first, second]);
    expect(i18n.global.locale.value).toBe('en');
  });
});
