import { onScopeDispose, ref, watch, type Ref } from 'vue';

/**
 * A flag that turns on only once `source` has been on for `delayMs`, and off
 * as soon as it is off. For a "Sending…" note: main answers a command in a few
 * milliseconds, and drawing the note (then removing it) on every key would
 * only cost the console time while it waits for the answer.
 */
export function useShownAfter(source: Ref<boolean>, delayMs: number): Ref<boolean> {
  const shown = ref(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(
    source,
    (on) => {
      clearTimeout(timer);
      if (!on) shown.value = false;
      else timer = setTimeout(() => (shown.value = true), delayMs);
    },
    { immediate: true },
  );
  onScopeDispose(() => clearTimeout(timer));
  return shown;
}
