import { ref } from 'vue';
import type { CommandArgs, CommandData, CommandName, DataOf } from '../../../shared';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

type Question = keyof CommandData & CommandName;

/**
 * Asks main a question (the nights, a night, the standings...) and hands back
 * its answer, or null with the refusal worded in `error`. Unlike useCommand it
 * does not wait for other commands: reading history never changes the night.
 */
export function useAsk() {
  const view = useViewStore();
  const words = useWords();
  const error = ref<string | null>(null);
  const loading = ref(false);

  async function ask<K extends Question>(command: K, args: CommandArgs<K>): Promise<DataOf<K> | null> {
    error.value = null;
    loading.value = true;
    try {
      const result = await view.run(command, args);
      if (!result.ok) {
        error.value = words.error(result.error);
        return null;
      }
      return result.data ?? null;
    } catch (failure) {
      error.value = words.failure(failure);
      return null;
    } finally {
      loading.value = false;
    }
  }

  return { ask, error, loading };
}
