import { sha256Hex } from '../../shared/sha256';
import { decodeJournal } from '../night';
import type { GroupParts } from './groupParts';
import type { KeyChange, ReceiveOptions, ReceiveReport } from './groupTypes';
import {
  DOCS_NAME,
  MANIFEST_NAME,
  manifestSignedBy,
  rotatesFrom,
  nightIdOfFile,
  parseManifest,
  type LaptopFiles,
  type ListedFile,
  type Manifest,
} from './manifest';
import { judgeNight } from './nightIntake';
import { extendsChain, proveNight } from './nightProof';

/**
 * The one way in (docs/group.md "The way in"): a laptop's files, as any
 * transport hands them over, checked and merged. The manifest must name
 * this group and this laptop; each listed file is taken only whole, each
 * night judged by the night checker, a night already held replaced only by
 * a copy that extends it. What fails is set aside with a notice naming the
 * laptop; what is already merged never changes.
 */
export class Intake {
  /**
   * Laptops whose files came signed with a key that is not the one held, nor handed over from it: the host may trust
   * the new key (its old one lost), which revokes the old for the whole group (docs/group.md "Keys that change").
   */
  readonly keyChanges = new Map<string, KeyChange>();

  constructor(private readonly parts: GroupParts) {}

  receive(laptopId: string, files: LaptopFiles, options: ReceiveOptions): ReceiveReport {
    const report: ReceiveReport = { nights: [], docsChanged: false, setAside: [], waiting: [] };
    const { membership, mirror, aside } = this.parts;
    if (laptopId === membership.laptopId) return report;
    const manifestFile = files.get(MANIFEST_NAME);
    if (!manifestFile) {
      if (options.complete) this.setAside(report, laptopId, MANIFEST_NAME, new Uint8Array(), 'it came without a manifest');
      return report;
    }
    const parsed = parseManifest(manifestFile);
    if (!parsed.ok) {
      if (options.complete) this.setAside(report, laptopId, MANIFEST_NAME, manifestFile, parsed.reason);
      else report.waiting.push(MANIFEST_NAME);
      return report;
    }
    const manifest = parsed.manifest;
    const stranger = this.strangerReason(laptopId, manifest) ?? this.keyReason(manifest);
    if (stranger) {
      this.setAside(report, laptopId, MANIFEST_NAME, manifestFile, stranger, manifest.laptopName);
      return report;
    }
    const held = mirror.manifest(laptopId);
    const taken: Record<string, ListedFile> = { ...(held?.files ?? {}) };
    let tookAny = false;
    for (const [name, entry] of Object.entries(manifest.files)) {
      if (held?.files[name]?.sha256 === entry.sha256) continue;
      const bytes = files.get(name);
      // Hashed once: the same sha256 says the file is whole, whether it was set aside before, and what the index keeps.
      const sha256 = bytes !== undefined && bytes.byteLength === entry.bytes ? sha256Hex(bytes) : null;
      if (bytes === undefined || sha256 !== entry.sha256) {
        if (options.complete) {
          const what = bytes === undefined ? 'it lists a file that did not come' : 'the file does not match its length and sha256';
          this.setAside(report, laptopId, name, bytes ?? new Uint8Array(), `the manifest lies: ${what}`, manifest.laptopName);
        } else report.waiting.push(name);
        continue;
      }
      if (aside.has(laptopId, name, sha256)) continue;
      const took =
        name === DOCS_NAME
          ? this.takeDocs(report, laptopId, bytes, manifest)
          : this.takeNight(report, laptopId, name, bytes, sha256, manifest);
      if (took) {
        taken[name] = entry;
        tookAny = true;
      }
    }
    membership.heard(manifest, this.parts.context.now());
    if (tookAny || !held) {
      // Nights' summaries first, then the manifest: killed in between, the files are taken in again next time.
      if (report.nights.length > 0) this.parts.nights.save();
      mirror.writeManifest({ ...manifest, files: taken });
    }
    return report;
  }

  /** Why a manifest is not one of this group's laptops, or null when it is. */
  private strangerReason(laptopId: string, manifest: Manifest): string | null {
    const { membership } = this.parts;
    const group = membership.file;
    if (manifest.groupId !== group.groupId)
      return `${manifest.laptopName} is a laptop of another group (${manifest.groupId}), not of ${group.name}`;
    if (manifest.laptopId !== laptopId)
      return `its manifest names ${manifest.laptopName} (${manifest.laptopId}), not ${membership.laptopName(laptopId)} (${laptopId}) it came as`;
    return null;
  }

