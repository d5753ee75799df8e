import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { NightListItem } from '../../../shared';

/** What the history screens share while the host moves between them: the nights list, the filters, the highlight. */
export const useHistoryStore = defineStore('history', () => {
  const nights = ref<NightListItem[] | null>(null);
  /** Index of the highlighted night in the list (newest first). */
  const cursor = ref(0);
  const from = ref('');
  const to = ref('');
  const playerIds = ref<string[]>([]);
  /** Bumped after a restore: every screen fetches again. */
  const version = ref(0);

  function togglePlayer(id: string): void {
    const at = playerIds.value.indexOf(id);
    if (at >= 0) playerIds.value.splice(at, 1);
    else playerIds.value.push(id);
  }

  function clearFilters(): void {
    from.value = '';
    to.value = '';
    playerIds.value = [];
  }

  return { nights, cursor, from, to, playerIds, version, togglePlayer, clearFilters };
});
