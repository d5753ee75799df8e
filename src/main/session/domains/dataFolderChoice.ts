import { commandError, type ParsedCommandArgs, type StorageNotice } from '../../../shared';
import { DONE, refused, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';

/**
 * The pointer to a moved data folder found deleted or damaged at start
 * (docs/night-journal.md, "The data folder"): the app opened one folder, and
 * the notice names both and lets the host choose which one the app uses
 * from now on. Nothing is written or moved until the host answers.
 */
export interface DataFolderChoice {
  /** The pointer file that was missing or could not be read. */
  pointer: string;
  /** The folder the app opened. */
  inUse: string;
  /** The other folder: the one a copy of the pointer names, or the default; '' when none is known. */
  other: string;
  /** Writes the host's choice down; the shell restarts the app when it is not the folder in use. */
  choose: (folder: string) => void;
}

/** Each session's way to write the host's choice down (the shell's), while a notice asks it: this domain's alone. */
const folderChoosers = new WeakMap<SessionState, (folder: string) => void>();

export function askForDataFolder(state: SessionState, choice: DataFolderChoice): void {
  folderChoosers.set(state, choice.choose);
  const reason =
    choice.other === ''
      ? `the file that says where the data lives is damaged and no copy of it names another folder; the app opened ${choice.inUse}`
      : `the file that says where the data lives is missing or damaged; the app opened ${choice.inUse}, and the other folder is ${choice.other}`;
  state.repo.report('data-location', choice.pointer, reason, '', { dataFolders: { inUse: choice.inUse, other: choice.other } });
}

/** Whether a notice waits for the host to choose a data folder. */
function awaitsFolderChoice(notice: StorageNotice): boolean {
  return notice.dataFolders !== undefined && notice.dataFolders.other !== '';
}

/** The host's answer: this folder or the other, written down by the shell; the notice is then dismissed. */
export function answerFolderChoice(state: SessionState, notice: StorageNotice, keep: ParsedCommandArgs<'dismissNotice'>['keep']): Outcome {
  const folders = notice.dataFolders;
  if (!folders) return refused(commandError('invalid-input', 'This notice asks no choice of data folder.'));
  if (awaitsFolderChoice(notice) && keep !== 'this-folder' && keep !== 'other-folder')
    return refused(commandError('invalid-input', `Choose first: keep using ${folders.inUse}, or go back to ${folders.other}.`));
  const folder = keep === 'other-folder' ? folders.other : folders.inUse;
  state.repo.dismissNotice(notice.id);
  try {
    folderChoosers.get(state)?.(folder);
  } catch (error) {
    return refused(commandError('storage', `The choice of data folder could not be written down: ${(error as Error).message}`));
  }
  return DONE;
}
