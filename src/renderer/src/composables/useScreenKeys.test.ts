import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { screenKeyHandler } from './useScreenKeys';

/** A keydown as the window would deliver it; `prevented` says whether the screen claimed it. */
function key(init: { key: string; isComposing?: boolean; repeat?: boolean; target?: unknown }) {
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

  it('opens the key list with ? from anywhere, even a text box, and the ? is not typed', () => {
    const ui = useUiStore();
    const handle = vi.fn(() => false);
    const question = key({ key: '?', target: { tagName: 'INPUT' } });
    screenKeyHandler(handle)(question as unknown as KeyboardEvent);
    expect(ui.helpOpen).toBe(true);
    expect(question.prevented).toBe(true);
    expect(handle).not.toHaveBeenCalled();
  });

  it('leaves the arrows and Page keys to an open key list or rules sheet, so the keyboard scrolls it', () => {
    const ui = useUiStore();
    const handle = vi.fn(() => true);
    const onKey = screenKeyHandler(handle);
    for (const open of ['helpOpen', 'rulesOpen'] as const) {
      ui[open] = true;
      for (const name of ['ArrowDown', 'PageDown', 'End', 'ArrowUp']) {
        const scroll = key({ key: name });
        onKey(scroll as unknown as KeyboardEvent);
        expect(scroll.prevented).toBe(false);
      }
      ui[open] = false;
    }
    expect(handle).not.toHaveBeenCalled();
  });

  it('R opens the rules, Esc or R closes them; M mutes and G picks the next language through main', async () => {
    const ui = useUiStore();
    const view = useViewStore();
    const run = vi.spyOn(view, 'run').mockResolvedValue({ ok: false, error: { code: 'storage', message: 'disk full' } });
    const onKey = screenKeyHandler(() => false);
    onKey(key({ key: 'r' }) as unknown as KeyboardEvent);
    expect(ui.rulesOpen).toBe(true);
    onKey(key({ key: 'm' }) as unknown as KeyboardEvent); // the sheet has the keys while open
    expect(run).not.toHaveBeenCalled();
    onKey(key({ key: 'Escape' }) as unknown as KeyboardEvent);
    expect(ui.rulesOpen).toBe(false);
    onKey(key({ key: 'm' }) as unknown as KeyboardEvent);
    onKey(key({ key: 'g' }) as unknown as KeyboardEvent);
    expect(run.mock.calls).toEqual([
      ['updatePreferences', { muted: true }],
      ['updatePreferences', { language: 'fr' }],
    ]);
    await Promise.resolve();
    await Promise.resolve();
    expect(ui.error).toBe('disk full');
  });

  it('Q turns the four-colour deck on through main, and off again once main says it is on', () => {
    const view = useViewStore();
    const run = vi.spyOn(view, 'run').mockResolvedValue({ ok: false, error: { code: 'storage', message: 'x' } });
    const onKey = screenKeyHandler(() => false);
    const base = {
      night: null,
      roster: [],
      lastSetup: null,
      storageNotices: [],
      tableScreen: { kind: 'live' as const },
      settleMode: 'fewest' as const,
    };
    view.view = { ...base, preferences: { language: 'en', muted: false } };
    onKey(key({ key: 'q' }) as unknown as KeyboardEvent);
    view.view = { ...base, preferences: { language: 'en', muted: false, fourColourDeck: true } };
    onKey(key({ key: 'Q' }) as unknown as KeyboardEvent);
    expect(run.mock.calls).toEqual([
      ['updatePreferences', { fourColourDeck: true }],
      ['updatePreferences', { fourColourDeck: false }],
    ]);
  });

  it('W lets phones watch, and stops them once they may (also while waiting for a network); a refusal shown, W tries again', () => {
    const view = useViewStore();
    const run = vi.spyOn(view, 'run').mockResolvedValue({ ok: false, error: { code: 'storage', message: 'x' } });
    const onKey = screenKeyHandler(() => false);
    const base = {
      night: null,
      roster: [],
      lastSetup: null,
      storageNotices: [],
      tableScreen: { kind: 'live' as const },
      settleMode: 'fewest' as const,
      preferences: { language: 'en' as const, muted: false },
    };
    const phones = { links: [], port: null, connected: 0, refusal: null };
    view.view = { ...base, phones: { ...phones, state: 'off' } };
    onKey(key({ key: 'w' }) as unknown as KeyboardEvent);
    view.view = { ...base, phones: { ...phones, state: 'on', port: 47800 } };
    onKey(key({ key: 'W' }) as unknown as KeyboardEvent);
    view.view = { ...base, phones: { ...phones, state: 'no-network', port: 47800 } };
    onKey(key({ key: 'w' }) as unknown as KeyboardEvent);
    // A refusal shown: W tries again.
    view.view = { ...base, phones: { ...phones, state: 'refused', refusal: { code: 'port-in-use', port: 47800, message: 'EADDRINUSE' } } };
    onKey(key({ key: 'w' }) as unknown as KeyboardEvent);
    expect(run.mock.calls).toEqual([
      ['setPhoneAccess', { on: true }],
      ['setPhoneAccess', { on: false }],
      ['setPhoneAccess', { on: false }],
      ['setPhoneAccess', { on: true }],
    ]);
  });
});
