import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useShownAfter } from './useShownAfter';

describe('the "Sending…" note', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only when an answer takes longer than the delay, and goes as soon as it comes', async () => {
    const busy = ref(false);
    const scope = effectScope();
    const shown = scope.run(() => useShownAfter(busy, 250))!;
    busy.value = true;
    await nextTick();
    vi.advanceTimersByTime(200);
    expect(shown.value).toBe(false);
    vi.advanceTimersByTime(100);
    expect(shown.value).toBe(true);
    busy.value = false;
    await nextTick();
    expect(shown.value).toBe(false);
    scope.stop();
  });

  it('a quick answer never shows it', async () => {
    const busy = ref(false);
    const scope = effectScope();
    const shown = scope.run(() => useShownAfter(busy, 250))!;
    busy.value = true;
    await nextTick();
    vi.advanceTimersByTime(10);
    busy.value = false;
    await nextTick();
    vi.advanceTimersByTime(1000);
    expect(shown.value).toBe(false);
    scope.stop();
  });
});
