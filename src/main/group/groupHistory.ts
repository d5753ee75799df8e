import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PayDetails } from '../../shared';
import type { PlayedNight } from '../night';
import { writeFileDurably, type NightSummary } from '../store';
import { GroupDocs, type SharedHistory } from './groupDocs';
import { groupRoot, readGroupFile, writeGroupFile, type GroupFile } from './groupFile';
import { LaptopMirror } from './laptopMirror';
import {
  DOCS_NAME,
  isWhole,
  listed,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  nightFileName,
  nightIdOfFile,
  parseManifest,
  sha256Hex,
  type LaptopFiles,
  type ListedFile,
  type Manifest,
} from './manifest';
import { judgeNight, replayCopy, sharedJournalText, type NightJudgement } from './nightIntake';
import { readNightsIndex, writeNightsIndex } from './nightsIndex';
import { readFileIfAny, writeWholeFile } from './wholeFile';

/**
 * The group's history on this laptop (docs/group.md): one model the three
 * transports (group folder, LAN, file) feed with files. It keeps
 *
 * - this laptop's own subfolder of the mirror: its ended nights and its
 *   group documents, with a manifest written after them;
 * - the other laptops' subfolders: only files taken in whole and checked;
 * - the nights of other laptops that count (`group/index.json`, their
 *   summaries, kept so start-up does not replay them; a night counts only
 *   while its file is listed in its laptop's mirror manifest);
 * - what was set aside, with the laptop it came from (`group/aside.json`).
 *
 * `receiveLaptopFiles` is the one way in. It never changes what is already
 * merged: a night is added, or replaced by a copy that extends it; a group
 * document is merged by Yjs; anything else is set aside with a notice.
 */

/** A file set aside, as the group screen lists it and the host's notices say. */
export interface SetAside {
  /** The laptop it came from, by name when known (its id otherwise). */
  laptop: string;
  laptopId: string;
  file: string;
  reason: string;
  at: string;
}

/** A night hosted on another laptop that counts here. */
export interface GroupNight {
  laptopId: string;
  summary: NightSummary;
}

export interface ReceiveReport {
  /** Nights added or extended. */
  nights: string[];
  /** The group documents changed (the roster, merges, paid marks or settle modes may differ). */
  docsChanged: boolean;
  setAside: SetAside[];
  /** Files the manifest lists that have not arrived whole yet (a group folder still syncing). */
  waiting: string[];
}

export interface ReceiveOptions {
  /**
   * True when the transport hands over everything at once (a LAN sync, an
   * import): a file the manifest lists that is missing or does not match is
   * then a lie, set aside. False for a group folder, where a sync tool may
   * still be copying: such a file is waited for.
   */
  complete: boolean;
}

export interface GroupContext {
  dataRoot: string;
  now: () => Date;
  /** Whether the night id is one of this laptop's own (open or ended): another laptop's copy of it is set aside. */
  isOwnNight: (nightId: string) => boolean;
  /** Told of each file set aside, to report it with the host's other notices. */
  onSetAside?: (setAside: SetAside) => void;
  /** How a night from elsewhere is judged: the night checker (judgeNight) unless a test keeps its verdicts for bytes it saw. */
  judge?: (nightId: string, bytes: Uint8Array) => NightJudgement;
}

const asideFileSchema = z.object({
  setAside: z.array(z.object({ laptop: z.string(), laptopId: z.string(), file: z.string(), reason: z.string(), at: z.string() })),
  /** What was set aside already (laptop, file, sha256), so a file left in a group folder is reported once. */
  seen: z.array(z.string()),
});

/** How often "last heard" is written down for a laptop heard again and again. */
const HEARD_EVERY_MS = 60_000;

interface HeldNight {
  laptopId: string;
  sha256: string;
  summary: NightSummary;
}

