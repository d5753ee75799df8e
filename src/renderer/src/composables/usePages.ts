import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

/** How long the TV shows each page when a screen holds more than fits at once (the results, then the bank codes). */
const TV_PAGE_MS = 12_000;

/**
 * A TV screen that takes turns: page 0, then 1, ... then 0 again, each for
 * `ms`, while there is more than one page; back to page 0 when the pages
 * shrink under it. Nobody touches the TV, so it turns by itself.
 */
export function usePages(count: Readonly<Ref<number>>, ms = TV_PAGE_MS): Ref<number> {
  const page = ref(0);
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  watch(
    count,
    (n) => {
      if (page.value >= n) page.value = 0;
      if (n > 1 && timer === null) timer = setInterval(() => (page.value = (page.value + 1) % Math.max(count.value, 1)), ms);
      else if (n <= 1) stop();
    },
    { immediate: true },
  );
  onBeforeUnmount(stop);
  return page;
}
