import type { CommandArgs, CommandName } from '../../../shared';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/**
 * Sends a command for the host and shows a refusal inline, in words that say
 * what is allowed. Resolves true when main accepted it.
 */
export function useCommand() {
  const view = useViewStore();
  const ui = useUiStore();
  const words = useWords();

  async function send<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<boolean> {
    if (view.busy) return false;
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
