import type { GroupFileEntry, PayDetails } from '../../shared';
import { sha256Hex } from '../../shared/sha256';
import { rotationStatement, type ExportedRecord, type LaptopSigner, type PlayedNight } from '../night';
import { AsideLog } from './asideLog';
import { CountedNights } from './countedNights';
import { GroupDocs, type NightMove, type SharedHistory } from './groupDocs';
import { writeLaptopIdentity, type GroupFile } from './groupFile';
import type { GroupParts } from './groupParts';
import type { GroupContext, GroupNight, KeyChange, ReceiveOptions, ReceiveReport, SetAside } from './groupTypes';
import { Intake } from './intake';
import { LaptopMirror } from './laptopMirror';
import { DOCS_NAME, MANIFEST_NAME, nightFileName, type LaptopFiles, type ListedFile, type Manifest } from './manifest';
import { GroupMembership } from './membership';
import { takeNewLaptopId, type NewIdMove } from './newLaptopId';
import { recordOfCopy, replayCopy } from './nightIntake';
import { OwnShare } from './ownShare';
import { loadMirror, takeInMirroredDocs } from './startupRepair';

export type { GroupContext, GroupNight, KeyChange, ReceiveOptions, ReceiveReport, SetAside } from './groupTypes';

/** A laptop of the group as its own signed entry in the group documents says. */
export interface KnownLaptop {
  name: string;
  /** The key the group holds for it: 64 lowercase hex digits. */
  publicKey: string;
}

/**
 * The group's history on this laptop (docs/group.md): one model the three
 * transports (group folder, LAN, file) feed with files. Its parts, one job
 * each: the membership (`group.json`, membership.ts), this laptop's share
 * (its own subfolder of the mirror, ownShare.ts), the one way in
 * (`receiveLaptopFiles`, intake.ts), the start-up repair (startupRepair.ts),
 * the nights of other laptops that count (countedNights.ts) and what was set
 * aside (asideLog.ts). The mirror of every laptop's files stays inside: the
 * transports read it through the narrow methods below.
 */
export class GroupHistory {
  private readonly parts: GroupParts;
  private readonly intake: Intake;

  private constructor(context: GroupContext, membership: GroupMembership) {
    const docs = new GroupDocs();
    const mirror = new LaptopMirror(context.dataRoot);
    const nights = new CountedNights(context.dataRoot);
    const aside = new AsideLog(context.dataRoot, context.now);
    const shared = { context, membership, mirror, docs, nights, aside };
    this.parts = { ...shared, share: new OwnShare(shared) };
    this.intake = new Intake(this.parts);
    try {
      // Pinned at once: from now on the group documents' entry for this laptop counts only under this key.
      if (context.signer) membership.own(membership.file.laptopName, context.signer.publicKey);
    } catch {
      // group.json not written (a full disk): pinned at the next start-up; this laptop's name still shows from group.json.
    }
    loadMirror(this.parts);
    // R35: once, the first start with a key: what this laptop shared before nights were signed is signed.
    this.parts.share.signOwnCopies();
  }

  /** The group this laptop is in, read from its data folder; null when it is in none. */
  static open(context: GroupContext): GroupHistory | null {
    const membership = GroupMembership.read(context.dataRoot);
    return membership ? new GroupHistory(context, membership) : null;
  }

  /** Starts being in a group (a new one, or one found in a folder or a file): group.json written, the mirror started. */
  static start(context: GroupContext, file: GroupFile): GroupHistory {
    return new GroupHistory(context, GroupMembership.start(context.dataRoot, file));
  }

  /** Leaves the group: its files moved aside whole to `group-left-<time>/`, who this laptop is kept (membership.ts). */
  static leave(dataRoot: string, now: Date): void {
    GroupMembership.leave(dataRoot, now);
  }

  get file(): Readonly<GroupFile> {
    return this.parts.membership.file;
  }

  get laptopId(): string {
    return this.parts.membership.laptopId;
  }

  /** What signs for this laptop (R35): its id and key as they are now (a new id or key taken since the start included). */
  get signer(): LaptopSigner | undefined {
    return this.parts.context.signer;
  }

  /** The time as the group's context tells it (a test's clock). */
  now(): Date {
    return this.parts.context.now();
  }

