import { describe, expect, it } from 'vitest';
import { LOCALE_MESSAGES } from './allLocales';
import { elideBeforeVowel } from './elision';
import { createAppI18n } from './index';

const i18n = createAppI18n('fr', LOCALE_MESSAGES);
const t = (key: string, named: Record<string, unknown>): string => i18n.global.t(key, named);

/** Every message text of a language, as written (placeholders unfilled). */
function texts(messages: unknown): string[] {
  if (typeof messages === 'string') return [messages];
  return messages && typeof messages === 'object' ? Object.values(messages).flatMap(texts) : [];
}

describe('French elides "de", "que" and "le" before a name starting with a vowel', () => {
  it('says "le tour d’Ann", "avant qu’Ève joue", "à gauche d’Élodie"', () => {
    expect(t('announce.voided', { name: 'Ann' })).toBe('Le tour d’Ann est annulé : les jetons reviennent, Ann rejoue');
    expect(t('prompt.readyNewDeck', { name: 'Ève' })).toBe(
      'Nouvelle donne : Entrée mélange un nouveau paquet ; il est coupé avant qu’Ève joue.',
    );
    expect(t('prompt.cutMidTurn', { name: 'Îlona' })).toContain('au milieu du tour d’Îlona :');
    expect(t('movePanel.after', { name: 'Élodie' })).toBe('à gauche d’Élodie');
    expect(t('seatPanel.after', { name: 'Yves' })).toBe('S’assoit à gauche d’Yves');
  });

  it('keeps "de" before a consonant or an h, and in the other languages', () => {
    expect(t('announce.voided', { name: 'Bob' })).toBe('Le tour de Bob est annulé : les jetons reviennent, Bob rejoue');
    expect(t('movePanel.after', { name: 'Hugo' })).toBe('à gauche de Hugo');
    i18n.global.locale.value = 'it';
    expect(t('movePanel.after', { name: 'Ann' })).not.toContain('’Ann');
    i18n.global.locale.value = 'fr';
  });

  it('leaves every French message as written when no name is in it', () => {
    for (const text of texts(LOCALE_MESSAGES.fr)) expect(elideBeforeVowel(text)).toBe(text);
  });
});
