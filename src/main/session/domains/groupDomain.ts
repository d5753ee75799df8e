import { commandError, hasPayDetails, type ExportFile, type GroupView, type ParsedCommandArgs } from '../../../shared';
import {
  bundleText,
  folderGroup,
  GroupHistory,
  importBundle,
  joinedLaptop,
  newGroupId,
  parseBundle,
  writeFolderGroup,
  type FolderGroup,
  type LaptopFiles,
  type ReceiveReport,
} from '../../group';
import type { PlayedNight } from '../../night';
import { groupDisk, type NightSummary } from '../../store';
import { DONE, refused, saveOrRefuse, saveQuietly, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import {
  alreadyInGroup,
  groupContext,
  notInGroup,
  otherGroup,
  shareOwnNights,
  shareToFolder,
  startGroup,
  syncGroup,
  takeIn,
} from './groupCore';
import { localShared, project } from './groupProjection';
import { followMoveInGroup } from './nightAway';

/**
 * The group (docs/group.md) as the session sees it: its commands, what
 * this laptop shares after each change (its ended nights, its state of the
 * roster, merges, paid marks and settle modes), and what it takes in from
 * the others, projected back into the session's roster, merges and tab
 * (and the payment details a host shared, into the roster).
 * What the session holds of the group is one field, `state.group` (groupSync.ts);
 * a laptop in no group has `state.group.history === null`: nothing here runs.
 */

export type GroupCommand =
  'groupCreate' | 'groupLeave' | 'groupSetFolder' | 'groupExport' | 'groupImport' | 'groupSyncNow' | 'groupSharePay' | 'renameLaptop';

/** A group file is at most 512 MiB (1,000s of nights from several laptops). */
const GROUP_FILE_MAX_BYTES = 512 * 1024 * 1024;

export function groupHandlers(state: SessionState): HandlerMap<GroupCommand> {
  return {
    groupCreate: (args) => createGroup(state, args),
    groupLeave: () => leaveGroup(state),
    groupSetFolder: (args) => setFolder(state, args),
    groupExport: () => exportGroup(state),
    groupImport: (args) => importGroup(state, args),
    groupSyncNow: () => (state.group.history ? (syncGroup(state), DONE) : refused(notInGroup())),
    groupSharePay: (args) => sharePay(state, args),
    renameLaptop: (args) => renameLaptop(state, args),
  };
}

/** At start-up: the group read, this laptop's changes since its last share recorded, everyone's taken in and shared. */
export function openGroup(state: SessionState): void {
  const me = joinedLaptop(state.repo.root);
  if (!me) return;
  const group = GroupHistory.open(groupContext(state, me.laptopId, me.laptopKey));
  if (!group) return;
  state.group.join(group);
  group.publishShared(localShared(state));
  group.takeInMirroredDocs();
  project(state);
  // R35: back on with a night open that another laptop took over meanwhile, as the group documents say.
  followMoveInGroup(state);
  shareOwnNights(state);
}

/** After every accepted change: this laptop's state of the shared history recorded, and the group folder told. */
export function afterGroupChange(state: SessionState): void {
  const group = state.group.history;
  if (!group) return;
  if (!state.group.changedSinceRecorded([state.roster, state.merges, state.paidTransfers, state.settleModes])) return;
  let changed = false;
  try {
    changed = group.publishShared(localShared(state));
  } catch {
    // Best effort, like the index: the change is on disk; the next change or start-up records it.
  }
  if (changed) shareToFolder(state);
}

/** A night of this laptop ended (or changed after it ended): its journal shared with the group. */
export function shareEndedNight(state: SessionState, night: PlayedNight): void {
  const group = state.group.history;
  if (!group || night.state.phase.kind !== 'ended') return;
  saveQuietly(() => {
    if (group.publishNight(night)) shareToFolder(state);
  });
}

/** The group folder read now (the session's watch calls it every second); in groupCore.ts, where a sync reads it too. */
export { readGroupFolder } from './groupCore';

/** Nights of this laptop and of the group's other laptops, oldest first: what the history, the board and the tab count. */
export function historyIndex(state: SessionState): readonly NightSummary[] {
  return state.group.historyIndex(state.index);
}

/** The laptop that hosted a night of another laptop, by name; null for this laptop's own nights and outside a group. */
export function hostedElsewhere(state: SessionState, nightId: string): string | null {
  const group = state.group.history;
  const writer = group?.writerOf(nightId);
  return writer && group ? group.laptopName(writer) : null;
}

export function groupView(state: SessionState): GroupView | null {
  const group = state.group.history;
  if (!group) return null;
  const file = group.file;
  const clash = state.group.idClash;
  // Each laptop by the name it signed in the group documents (group.laptopName), so a rename shows on every laptop.
  const others = file.laptops.map((l) => ({ id: l.id, name: group.laptopName(l.id), lastHeardAt: l.lastHeardAt, me: false }));
  return {
    id: file.groupId,
    name: file.name,
    laptopId: file.laptopId,
    laptops: [{ id: file.laptopId, name: file.laptopName, lastHeardAt: null, me: true }, ...others],
    folder: file.folder,
    setAside: group.setAsideList().map(({ laptop, file: name, reason }) => ({ laptop, file: name, reason })),
    sharedPay: [...group.sharedPayIds()],
    stuck: (state.group.folderReader?.stuck() ?? []).map(({ laptop, since }) => ({ laptop, since })),
    idShared: clash ? { laptop: clash.laptop, via: clash.via } : null,
    keyChanges: group.keyChanges().map(({ laptopId, laptop }) => ({ laptopId, laptop })),
  };
}

// ------------------------------------------------------------ commands

/**
 * A player's payment details shared with the group, or no longer: the host decides, player by player. Once shared they
 * are the group's (every laptop shows the same, and an edit on any of them is shared); no longer sharing stops that,
 * and each laptop keeps the copy it has.
 */
function sharePay(state: SessionState, args: ParsedCommandArgs<'groupSharePay'>): Outcome {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const player = state.roster.find((p) => p.id === args.party);
  if (!player)
    return refused(commandError('unknown-player', `There is no player "${args.party}" in the roster.`, undefined, { player: args.party }));
  if (args.share && !hasPayDetails(player.pay)) {
    return refused(
      commandError('no-pay-details', `${player.name} has no payment details to share: type them first (E in the lobby).`, undefined, {
        name: player.name,
      }),
    );
  }
  if (group.sharePayDetails(player.id, args.share && player.pay ? player.pay : null)) shareToFolder(state);
  return DONE;
}

/**
 * This laptop named for its group (docs/group.md "Names people know"): in
 * group/laptop.json and group.json first, then signed into the group
 * documents and written into the manifest, which the group folder and the
 * paired laptops carry to every laptop. A name another laptop of the group
 * goes by already (case and spacing aside) is refused: a name is there to
 * tell laptops apart. Two laptops apart may still pick one name at once;
 * each shows, and a rename then tells them apart.
 */
function renameLaptop(state: SessionState, args: ParsedCommandArgs<'renameLaptop'>): Outcome {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const name = args.name;
  if (name === group.file.laptopName) return DONE;
  const others = new Set([...group.file.laptops.map((l) => l.id), ...group.knownLaptops().keys()]);
  others.delete(group.laptopId);
  const taken = [...others].map((id) => group.laptopName(id)).find((other) => sameName(other, name));
  if (taken !== undefined)
    return refused(
      commandError(
        'laptop-name-taken',
        `Another laptop of the group is already called ${taken}: choose a name that tells them apart.`,
        undefined,
        {
          name: taken,
        },
      ),
    );
  const saved = saveOrRefuse(() => group.rename(name), 'The name could not be saved, so nothing changed');
  if (!saved.ok) return saved;
  // Signed into the group documents and the manifest now; a disk refusing it is retried at the next change or start-up.
  saveQuietly(() => group.publishShared(localShared(state)));
  shareToFolder(state);
  return DONE;
}

function sameName(a: string, b: string): boolean {
  const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return plain(a) === plain(b);
}

function createGroup(state: SessionState, args: ParsedCommandArgs<'groupCreate'>): Outcome {
  if (state.group.history) return refused(alreadyInGroup(state.group.history.file.name));
  return startGroup(state, { groupId: newGroupId(), name: args.name }, null);
}

function leaveGroup(state: SessionState): Outcome {
  if (!state.group.history) return refused(notInGroup());
  const left = saveOrRefuse(() => GroupHistory.leave(state.repo.root, state.now()), 'The group could not be left, so nothing changed');
  if (left.ok) state.group.leave();
  return left;
}

function setFolder(state: SessionState, args: ParsedCommandArgs<'groupSetFolder'>): Outcome {
  const folder = args.path;
  const group = state.group.history;
  if (folder === null) {
    if (!group) return refused(notInGroup());
    const saved = saveOrRefuse(
      () => group.updateFile((file) => ({ ...file, folder: null })),
      'The group could not be saved, so nothing changed',
    );
    if (saved.ok) state.group.stopWatchingFolder();
    return saved;
  }
  if (!groupDisk.isFolder(folder))
    return refused(
      commandError('invalid-input', `${folder} is not a folder on this computer.`, undefined, { command: 'groupSetFolder', field: 'path' }),
    );
  let found: FolderGroup | undefined;
  try {
    found = folderGroup(folder);
  } catch (error) {
    return refused(commandError('bad-group-file', (error as Error).message, undefined, { file: `${folder}/group.json` }));
  }
  if (!group) {
    if (!found)
      return refused(
        commandError('not-in-group', 'This folder holds no group yet: create a group first, then choose the folder to put it there.'),
      );
    return startGroup(state, found, folder);
  }
  if (found && found.groupId !== group.file.groupId) return refused(otherGroup(found.name));
  const saved = saveOrRefuse(() => {
    if (!found) writeFolderGroup(folder, { groupId: group.file.groupId, name: group.file.name });
    group.updateFile((file) => ({ ...file, folder }));
  }, 'The group folder could not be used, so nothing changed');
  if (!saved.ok) return saved;
  state.group.watchFolder();
  syncGroup(state);
  return DONE;
}

function exportGroup(state: SessionState): Outcome<ExportFile> {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const now = state.now();
  const slug =
    group.file.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'group';
  return {
    ok: true,
    data: {
      fileName: `in-between-dealer-group-${slug}-${now.toISOString().slice(0, 10)}.json`,
      mimeType: 'application/json',
      content: bundleText(group, now),
    },
  };
}

function importGroup(state: SessionState, args: ParsedCommandArgs<'groupImport'>): Outcome {
  let text: string | undefined;
  try {
    if ((groupDisk.sizeOf(args.path) ?? 0) > GROUP_FILE_MAX_BYTES)
      return refused(commandError('bad-group-file', `${args.path} is larger than a group file can be.`, undefined, { file: args.path }));
    text = groupDisk.readText(args.path);
    if (text === undefined) throw new Error('there is no such file');
  } catch (error) {
    return refused(commandError('storage', `${args.path} could not be read: ${(error as Error).message}`));
  }
  const parsed = parseBundle(text);
  if (!parsed.ok) return refused(commandError('bad-group-file', `${args.path}: ${parsed.reason}`, undefined, { file: args.path }));
  const { bundle } = parsed;
  const joined = state.group.history;
  if (joined && joined.file.groupId !== bundle.groupId) return refused(otherGroup(bundle.name));
  if (!joined) {
    const started = startGroup(state, { groupId: bundle.groupId, name: bundle.name }, null);
    if (!started.ok) return started;
  }
  const group = state.group.history as unknown as GroupHistory;
  let reports: ReceiveReport[];
  try {
    reports = importBundle(group, bundle);
  } catch (error) {
    return refused(commandError('storage', `The group file could not be taken in: ${(error as Error).message}`));
  }
  takeIn(state, reports);
  return DONE;
}

// ------------------------------------------------------------ laptop to laptop (docs/group-lan.md)

/** A paired laptop's files taken in, as the group folder's are (everything at once: a missing file is a lie). True when the view may differ. */
export function takeInFromPeer(state: SessionState, laptopId: string, files: LaptopFiles): boolean {
  const group = state.group.history;
  if (!group) return false;
  return takeIn(state, [group.receiveLaptopFiles(laptopId, files, { complete: true })]);
}

/** Joins the group of the laptop this one paired with (it is in none): as a group found in a folder or a file. */
export function joinPairedGroup(state: SessionState, found: { groupId: string; name: string }): Outcome {
  const group = state.group.history;
  if (group) return group.file.groupId === found.groupId ? DONE : refused(otherGroup(group.file.name));
  return startGroup(state, found, null);
}
