import { commandError, type CommandError } from '../../../shared';
import { copyDataFolder, MoveDataError } from '../../store';
import type { DealerRepository } from '../../store/repository';

/**
 * The host moves the data folder (docs/user-guide.md "Where the data lives"): refused
 * while a night is open, and where the folder is fixed by the command line
 * (the headless host's --data, the app's --data-dir). The whole folder is
 * copied and every file checked (store/moveData.ts); only then is the shell
 * told, which restarts the app on the copy and sets the old folder aside.
 */
export type DataMoved = (to: string) => void;

export function moveData(
  repo: DealerRepository,
  nightOpen: boolean,
  onMoved: DataMoved | undefined,
  to: string,
): { ok: true } | { ok: false; error: CommandError } {
  if (!onMoved) {
    return {
      ok: false,
      error: commandError(
        'data-folder-fixed',
        'This data folder is chosen on the command line (--data or --data-dir): start the app with the new folder instead.',
      ),
    };
  }
  if (nightOpen) return { ok: false, error: commandError('night-open', 'A night is open: end it before moving the data.') };
  // Nothing is being appended while the folder is copied; a night on screen reopens its file at its next line.
  repo.journals.closeAll();
  try {
    copyDataFolder(repo.root, to);
  } catch (error) {
    if (error instanceof MoveDataError) {
      return {
        ok: false,
        error: commandError('invalid-input', `The data cannot be moved to ${to}: ${error.message}. Nothing was changed.`),
      };
    }
    throw error;
  }
  onMoved(to);
  return { ok: true };
}
