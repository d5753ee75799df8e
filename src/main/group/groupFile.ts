import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { groupDisk, writeFileDurably } from '../store';

/**
 * `group/group.json` in the data folder (docs/group.md): which group this
 * laptop is in, who this laptop is, where the group folder is, and the
 * laptops heard from. No file: the laptop is in no group and works as
 * before. Written whole and atomically; only this laptop writes it.
 */

const GROUP_FOLDER_NAME = 'group';
const GROUP_FILE_FORMAT = 'in-between-dealer/group';

/** A laptop's id: `l-` and 16 hex digits (64 random bits), safe as a folder name. */
export const laptopIdSchema = z.string().regex(/^l-[0-9a-f]{16}$/, 'a laptop id is l- and 16 hex digits');
/** A group's id: `g-` and 16 hex digits (64 random bits). */
export const groupIdSchema = z.string().regex(/^g-[0-9a-f]{16}$/, 'a group id is g- and 16 hex digits');
export const groupNameSchema = z.string().trim().min(1, 'a group needs a name').max(60, 'a group name has at most 60 characters');
/** A laptop's display name (its host's choice, the machine's name by default). */
export const laptopNameSchema = z.string().trim().min(1).max(60);
/** An Ed25519 public key, the raw 32 bytes as 64 lowercase hex digits (night/signature.ts). */
const publicKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'a public key is 64 lowercase hex digits');

const heardLaptopSchema = z.object({
  id: laptopIdSchema,
  name: laptopNameSchema,
  /** When its files were last taken in (ISO time); null when it is known only by name. */
  lastHeardAt: z.string().nullable(),
  /** The key the group holds for it, pinned when first seen signed (docs/group.md "The laptop's key"); absent before. */
  publicKey: publicKeySchema.optional(),
  /**
   * Where the pinned key was read: `itself` (the laptop's own copy of the documents, in its own subfolder) or
   * `member` (another member's copy, before its own came): its own replaces a member's, never the reverse.
   */
  keyFrom: z.enum(['itself', 'member']).optional(),
});

const groupFileSchema = z.object({
  format: z.literal(GROUP_FILE_FORMAT),
  version: z.literal(1),
  groupId: groupIdSchema,
  name: groupNameSchema,
  laptopId: laptopIdSchema,
  laptopName: laptopNameSchema,
  /** The public key this laptop last signed its entry with: a different one at start-up means its key was lost or replaced. */
  laptopKey: publicKeySchema.optional(),
  /** The group folder a sync tool shares, or null when the group moves by the LAN or by file only. */
  folder: z.string().min(1).nullable(),
  /** The other laptops heard from, by any transport. */
  laptops: z.array(heardLaptopSchema),
  /** Paired laptops on the LAN (the LAN pairing's own fields; kept as written). */
  peers: z.array(z.looseObject({ laptopId: laptopIdSchema })).default([]),
  /** The ids this laptop shared under before it took a new one (another laptop used the same id: docs/group.md "One id, one laptop"). */
  formerLaptopIds: z.array(laptopIdSchema).optional(),
});

export type GroupFile = z.infer<typeof groupFileSchema>;

/** The files of the group folder in the data folder (docs/group.md "On disk"), named here once. */
export function groupPaths(dataRoot: string) {
  const root = path.join(dataRoot, GROUP_FOLDER_NAME);
  return {
    root,
    /** The group, this laptop in it, the group folder, the laptops heard from, the LAN's peers. */
    groupFile: path.join(root, 'group.json'),
    /** Who this laptop is, kept when it leaves a group. */
    laptopFile: path.join(root, 'laptop.json'),
    /** The night checker's verdicts on other laptops' nights (nightsIndex.ts). */
    nightsIndex: path.join(root, 'index.json'),
    /** What was set aside (asideLog.ts), and the folder of the files themselves, per laptop. */
    asideLog: path.join(root, 'aside.json'),
    asideFolder: path.join(root, 'aside'),
    /** The mirror of every laptop's files (laptopMirror.ts). */
    laptops: path.join(root, 'laptops'),
  };
}

