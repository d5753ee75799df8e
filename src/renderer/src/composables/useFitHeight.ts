import { nextTick, onBeforeUnmount, onMounted, ref, watch, type Ref, type WatchSource } from 'vue';

/**
 * A factor (at most 1) by which a panel's type shrinks so that it fits the height its box gives it.
 *
 * The end-of-night type is first sized from an estimate of its lines (useEndedSizing), but
 * how many lines a column heading wraps to depends on the language ("Jetons à la fin" takes three):
 * after the panel is laid out at full size, this measures how far the box's children overflow it and
 * scales the type of `content` (the part whose type follows the factor) down just enough,
 * so the TV never spills out of the safe area whatever the words. Measured again whenever `source`
 * changes and when the window is resized.
 */
export function useFitHeight(box: Ref<HTMLElement | null>, content: Ref<HTMLElement | null>, source: WatchSource): Ref<number> {
  const fit = ref(1);
  // A hair under the exact ratio: rows and gaps do not all scale with the type.
  const MARGIN = 0.97;
  async function refit(): Promise<void> {
    fit.value = 1;
    await nextTick();
    const outer = box.value;
    const inner = content.value;
    if (!outer || !inner) return;
    // The box centres what it holds, so an overflow spills both ways: measure from its first child's top to its last child's bottom.
    const first = outer.firstElementChild?.getBoundingClientRect();
    const last = outer.lastElementChild?.getBoundingClientRect();
    if (!first || !last) return;
    const overflow = last.bottom - first.top - outer.clientHeight;
    const scaled = inner.getBoundingClientRect().height;
    if (overflow > 0 && scaled > overflow) fit.value = ((scaled - overflow) / scaled) * MARGIN;
  }
  watch(source, () => void refit(), { flush: 'post' });
  const onResize = () => void refit();
  onMounted(() => {
    window.addEventListener('resize', onResize);
    void refit();
  });
  onBeforeUnmount(() => window.removeEventListener('resize', onResize));
  return fit;
}
