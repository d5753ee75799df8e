import { commandError } from '../../../shared';
import { BackupError, parseBackup } from '../../history';
import { recoverInterruptedRestore, replaceEverything } from '../../store/restore';
import { moveData, type DataMoved } from './dataMove';
import { reloadHistory } from './nightIndex';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import { recoverLostChain } from './lostChain';

/** Restoring a backup (a file the host chose, or a kept one), the kept backups, and moving the data folder. */
export type RestoreCommand = 'restore' | 'restoreBackup' | 'listBackups' | 'moveData';

/** Each session's way to move its data folder (the desktop app's, through its shell), when it has one: this domain's alone. */
const dataMovers = new WeakMap<SessionState, DataMoved>();

/** The shell's: the data folder may be moved from the console, and `moved` restarts the app there. */
export function allowDataMove(state: SessionState, moved: DataMoved): void {
  dataMovers.set(state, moved);
}

export function restoreHandlers(state: SessionState): HandlerMap<RestoreCommand> {
  return {
    restore: ({ content, replace }) => restoreContent(state, content, replace),
    restoreBackup: ({ id, replace }) => {
      const content = state.backups.read(id);
      if (content === null)
        return refused(
          commandError(
            'unknown-backup',
            `There is no backup "${id}" in the backups folder (backups older than ten are deleted).`,
            undefined,
            { backup: id },
          ),
        );
      return restoreContent(state, content, replace);
    },
    listBackups: () => ({ ok: true, data: { ...state.backups.list(), movable: dataMovers.has(state) } }),
    moveData: ({ to }) => moveData(state.repo, state.openNight !== null, dataMovers.get(state), to),
  };
}

/**
 * Restores a backup's text: checked completely first (parseBackup: every
 * night replayed, every summary made from the nights), refused over
 * existing data unless the host confirmed (`replace`), refused while a
 * night is open. What it replaces is first written to the backups folder,
 * so the restore can be undone while that backup is kept; if that cannot
 * be written, nothing is replaced. Then everything is replaced at once
 * (store/restore.ts: all old or all new, whenever the process dies) and reloaded.
 */
function restoreContent(state: SessionState, text: string, replace: boolean): Outcome {
  if (state.openNight) return refused(commandError('night-open', 'A night is open: end it before restoring a backup.'));
  let content;
  try {
    content = parseBackup(text);
  } catch (error) {
    if (error instanceof BackupError) return refused(commandError('invalid-input', `${error.message} Nothing was changed.`));
    throw error;
  }
  const nights = state.index.length;
  const players = state.roster.length;
  if (!replace && (nights > 0 || players > 0)) {
    return refused(
      commandError(
        'data-exists',
        `There are already ${nights} nights and ${players} players here: confirm to replace them with the backup.`,
        undefined,
        { nights, players },
      ),
    );
  }
  const keptBefore = saveOrRefuse(
    () => state.backups.write('before-restore'),
    'The backup of what the restore would replace could not be written, so nothing changed',
  );
  if (!keptBefore.ok) return keptBefore;
  try {
    replaceEverything(state.repo, content, state.now());
  } catch (error) {
    return afterFailedRestore(state, error as Error);
  }
  reloadAfterRestore(state);
  return DONE;
}

/**
 * A restore that failed answers with its own refusal, whatever happens
 * next. What it left is settled as a restart would (store/restore.ts): not
 * yet committed, the staged files are thrown away and the data is as it
 * was; committed, the move is finished. If the disk refuses even that, the
 * session keeps what it had and the next start settles it.
 */
function afterFailedRestore(state: SessionState, error: Error): Outcome {
  const refusal = refused(commandError('storage', `The backup could not be written: ${error.message}`));
  try {
    recoverInterruptedRestore(state.repo);
    reloadAfterRestore(state);
  } catch {
    // Left for the next start, which runs the same recovery before reading anything.
  }
  return refusal;
}

/** Everything read again after a restore: the roster, settings, tab marks and history, and the TV back to the table. */
function reloadAfterRestore(state: SessionState): void {
  state.roster = state.repo.loadRoster();
  state.settings = state.repo.loadSettings();
  state.loadMarks();
  reloadHistory(state);
  recoverLostChain(state);
  state.tableScreen = { kind: 'live' };
}
