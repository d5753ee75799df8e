import path from 'node:path';
import { sha256Hex } from '../../shared/sha256';
import { groupDisk, writeFileDurably } from '../store';
import type { GroupHistory } from './groupHistory';
import { MANIFEST_NAME, parseManifest, type Manifest } from './manifest';

/**
 * This laptop's subfolder of the group folder (docs/group.md "The three
 * transports", "A laptop repairs its own files", "One id, one laptop"):
 * copied out from the mirror, files first and the manifest last, and kept
 * whole. A file of its own cut or changed there while the manifest stayed
 * the same is written again, or the others would wait on it for ever. A
 * manifest of this laptop's id there that it did not write (its `seq` at
 * least this laptop's, other bytes) means another laptop uses the same id:
 * nothing is written over it, and the caller is told.
 */

/** What a look at the own subfolder did and found. */
export interface OwnCopyCheck {
  /** Anything was written (a change shared, or a file repaired). */
  wrote: boolean;
  /** The manifest of this laptop's id that another laptop wrote there; null when there is none. */
  otherWriter: Manifest | null;
}

/**
 * Copies the own subfolder out and repairs it. Cheap when nothing changed:
 * the manifest there is compared by its bytes and each file by its length
 * on disk, so a look every second after 1,000 nights reads one manifest and
 * asks 1,000 lengths. With `deep` (once per start), every file there is
 * read and hashed: a file changed in place at its own length is found then.
 */
export function publishToFolder(group: GroupHistory, folder: string, deep = false): OwnCopyCheck {
  const own = group.ownManifest();
  if (!own) return { wrote: false, otherWriter: null };
  const target = path.join(folder, group.laptopId);
  const there = groupDisk.readBytes(path.join(target, MANIFEST_NAME));
  const same = there !== undefined && Buffer.from(there).equals(own.bytes);
  const thereManifest = there && !same ? parseManifest(there) : null;
  if (thereManifest?.ok && isOtherWriter(thereManifest.manifest, own.listing, group.laptopId)) {
    return { wrote: false, otherWriter: thereManifest.manifest };
  }
  // A manifest there that is not this one (older, cut short, or none): its listing says which files need no copy.
  const thereFiles = same ? own.listing.files : thereManifest?.ok ? thereManifest.manifest.files : {};
  let wrote = false;
  for (const [name, entry] of Object.entries(own.listing.files)) {
    const file = path.join(target, name);
    if (groupDisk.sizeOf(file) === entry.bytes) {
      if (!deep && thereFiles[name]?.sha256 === entry.sha256) continue;
      if (deep) {
        const bytes = groupDisk.readBytes(file);
        if (bytes && sha256Hex(bytes) === entry.sha256) continue;
      }
    }
    const bytes = group.readHeld(group.laptopId, name);
    if (!bytes) continue;
    writeFileDurably(file, bytes);
    wrote = true;
  }
  // The manifest last, so what it lists is there whole before it says so; unchanged when it is this laptop's already.
  if (!same || wrote) {
    writeFileDurably(path.join(target, MANIFEST_NAME), own.bytes);
    wrote = true;
  }
  return { wrote, otherWriter: null };
}

/**
 * Whether a manifest of this laptop's id in the folder was written by another laptop: its `seq` is at least the one of
 * the manifest this laptop last wrote, and its bytes differ (the caller saw that). One older than ours is a sync tool
 * late with a copy this laptop wrote before: repaired. A `seq` of 0 is a manifest from before `seq` was kept, which
 * cannot be told from a late copy: repaired too.
 */
function isOtherWriter(there: Manifest, own: Manifest, laptopId: string): boolean {
  return there.laptopId === laptopId && there.seq > 0 && there.seq >= own.seq;
}
