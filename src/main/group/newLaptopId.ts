import type { LaptopSigner } from '../night';
import { writeLaptopIdentity } from './groupFile';
import type { GroupParts } from './groupParts';
import { DOCS_NAME, listed, nightIdOfFile, signManifest, type ListedFile } from './manifest';
import { signedCopy } from './nightIntake';

/**
 * One id, one laptop (docs/group.md): a data folder copied to a second
 * laptop gives two laptops one id, and a group folder keeps one manifest per
 * id, so one laptop's work would reach nobody. The laptop that found it
 * takes a new id: what both laptops hold alike (the very same bytes, shared
 * before the split) stays the first id's, as the other laptop goes on
 * sharing it; what this laptop made since (its nights, and its group
 * documents, which hold every edit it made) is shared under the new id.
 * Nothing is deleted: the first id's files stay in the mirror.
 */

/** What a new id moved: the new id, the first one, and the files now shared under the new id. */
export interface NewIdMove {
  laptopId: string;
  formerId: string;
  moved: string[];
}

/**
 * Takes `newId` for this laptop. `theirs` is what the other laptop's
 * manifest of the shared id lists (its copy in the group folder); null when
 * it is not known (found on the LAN): then every file this laptop holds
 * stays the first id's too, and what it makes from now on is the new id's.
 * `signer` signs under the new id (R35: its `laptopId` is `newId`, its key a
 * new one, never the first id's, which the other laptop keeps): each night
 * moved is signed again by it, and the new manifest; without one, they move
 * as they are and the new manifest is unsigned. Written so that a kill at
 * any step loses nothing: the new subfolder first, then group.json and
 * laptop.json (the switch), then the first id's listing cut to what both
 * laptops hold alike.
 */
export function takeNewLaptopId(
  parts: GroupParts,
  newId: string,
  theirs: Readonly<Record<string, ListedFile>> | null,
  signer?: LaptopSigner,
): NewIdMove {
  const { mirror, membership, context } = parts;
  const formerId = membership.laptopId;
  const held = mirror.manifest(formerId);
  const before: Record<string, ListedFile> = {};
  const since: Record<string, ListedFile> = {};
  for (const [name, entry] of Object.entries(held?.files ?? {})) {
    const alike = theirs === null || theirs[name]?.sha256 === entry.sha256;
    if (alike) before[name] = entry;
    if (!alike || name === DOCS_NAME) {
      const bytes = mirror.read(formerId, name);
      if (!bytes) continue;
      const nightId = nightIdOfFile(name);
      // A night signed under the first id would name it: signed again under the new one, or the others refuse it.
      const copy = (signer && nightId !== null ? signedCopy(nightId, bytes, signer) : null) ?? bytes;
      mirror.write(newId, name, copy);
      since[name] = listed(copy);
    }
  }
  if (held) {
    // The first id's key and signature say nothing of this new manifest: signed again, or left unsigned.
    const { publicKey: _key, signature: _signature, ...unsigned } = held;
    const fresh = { ...unsigned, laptopId: newId, writtenAt: context.now().toISOString(), seq: 1, files: since };
    mirror.writeManifest(signManifest(fresh, signer));
  }
  membership.update((file) => ({ ...file, laptopId: newId, formerLaptopIds: [...(file.formerLaptopIds ?? []), formerId] }));
  writeLaptopIdentity(context.dataRoot, { laptopId: newId, laptopName: membership.file.laptopName });
  // From now on the first id's subfolder is another laptop's in this mirror: it holds what both laptops shared alike.
  if (held) mirror.writeManifest({ ...held, files: before });
  return { laptopId: newId, formerId, moved: Object.keys(since).filter((name) => name !== 'docs.yjs') };
}
