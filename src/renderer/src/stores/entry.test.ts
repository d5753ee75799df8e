import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../shared/settings';
import { isPaymentKey, otherPayment, useEntryStore } from './entry';

beforeEach(() => {
  setActivePinia(createPinia());
});

function entryWithTwoPlayers() {
  const entry = useEntryStore();
  entry.seated = [{ name: 'Ann' }, { name: 'Bo' }];
  return entry;
}

describe('the lobby setup form', () => {
  it('M1: sends the chip value the host typed in minor units, parsed exactly (0.29 EUR is 29, not 28.999...)', () => {
    const entry = entryWithTwoPlayers();
    entry.currency = 'EUR';
    const sent = (typed: string) => {
      entry.chipValue = typed;
      const built = entry.startArgs();
      return built.ok ? built.args.chipValue : built.problem;
    };
    expect(sent('0.29')).toBe(29);
    expect(sent('0,25')).toBe(25);
    expect(sent('2')).toBe(200);
    expect(sent('0')).toBe(0);
    expect(sent('0.125')).toBe('chip-value-too-precise');
    expect(sent('-1')).toBe('bad-chip-value');
    expect(sent('')).toBe('bad-chip-value');
    expect(sent('1000001')).toBe('chip-value-too-large');
    entry.currency = 'JPY';
    expect(sent('500')).toBe(500);
  });

  it('M1: "same as last time" shows the stored minor units as the amount the host types', () => {
    const entry = useEntryStore();
    entry.fillFromLast({ playerIds: [], startingChips: 20, chipValue: 25, currency: 'EUR', settings: DEFAULT_RULES }, []);
    expect(entry.chipValue).toBe('0.25');
    entry.fillFromLast({ playerIds: [], startingChips: 20, chipValue: 500, currency: 'JPY', settings: DEFAULT_RULES }, []);
    expect(entry.chipValue).toBe('500');
  });
});

describe('house rules in the lobby form', () => {
  it('R27: the bet limit typed in the lobby is sent as maxBet; empty is no limit; a bad one is refused', () => {
    const entry = entryWithTwoPlayers();
    const sent = (typed: string) => {
      entry.setMaxBetText(typed);
      const built = entry.startArgs();
      return built.ok ? built.args.settings?.maxBet : built.problem;
    };
    expect(sent('10')).toBe(10);
    expect(sent('')).toBeNull();
    expect(sent('0')).toBe('bad-max-bet');
    expect(sent('abc')).toBe('bad-max-bet');
  });

  it('R26-R30: the house-rules preset fills every new setting, including the bet limit box', () => {
    const entry = entryWithTwoPlayers();
    entry.applyPreset('house-rules');
    expect(entry.maxBetText).toBe('10');
    const built = entry.startArgs();
    expect(built.ok && built.args.settings).toMatchObject({
      pass: true,
      maxBet: 10,
      firstRound: 'half-pot',
      anteWhen: 'every-deal',
      pair: 'high-low',
      postPays: 3,
    });
    expect(entry.preset).toBe('house-rules');
    entry.applyPreset('standard');
    expect(entry.maxBetText).toBe('');
  });
});

describe('cash or credit on the console (M2)', () => {
  it('M2: the night is sent with the default the host chose in the lobby, credit unless chosen; "same as last time" brings it back', () => {
    const entry = entryWithTwoPlayers();
    const sent = () => {
      const built = entry.startArgs();
      return built.ok ? built.args.payment : built.problem;
    };
    expect(sent()).toBe('credit');
    entry.payment = otherPayment(entry.payment);
    expect(sent()).toBe('cash');
    entry.payment = otherPayment(entry.payment);
    expect(sent()).toBe('credit');
    entry.fillFromLast({ playerIds: [], startingChips: 20, chipValue: 25, currency: 'EUR', settings: DEFAULT_RULES, payment: 'cash' }, []);
    expect(entry.payment).toBe('cash');
    // A last night from before M2 was kept says nothing: credit.
    entry.fillFromLast({ playerIds: [], startingChips: 20, chipValue: 25, currency: 'EUR', settings: DEFAULT_RULES }, []);
    expect(entry.payment).toBe('credit');
  });

  it('M2: C switches cash and credit, unless a name is being typed; Alt+C always (by its key code too, as a Mac types ç)', () => {
    const key = (k: string, over: Partial<KeyboardEvent> = {}) => ({
      key: k,
      code: `Key${k.toUpperCase()}`,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      ...over,
    });
    expect(isPaymentKey(key('c'), false)).toBe(true);
    expect(isPaymentKey(key('C'), false)).toBe(true);
    expect(isPaymentKey(key('c'), true)).toBe(false);
    expect(isPaymentKey(key('c', { altKey: true }), true)).toBe(true);
    expect(isPaymentKey({ ...key('ç', { altKey: true }), code: 'KeyC' }, true)).toBe(true);
    expect(isPaymentKey(key('c', { ctrlKey: true }), false)).toBe(false);
    expect(isPaymentKey(key('b'), false)).toBe(false);
  });
});
