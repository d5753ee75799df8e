import type { CommandArgs, CommandName } from '../../../shared';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/**
 * Sends a command for the host and shows a refusal inline, in words that say
 * what is allowed. Resolves true when main accepted it.
 *
 * Main pushes the new view a moment before it answers, so a host may see the
 * next step and press its key while the last command is still on its way:
 * that key waits for the answer instead of being lost. Only one key waits; a
 * third pressed meanwhile is dropped, so a held Enter cannot send a burst.
 */
/** Whether a key already waits for the command on its way (one for the whole console). */
let waiting = false;

export function useCommand() {
  const view = useViewStore();
  const ui = useUiStore();
  const words = useWords();

  async function send<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<boolean> {
    if (view.busy) {
      if (waiting) return false;
      waiting = true;
      try {
        await view.whenAnswered();
      } finally {
        waiting = false;
      }
      if (view.busy) return false;
    }
    ui.showError(null);
    try {
      const result = await view.run(command, args);
      ui.lastRefusal = result.ok ? null : result.error;
      if (!result.ok) ui.showError(words.error(result.error));
      return result.ok;
    } catch (failure) {
      ui.showError(words.failure(failure));
      return false;
    }
  }

  return { send };
}
