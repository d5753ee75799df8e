import { nextTick } from 'vue';
import type { CommandArgs, CommandName } from '../../../shared';
import { releaseSentBox } from '../lib/sentBox';
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
 * The number box the command was typed in gives up the focus while it is on
 * its way (lib/sentBox.ts), and gets it back after the answer if it is still
 * there.
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
    // run() has sent the command by the time it returns its promise: the box is released while main works.
    const answer = view.run(command, args);
    const giveBackFocus = releaseSentBox();
    try {
      const result = await answer;
      ui.lastRefusal = result.ok ? null : result.error;
      if (!result.ok) ui.showError(words.error(result.error));
      return result.ok;
    } catch (failure) {
      ui.showError(words.failure(failure));
      return false;
    } finally {
      // After Vue has drawn the answer's view: a box it removed stays removed.
      void nextTick(giveBackFocus);
    }
  }

  return { send };
}
