import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { NightSetup, NightView, TableScreen } from '../../../shared';

/**
 * The last night the TV showed ended, kept on the screen once the host closes it (Enter on the console's
 * results goes back to the lobby): the table is often still settling up, and a TV gone back to "Waiting
 * for the host…" lost who pays whom. Kept while the lobby is the one that night left (main's last setup
 * names that night's players); it goes when the host really moves on: a night starts (or one is reopened),
 * or the host puts another screen on the TV. A TV opened after the close has nothing to keep.
 */
export function useKeptResults(
  night: Ref<NightView | null>,
  tableScreen: Ref<TableScreen>,
  lastSetup: Ref<NightSetup | null>,
): ComputedRef<NightView | null> {
  const kept = ref<NightView | null>(null);
  watch(
    night,
    (now) => {
      if (now) kept.value = now.phase === 'ended' ? now : null;
    },
    { immediate: true },
  );
  watch(
    () => tableScreen.value.kind,
    (kind) => {
      if (kind !== 'live') kept.value = null;
    },
  );
  const sameIds = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  return computed(() => {
    const ended = kept.value;
    const setup = lastSetup.value;
    if (!ended || night.value || !setup) return null;
    return sameIds(
      setup.playerIds,
      ended.players.map((p) => p.id),
    )
      ? ended
      : null;
  });
}
