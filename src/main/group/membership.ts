import path from 'node:path';
import { groupDisk, writeFileDurably } from '../store';
import { groupPaths, readGroupFile, writeGroupFile, type GroupFile } from './groupFile';
import { LaptopMirror } from './laptopMirror';
import type { Manifest } from './manifest';

/** How often "last heard" is written down for a laptop heard again and again. */
const HEARD_EVERY_MS = 60_000;

/**
 * Being in a group, as `group/group.json` says (docs/group.md "On disk"):
 * the group, this laptop in it, the group folder, the laptops heard from
 * and the LAN's peers. Every change is written before it is held; leaving
 * moves the group's files aside whole.
 */
export class GroupMembership {
  private constructor(
    private readonly dataRoot: string,
    private groupFile: GroupFile,
  ) {}

  /** The group this laptop is in, from its data folder; null when it is in none. */
  static read(dataRoot: string): GroupMembership | null {
    const file = readGroupFile(dataRoot);
    return file ? new GroupMembership(dataRoot, file) : null;
  }

  /** Starts being in a group: group.json written first. */
  static start(dataRoot: string, file: GroupFile): GroupMembership {
    writeGroupFile(dataRoot, file);
    return new GroupMembership(dataRoot, file);
  }

  /**
   * Leaves the group: everything the group folder of the data folder holds
   * is moved aside whole to `group-left-<time>/` (nothing recorded is lost),
   * and only who this laptop is stays, for the next group.
   */
  static leave(dataRoot: string, now: Date): void {
    const paths = groupPaths(dataRoot);
    if (!groupDisk.exists(paths.groupFile)) return;
    const identity = groupDisk.readBytes(paths.laptopFile);
    const lastSeq = lastSeqWritten(dataRoot);
    groupDisk.move(paths.root, path.join(dataRoot, `group-left-${now.toISOString().replace(/[:.]/g, '-')}`));
    if (identity) writeFileDurably(paths.laptopFile, lastSeq === null ? identity : withLastSeq(identity, lastSeq));
  }

  get file(): Readonly<GroupFile> {
    return this.groupFile;
  }

  get laptopId(): string {
    return this.groupFile.laptopId;
  }

  /** Changes group.json (the folder, the peers, the laptops heard from), written before it is held. */
  update(change: (file: GroupFile) => GroupFile): void {
    const next = change(this.groupFile);
    writeGroupFile(this.dataRoot, next);
    this.groupFile = next;
  }

  /** A laptop's name as last heard (its id when never heard). */
  laptopName(laptopId: string): string {
    if (laptopId === this.laptopId) return this.groupFile.laptopName;
    return this.groupFile.laptops.find((l) => l.id === laptopId)?.name ?? laptopId;
  }

  /** The key the group holds for a laptop (this laptop's own included), or undefined when none was pinned yet. */
  pinnedKey(laptopId: string): string | undefined {
    if (laptopId === this.laptopId) return this.groupFile.laptopKey;
    return this.groupFile.laptops.find((l) => l.id === laptopId)?.publicKey;
  }

  /**
   * Laptops as their signed entries in the group documents say, written to
   * group.json once when anything changed: each name taken, and each key
   * pinned. A key read in the laptop's own copy of the documents (`itself`)
   * is pinned over one read in another member's copy (`member`), never the
   * reverse, and one from a member is pinned only when none is. Entries
   * whose key differs from the one pinned never come here (groupHistory.ts).
   */
  learn(entries: ReadonlyMap<string, { name: string; publicKey: string; from: 'itself' | 'member' }>): void {
    const byId = new Map(this.groupFile.laptops.map((l) => [l.id, l]));
    let changed = false;
    for (const [id, { name, publicKey, from }] of entries) {
      if (id === this.laptopId) continue;
      const before = byId.get(id);
      // A key read only in a member's copy gives way to the laptop's own; one from its own files (or its signed manifest) is kept.
      const repin = before?.publicKey === undefined || (from === 'itself' && before.keyFrom === 'member');
      // Signed by a key the group does not hold for it: neither its key nor its name is taken.
      if (!repin && before.publicKey !== publicKey) continue;
      const pinned = repin ? { publicKey, keyFrom: from } : { publicKey: before.publicKey, keyFrom: before.keyFrom };
      if (before?.name === name && before.publicKey === pinned.publicKey && before.keyFrom === pinned.keyFrom) continue;
      byId.set(id, { id, name, lastHeardAt: before?.lastHeardAt ?? null, ...pinned });
      changed = true;
    }
    if (changed) this.update((file) => ({ ...file, laptops: [...byId.values()].sort((a, b) => compareText(a.id, b.id)) }));
  }

