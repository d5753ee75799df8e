import { sha256Hex } from '../../shared/sha256';
import type { HeldNight } from './countedNights';
import type { GroupParts } from './groupParts';
import { DOCS_NAME, isWhole, listed, nightFileName, nightIdOfFile, type Manifest } from './manifest';
import { judgeNight } from './nightIntake';

/**
 * Start-up (docs/group.md "Start-up"): what the mirror holds read back,
 * after the repair of what a kill or a power cut left, so that nothing
 * taken in is lost and nothing damaged counts. Damage costs time, never trust.
 */

/** Reads what the mirror holds: this laptop's own group documents and the nights that count (the others' documents come later: takeInMirroredDocs). */
export function loadMirror(parts: GroupParts): void {
  const { mirror, membership, nights } = parts;
  const listedLength = relistAfterKill(parts);
  const manifests = new Map(mirror.laptops().map((id) => [id, mirror.manifest(id)]));
  takeInDocs(parts, membership.laptopId, manifests.get(membership.laptopId));
  const index = nights.readIndex();
  for (const entry of index.kind === 'read' ? index.nights : []) {
    const name = nightFileName(entry.summary.id);
    // A night counts while its laptop's manifest lists this very copy and its file has that length (a cheap check at start-up).
    if (manifests.get(entry.laptopId)?.files[name]?.sha256 !== entry.sha256) continue;
    if (!listedLength.has(`${entry.laptopId}/${name}`)) continue;
    nights.count(entry);
  }
  const judgedAgain = judgeUnindexed(parts, manifests, listedLength);
  // Rewritten when nights were judged again, or to give an older version's index its checksum.
  if (judgedAgain || (index.kind === 'read' && !index.checksummed)) {
    try {
      nights.save();
    } catch {
      // Not written (a full disk): the nights count now all the same, and are judged again at the next start-up.
    }
  }
}

/**
 * The other laptops' group documents the mirror holds, merged in. Apart
 * from `loadMirror` on purpose: the session first records what this laptop
 * changed since it last wrote its own documents (a quit between a change
 * and its recording), against its own documents alone, then takes in
 * everyone else's.
 */
export function takeInMirroredDocs(parts: GroupParts): void {
  const { mirror, membership } = parts;
  for (const laptopId of mirror.laptops()) if (laptopId !== membership.laptopId) takeInDocs(parts, laptopId, mirror.manifest(laptopId));
}

function takeInDocs(parts: GroupParts, laptopId: string, manifest: Manifest | undefined): void {
  if (!manifest?.files[DOCS_NAME]) return;
  const bytes = parts.mirror.read(laptopId, DOCS_NAME);
  if (!bytes || !isWhole(manifest.files[DOCS_NAME], bytes)) return;
  try {
    parts.docs.applyUpdate(bytes);
    parts.share.docsMergedIn();
  } catch {
    // Checked when it was taken in; a copy damaged on this disk since is taken in again from its laptop.
  }
}

/**
 * A kill between a file replaced and its manifest rewritten leaves the
 * file newer than its listing (a night extended, new group documents).
 * Every file is written whole (renamed into place) and only after it was
 * checked, so such a file is listed again: this laptop's own as it is,
 * another laptop's night once it is judged again. Nothing taken in is
 * lost to a kill. Cheap when nothing happened: a night's length is looked
 * at, only a changed one is read. Returns the files (`laptopId/name`)
 * whose length on disk is the one listed now, so start-up looks at each
 * file once.
 */
function relistAfterKill(parts: GroupParts): Set<string> {
  const { mirror, membership, context, nights } = parts;
  const relisted = new Map<string, HeldNight>();
  const listedLength = new Set<string>();
  for (const laptopId of mirror.laptops()) {
    const manifest = mirror.manifest(laptopId);
    if (!manifest) continue;
    const files = { ...manifest.files };
    let changed = false;
    for (const [name, entry] of Object.entries(manifest.files)) {
      const size = mirror.size(laptopId, name);
      if (size === entry.bytes) listedLength.add(`${laptopId}/${name}`);
      if (name !== DOCS_NAME && size === entry.bytes) continue;
      const bytes = size === null ? undefined : mirror.read(laptopId, name);
      if (bytes && isWhole(entry, bytes)) continue;
      const nightId = nightIdOfFile(name);
      if (nightId !== null && laptopId !== membership.laptopId) {
        const judged = bytes ? (context.judge ?? judgeNight)(nightId, bytes) : null;
        if (!bytes || !judged?.ok) {
          // Gone, cut short by a power cut or changed on this disk, and no night the checker passes: not counted,
          // and no longer listed, so the next sync takes the copy in again from its laptop (nothing is lost).
          delete files[name];
          changed = true;
          continue;
        }
        relisted.set(nightId, { laptopId, sha256: sha256Hex(bytes), signed: judged.record.signature !== null, summary: judged.summary });
      }
      if (!bytes) continue;
      files[name] = listed(bytes);
      listedLength.add(`${laptopId}/${name}`);
      changed = true;
    }
    if (changed) mirror.writeManifest({ ...manifest, files });
  }
  // Written into the index of nights at once, so the start-up reading it next counts them.
  if (relisted.size > 0) nights.saveJudgedAgain(relisted);
  return listedLength;
}

/**
 * The nights another laptop's manifest lists here that the index does
 * not hold (it was damaged, edited or lost): each copy judged again by
 * the night checker, as when it came, and counted only if it passes. In
 * the usual start-up every listed night is in the index and nothing is
 * read. True when any night was judged.
 */
function judgeUnindexed(
  parts: GroupParts,
  manifests: ReadonlyMap<string, Manifest | undefined>,
  listedLength: ReadonlySet<string>,
): boolean {
  const { mirror, membership, context, nights } = parts;
  let judgedAny = false;
  for (const [laptopId, manifest] of manifests) {
    if (laptopId === membership.laptopId || !manifest) continue;
    for (const [name, entry] of Object.entries(manifest.files)) {
      const nightId = nightIdOfFile(name);
      if (nightId === null || nights.has(nightId) || !listedLength.has(`${laptopId}/${name}`)) continue;
      if (context.isOwnNight(nightId)) continue;
      const bytes = mirror.read(laptopId, name);
      if (!bytes || !isWhole(entry, bytes)) continue;
      judgedAny = true;
      const judged = (context.judge ?? judgeNight)(nightId, bytes);
      if (judged.ok) nights.count({ laptopId, sha256: entry.sha256, signed: judged.record.signature !== null, summary: judged.summary });
    }
  }
  return judgedAny;
}