export class GroupHistory {
  readonly docs = new GroupDocs();
  readonly mirror: LaptopMirror;
  private readonly nights = new Map<string, HeldNight>();
  private readonly aside: SetAside[] = [];
  private readonly seenBad = new Set<string>();
  /** Other laptops' documents were merged in since this laptop last wrote its own copy. */
  private docsUnwritten = true;
  /** groupNights(), kept until a night is taken in. */
  private sortedNights: GroupNight[] | null = null;

  private constructor(
    private readonly context: GroupContext,
    private groupFile: GroupFile,
  ) {
    this.mirror = new LaptopMirror(context.dataRoot);
  }

  /** The group this laptop is in, read from its data folder; null when it is in none. */
  static open(context: GroupContext): GroupHistory | null {
    const file = readGroupFile(context.dataRoot);
    if (!file) return null;
    const group = new GroupHistory(context, file);
    group.load();
    return group;
  }

  /** Starts being in a group (a new one, or one found in a folder or a file): group.json written, the mirror started. */
  static start(context: GroupContext, file: GroupFile): GroupHistory {
    writeGroupFile(context.dataRoot, file);
    const group = new GroupHistory(context, file);
    group.load();
    return group;
  }

  /**
   * Leaves the group: everything the group folder of the data folder holds
   * is moved aside whole to `group-left-<time>/` (nothing recorded is lost),
   * and only who this laptop is stays, for the next group.
   */
  static leave(dataRoot: string, now: Date): void {
    const root = groupRoot(dataRoot);
    if (!fs.existsSync(path.join(root, 'group.json'))) return;
    const identity = readFileIfAny(path.join(root, 'laptop.json'));
    fs.renameSync(root, path.join(dataRoot, `group-left-${now.toISOString().replace(/[:.]/g, '-')}`));
    if (identity) writeWholeFile(path.join(root, 'laptop.json'), identity);
  }

  get file(): Readonly<GroupFile> {
    return this.groupFile;
  }

  get laptopId(): string {
    return this.groupFile.laptopId;
  }

  /** Changes group.json (the folder, the peers), written before it is held. */
  updateFile(change: (file: GroupFile) => GroupFile): void {
    const next = change(this.groupFile);
    writeGroupFile(this.context.dataRoot, next);
    this.groupFile = next;
  }

  // ------------------------------------------------------------ own side

  /** This laptop's ended night shared: its journal (seeds in plain) written to the own subfolder when it changed. True when written. */
  publishNight(night: PlayedNight): boolean {
    if (night.state.phase.kind !== 'ended') return false;
    const bytes = Buffer.from(sharedJournalText(night), 'utf8');
    return this.publishOwn(nightFileName(night.state.nightId), bytes);
  }

  /** This laptop's state of the shared history recorded in the group documents; the own `docs.yjs` written when it changed. */
  publishShared(local: SharedHistory): boolean {
    const changed = this.docs.record(local);
    // Written whenever the merged documents differ from the copy on disk (what others' updates brought in too), so the
    // own copy is always what this laptop last saw: start-up compares its own changes against it.
    if (changed || this.docsUnwritten) this.publishOwn(DOCS_NAME, this.docs.encode());
    this.docsUnwritten = false;
    return changed;
  }

  /** A player's payment details shared with the group, or no longer (null); the own `docs.yjs` written when it changed. */
  sharePayDetails(playerId: string, details: PayDetails | null): boolean {
    const changed = this.docs.share(playerId, details);
    if (changed || this.docsUnwritten) this.publishOwn(DOCS_NAME, this.docs.encode());
    this.docsUnwritten = false;
    return changed;
  }

  /** The shared history as the merged documents say. */
  shared(): SharedHistory {
    return this.docs.read();
  }

  /** The players whose payment details are shared with the group, for the console's view (kept between changes). */
  sharedPayIds(): readonly string[] {
    return this.docs.sharedPayIds();
  }