  /** This laptop's own name and the key it signs with, as group.json keeps them; written only when either changed. */
  own(name: string, publicKey: string | undefined): void {
    if (this.groupFile.laptopName === name && (publicKey === undefined || this.groupFile.laptopKey === publicKey)) return;
    this.update((file) => ({ ...file, laptopName: name, ...(publicKey === undefined ? {} : { laptopKey: publicKey }) }));
  }

  /**
   * R35: the public key this group holds for a laptop, which its manifests and nights must be signed by, or
   * undefined before its first signed manifest. A key read only in another member's copy of the group documents
   * (`keyFrom: 'member'`) is not one: it names the laptop until its own files come, and never checks them.
   */
  keyOf(laptopId: string): string | undefined {
    const held = this.groupFile.laptops.find((l) => l.id === laptopId);
    return held?.keyFrom === 'member' ? undefined : held?.publicKey;
  }

  /** R35: a laptop's key, held from its first signed manifest on (trust on first sight): every later one must be signed by it. */
  holdKey(laptopId: string, publicKey: string): void {
    const before = this.groupFile.laptops.find((l) => l.id === laptopId);
    const entry = {
      id: laptopId,
      name: before?.name ?? laptopId,
      lastHeardAt: before?.lastHeardAt ?? null,
      publicKey,
      keyFrom: 'itself' as const,
    };
    const laptops = this.groupFile.laptops.filter((l) => l.id !== laptopId);
    this.update((file) => ({ ...file, laptops: [...laptops, entry].sort((a, b) => compareText(a.id, b.id)) }));
  }

  /** A laptop heard from: its name and the time, written to group.json when it says something new. */
  heard(manifest: Manifest, now: Date): void {
    const before = this.groupFile.laptops.find((l) => l.id === manifest.laptopId);
    // Written when the name changed or a minute has passed: a group folder looked at every second does not rewrite group.json each time.
    if (before?.name === manifest.laptopName && before.lastHeardAt && now.getTime() - Date.parse(before.lastHeardAt) < HEARD_EVERY_MS)
      return;
    const laptops = this.groupFile.laptops.filter((l) => l.id !== manifest.laptopId);
    // The key pinned for it stays: hearing from a laptop never changes which key the group holds for it.
    const entry = { ...before, id: manifest.laptopId, name: manifest.laptopName, lastHeardAt: now.toISOString() };
    this.update((file) => ({ ...file, laptops: [...laptops, entry].sort((a, b) => compareText(a.id, b.id)) }));
  }
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The seq of the last manifest this laptop wrote in its group; null when none can be read. */
function lastSeqWritten(dataRoot: string): number | null {
  try {
    const file = readGroupFile(dataRoot);
    return file ? (new LaptopMirror(dataRoot).manifest(file.laptopId)?.seq ?? null) : null;
  } catch {
    return null;
  }
}

/** laptop.json with the seq its manifests go on from in the next group (groupFile.ts `firstSeq`); as it was when it is not JSON. */
function withLastSeq(identity: Uint8Array, lastSeq: number): Uint8Array {
  try {
    const json = JSON.parse(Buffer.from(identity).toString('utf8')) as Record<string, unknown>;
    return Buffer.from(`${JSON.stringify({ ...json, lastSeq }, null, 2)}\n`);
  } catch {
    return identity;
  }
}