  /**
   * Takes a new laptop id: another laptop uses this one's (a copied data folder). `theirs` is what the other laptop's
   * manifest of the shared id lists, null when not known; `signer` signs under the new id with a new key, made by the
   * caller (newLaptopId.ts).
   */
  takeNewLaptopId(newId: string, theirs: Readonly<Record<string, ListedFile>> | null, signer?: LaptopSigner): NewIdMove {
    const move = takeNewLaptopId(this.parts, newId, theirs, signer);
    if (signer) {
      // From now on this laptop signs as its new id with its new key (R35): the copied key stays the first id's.
      this.parts.context.signer = signer;
      this.parts.membership.own(this.parts.membership.file.laptopName, signer.publicKey);
    }
    return move;
  }

  /**
   * Hands this laptop over to a new key (docs/group.md "Keys that change"): the old key signs the hand-over, which
   * every manifest lists from now on, and every copy this laptop shared is signed again with the new key; the other
   * laptops follow the hand-over without a question. False when this laptop signs with no key yet.
   */
  rotateKey(next: LaptopSigner): boolean {
    const { context, membership, docs, share } = this.parts;
    const old = context.signer;
    if (!old || next.laptopId !== membership.laptopId) return false;
    const groupId = membership.file.groupId;
    const rotation = {
      from: old.publicKey,
      to: next.publicKey,
      signature: old.sign(rotationStatement(groupId, membership.laptopId, old.publicKey, next.publicKey)),
    };
    context.signer = next;
    membership.own(membership.file.laptopName, next.publicKey);
    share.signOwnCopies(rotation);
    docs.introduce(next, groupId, membership.file.laptopName);
    share.docsMergedIn();
    return true;
  }

  /** The laptops whose files came signed with a key this group does not hold for them, nor handed over from it. */
  keyChanges(): readonly KeyChange[] {
    return [...this.intake.keyChanges.values()];
  }

  /**
   * Trusts a laptop's new key (its old one lost: docs/group.md "Keys that change"): the key held for it is revoked
   * for the whole group, signed by this laptop in the group documents, and the new key is held from now on. False
   * when no such key change was seen, or this laptop signs with no key.
   */
  trustKey(laptopId: string): boolean {
    const { context, membership, docs, share } = this.parts;
    const change = this.intake.keyChanges.get(laptopId);
    const old = membership.keyOf(laptopId);
    if (!change || !context.signer) return false;
    if (old !== undefined) docs.revoke(context.signer, membership.file.groupId, laptopId, old, context.now().toISOString());
    membership.holdKey(laptopId, change.publicKey);
    this.intake.keyChanges.delete(laptopId);
    share.docsMergedIn();
    return true;
  }

  /**
   * R35: this laptop took night `nightId` over at `epoch` from laptop `from` after its line `line`: signed in the
   * group documents, so a laptop that comes back with the night open learns it from the group folder as well as from
   * a paired laptop. False when nothing changed or this laptop signs with no key.
   */
  recordMove(move: { nightId: string; epoch: number; from: string; line: number }): boolean {
    const { context, membership, docs, share } = this.parts;
    if (!context.signer) return false;
    const changed = docs.recordMove(context.signer, membership.file.groupId, { ...move, at: context.now().toISOString() });
    if (changed) share.docsMergedIn();
    return changed;
  }

  /** R35: every move of night `nightId` the group documents hold, by epoch, each signed by the key the group holds for its taker. */
  movesOf(nightId: string): NightMove[] {
    const { context, membership, docs } = this.parts;
    const keyOf = (laptopId: string) =>
      membership.keyOf(laptopId) ?? (laptopId === membership.laptopId ? context.signer?.publicKey : undefined);
    return docs.movesOf(membership.file.groupId, nightId, keyOf);
  }

  /** Whether an id this laptop shared under before (a new id taken) holds this file: its night stays that id's. */
  heldUnderFormerId(name: string): boolean {
    return (this.file.formerLaptopIds ?? []).some((id) => this.parts.mirror.manifest(id)?.files[name] !== undefined);
  }

  /** Changes group.json (the folder, the peers), written before it is held. */
  updateFile(change: (file: GroupFile) => GroupFile): void {
    this.parts.membership.update(change);
  }

  // ------------------------------------------------------------ this laptop's share

  /** This laptop's ended night shared: its journal written to the own subfolder when it changed. True when written. */
  publishNight(night: PlayedNight): boolean {
    return this.parts.share.publishNight(night);
  }

