import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, RULE_PRESETS, type RuleSettings } from '../../../shared/settings';
import { createAppI18n } from '../i18n';
import { LOCALE_MESSAGES } from '../i18n/allLocales';
import type { Translate } from '../i18n/describe';
import { rulesInForce } from './rulesText';

function translator(language: 'en' | 'fr' | 'it' | 'es'): Translate {
  const t = createAppI18n(language, LOCALE_MESSAGES).global.t as unknown as Translate;
  return (key, named = {}, plural) => (plural === undefined ? t(key, named) : t(key, named, plural));
}

describe('the rules screen: every setting in plain words', () => {
  it('R15 R16 R18 R22: says what each chosen setting does tonight', () => {
    const lines = rulesInForce(
      { ...DEFAULT_RULES, decks: 2, ante: 3, postPays: 2, pair: 'pays-3', consecutive: 'push' },
      translator('en'),
      {
        chipValue: 0.25,
        text: '0.25 EUR',
      },
    );
    const text = Object.fromEntries(lines.map((l) => [l.id, l.text]));
    expect(text.decks).toMatch(/2 decks of 52 cards/);
    expect(text.ante).toMatch(/3 chips in the pot/);
    expect(text.pair).toMatch(/3 chips from the pot/);
    expect(text.consecutive).toMatch(/no chips move/);
    expect(text.postPays).toMatch(/lose 2 times your bet/);
    expect(text.potAtEnd).toMatch(/shared equally/);
    expect(text.chipValue).toBe('A chip is worth 0.25 EUR.');
  });

  it('R26-R30: the house settings in words: passing, the bet limit, the first round, the ante, pairs called high or low', () => {
    const lines = rulesInForce(RULE_PRESETS['house-rules'], translator('en'));
    const text = Object.fromEntries(lines.map((l) => [l.id, l.text]));
    expect(text.pass).toMatch(/you may pass/);
    expect(text.maxBet).toBe('No bet above 10 chips.');
    expect(text.firstRound).toMatch(/at most half the pot/);
    expect(text.anteWhen).toMatch(/every deal/);
    expect(text.pair).toMatch(/higher or lower/);
    expect(text.postPays).toMatch(/lose 3 times your bet/);
  });

  it("R34: says who draws the cards: the laptop's sealed deck, or the table's phones with the laptop alone when no phone helps", () => {
    const deck = Object.fromEntries(rulesInForce(DEFAULT_RULES, translator('en')).map((l) => [l.id, l]));
    expect(deck.cards?.text).toMatch(/shuffles and seals the deck before the cut/);
    for (const language of ['en', 'fr', 'it', 'es'] as const) {
      const table = rulesInForce({ ...DEFAULT_RULES, cards: 'table' }, translator(language)).find((l) => l.id === 'cards');
      expect(table?.title).not.toBe('cards');
      expect(table?.text).not.toMatch(/rulesScreen\./);
      expect(table?.text).not.toBe(deck.cards?.text);
    }
    expect(rulesInForce({ ...DEFAULT_RULES, cards: 'table' }, translator('en')).find((l) => l.id === 'cards')?.text).toMatch(
      /the laptop draws alone/,
    );
  });

  it('R34: says how long the laptop waits for each phone when the table draws, and nothing of it with the shuffled deck', () => {
    expect(rulesInForce(DEFAULT_RULES, translator('en')).some((l) => l.id === 'revealWaitMs')).toBe(false);
    for (const language of ['en', 'fr', 'it', 'es'] as const) {
      const wait = rulesInForce({ ...DEFAULT_RULES, cards: 'table', revealWaitMs: 2500 }, translator(language)).find(
        (l) => l.id === 'revealWaitMs',
      );
      expect(wait?.title).not.toBe('revealWaitMs');
      expect(wait?.text).toContain('2500');
    }
  });

  it('lists every setting of every preset, in every language, with no key left unworded', () => {
    for (const language of ['en', 'fr', 'it', 'es'] as const) {
      const t = translator(language);
      for (const settings of Object.values(RULE_PRESETS) as RuleSettings[]) {
        const lines = rulesInForce(settings, t, { chipValue: 0, text: '0' });
        // R34's wait for the phones is listed only on nights the table draws (its own test above).
        for (const id of Object.keys(settings).filter((name) => name !== 'revealWaitMs' || settings.cards === 'table'))
          expect(lines.map((l) => l.id)).toContain(id);
        for (const line of lines) {
          expect(`${line.title} ${line.text}`).not.toMatch(/rulesScreen\./);
          expect(line.title).not.toBe(line.id); // worded, not the setting's raw name
        }
      }
    }
  });

  it('a setting this screen has no words for yet is still shown, by name and value', () => {
    const lines = rulesInForce({ ...DEFAULT_RULES, tableLimit: 10 } as RuleSettings, translator('en'));
    expect(lines.at(-1)).toEqual({ id: 'tableLimit', title: 'tableLimit', text: '10' });
  });
});
