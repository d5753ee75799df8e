import path from 'node:path';
import { z } from 'zod';
import { groupIdSchema, groupNameSchema, laptopIdSchema } from './groupFile';
import type { GroupHistory, ReceiveReport } from './groupHistory';
import { sha256Hex } from '../../shared/sha256';
import { groupDisk, writeFileDurably } from '../store';
import { MANIFEST_NAME, parseManifest } from './manifest';

/**
 * The group folder (docs/group.md "The three transports"): a folder the group's
 * own sync tool shares. Each laptop copies its own subfolder out to
 * `<folder>/<laptopId>/` (files first, its manifest last) and reads every
 * other laptop's in. Only a folder named as a laptop id is read, and in it
 * only `manifest.json` and the files it lists: a sync tool's temporary and
 * conflict copies (`.syncthing.*.tmp`, `~*`, `.dropbox.cache`, "conflicted
 * copy") are never looked at. `<folder>/group.json` says which group the
 * folder holds; it is written once, by the laptop that puts the group there.
 */

const FOLDER_GROUP_FILE = 'group.json';
const folderGroupSchema = z.object({ format: z.literal('in-between-dealer/group-folder'), groupId: groupIdSchema, name: groupNameSchema });
export type FolderGroup = z.infer<typeof folderGroupSchema>;

/** Names a sync tool leaves while copying or when two copies clash; never read (docs/group.md lists them). */
function isSyncToolLeftover(name: string): boolean {
  return (
    name.startsWith('~') ||
    name.startsWith('.syncthing.') ||
    name.endsWith('.tmp') ||
    name === '.dropbox.cache' ||
    /conflicted copy|conflict/i.test(name) ||
    name.startsWith('.')
  );
}

/** The group a folder holds; undefined when none; throws with a clear reason when its group.json is not one. */
export function folderGroup(folder: string): FolderGroup | undefined {
  const bytes = groupDisk.readBytes(path.join(folder, FOLDER_GROUP_FILE));
  if (!bytes) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new Error(`${path.join(folder, FOLDER_GROUP_FILE)} is not a group file (not JSON)`);
  }
  const parsed = folderGroupSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${path.join(folder, FOLDER_GROUP_FILE)} is not a group file of this app`);
  return parsed.data;
}

export function writeFolderGroup(folder: string, group: { groupId: string; name: string }): void {
  const file: FolderGroup = { format: 'in-between-dealer/group-folder', groupId: group.groupId, name: group.name };
  writeFileDurably(path.join(folder, FOLDER_GROUP_FILE), Buffer.from(`${JSON.stringify(file, null, 2)}\n`));
}

/**
 * Copies this laptop's subfolder out to the group folder: each file whose
 * copy there is not the one listed (by the manifests, and its length on
 * disk), then the manifest. Only what changed is read and written, so a
 * change costs the same after 1,000 nights as after one. True when anything was written.
 */
export function publishToFolder(group: GroupHistory, folder: string): boolean {
  const own = group.ownManifest();
  if (!own) return false;
  const manifest = own.bytes;
  const target = path.join(folder, group.laptopId);
  const there = groupDisk.readBytes(path.join(target, MANIFEST_NAME));
  if (there && Buffer.from(there).equals(manifest)) return false;
  const thereManifest = there ? parseManifest(there) : null;
  const thereFiles = thereManifest?.ok ? thereManifest.manifest.files : {};
  for (const [name, entry] of Object.entries(own.listing.files)) {
    const listed = thereFiles[name];
    if (listed?.sha256 === entry.sha256 && groupDisk.sizeOf(path.join(target, name)) === entry.bytes) continue;
    const bytes = group.readHeld(group.laptopId, name);
    if (bytes) writeFileDurably(path.join(target, name), bytes);
  }
  writeFileDurably(path.join(target, MANIFEST_NAME), manifest);
  return true;
}

/**
 * Reads the other laptops' subfolders in: for each whose manifest changed
 * since the last look (or that still has files on the way), the manifest
 * and the files it lists that differ from the mirror's are handed to the
 * one way in (`receiveLaptopFiles`), which waits for any not yet whole.
 */
export class FolderReader {
  /** Per laptop, the manifest's sha256 when everything it listed was taken in (or set aside). */
  private readonly settled = new Map<string, string>();

  constructor(
    private readonly group: GroupHistory,
    readonly folder: string,
  ) {}

  readAll(): ReceiveReport[] {
    let names: string[];
    try {
      names = groupDisk.namesIn(this.folder);
    } catch {
      return [];
    }
    const reports: ReceiveReport[] = [];
    for (const name of names.sort()) {
      if (isSyncToolLeftover(name) || !laptopIdSchema.safeParse(name).success || name === this.group.laptopId) continue;
      const report = this.readLaptop(name);
      if (report) reports.push(report);
    }
    return reports;
  }

  private readLaptop(laptopId: string): ReceiveReport | null {
    const dir = path.join(this.folder, laptopId);
    const manifest = groupDisk.readBytes(path.join(dir, MANIFEST_NAME));
    if (!manifest) return null;
    const sha = sha256Hex(manifest);
    if (this.settled.get(laptopId) === sha) return null;
    const files = new Map<string, Uint8Array>([[MANIFEST_NAME, manifest]]);
    const parsed = parseManifest(manifest);
    if (parsed.ok) {
      for (const [name, entry] of Object.entries(parsed.manifest.files)) {
        if (this.group.heldFile(laptopId, name)?.sha256 === entry.sha256) continue;
        const bytes = groupDisk.readBytes(path.join(dir, name));
        if (bytes) files.set(name, bytes);
      }
    }
    const report = this.group.receiveLaptopFiles(laptopId, files, { complete: false });
    if (report.waiting.length === 0) this.settled.set(laptopId, sha);
    return report;
  }
}
