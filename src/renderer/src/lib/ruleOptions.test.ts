import { describe, expect, it } from 'vitest';
import { ruleSettingsSchema } from '../../../shared/settings';
import { LOCALE_MESSAGES } from '../i18n/allLocales';
import { ENUM_RULE_OPTIONS, MAX_BET_RANGE, parseMaxBet, POST_PAYS_OPTIONS, SWITCH_RULES } from './ruleOptions';

describe('lobby rule options, read from the settings schema', () => {
  it('R29: the pair choices come from the schema and include high-low', () => {
    expect(ENUM_RULE_OPTIONS.pair).toEqual(['pays-2', 'pays-3', 'redeal', 'high-low']);
    // Every option offered is one the schema accepts, and every one it accepts is offered.
    for (const [name, options] of Object.entries(ENUM_RULE_OPTIONS)) {
      for (const value of options) expect(ruleSettingsSchema.safeParse({ [name]: value }).success).toBe(true);
      expect(ruleSettingsSchema.safeParse({ [name]: 'not-an-option' }).success).toBe(false);
    }
  });

  it('R27, R28: firstRound offers open and half-pot, anteWhen empty-pot and every-deal', () => {
    expect(ENUM_RULE_OPTIONS.firstRound).toEqual(['open', 'half-pot']);
    expect(ENUM_RULE_OPTIONS.anteWhen).toEqual(['empty-pot', 'every-deal']);
  });

  it("R34: cards offers the laptop's deck (the default) and cards drawn by the table", () => {
    expect(ENUM_RULE_OPTIONS.cards).toEqual(['deck', 'table']);
    expect(ruleSettingsSchema.parse({}).cards).toBe('deck');
    for (const messages of Object.values(LOCALE_MESSAGES))
      expect((messages as { settings: { cards: string } }).settings.cards).toMatch(/R34/);
  });

  it('R30: postPays offers 1, 2 and 3, each accepted by the schema', () => {
    expect(POST_PAYS_OPTIONS).toEqual([1, 2, 3]);
    for (const n of POST_PAYS_OPTIONS) expect(ruleSettingsSchema.safeParse({ postPays: n }).success).toBe(true);
  });

  it('R26: pass is an on/off setting like the ace call', () => {
    expect([...SWITCH_RULES].sort()).toEqual(['aceLowChoice', 'pass']);
  });

  it('R27: the bet limit box takes nothing (no limit) or a whole number in the schema range, and refuses the rest', () => {
    expect(parseMaxBet('')).toEqual({ ok: true, value: null });
    expect(parseMaxBet(' 10 ')).toEqual({ ok: true, value: 10 });
    expect(parseMaxBet('0')).toEqual({ ok: false });
    expect(parseMaxBet(String(MAX_BET_RANGE.max + 1))).toEqual({ ok: false });
    expect(parseMaxBet('2.5')).toEqual({ ok: false });
    expect(parseMaxBet('-3')).toEqual({ ok: false });
    expect(MAX_BET_RANGE).toEqual({ min: 1, max: 1_000_000 });
  });

  it('every option has words in all four languages', () => {
    const values = [...Object.values(ENUM_RULE_OPTIONS).flat(), ...POST_PAYS_OPTIONS.map((n) => `post${n}`)];
    for (const messages of Object.values(LOCALE_MESSAGES)) {
      const words = (messages as { settings: { values: Record<string, string> } }).settings.values;
      for (const value of values) expect(words[value], value).toBeTruthy();
    }
  });
});
