import { ref, type Ref } from 'vue';

/**
 * A list the keyboard walks while it has the focus (role="listbox"): ↑↓ move
 * the highlight round the ends, Space toggles the highlighted item. The
 * screen's one key handler asks `key` first, so its other keys keep working
 * wherever the focus is. `element` is the list's template ref.
 */
export function useListbox(cursor: Ref<number>, count: () => number, toggle: (index: number) => void) {
  const element = ref<HTMLElement | null>(null);

  /** True when the key was for the list. */
  function key(key: string, target: EventTarget | null): boolean {
    if (target !== element.value) return false;
    if ((key === 'ArrowUp' || key === 'ArrowDown') && count() > 0) {
      moveCursor(cursor, key === 'ArrowUp' ? -1 : 1, count());
      return true;
    }
    if (key !== ' ') return false;
    toggle(cursor.value);
    return true;
  }

  return { element, key };
}

/** Moves a list's highlight by `delta`, past the last item back to the first and the other way round. */
export function moveCursor(cursor: Ref<number>, delta: number, count: number): void {
  cursor.value = (cursor.value + delta + count) % count;
}
