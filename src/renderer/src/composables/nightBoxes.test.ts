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
