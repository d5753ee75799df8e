import { commandError, type CommandError } from '../../../shared';
import { GroupHistory, laptopIdentity, nightFileName, publishToFolder, type GroupContext, type ReceiveReport } from '../../group';
import { DONE, refused, saveQuietly, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import { localShared, project } from './groupProjection';
import { followMoveInGroup } from './nightAway';

/**
 * What the group domain's commands and its calls from the session share
 * (groupDomain.ts): starting to be in a group, sharing through the group
 * folder and reading it, taking in what came and projecting it, and the
 * refusals the group's commands give.
 */

/**
 * The group folder read now (the watch calls it every second): what came
 * is taken in and projected; this laptop's files copied out. True when the
 * history, the roster or the tab may have changed (the view is rebuilt).
 */
export function readGroupFolder(state: SessionState): boolean {
  const reader = state.group.folderReader;
  if (!reader) return false;
  // This laptop's own files there first: one cut or changed by hand or by a sync tool is written again (ownFolderCopy.ts).
  const clashFound = shareToFolder(state);
  let reports: ReceiveReport[];
  try {
    reports = reader.readAll();
  } catch {
    return clashFound;
  }
  return takeIn(state, reports) || clashFound;
}

/** Starts being in a group (new, or found in a folder or a file): this laptop's history shared into it. */
export function startGroup(state: SessionState, found: { groupId: string; name: string }, folder: string | null): Outcome {
  let group: GroupHistory;
  try {
    const me = laptopIdentity(state.repo.root);
    group = GroupHistory.start(groupContext(state, me.laptopId), {
      format: 'in-between-dealer/group',
      version: 1,
      groupId: found.groupId,
      name: found.name,
      laptopId: me.laptopId,
      laptopName: me.laptopName,
      folder,
      laptops: [],
      peers: [],
    });
  } catch (error) {
    return refused(commandError('storage', `The group could not be saved, so nothing changed: ${(error as Error).message}`));
  }
  state.group.join(group);
  group.publishShared(localShared(state));
  shareOwnNights(state);
  syncGroup(state);
  return DONE;
}

/** Shares through the folder and takes in what is there. */
export function syncGroup(state: SessionState): void {
  shareToFolder(state);
  readGroupFolder(state);
}

/**
 * This laptop's subfolder copied out to the group folder, and repaired
 * (its files read whole once per start, their lengths at every look). True
 * when it found, for the first time, that another laptop writes under this
 * laptop's id: nothing is written there under it from then on, until the
 * host takes a new id (`groupNewLaptopId`), or the two laptops would write
 * over each other's work.
 */
export function shareToFolder(state: SessionState): boolean {
  const group = state.group.history;
  const folder = group?.file.folder;
  if (!group || !folder || state.group.idClash) return false;
  let found = false;
  // A folder gone (a share unmounted) is retried at the next change or look.
  saveQuietly(() => {
    const deep = state.group.ownCheckDue;
    const check = publishToFolder(group, folder, deep);
    if (deep && !check.otherWriter) state.group.ownCheckedWholeNow();
    if (check.otherWriter)
      found = state.group.noteIdClash({ via: 'folder', laptop: check.otherWriter.laptopName, theirs: check.otherWriter.files });
  });
  return found;
}

/**
 * What came from other laptops, projected into the session: the nights count at once; the shared documents replace the
 * local copies, and a night open here that they say went on on another laptop stops here (R35).
 */
export function takeIn(state: SessionState, reports: readonly ReceiveReport[]): boolean {
  const nights = reports.some((r) => r.nights.length > 0);
  const docs = reports.some((r) => r.docsChanged);
  const aside = reports.some((r) => r.setAside.length > 0);
  if (docs) {
    project(state);
    followMoveInGroup(state);
  }
  if (nights || docs) state.group.nightsChanged();
  return nights || docs || aside || reports.length > 0;
}

/**
 * R35: this laptop took night `nightId` over at `epoch` from laptop `from` after its line `line`: the move signed into
 * the group documents and copied out to the group folder at once (best effort: the LAN's answers fence the old laptop
 * too), so the old laptop learns it wherever it is back on.
 */
export function recordMoveInGroup(state: SessionState, move: { nightId: string; epoch: number; from: string; line: number }): void {
  const group = state.group.history;
  if (!group) return;
  saveQuietly(() => {
    if (!group.recordMove(move)) return;
    group.publishShared(localShared(state));
    shareToFolder(state);
  });
}

/** This laptop's ended nights that its subfolder lacks, shared (at the start of a group, and at start-up). */
export function shareOwnNights(state: SessionState): void {
  const group = state.group.history;
  if (!group) return;
  let shared = false;
  for (const summary of state.index) {
    const name = nightFileName(summary.id);
    // A night shared under an id this laptop had before it took a new one stays that id's (docs/group.md "One id, one laptop").
    if (summary.endedAt === null || group.heldFile(group.laptopId, name) || group.heldUnderFormerId(name)) continue;
    const night = state.night?.state.nightId === summary.id ? state.night : state.repo.readNight(summary.id)?.night;
    if (night && night.state.phase.kind === 'ended') saveQuietly(() => (shared = group.publishNight(night) || shared));
  }
  if (shared) shareToFolder(state);
}

/**
 * What the group's history is handed: the data folder, the clock, the
 * laptop's signer (its key made or read here, store/laptopKey.ts; `knownKey`
 * is the one group.json holds for it, so a lost key is told) and the notices.
 * Throws when the key is missing and a new one cannot be written.
 */
export function groupContext(state: SessionState, laptopId: string, knownKey?: string): GroupContext {
  return {
    dataRoot: state.repo.root,
    signer: state.repo.laptopKey.signer(laptopId, knownKey),
    now: state.now,
    isOwnNight: (nightId) => state.index.some((s) => s.id === nightId),
    onSetAside: (aside) => state.repo.report('set-aside', aside.file, `from ${aside.laptop} (group): ${aside.reason}`),
  };
}

export function notInGroup(): CommandError {
  return commandError('not-in-group', 'This laptop is in no group: create or join one first.');
}

export function alreadyInGroup(name: string): CommandError {
  return commandError('already-in-group', `This laptop is already in the group ${name}: leave it first.`, undefined, { group: name });
}

export function otherGroup(name: string): CommandError {
  return commandError('other-group', `That holds the group ${name}, not this laptop's: nothing changed.`, undefined, { group: name });
}
