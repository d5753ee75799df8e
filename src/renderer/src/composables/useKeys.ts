import { onBeforeUnmount, onMounted } from 'vue';
import { useUiStore } from '../stores/ui';

/**
 * A screen's plain keys (no Ctrl/Alt/Meta), on the window so they work
 * wherever the focus is, but never while the host types into a field or a
 * question or the key list is open. The handler returns true when it used the key.
 */
export function useKeys(handler: (key: string, e: KeyboardEvent) => boolean): void {
  const ui = useUiStore();

  function onKey(e: KeyboardEvent): void {
    if (e.isComposing || e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    if (ui.confirmation || ui.helpOpen) return;
    if (isTyping(e.target) && e.key !== 'Escape') return;
    if (handler(e.key.length === 1 ? e.key.toLowerCase() : e.key, e)) e.preventDefault();
  }

  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}

/** Keys that type nothing alone: a key handler waits for the key they come with. */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

export function isModifierKey(key: string): boolean {
  return MODIFIER_KEYS.has(key);
}

export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined') return false; // no DOM (unit tests)
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'file'].includes(target.type);
}