function groupFilePath(dataRoot: string): string {
  return groupPaths(dataRoot).groupFile;
}

/** The group file as kept; undefined when the laptop is in no group; throws with a clear reason when it cannot be read. */
export function readGroupFile(dataRoot: string): GroupFile | undefined {
  const text = groupDisk.readText(groupFilePath(dataRoot));
  if (text === undefined) return undefined;
  const parsed = groupFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`group/group.json is not a group file: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
  return parsed.data;
}

export function writeGroupFile(dataRoot: string, file: GroupFile): void {
  writeFileDurably(groupFilePath(dataRoot), `${JSON.stringify(groupFileSchema.parse(file), null, 2)}\n`);
}

/**
 * Who this laptop is in the group it is in, as group.json says (its id, and
 * the public key it last signed with: store/laptopKey.ts tells a lost key by
 * it), or null when it is in none. Throws as `readGroupFile` does.
 */
export function joinedLaptop(dataRoot: string): { laptopId: string; laptopKey: string | undefined } | null {
  const file = readGroupFile(dataRoot);
  return file ? { laptopId: file.laptopId, laptopKey: file.laptopKey } : null;
}

/** Who this laptop is in any group: kept in `group/laptop.json` from the first group on, so leaving and joining again keeps its nights its own. */
export interface LaptopIdentity {
  laptopId: string;
  laptopName: string;
  /**
   * The `seq` of the last manifest this laptop wrote in the group it left: its manifests in the next group go on from
   * it, so joining the same group folder again is not taken for another laptop writing under its id.
   */
  lastSeq?: number;
}
const laptopFileSchema = z.object({
  laptopId: laptopIdSchema,
  laptopName: laptopNameSchema,
  lastSeq: z.number().int().nonnegative().optional(),
});

/**
 * A new group's id. Group and laptop ids come from the system's secure random source, never from the
 * session's deck source: a deck seed (tests, demos) would make them predictable, and two laptops started
 * with one seed would share an id; drawing them from the deck's stream would also change the cards dealt.
 */
export function newGroupId(): string {
  return `g-${randomBytes(8).toString('hex')}`;
}

/** This laptop's name as the group sees it: its host name, cut to the schema's 60 characters. */
function thisLaptopName(): string {
  return (os.hostname() || 'laptop').slice(0, 60);
}

/** Who this laptop is, written whole and kept for the next group too (a new id taken: docs/group.md "One id, one laptop"; a rename: "Names people know"). */
export function writeLaptopIdentity(dataRoot: string, identity: LaptopIdentity): void {
  writeFileDurably(groupPaths(dataRoot).laptopFile, `${JSON.stringify(laptopFileSchema.parse(identity), null, 2)}\n`);
}

/** Where this laptop's manifests begin counting (`lastSeq` of laptop.json): 0 unless it was in a group before under its id. */
export function firstSeq(dataRoot: string, laptopId: string): number {
  try {
    const parsed = laptopFileSchema.safeParse(JSON.parse(groupDisk.readText(groupPaths(dataRoot).laptopFile) ?? 'null'));
    return parsed.success && parsed.data.laptopId === laptopId ? (parsed.data.lastSeq ?? 0) : 0;
  } catch {
    return 0;
  }
}

/** A new laptop id, from the system's secure random source (as `newGroupId`). */
export function newLaptopId(): string {
  return `l-${randomBytes(8).toString('hex')}`;
}

export function laptopIdentity(dataRoot: string): LaptopIdentity {
  const file = groupPaths(dataRoot).laptopFile;
  try {
    const parsed = laptopFileSchema.safeParse(JSON.parse(groupDisk.readText(file) ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // None yet (or unreadable): this laptop is given an id now.
  }
  const made = laptopFileSchema.parse({ laptopId: newLaptopId(), laptopName: thisLaptopName() });
  writeFileDurably(file, `${JSON.stringify(made, null, 2)}\n`);
  return made;
}
