import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../stores/ui';
import { screenKeyHandler } from './useScreenKeys';

/** A keydown as the window would deliver it; `prevented` says whether the screen claimed it. */
function key(init: { key: string; isComposing?: boolean; repeat?: boolean }) {
  const event = { isComposing: false, repeat: false, ...init, prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
}

describe('screen keys', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('hands a key to the screen and claims it when the screen used it', () => {
    const handle = vi.fn((e: KeyboardEvent) => e.key === 'Enter');
    const onKey = screenKeyHandler(handle);
    const enter = key({ key: 'Enter' });
    const other = key({ key: 'x' });
    onKey(enter as unknown as KeyboardEvent);
    onKey(other as unknown as KeyboardEvent);
    expect(handle).toHaveBeenCalledTimes(2);
    expect(enter.prevented).toBe(true);
    expect(other.prevented).toBe(false);
  });

  it('leaves the Enter that confirms IME composition to the text being typed', () => {
    const handle = vi.fn(() => true);
    const composing = key({ key: 'Enter', isComposing: true });
    screenKeyHandler(handle)(composing as unknown as KeyboardEvent);
    expect(handle).not.toHaveBeenCalled();
    expect(composing.prevented).toBe(false);
  });

  it('lets an open question take every key: Enter says yes once, Esc says no', () => {
    const ui = useUiStore();
    const handle = vi.fn(() => true);
    const onKey = screenKeyHandler(handle);
    const onYes = vi.fn();
    ui.ask('End the night?', onYes);
    onKey(key({ key: 'Enter', repeat: true }) as unknown as KeyboardEvent);
    expect(onYes).not.toHaveBeenCalled();
    onKey(key({ key: 'Enter' }) as unknown as KeyboardEvent);
    expect(onYes).toHaveBeenCalledTimes(1);
    ui.ask('End the night?', onYes);
    onKey(key({ key: 'Escape' }) as unknown as KeyboardEvent);
    expect(ui.confirmation).toBeNull();
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(handle).not.toHaveBeenCalled();
  });

  it('closes the key list on Esc or ? and gives the screen nothing meanwhile', () => {
    const ui = useUiStore();
    const handle = vi.fn(() => true);
    const onKey = screenKeyHandler(handle);
    ui.helpOpen = true;
    onKey(key({ key: 'b' }) as unknown as KeyboardEvent);
    expect(ui.helpOpen).toBe(true);
    onKey(key({ key: '?' }) as unknown as KeyboardEvent);
    expect(ui.helpOpen).toBe(false);
    expect(handle).not.toHaveBeenCalled();
  });
});