  /**
   * This laptop's state of the shared history recorded in the group
   * documents, with its own signed entry in `laptops` (written again when a
   * rename, a new key or another member's overwrite left another there).
   * True when anything changed.
   */
  publishShared(local: SharedHistory): boolean {
    const { docs, context, membership, share } = this.parts;
    const introduced = context.signer ? docs.introduce(context.signer, membership.file.groupId, membership.file.laptopName) : false;
    // The entry changed the documents outside `record`: the own copy is written again at this record all the same.
    if (introduced) share.docsMergedIn();
    return share.publishShared(local) || introduced;
  }

  /**
   * This laptop renamed (docs/group.md "Names people know"): the name
   * written to group/laptop.json and group.json now; the session then
   * records the shared history (`publishShared`), which signs the new name
   * into the group documents and writes it into the manifest.
   */
  rename(name: string): void {
    const { membership, context } = this.parts;
    writeLaptopIdentity(context.dataRoot, { laptopId: membership.laptopId, laptopName: name });
    membership.own(name, context.signer?.publicKey);
  }

  /** A player's payment details shared with the group, or no longer (null). True when anything changed. */
  sharePayDetails(playerId: string, details: PayDetails | null): boolean {
    return this.parts.share.sharePayDetails(playerId, details);
  }

  /** This laptop's manifest and its bytes, for a transport copying the own subfolder out; null before anything was shared. */
  ownManifest(): { listing: Manifest; bytes: Uint8Array } | null {
    return this.parts.share.manifest();
  }

  // ------------------------------------------------------------ what the mirror holds, for the transports

  /** A laptop's subfolder as a transport hands it on: its manifest and every file it lists. */
  laptopFiles(laptopId: string): Map<string, Uint8Array> {
    const files = new Map<string, Uint8Array>();
    const manifest = this.readHeld(laptopId, MANIFEST_NAME);
    if (!manifest) return files;
    files.set(MANIFEST_NAME, manifest);
    for (const name of Object.keys(this.parts.mirror.manifest(laptopId)?.files ?? {})) {
      const bytes = this.readHeld(laptopId, name);
      if (bytes) files.set(name, bytes);
    }
    return files;
  }

  /** The laptops the mirror holds (this one first). */
  laptops(): string[] {
    return [this.laptopId, ...this.parts.mirror.laptops().filter((id) => id !== this.laptopId)];
  }

  /** What the mirror holds of a laptop's file (its length and sha256), to copy only what changed. */
  heldFile(laptopId: string, name: string): ListedFile | undefined {
    return this.parts.mirror.manifest(laptopId)?.files[name];
  }

  /** The bytes the mirror holds of a laptop's file (its manifest included); undefined when it holds none. */
  readHeld(laptopId: string, name: string): Uint8Array | undefined {
    return this.parts.mirror.read(laptopId, name);
  }

  /** Every file the mirror holds of a laptop, its manifest first (with its own length and sha256); empty when it holds none. */
  heldListing(laptopId: string): GroupFileEntry[] {
    const manifest = this.readHeld(laptopId, MANIFEST_NAME);
    const listing = this.parts.mirror.manifest(laptopId);
    if (!manifest || !listing) return [];
    const entries: GroupFileEntry[] = [{ path: MANIFEST_NAME, bytes: manifest.byteLength, sha256: sha256Hex(manifest) }];
    for (const [path, entry] of Object.entries(listing.files)) entries.push({ path, bytes: entry.bytes, sha256: entry.sha256 });
    return entries;
  }

  // ------------------------------------------------------------ the way in

  /** Takes in a laptop's files (docs/group.md "The way in", intake.ts); laptops named in the documents it brought are learnt. */
  receiveLaptopFiles(laptopId: string, files: LaptopFiles, options: ReceiveOptions): ReceiveReport {
    const report = this.intake.receive(laptopId, files, options);
    if (report.docsChanged) this.learnLaptops([laptopId]);
    return report;
  }

  /** The other laptops' group documents the mirror holds, merged in (after the session recorded its own: startupRepair.ts). */
  takeInMirroredDocs(): void {
    takeInMirroredDocs(this.parts);
    this.learnLaptops(this.parts.mirror.laptops());
  }