  /**
   * R35: why a manifest's key is not the one this group holds for its laptop, or null. The first signed manifest heard
   * from a laptop gives the group its key (kept in group.json); every later one must be signed by that same key.
   */
  private keyReason(manifest: Manifest): string | null {
    const { membership, docs } = this.parts;
    const name = manifest.laptopName;
    const revoked = docs.revokedKeys(membership.file.groupId, (id) => membership.keyOf(id) ?? this.ownKey(id));
    let held = membership.keyOf(manifest.laptopId);
    // A key revoked (lost or stolen) no longer counts: the laptop's next key is held on first sight, as its first was.
    if (held !== undefined && revoked.has(held)) held = undefined;
    if (manifest.publicKey === undefined || manifest.signature === undefined) {
      return held === undefined
        ? null
        : `its manifest is not signed, but ${name} signs what it shares: a copy changed after it was written, or a forgery`;
    }
    if (!manifestSignedBy(manifest, manifest.publicKey))
      return `its manifest's signature does not check: it was changed after ${name} signed it`;
    const revocation = revoked.get(manifest.publicKey);
    if (revocation)
      return `it is signed with a key of ${name} that ${membership.laptopName(revocation.by)} revoked at ${revocation.at}: a lost or stolen key`;
    if (held !== undefined && manifest.publicKey !== held) {
      // A key handed over by the one held (a rotation, each step signed by the key it replaces) is followed.
      if (!rotatesFrom(manifest, held)) {
        this.keyChanges.set(manifest.laptopId, { laptopId: manifest.laptopId, laptop: name, publicKey: manifest.publicKey });
        return `it is signed with a key that is not the one this group holds for ${name}: a copy of its data folder on another laptop, a key it lost, or a forgery`;
      }
    }
    this.keyChanges.delete(manifest.laptopId);
    if (held !== manifest.publicKey) membership.holdKey(manifest.laptopId, manifest.publicKey);
    return null;
  }

  /** This laptop's own key for its own id (it may revoke), else nothing: a member's key is the one the group holds. */
  private ownKey(laptopId: string): string | undefined {
    const { context, membership } = this.parts;
    return laptopId === membership.laptopId ? context.signer?.publicKey : undefined;
  }

  private takeDocs(report: ReceiveReport, laptopId: string, bytes: Uint8Array, manifest: Manifest): boolean {
    let changed: boolean;
    try {
      changed = this.parts.docs.applyUpdate(bytes);
    } catch (error) {
      const reason = `its group documents cannot be read: ${(error as Error).message}`;
      this.setAside(report, laptopId, DOCS_NAME, bytes, reason, manifest.laptopName);
      return false;
    }
    this.parts.mirror.write(laptopId, DOCS_NAME, bytes);
    this.parts.share.docsMergedIn();
    report.docsChanged = report.docsChanged || changed;
    return true;
  }

  private takeNight(report: ReceiveReport, laptopId: string, name: string, bytes: Uint8Array, sha256: string, manifest: Manifest): boolean {
    const { context, membership, mirror, nights } = this.parts;
    const nightId = nightIdOfFile(name) as string;
    const refuse = (reason: string): false => {
      this.setAside(report, laptopId, name, bytes, reason, manifest.laptopName);
      return false;
    };
    if (context.isOwnNight(nightId)) return refuse(`night ${nightId} was hosted on this laptop: another laptop cannot share it`);
    const held = nights.get(nightId);
    if (held && held.laptopId !== laptopId)
      return refuse(`night ${nightId} was hosted on ${membership.laptopName(held.laptopId)}: only its writer shares it`);
    const judged = (context.judge ?? judgeNight)(nightId, bytes);
    if (!judged.ok) return refuse(judged.reason);
    // R35: each laptop that wrote lines of a moved night signed them, with the key the group holds for it.
    const proof = proveNight(nightId, { id: laptopId, name: manifest.laptopName, key: membership.keyOf(laptopId) }, judged.record, {
      keyOf: (writer) => membership.keyOf(writer),
      nameOf: (writer) => membership.laptopName(writer),
    });
    if (!proof.ok) return refuse(proof.reason);
    if (held) {
      const before = mirror.read(laptopId, name);
      // Journals are append-only: a night reopened and ended again by its writer extends the copy held, line for line (R35).
      if (before && !extendsChain(judged.record.heads, chainOf(before))) {
        // Proof beats arrival: a signed copy replaces an unsigned one that came first (kept aside, never lost).
        if (held.signed || !proof.signed) return refuse(`it does not extend the copy of night ${nightId} held here (journals only grow)`);
        this.setAside(
          report,
          laptopId,
          name,
          before,
          `replaced by ${manifest.laptopName}'s signed copy of night ${nightId}, which it does not match`,
          manifest.laptopName,
        );
      }
    }
    // Not synced one by one: the manifest, synced after them, is what makes them count (a copy lost to a power cut is taken in again).
    mirror.write(laptopId, name, bytes, false);
    nights.count({ laptopId, sha256, signed: proof.signed, summary: judged.summary });
    report.nights.push(nightId);
    return true;
  }

  private setAside(report: ReceiveReport, laptopId: string, name: string, bytes: Uint8Array, reason: string, laptopName?: string): void {
    const { aside, membership, context } = this.parts;
    const notice = aside.add(laptopId, laptopName ?? membership.laptopName(laptopId), name, bytes, reason);
    if (!notice) return;
    report.setAside.push(notice);
    context.onSetAside?.(notice);
  }
}

/** The chain of a copy held (R35): its lines and its head; a held copy that no longer reads has none, and anything extends it. */
function chainOf(bytes: Uint8Array): { lines: number; head: string } {
  try {
    const { heads } = decodeJournal(Buffer.from(bytes).toString('utf8'), undefined, { chain: true });
    return { lines: heads.length, head: heads.at(-1) ?? '' };
  } catch {
    return { lines: 0, head: '' };
  }
}
