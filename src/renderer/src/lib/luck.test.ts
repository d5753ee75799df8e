import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerLuck } from '../../../shared';
import { LOCALE_MESSAGES } from '../i18n/allLocales';
import type { Translate } from '../i18n/describe';
import { createAppI18n } from '../i18n';
import { luckLine } from './luck';
import { formatLuckChips, setFormatLocale } from './money';

function wordsIn(language: 'en' | 'fr' | 'it' | 'es'): Translate {
  const i18n = createAppI18n(language, LOCALE_MESSAGES);
  return (key, named = {}, plural) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural));
}

const luck = (hundredths: number, verdict: PlayerLuck['verdict']): PlayerLuck => ({
  playerId: 'ana',
  bets: 12,
  luck: hundredths,
  spread: 500,
  verdict,
});

describe("luck against the odds in the host's words", () => {
  afterEach(() => setFormatLocale('en'));

  it("R25: shows main's hundredths signed, a tenth below 10 chips and whole from there", () => {
    expect([288, -584, 1449, -1450, 4, -4, 0].map(formatLuckChips)).toEqual(['+2.9', '-5.8', '+14', '-15', '0', '0', '0']);
  });

  it('R25: words the verdict main gave, tonight and over the nights, in each language', () => {
    expect(luckLine(luck(1400, 'kind'), wordsIn('en'))).toBe('Luck: +14 chips: the cards were kind tonight');
    expect(luckLine(luck(-100, 'unkind'), wordsIn('en'))).toBe('Luck: -1 chip: the cards were unkind tonight');
    expect(luckLine(luck(30, 'even'), wordsIn('en'), 'nights')).toBe('Luck: +0.3 chips: about even with the odds');
    expect(luckLine(luck(-584, 'unkind'), wordsIn('fr'))).toBe('Chance : -5,8 jetons : les cartes ont été cruelles ce soir');
    expect(luckLine(luck(1400, 'kind'), wordsIn('it'))).toBe('Fortuna: +14 fiche: le carte sono state generose stasera');
    expect(luckLine(luck(1400, 'kind'), wordsIn('es'))).toBe('Suerte: +14 fichas: las cartas fueron generosas esta noche');
  });
});