  /**
   * The laptops the merged documents name, signed, kept in group.json: each
   * name as its laptop last signed it, each key pinned (docs/group.md "The
   * laptops map"). `own` are the laptops whose own copy of the documents was
   * just taken in: the entry each wrote for itself there pins its key over
   * one first read in another member's copy.
   */
  private learnLaptops(own: readonly string[]): void {
    const { mirror, membership } = this.parts;
    const groupId = membership.file.groupId;
    const learnt = new Map<string, { name: string; publicKey: string; from: 'itself' | 'member' }>();
    for (const [laptopId, entry] of this.knownLaptops()) learnt.set(laptopId, { ...entry, from: 'member' });
    for (const laptopId of own) {
      if (laptopId === membership.laptopId) continue;
      const bytes = mirror.read(laptopId, DOCS_NAME);
      const entry = bytes ? GroupDocs.ownEntry(bytes, groupId, laptopId) : null;
      if (entry) learnt.set(laptopId, { name: entry.name, publicKey: entry.publicKey, from: 'itself' });
    }
    try {
      membership.learn(learnt);
    } catch {
      // group.json not written (a full disk): the names still show from the documents; learnt again at the next change.
    }
  }

  // ------------------------------------------------------------ reads

  /** The shared history as the merged documents say. */
  shared(): SharedHistory {
    return this.parts.docs.read();
  }

  /** The players whose payment details are shared with the group, for the console's view (kept between changes). */
  sharedPayIds(): readonly string[] {
    return this.parts.docs.sharedPayIds();
  }

  /** The nights of other laptops that count here, oldest first. */
  groupNights(): readonly GroupNight[] {
    return this.parts.nights.sorted();
  }

  /** The laptop that hosted a night of another laptop, or null for a night not from elsewhere. */
  writerOf(nightId: string): string | null {
    return this.parts.nights.get(nightId)?.laptopId ?? null;
  }

  /** Who hosted a night of another laptop, by name, and whether its copy is signed (R35); null for a night not from elsewhere. */
  hostOf(nightId: string): { laptop: string; signed: boolean } | null {
    const held = this.parts.nights.get(nightId);
    return held ? { laptop: this.laptopName(held.laptopId), signed: held.signed } : null;
  }

  /**
   * The group's laptops as their own signed entries in the group documents
   * say, by laptop id: an entry counts when its signature is good and its
   * key is the one the group holds for that laptop (group.json, pinned at
   * first sight; this laptop's own is the key it signs with). A laptop's
   * entry written by another member (a rename, a key of its own) does not.
   */
  knownLaptops(): ReadonlyMap<string, KnownLaptop> {
    const { docs, membership } = this.parts;
    const known = new Map<string, KnownLaptop>();
    for (const [laptopId, { name, publicKey }] of docs.signedLaptops(membership.file.groupId)) {
      const pinned = membership.pinnedKey(laptopId);
      if (pinned === undefined || pinned === publicKey) known.set(laptopId, { name, publicKey });
    }
    return known;
  }

  /** A laptop's name: as it signed it in the group documents, else as last heard (its id only when neither says). */
  laptopName(laptopId: string): string {
    if (laptopId === this.laptopId) return this.parts.membership.file.laptopName;
    return this.knownLaptops().get(laptopId)?.name ?? this.parts.membership.laptopName(laptopId);
  }

  /** Another laptop's night replayed from its copy, for the history's questions; null when it is not held. */
  readGroupNight(nightId: string): PlayedNight | null {
    const held = this.parts.nights.get(nightId);
    if (!held) return null;
    const bytes = this.readHeld(held.laptopId, nightFileName(nightId));
    return bytes ? replayCopy(nightId, bytes) : null;
  }

  /**
   * The signed record of another laptop's night, for its exports (R35): its copy as shared, its signers by the names
   * the group knows them by. Null when the night is not held from another laptop; `record` null when its copy is unsigned.
   */
  nightRecord(nightId: string): { record: ExportedRecord | null } | null {
    const held = this.parts.nights.get(nightId);
    if (!held) return null;
    const bytes = this.readHeld(held.laptopId, nightFileName(nightId));
    return { record: bytes ? recordOfCopy(bytes, (laptopId) => this.laptopName(laptopId)) : null };
  }

  setAsideList(): readonly SetAside[] {
    return this.parts.aside.entries();
  }
}
