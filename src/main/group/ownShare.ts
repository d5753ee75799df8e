import type { PayDetails } from '../../shared';
import type { PlayedNight } from '../night';
import type { GroupDocs, SharedHistory } from './groupDocs';
import { firstSeq } from './groupFile';
import type { GroupContext } from './groupTypes';
import type { LaptopMirror } from './laptopMirror';
import {
  DOCS_NAME,
  listed,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  nightFileName,
  nightIdOfFile,
  signManifest,
  type KeyRotation,
  type Manifest,
} from './manifest';
import type { GroupMembership } from './membership';
import { sharedJournalText, signedCopy } from './nightIntake';

/**
 * This laptop's share (docs/group.md "On disk"): its own subfolder of the
 * mirror, `laptops/<me>/`, written by it alone: its ended nights' journals
 * and its copy of the group documents, each file written whole before the
 * manifest that lists it.
 */
export class OwnShare {
  /** Other laptops' documents were merged in since this laptop last wrote its own copy. */
  private docsUnwritten = true;

  constructor(private readonly parts: { context: GroupContext; membership: GroupMembership; mirror: LaptopMirror; docs: GroupDocs }) {}

  /** The merged documents took in another laptop's changes: this laptop's copy is written again at the next record. */
  docsMergedIn(): void {
    this.docsUnwritten = true;
  }

  /** This laptop's ended night shared: its journal (seeds in plain) written to the own subfolder when it changed. True when written. */
  publishNight(night: PlayedNight): boolean {
    if (night.state.phase.kind !== 'ended') return false;
    return this.publish(nightFileName(night.state.nightId), Buffer.from(sharedJournalText(night, this.parts.context.signer), 'utf8'));
  }

  /**
   * R35: this laptop's nights shared before nights were signed, signed now (at start-up, once): each copy's chain is
   * worked out from its facts (a copy that no longer reads is left as it is), the copy written again chained and
   * signed, then one manifest. Their facts do not change, so every other laptop takes the signed copy as extending the
   * one it holds. The number of copies signed.
   */
  signOwnCopies(rotation?: KeyRotation): number {
    const { mirror, membership, context } = this.parts;
    const signer = context.signer;
    const held = mirror.manifest(membership.laptopId);
    // Once, unless the key changed: a rotation signs every copy again with the new key and lists the hand-over.
    if (!signer || !held || (held.signature !== undefined && !rotation)) return 0;
    const files = { ...held.files };
    let signed = 0;
    for (const name of Object.keys(held.files)) {
      const nightId = nightIdOfFile(name);
      const bytes = nightId === null ? undefined : mirror.read(membership.laptopId, name);
      if (nightId === null || bytes === undefined) continue;
      const copy = signedCopy(nightId, bytes, signer);
      if (!copy) continue;
      mirror.write(membership.laptopId, name, copy);
      files[name] = listed(copy);
      signed += 1;
    }
    const rotations = rotation ? [...(held.rotations ?? []), rotation] : held.rotations;
    mirror.writeManifest(
      signManifest(
        { ...held, writtenAt: context.now().toISOString(), seq: held.seq + 1, files, ...(rotations ? { rotations } : {}) },
        signer,
      ),
    );
    return signed;
  }

  /** This laptop's state of the shared history recorded in the group documents; the own `docs.yjs` written when it changed. */
  publishShared(local: SharedHistory): boolean {
    return this.afterDocs(this.parts.docs.record(local));
  }

  /** A player's payment details shared with the group, or no longer (null); the own `docs.yjs` written when it changed. */
  sharePayDetails(playerId: string, details: PayDetails | null): boolean {
    return this.afterDocs(this.parts.docs.share(playerId, details));
  }

  /** This laptop's manifest as written, and its bytes; null before anything was shared. */
  manifest(): { listing: Manifest; bytes: Uint8Array } | null {
    const { mirror, membership } = this.parts;
    const listing = mirror.manifest(membership.laptopId);
    const bytes = mirror.read(membership.laptopId, MANIFEST_NAME);
    return listing && bytes ? { listing, bytes } : null;
  }

  private afterDocs(changed: boolean): boolean {
    // Written whenever the merged documents differ from the copy on disk (what others' updates brought in too), so the
    // own copy is always what this laptop last saw: start-up compares its own changes against it.
    if (changed || this.docsUnwritten) this.publish(DOCS_NAME, this.parts.docs.encode());
    this.docsUnwritten = false;
    return changed;
  }

  private publish(name: string, bytes: Uint8Array): boolean {
    const { mirror, membership, context } = this.parts;
    const file = membership.file;
    const manifest: Manifest = mirror.manifest(file.laptopId) ?? {
      format: MANIFEST_FORMAT,
      version: 1,
      groupId: file.groupId,
      laptopId: file.laptopId,
      laptopName: file.laptopName,
      writtenAt: context.now().toISOString(),
      // Going on from the last manifest it wrote under this id, should it have left this group and joined again.
      seq: firstSeq(context.dataRoot, file.laptopId),
      files: {},
    };
    const entry = listed(bytes);
    if (manifest.files[name]?.sha256 === entry.sha256) return false;
    mirror.write(file.laptopId, name, bytes);
    mirror.writeManifest(
      signManifest(
        {
          ...manifest,
          groupId: file.groupId,
          laptopName: file.laptopName,
          writtenAt: context.now().toISOString(),
          seq: manifest.seq + 1,
          files: { ...manifest.files, [name]: entry },
        },
        context.signer,
      ),
    );
    return true;
  }
}