  /** A laptop's subfolder as a transport hands it on: its manifest and every file it lists. */
  laptopFiles(laptopId: string): Map<string, Uint8Array> {
    const files = new Map<string, Uint8Array>();
    const manifest = this.mirror.read(laptopId, MANIFEST_NAME);
    if (!manifest) return files;
    files.set(MANIFEST_NAME, manifest);
    for (const name of Object.keys(this.mirror.manifest(laptopId)?.files ?? {})) {
      const bytes = this.mirror.read(laptopId, name);
      if (bytes) files.set(name, bytes);
    }
    return files;
  }

  /** The laptops the mirror holds (this one first). */
  laptops(): string[] {
    return [this.laptopId, ...this.mirror.laptops().filter((id) => id !== this.laptopId)];
  }

  /** What the mirror holds of a laptop's file (its length and sha256), to copy only what changed. */
  heldFile(laptopId: string, name: string): ListedFile | undefined {
    return this.mirror.manifest(laptopId)?.files[name];
  }

  // ------------------------------------------------------------ the way in

  /**
   * Takes in a laptop's files (docs/group.md "The way in"): the manifest
   * checked (this group, this laptop), each file listed taken only when
   * whole, each night judged by the night checker, a night already held
   * replaced only by a copy that extends it. What fails is set aside with
   * a notice naming the laptop; what is already merged never changes.
   */
  receiveLaptopFiles(laptopId: string, files: LaptopFiles, options: ReceiveOptions): ReceiveReport {
    const report: ReceiveReport = { nights: [], docsChanged: false, setAside: [], waiting: [] };
    if (laptopId === this.laptopId) return report;
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
    const stranger = this.strangerReason(laptopId, manifest);
    if (stranger) {
      this.setAside(report, laptopId, MANIFEST_NAME, manifestFile, stranger);
      return report;
    }
    const held = this.mirror.manifest(laptopId);
    const taken: Record<string, ListedFile> = { ...(held?.files ?? {}) };
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
      if (this.seenBad.has(badKey(laptopId, name, sha256))) continue;
      const took =
        name === DOCS_NAME
          ? this.takeDocs(report, laptopId, bytes, manifest)
          : this.takeNight(report, laptopId, name, bytes, sha256, manifest);
      if (took) taken[name] = entry;
    }
    this.heard(manifest);
    if (JSON.stringify(taken) !== JSON.stringify(held?.files ?? {}) || !held) {
      // Nights' summaries first, then the manifest: killed in between, the files are taken in again next time.
      if (report.nights.length > 0) this.saveIndex();
      this.mirror.writeManifest({ ...manifest, files: taken });
    }
    return report;
  }

  // ------------------------------------------------------------ reads

  /** The nights of other laptops that count here, oldest first. */
  groupNights(): readonly GroupNight[] {
    this.sortedNights ??= [...this.nights.values()]
      .map(({ laptopId, summary }) => ({ laptopId, summary }))
      .sort((a, b) =>
        a.summary.startedAt === b.summary.startedAt ? cmp(a.summary.id, b.summary.id) : cmp(a.summary.startedAt, b.summary.startedAt),
      );
    return this.sortedNights;
  }

  /** The laptop that hosted a night of another laptop, or null for a night not from elsewhere. */
  writerOf(nightId: string): string | null {
    return this.nights.get(nightId)?.laptopId ?? null;
  }

  /** A laptop's name as last heard (its id when never heard). */
  laptopName(laptopId: string): string {
    if (laptopId === this.laptopId) return this.groupFile.laptopName;
    return this.groupFile.laptops.find((l) => l.id === laptopId)?.name ?? laptopId;
  }

  /** Another laptop's night replayed from its copy, for the history's questions; null when it is not held. */
  readGroupNight(nightId: string): PlayedNight | null {
    const held = this.nights.get(nightId);
    if (!held) return null;
    const bytes = this.mirror.read(held.laptopId, nightFileName(nightId));
    return bytes ? replayCopy(nightId, bytes) : null;
  }

  setAsideList(): readonly SetAside[] {
    return this.aside;
  }

  // ------------------------------------------------------------ inside

  private ownManifest(): Manifest {
    return (
      this.mirror.manifest(this.laptopId) ?? {
        format: MANIFEST_FORMAT,
        version: 1,
        groupId: this.groupFile.groupId,
        laptopId: this.laptopId,
        laptopName: this.groupFile.laptopName,
        writtenAt: this.context.now().toISOString(),
        files: {},
      }
    );
  }

  private publishOwn(name: string, bytes: Uint8Array): boolean {
    const manifest = this.ownManifest();
    const entry = listed(bytes);
    if (manifest.files[name]?.sha256 === entry.sha256) return false;
    this.mirror.write(this.laptopId, name, bytes);
    this.mirror.writeManifest({
      ...manifest,
      groupId: this.groupFile.groupId,
      laptopName: this.groupFile.laptopName,
      writtenAt: this.context.now().toISOString(),
      files: { ...manifest.files, [name]: entry },
    });
    return true;
  }

  /** Why a manifest is not one of this group's laptops, or null when it is. */
  private strangerReason(laptopId: string, manifest: Manifest): string | null {
    if (manifest.groupId !== this.groupFile.groupId) return `it comes from a laptop of another group (${manifest.groupId}), not this one`;
    if (manifest.laptopId !== laptopId) return `its manifest names laptop ${manifest.laptopId}, not the ${laptopId} it came as`;
    return null;
  }

  private takeDocs(report: ReceiveReport, laptopId: string, bytes: Uint8Array, manifest: Manifest): boolean {
    const before = JSON.stringify(this.docs.read());
    try {
      this.docs.applyUpdate(bytes);
    } catch (error) {
      this.setAside(
        report,
        laptopId,
        DOCS_NAME,
        bytes,
        `its group documents cannot be read: ${(error as Error).message}`,
        manifest.laptopName,
      );
      return false;
    }
    this.mirror.write(laptopId, DOCS_NAME, bytes);
    this.docsUnwritten = true;
    report.docsChanged = report.docsChanged || JSON.stringify(this.docs.read()) !== before;
    return true;
  }

  private takeNight(report: ReceiveReport, laptopId: string, name: string, bytes: Uint8Array, sha256: string, manifest: Manifest): boolean {
    const nightId = nightIdOfFile(name) as string;
    const refuse = (reason: string): false => {
      this.setAside(report, laptopId, name, bytes, reason, manifest.laptopName);
      return false;
    };
    if (this.context.isOwnNight(nightId)) return refuse(`night ${nightId} was hosted on this laptop: another laptop cannot share it`);
    const held = this.nights.get(nightId);
    if (held && held.laptopId !== laptopId)
      return refuse(`night ${nightId} was hosted on ${this.laptopName(held.laptopId)}: only its writer shares it`);
    if (held) {
      const before = this.mirror.read(laptopId, name);
      // Journals are append-only: a night reopened and ended again by its writer extends the copy held.
      if (before && !startsWith(bytes, before))
        return refuse(`it does not extend the copy of night ${nightId} held here (journals only grow)`);
    }
    const judged = (this.context.judge ?? judgeNight)(nightId, bytes);
    if (!judged.ok) return refuse(judged.reason);
    // Not synced one by one: the manifest, synced after them, is what makes them count (a copy lost to a power cut is taken in again).
    this.mirror.write(laptopId, name, bytes, false);
    this.nights.set(nightId, { laptopId, sha256, summary: judged.summary });
    this.sortedNights = null;
    report.nights.push(nightId);
    return true;
  }

  private setAside(report: ReceiveReport, laptopId: string, name: string, bytes: Uint8Array, reason: string, laptopName?: string): void {
    const key = badKey(laptopId, name, sha256Hex(bytes));
    if (this.seenBad.has(key)) return;
    this.seenBad.add(key);
    const stamp = this.context.now().toISOString();
    const asideFolder = path.join(groupRoot(this.context.dataRoot), 'aside', laptopId);
    const asideFile = path.join(asideFolder, `${stamp.replace(/[:.]/g, '-')}-${path.basename(name)}`);
    fs.mkdirSync(asideFolder, { recursive: true });
    fs.writeFileSync(asideFile, bytes);
    const notice: SetAside = { laptop: laptopName ?? this.laptopName(laptopId), laptopId, file: asideFile, reason, at: stamp };
    this.aside.push(notice);
    report.setAside.push(notice);
    writeFileDurably(this.asidePath(), `${JSON.stringify({ setAside: this.aside, seen: [...this.seenBad] })}\n`);
    this.context.onSetAside?.(notice);
  }

  /** A laptop heard from: its name and the time, written to group.json when it says something new. */
  private heard(manifest: Manifest): void {
    const now = this.context.now();
    const before = this.groupFile.laptops.find((l) => l.id === manifest.laptopId);
    // Written when the name changed or a minute has passed: a group folder looked at every second does not rewrite group.json each time.
    if (before?.name === manifest.laptopName && before.lastHeardAt && now.getTime() - Date.parse(before.lastHeardAt) < HEARD_EVERY_MS)
      return;
    const laptops = this.groupFile.laptops.filter((l) => l.id !== manifest.laptopId);
    const entry = { id: manifest.laptopId, name: manifest.laptopName, lastHeardAt: now.toISOString() };
    this.updateFile((file) => ({ ...file, laptops: [...laptops, entry].sort((a, b) => cmp(a.id, b.id)) }));
  }

  private indexPath(): string {
    return path.join(groupRoot(this.context.dataRoot), 'index.json');
  }

  private asidePath(): string {
    return path.join(groupRoot(this.context.dataRoot), 'aside.json');
  }

  private saveIndex(): void {
    writeNightsIndex(
      this.indexPath(),
      [...this.nights.values()].map(({ laptopId, sha256, summary }) => ({ laptopId, sha256, summary })),
    );
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
  private relistAfterKill(): Set<string> {
    const relisted = new Map<string, HeldNight>();
    const listedLength = new Set<string>();
    for (const laptopId of this.mirror.laptops()) {
      const manifest = this.mirror.manifest(laptopId);
      if (!manifest) continue;
      const files = { ...manifest.files };
      let changed = false;
      for (const [name, entry] of Object.entries(manifest.files)) {
        const size = this.mirror.size(laptopId, name);
        if (size === entry.bytes) listedLength.add(`${laptopId}/${name}`);
        if (name !== DOCS_NAME && size === entry.bytes) continue;
        const bytes = size === null ? undefined : this.mirror.read(laptopId, name);
        if (bytes && isWhole(entry, bytes)) continue;
        const nightId = nightIdOfFile(name);
        if (nightId !== null && laptopId !== this.laptopId) {
          const judged = bytes ? (this.context.judge ?? judgeNight)(nightId, bytes) : null;
          if (!judged?.ok) {
            // Gone, cut short by a power cut or changed on this disk, and no night the checker passes: not counted,
            // and no longer listed, so the next sync takes the copy in again from its laptop (nothing is lost).
            delete files[name];
            changed = true;
            continue;
          }
          relisted.set(nightId, { laptopId, sha256: sha256Hex(bytes as Uint8Array), summary: judged.summary });
        }
        if (!bytes) continue;
        files[name] = listed(bytes);
        listedLength.add(`${laptopId}/${name}`);
        changed = true;
      }
      if (changed) this.mirror.writeManifest({ ...manifest, files });
    }
    if (relisted.size === 0) return listedLength;
    // Written into the index of nights at once, so the start-up reading it next counts them.
    const index = readNightsIndex(this.indexPath());
    const kept = index.kind === 'read' ? index.nights.filter((n) => !relisted.has(n.summary.id)) : [];
    writeNightsIndex(this.indexPath(), [...kept, ...relisted.values()]);
    return listedLength;
  }

  /**
   * The other laptops' group documents the mirror holds, merged in. Apart
   * from `open` on purpose: the session first records what this laptop
   * changed since it last wrote its own documents (a quit between a change
   * and its recording), against its own documents alone, then takes in
   * everyone else's (docs/group.md "Start-up").
   */
  takeInMirroredDocs(): void {
    for (const laptopId of this.mirror.laptops()) if (laptopId !== this.laptopId) this.takeInDocs(laptopId, this.mirror.manifest(laptopId));
  }

  private takeInDocs(laptopId: string, manifest: Manifest | undefined): void {
    if (!manifest?.files[DOCS_NAME]) return;
    const bytes = this.mirror.read(laptopId, DOCS_NAME);
    if (!bytes || !isWhole(manifest.files[DOCS_NAME], bytes)) return;
    try {
      this.docs.applyUpdate(bytes);
      this.docsUnwritten = true;
    } catch {
      // Checked when it was taken in; a copy damaged on this disk since is taken in again from its laptop.
    }
  }

  /**
   * The nights another laptop's manifest lists here that the index does
   * not hold (it was damaged, edited or lost): each copy judged again by
   * the night checker, as when it came, and counted only if it passes. In
   * the usual start-up every listed night is in the index and nothing is
   * read. True when any night was judged.
   */
  private judgeUnindexed(manifests: ReadonlyMap<string, Manifest | undefined>, listedLength: ReadonlySet<string>): boolean {
    let judgedAny = false;
    for (const [laptopId, manifest] of manifests) {
      if (laptopId === this.laptopId || !manifest) continue;
      for (const [name, entry] of Object.entries(manifest.files)) {
        const nightId = nightIdOfFile(name);
        if (nightId === null || this.nights.has(nightId) || !listedLength.has(`${laptopId}/${name}`)) continue;
        if (this.context.isOwnNight(nightId)) continue;
        const bytes = this.mirror.read(laptopId, name);
        if (!bytes || !isWhole(entry, bytes)) continue;
        judgedAny = true;
        const judged = (this.context.judge ?? judgeNight)(nightId, bytes);
        if (judged.ok) this.nights.set(nightId, { laptopId, sha256: entry.sha256, summary: judged.summary });
      }
    }
    return judgedAny;
  }

  /** Reads what the mirror holds: the group documents of every laptop, the nights that count, what was set aside. */
  private load(): void {
    const listedLength = this.relistAfterKill();
    const manifests = new Map(this.mirror.laptops().map((id) => [id, this.mirror.manifest(id)]));
    this.takeInDocs(this.laptopId, manifests.get(this.laptopId));
    const index = readNightsIndex(this.indexPath());
    for (const entry of index.kind === 'read' ? index.nights : []) {
      const listedFile = manifests.get(entry.laptopId)?.files[nightFileName(entry.summary.id)];
      // A night counts while its laptop's manifest lists this very copy and its file has that length (a cheap check at start-up).
      if (listedFile?.sha256 !== entry.sha256) continue;
      if (!listedLength.has(`${entry.laptopId}/${nightFileName(entry.summary.id)}`)) continue;
      this.nights.set(entry.summary.id, entry);
    }
    const judgedAgain = this.judgeUnindexed(manifests, listedLength);
    // Rewritten when nights were judged again, or to give an older version's index its checksum.
    if (judgedAgain || (index.kind === 'read' && !index.checksummed)) {
      try {
        this.saveIndex();
      } catch {
        // Not written (a full disk): the nights count now all the same, and are judged again at the next start-up.
      }
    }
    const aside = readJson(this.asidePath(), asideFileSchema);
    if (aside) {
      this.aside.push(...aside.setAside);
      for (const key of aside.seen) this.seenBad.add(key);
    }
  }
}

function badKey(laptopId: string, name: string, sha256: string): string {
  return `${laptopId}/${name}/${sha256}`;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.byteLength >= prefix.byteLength && Buffer.from(bytes.subarray(0, prefix.byteLength)).equals(prefix);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
