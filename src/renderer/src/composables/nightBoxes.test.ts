import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllowedView, NightView } from '../../../shared';
import { useEntryStore } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useNightBoxes } from './nightBoxes';
import en from '../i18n/en';

/** A night between turns with an ante of 5, where main says the least a newcomer buys in. */
function night(newcomerMinBuyIn: number): NightView {
  return {
    phase: 'ready',
    settings: { ante: 5 },
    allowed: {
      commands: ['seatPlayer'],
      bet: null,
      correction: null,
      cut: null,
      endRefusal: null,
      newcomerMinBuyIn,
      players: {},
    } as AllowedView,
  } as unknown as NightView;
}

describe("the newcomer's buy-in box", () => {
  let entry: ReturnType<typeof useEntryStore>;
  let current: NightView;
  const t = (k: string, named?: Record<string, unknown>) => (named ? `${k} ${JSON.stringify(named)}` : k);

  beforeEach(() => {
    setActivePinia(createPinia());
    const ui = useUiStore();
    entry = useEntryStore();
    ui.panel = 'seat';
  });

  function refusalOf(text: string): string | null {
    const box = useNightBoxes({ night: () => current, ui: useUiStore(), entry, t });
    entry.seatBuyIn = text;
    return box.value?.refusal ?? null;
  }

  it('R31: a buy-in of the ante or less is refused, naming the ante; one chip more is fine', () => {
    current = night(6);
    expect(refusalOf('5')).toBe('errors.starting-chips-too-few {"ante":5}');
    expect(refusalOf('6')).toBeNull();
  });

  it("R31: the least buy-in is main's (allowed.newcomerMinBuyIn), not worked out on the screen", () => {
    current = night(8);
    expect(refusalOf('7')).toBe('errors.starting-chips-too-few {"ante":5}');
    expect(refusalOf('8')).toBeNull();
  });
});

/** A bet asked of Ann (stack `stack`) with `pot` in the pot: main's limits for it, its house cap if any. */
function betAsked(stack: number, pot: number, max: number, cap: 'max-bet' | 'half-pot' | null = null): NightView {
  return {
    phase: 'bet',
    pot,
    toActId: 'ann',
    players: [
      { id: 'ann', name: 'Ann', stack },
      { id: 'bob', name: 'Bob', stack: 20 },
    ],
    settings: { ante: 1 },
    allowed: {
      commands: ['bet'],
      bet: { min: 1, max, cap },
      correction: null,
      cut: null,
      endRefusal: null,
      newcomerMinBuyIn: 2,
      players: {},
    } as AllowedView,
  } as unknown as NightView;
}

describe('the bet box over the most a bet can be', () => {
  let entry: ReturnType<typeof useEntryStore>;
  const t = (k: string, named?: Record<string, unknown>) => (named ? `${k} ${JSON.stringify(named)}` : k);

  beforeEach(() => {
    setActivePinia(createPinia());
    entry = useEntryStore();
  });

  function refusalOf(current: NightView, text: string): string | null {
    const box = useNightBoxes({ night: () => current, ui: useUiStore(), entry, t });
    entry.bet.digits = text;
    return box.value?.refusal ?? null;
  }

  it('R17: over the pot, the box says the pot holds that much; over a stack under the pot, whose stack it is', () => {
    expect(refusalOf(betAsked(20, 6, 6), '7')).toBe('errors.bet-above-pot {"min":1,"max":6,"pot":6}');
    expect(refusalOf(betAsked(6, 8, 6), '7')).toBe('errors.bet-above-stack {"min":1,"max":6,"player":"Ann","stack":6}');
    expect(refusalOf(betAsked(6, 8, 6), '6')).toBeNull();
  });

  it('R27: over the house cap, the box names the cap whatever the pot and stack', () => {
    expect(refusalOf(betAsked(20, 30, 10, 'max-bet'), '11')).toBe('errors.bet-above-limit {"min":1,"max":10}');
  });
});

describe('a minus sign in a number box says the least that box takes', () => {
  let entry: ReturnType<typeof useEntryStore>;
  /** English as the console words it: the key looked up in en.ts, its {names} filled in. */
  const english = (key: string, named: Record<string, unknown> = {}): string => {
    const message = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], en) as string;
    return message.replace(/\{(\w+)\}/g, (_, name: string) => String(named[name]));
  };

  beforeEach(() => {
    setActivePinia(createPinia());
    entry = useEntryStore();
  });

  function betRefusal(text: string): string | null {
    const box = useNightBoxes({ night: () => betAsked(20, 6, 6), ui: useUiStore(), entry, t: english });
    entry.bet.digits = text;
    return box.value?.refusal ?? null;
  }

  it('R17: "-3" in the bet box says a bet is 1 or more, never "0 or more" beside "the smallest bet is 1" for 0', () => {
    expect(betRefusal('-3')).toBe('A bet is 1 or more: a minus sign is not allowed.');
    expect(betRefusal('0')).toBe('The smallest bet is 1: bet 1 to 6.');
    expect(betRefusal('-3')).not.toMatch(/\b0 or more/);
  });

  it('R11: "-3" in the cut box says 0 or more: a cut of 0 is taken', () => {
    const cutAsked = {
      ...betAsked(20, 6, 6),
      phase: 'cut',
      allowed: { ...betAsked(20, 6, 6).allowed, bet: null, cut: { min: 0, max: 51 } },
    };
    const box = useNightBoxes({ night: () => cutAsked as NightView, ui: useUiStore(), entry, t: english });
    entry.cut = '-3';
    expect(box.value?.refusal).toBe('Numbers here are 0 or more: a minus sign is not allowed.');
  });
});
