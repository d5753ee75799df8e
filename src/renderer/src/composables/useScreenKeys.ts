import { onBeforeUnmount, onMounted } from 'vue';
import type { AppView } from '../../../shared';
import { LANGUAGES } from '../../../shared/choices';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { isTyping } from './useKeys';

/**
 * Keys of the whole console, whatever the screen: M mutes the table's sounds,
 * G switches to the next language, R shows the rules in force, W lets phones
 * watch or stops them, Q turns the four-colour deck on or off (Shift+G goes back a language). A screen
 * that reads letters as typing (a number box)
 * must leave these alone while clean.
 */
export const CONSOLE_KEYS: readonly string[] = ['m', 'g', 'r', 'w', 'q'];

/** Phones may watch (or the listener waits for a network): W then stops them; otherwise W (again) lets them. */
export function phonesWatching(view: AppView | null): boolean {
  const state = view?.phones?.state;
  return state === 'on' || state === 'no-network';
}

/** Keys that scroll a sheet (the key list, the rules): left to the browser, which scrolls the focused sheet. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * A host screen's own key handler, on the window so keys work wherever the
 * focus is. While the yes/no question or the key list is open they take every
 * key: Enter or Esc answers the question, Esc or ? closes the list. Otherwise
 * `handle` gets the key and returns true when it used it. (useKeys is for the
 * parts of a screen, which stay quiet while either is open.)
 */
export function useScreenKeys(handle: (e: KeyboardEvent) => boolean): void {
  const onKey = screenKeyHandler(handle);
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}

/** The keydown listener useScreenKeys installs; apart so it can be tested without a window. */
export function screenKeyHandler(handle: (e: KeyboardEvent) => boolean): (e: KeyboardEvent) => void {
  const ui = useUiStore();
  const view = useViewStore();

  function preferences() {
    return view.view?.preferences ?? { language: 'en' as const, muted: false, fourColourDeck: false };
  }

  function updatePreferences(args: { language?: (typeof LANGUAGES)[number]; muted?: boolean; fourColourDeck?: boolean }): void {
    view.run('updatePreferences', args).then(
      (result) => ui.showError(result.ok ? null : result.error.message),
      (failure: unknown) => ui.showError(String(failure)),
    );
  }

  function showRulesOnTv(): void {
    const onTv = view.view?.tableScreen.kind === 'rules';
    view.run('showOnTable', { screen: { kind: onTv ? 'live' : 'rules' } }).catch((failure: unknown) => ui.showError(String(failure)));
  }

  /**
   * M, G and R, unless the host is typing into a field. A night's number box
   * (`data-keys="screen"`) gets its keys from the screen, which has already
   * declined this one (the box is empty), so there it is the console's.
   */
  function consoleKey(e: KeyboardEvent): boolean {
    if (!CONSOLE_KEYS.includes(e.key.toLowerCase()) || e.ctrlKey || e.metaKey || e.altKey) return false;
    // A rule menu is not typing: a letter there would only pick an option, so the console's keys work in it too.
    const menu = typeof HTMLSelectElement !== 'undefined' && e.target instanceof HTMLSelectElement;
    if (isTyping(e.target) && !menu && (e.target as HTMLElement).dataset.keys !== 'screen') return false;
    switch (e.key.toLowerCase()) {
      case 'm':
        updatePreferences({ muted: !preferences().muted });
        return true;
      case 'g': {
        // Shift+G goes back, so a language passed by mistake is one key away.
        const at = LANGUAGES.indexOf(preferences().language);
        const step = e.shiftKey ? LANGUAGES.length - 1 : 1;
        updatePreferences({ language: LANGUAGES[(at + step) % LANGUAGES.length] });
        return true;
      }
      case 'q':
        updatePreferences({ fourColourDeck: !preferences().fourColourDeck });
        return true;
      case 'r':
        ui.rulesOpen = true;
        return true;
      case 'w':
        view.run('setPhoneAccess', { on: !phonesWatching(view.view) }).then(
          (result) => ui.showError(result.ok ? null : result.error.message),
          (failure: unknown) => ui.showError(String(failure)),
        );
        return true;
      default:
        return false;
    }
  }

  function overlayKey(e: KeyboardEvent): boolean {
    if (ui.confirmation) {
      if (e.key === 'Enter' && !e.repeat) ui.answer(true);
      else if (e.key === 'Escape') ui.answer(false);
      return true;
    }
    if (ui.helpOpen) {
      if (e.key === 'Escape' || e.key === '?') ui.helpOpen = false;
      return true;
    }
    if (ui.rulesOpen) {
      const key = e.key.toLowerCase();
      if (key === 'escape' || key === 'r') ui.rulesOpen = false;
      else if (key === 't' && !e.ctrlKey && !e.metaKey && !e.altKey) showRulesOnTv();
      return true;
    }
    return false;
  }

  return (e) => {
    // A key that confirms text being composed (an IME) belongs to that text, not to the screen.
    if (e.isComposing) return;
    // An open sheet scrolls with the keyboard: the browser does it, nothing else sees the key.
    if ((ui.helpOpen || ui.rulesOpen) && !ui.confirmation && SCROLL_KEYS.has(e.key)) return;
    // `?` opens the key list from anywhere, even from a text box (where it would be typed otherwise).
    if (e.key === '?' && !ui.confirmation && !ui.helpOpen && !e.ctrlKey && !e.metaKey && !e.altKey) {
      ui.rulesOpen = false;
      ui.helpOpen = true;
      e.preventDefault();
      return;
    }
    if (overlayKey(e) || handle(e) || consoleKey(e)) e.preventDefault();
  };
}
