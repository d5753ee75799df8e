import { onBeforeUnmount, onMounted } from 'vue';
import type { AppView, CommandError } from '../../../shared';
import { LANGUAGES } from '../../../shared/choices';
import { useEntryStore } from '../stores/entry';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { CONSOLE_KEYS_MAP, RULES_SHEET_KEYS, type ConsoleAction, type RulesSheetAction } from '../keymap/keymap';
import { bindingFor, dispatchKey, noFacts } from '../keymap/dispatch';
import { isTyping } from './useKeys';
import { useWords } from './useWords';

/**
 * The letters of the whole console's keys (keymap.ts CONSOLE_KEYS_MAP): M
 * mutes the table's sounds, G switches to the next language, R shows the
 * rules in force, W lets phones watch or stops them, Q turns the
 * four-colour deck on or off (Shift+G goes back a language). A screen that reads letters as typing (a number box) must leave
 * these alone while clean.
 */
export const CONSOLE_KEYS: readonly string[] = CONSOLE_KEYS_MAP.flatMap((b) => b.chords.map((c) => c.key)).filter((key) =>
  /^[a-z]$/.test(key),
);

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
  const onKey = screenKeyHandler(handle, useWords().error);
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}

/**
 * The keydown listener useScreenKeys installs; apart so it can be tested
 * without a window. `refusalWords` says main's refusals in the console's language.
 * @internal exported for tests only
 */
export function screenKeyHandler(
  handle: (e: KeyboardEvent) => boolean,
  refusalWords: (refusal: CommandError) => string = (refusal) => refusal.message,
): (e: KeyboardEvent) => void {
  const ui = useUiStore();
  const view = useViewStore();

  function preferences() {
    return view.view?.preferences ?? { language: 'en' as const, muted: false, fourColourDeck: false };
  }

  function updatePreferences(args: { language?: (typeof LANGUAGES)[number]; muted?: boolean; fourColourDeck?: boolean }): void {
    view.run('updatePreferences', args).then(
      (result) => ui.showError(result.ok ? null : refusalWords(result.error)),
      (failure: unknown) => ui.showError(String(failure)),
    );
  }

  function showRulesOnTv(): void {
    const onTv = view.view?.tableScreen.kind === 'rules';
    // In the lobby the TV shows the rules being chosen for tonight, which only this console knows yet.
    const chosen = view.night ? {} : { settings: { ...useEntryStore().settings } };
    view
      .run('showOnTable', { screen: onTv ? { kind: 'live' } : { kind: 'rules', ...chosen } })
      .catch((failure: unknown) => ui.showError(String(failure)));
  }

  function changeLanguage(step: number): void {
    const at = LANGUAGES.indexOf(preferences().language);
    updatePreferences({ language: LANGUAGES[(at + step + LANGUAGES.length) % LANGUAGES.length] });
  }

  const consoleActions: Record<ConsoleAction, () => void> = {
    openHelp: () => {
      ui.rulesOpen = false;
      ui.helpOpen = true;
    },
    openRules: () => (ui.rulesOpen = true),
    nextLanguage: () => changeLanguage(1),
    // Shift+G goes back, so a language passed by mistake is one key away.
    previousLanguage: () => changeLanguage(-1),
    mute: () => updatePreferences({ muted: !preferences().muted }),
    fourColour: () => updatePreferences({ fourColourDeck: !preferences().fourColourDeck }),
    phones: () =>
      void view.run('setPhoneAccess', { on: !phonesWatching(view.view) }).then(
        (result) => ui.showError(result.ok ? null : refusalWords(result.error)),
        (failure: unknown) => ui.showError(String(failure)),
      ),
  };

  const rulesSheetActions: Record<RulesSheetAction, () => void> = {
    rulesOnTv: showRulesOnTv,
    closeRules: () => (ui.rulesOpen = false),
  };

  /**
   * M, G, R and W, unless the host is typing into a field. A night's number
   * box (`data-keys="screen"`) gets its keys from the screen, which has
   * already declined this one (the box is empty), so there it is the console's.
   * A rule menu is not typing: a letter there would only pick an option.
   */
  function consoleKey(e: KeyboardEvent): boolean {
    const menu = typeof HTMLSelectElement !== 'undefined' && e.target instanceof HTMLSelectElement;
    const typing = isTyping(e.target) && !menu && (e.target as HTMLElement).dataset.keys !== 'screen';
    return dispatchKey(CONSOLE_KEYS_MAP, e, { ...noFacts(), typing }, consoleActions);
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
    // The rules sheet takes every key; its own are in the keymap (RULES_SHEET_KEYS).
    if (ui.rulesOpen) {
      dispatchKey(RULES_SHEET_KEYS, e, noFacts(), rulesSheetActions);
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
    if (!ui.confirmation && !ui.helpOpen && bindingFor(CONSOLE_KEYS_MAP, e, noFacts())?.action === 'openHelp') {
      consoleActions.openHelp();
      e.preventDefault();
      return;
    }
    if (overlayKey(e) || handle(e) || consoleKey(e)) e.preventDefault();
  };
}
