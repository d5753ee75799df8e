import { randomBytes as secureRandomBytes } from 'node:crypto';
import { makeBackup } from '../history';
import type { StorageBackend } from '../store/adapter';
import type { OsKeychain } from '../store/seedKey';
import { DealerRepository, DOCUMENT_NAMES } from '../store/repository';
import { recoverInterruptedRestore } from '../store/restore';
import { allowDataMove } from './domains/dataAndBackups';
import { KeptBackups } from './domains/keptBackups';
import { openGroup } from './domains/groupDomain';
import { askForDataFolder, type DataFolderChoice } from './domains/dataFolderChoice';
import type { DataMoved } from './domains/dataMove';
import { recoverLostChain } from './domains/lostChain';
import { reloadHistory } from './domains/nightIndex';
import { saveQuietly } from './outcome';
import { SessionState } from './sessionState';
import { MISSING_CONSEQUENCE, missingCoreDocuments, rosterFromNights, type CoreDocument } from './domains/storageCheck';

export interface SessionOptions {
  storage: StorageBackend;
  /** The OS's secure random source (R9); tests and the simulator pass a seeded one. */
  randomBytes?: (size: number) => Uint8Array;
  now?: () => Date;
  /** Backups that keep themselves (session/domains/keptBackups.ts): after every night and daily. Off unless asked (the app and the headless host ask). */
  autoBackups?: boolean;
  /** When a night-end backup is written: after the answer (setImmediate) unless a test runs it itself. */
  deferBackup?: (job: () => void) => void;
  /** When the index is written after a night starts or ends: after the answer (setImmediate) unless a test runs it itself, or never (as if the app died first). */
  deferIndexWrite?: (job: () => void) => void;
  /** When other work a command leaves for after its answer runs (R34's laptop chain for a night just started): setImmediate unless a test runs it itself. */
  afterAnswer?: (job: () => void) => void;
  /** The desktop app's OS keychain (Electron's safeStorage, through its shell): it keeps the key that seals the seed of the deck in play. Absent, a key file in the data folder does (store/seedKey.ts). */
  keychain?: OsKeychain;
  /** The desktop app's: the data folder was copied to `to` and checked; the app restarts there. Absent, the folder cannot be moved from the console. */
  onDataMoved?: DataMoved;
  /**
   * How often the group folder is looked at while the app runs (docs/group.md: a night's files arriving show
   * within 2 s): every second unless set; 0 looks only when asked (groupSyncNow) or at a change.
   */
  groupFolderWatchMs?: number;
  /** The desktop app's: the pointer to a moved data folder was found deleted or damaged; the host is asked which folder to use. */
  dataFolderChoice?: DataFolderChoice;
}

/**
 * The data folder read at start-up: an interrupted restore settled,
 * interrupted writes removed, old nights migrated, the history made to
 * agree with the journals, and any core document found missing or set
 * aside reported and written back.
 */
export function openSessionState(options: SessionOptions): SessionState {
  const repo = new DealerRepository(options.storage, options.now, options.keychain);
  const now = options.now ?? (() => new Date());
  const state = new SessionState(repo, options.randomBytes ?? ((size) => secureRandomBytes(size)), now);
  if (options.deferIndexWrite) state.deferIndexWrite = options.deferIndexWrite;
  if (options.afterAnswer) state.afterAnswer = options.afterAnswer;
  if (options.dataFolderChoice) askForDataFolder(state, options.dataFolderChoice);
  if (options.onDataMoved) allowDataMove(state, options.onDataMoved);
  recoverInterruptedRestore(repo);
  // Interrupted atomic writes were never acknowledged: their temporary files go before anything is read.
  repo.removeInterruptedWrites();
  repo.migrateLegacyNights();
  const missing = missingCoreDocuments(repo);
  const noticesBefore = repo.notices.length;
  state.roster = repo.loadRoster();
  state.settings = repo.loadSettings();
  reloadHistory(state);
  recoverLostChain(state);
  for (const name of missing) repo.report('missing', repo.pathOf(name), MISSING_CONSEQUENCE[name]);
  const setAside = new Set(repo.notices.slice(noticesBefore).map((n) => n.file));
  restoreLostDocuments(state, (name) => missing.has(name) || setAside.has(repo.pathOf(name)));
  state.loadMarks();
  openGroup(state);
  state.backups = new KeptBackups({
    root: repo.root,
    now,
    content: () =>
      state.index.length === 0 && state.roster.length === 0 ? null : makeBackup(repo, state.index, now(), state.night).file.content,
    ...(options.deferBackup ? { defer: options.deferBackup } : {}),
    automatic: options.autoBackups ?? false,
    onFutureBackups: (names) => repo.report('future-backups', state.backups.folder, names.join(', ')),
    lastNightEnded: () => {
      const ended = state.index.flatMap((s) => (s.endedAt === null ? [] : [Date.parse(s.endedAt)]));
      return ended.length === 0 ? null : new Date(Math.max(...ended));
    },
  });
  state.backups.checkClock();
  state.backups.start();
  return state;
}

/**
 * Writes back each core document found missing or set aside, so the data
 * folder is whole again and the next start does not report it twice: the
 * roster rebuilt from the nights, the settings as now in use, the index as
 * rebuilt from the nights. Best effort: a disk refusing the write leaves
 * the notices saying what is wrong.
 */
function restoreLostDocuments(state: SessionState, lost: (name: CoreDocument) => boolean): void {
  const { repo } = state;
  if (lost(DOCUMENT_NAMES.roster) && state.index.length > 0) saveQuietly(() => rebuildRoster(state));
  if (lost(DOCUMENT_NAMES.settings)) saveQuietly(() => repo.saveSettings(state.settings));
  if (lost(DOCUMENT_NAMES.nights)) saveQuietly(() => repo.saveIndex(state.index));
}

/** A roster lost or damaged is rebuilt from the nights: the ids and names of everyone who played. */
function rebuildRoster(state: SessionState): void {
  const { repo } = state;
  const nights = state.index.map((summary) => ({
    startedAt: summary.startedAt,
    playerIds: summary.playerIds,
    players: repo.readNight(summary.id)?.night.state.players ?? null,
  }));
  const roster = rosterFromNights(nights);
  repo.saveRoster(roster);
  state.roster = roster;
  repo.report(
    'rebuilt',
    repo.pathOf(DOCUMENT_NAMES.roster),
    `the roster was rebuilt from ${nights.length} nights: ${roster.length} players under the names they last played as, with new colours`,
  );
}
