import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllowedView, NightView } from '../../../shared';
import { useEntryStore } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useNightBoxes } from './nightBoxes';

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
