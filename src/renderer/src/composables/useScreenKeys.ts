import { onBeforeUnmount, onMounted } from 'vue';
import { useUiStore } from '../stores/ui';

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
    return false;
  }

  return (e) => {
    // A key that confirms text being composed (an IME) belongs to that text, not to the screen.
    if (e.isComposing) return;
    if (overlayKey(e) || handle(e)) e.preventDefault();
  };
}
