import path from 'node:path';
import { z } from 'zod';
import { groupIdSchema, groupNameSchema, laptopIdSchema } from './groupFile';
import type { GroupHistory, ReceiveReport } from './groupHistory';
import { sha256Hex } from '../../shared/sha256';
import { groupDisk, writeFileDurably } from '../store';
import { MANIFEST_NAME, parseManifest } from './manifest';

/**
 * How long a laptop's files in the group folder may stay unlike its manifest before the host is told: a sync tool
 * copies a night in seconds, so ten minutes of a copy still arriving is one that is stuck (docs/group.md).
 * @internal exported for tests only
 */
export const STUCK_AFTER_MS = 10 * 60_000;

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
 * Reads the other laptops' subfolders in: for each whose manifest changed
 * since the last look (or that still has files on the way), the manifest
 * and the files it lists that differ from the mirror's are handed to the
 * one way in (`receiveLaptopFiles`), which waits for any not yet whole;
 * one that stays so is reported (`stuck`).
 */
export class FolderReader {
  /** Per laptop, the manifest's sha256 when everything it listed was taken in (or set aside). */
  private readonly settled = new Map<string, string>();
  /** Per laptop whose files are not yet whole: since when (as first seen so), and its name as its manifest says. */
  private readonly incomplete = new Map<string, { since: Date; name: string }>();

  constructor(
    private readonly group: GroupHistory,
    readonly folder: string,
  ) {}

  /**
   * The laptops whose files in the folder have been unlike their manifest
   * for `STUCK_AFTER_MS` or more, by name, with the time it began: what the
   * host is told (a sync tool stuck), until the copy is whole.
   */
  stuck(): { laptopId: string; laptop: string; since: string }[] {
    const now = this.group.now().getTime();
    return [...this.incomplete]
      .filter(([, seen]) => now - seen.since.getTime() >= STUCK_AFTER_MS)
      .map(([laptopId, seen]) => ({ laptopId, laptop: seen.name, since: seen.since.toISOString() }));
  }

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
    // A laptop gone from the folder (or now this laptop's own id) is no longer waited on.
    for (const laptopId of this.incomplete.keys())
      if (laptopId === this.group.laptopId || !names.includes(laptopId)) this.incomplete.delete(laptopId);
    return reports;
  }

  private readLaptop(laptopId: string): ReceiveReport | null {
    const dir = path.join(this.folder, laptopId);
    const manifest = groupDisk.readBytes(path.join(dir, MANIFEST_NAME));
    if (!manifest) {
      this.incomplete.delete(laptopId);
      return null;
    }
    const sha = sha256Hex(manifest);
    if (this.settled.get(laptopId) === sha) {
      this.incomplete.delete(laptopId);
      return null;
    }
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
    if (report.waiting.length === 0) {
      this.settled.set(laptopId, sha);
      this.incomplete.delete(laptopId);
    } else if (!this.incomplete.has(laptopId)) {
      // Kept from the first look that found it so, through newer manifests: files that never match are stuck however often it writes.
      const name = parsed.ok ? parsed.manifest.laptopName : this.group.laptopName(laptopId);
      this.incomplete.set(laptopId, { since: this.group.now(), name });
    }
    return report;
  }
}
