import fs from 'node:fs';
import path from 'node:path';
import type { PayKind, SettleMode, StorageNotice, StorageNoticeKind } from '../../shared';
import type { JournalEntry } from '../night';
import type { StorageBackend } from './adapter';
import { DataDocuments, DEFAULT_SETTINGS, DOCUMENT_NAMES, mergesInRoster, saveQuietly, type PlayerMergeRecord } from './documents';
import { applyIndexChanges, IndexLog, type IndexChange } from './indexLog';
import { reconcileIndex, type ReconciledIndex } from './indexRepair';
import { JournalFiles } from './journalFiles';
import { LaptopKey } from './laptopKey';
import { LegacyNights, nightDocumentName } from './legacyNights';
import { checkNightId, NightJournals, type ReadNight } from './nightJournals';
import type { NightSummary, StoredNight, StoredRosterPlayer, StoredSettings } from './schemas';
import { SeedKeyFiles, type OsKeychain } from './seedKey';
import { SeedSeal } from './seedSeal';
import { StorageNotices, type NoticeFacts } from './storageNotices';
import { WitnessSecrets } from './witnessSecrets';

export { DOCUMENT_NAMES, type PlayerMergeRecord } from './documents';
export { nightDocumentName, nightPartName } from './legacyNights';
export { journalText } from './nightJournals';

/**
 * Everything the app keeps on disk, through one StorageBackend: the
 * documents (settings, roster, index, tab, aliases; documents.ts), a journal
 * per night (nightJournals.ts), nights of older versions in their old files
 * until moved (legacyNights.ts), the index repaired from the nights
 * (indexRepair.ts), and the notices that tell the host what was set aside
 * (storageNotices.ts). A damaged file is never deleted: it is set aside,
 * reported, and the rest keeps working.
 */
export class DealerRepository {
  /** Storage notices the host has not dismissed, oldest first (kept in notices.json). */
  readonly notices: StorageNotice[];
  /** The night journals: one append-only file a night. */
  readonly journals: JournalFiles;
  /** Seals the seed of a deck still in play before its line is written, opens it on replay (R12). */
  readonly seedSeal: SeedSeal;
  /** The laptop's chain secret of each night the table draws (R34), sealed with the same key. */
  readonly witnessSecrets: WitnessSecrets;
  /** The laptop's signing key for its group, kept as the seed key is (laptopKey.ts). */
  readonly laptopKey: LaptopKey;
  readonly #told: StorageNotices;
  readonly #documents: DataDocuments;
  readonly #nights: NightJournals;
  readonly #legacy: LegacyNights;
  readonly #indexLog: IndexLog;

  constructor(
    private readonly backend: StorageBackend,
    now: () => Date = () => new Date(),
    /** The OS keychain, when the shell has one to offer: it keeps the key that seals the seeds (seedKey.ts) and the laptop's key (laptopKey.ts). */
    keychain?: OsKeychain,
  ) {
    this.#told = new StorageNotices(now, (notices) => this.#documents.save('notices', DOCUMENT_NAMES.notices, { notices }));
    this.notices = this.#told.list;
    this.#documents = new DataDocuments(backend, (file, reason) => this.#told.setAside(file, reason));
    this.journals = new JournalFiles(backend.root);
    this.#indexLog = new IndexLog(backend.root);
    this.seedSeal = new SeedSeal(new SeedKeyFiles(backend.root, keychain, now), (file, setAsideAs, reason) =>
      this.report('set-aside', file, reason, setAsideAs),
    );
    this.witnessSecrets = new WitnessSecrets(this.journals, this.seedSeal);
    this.laptopKey = new LaptopKey(backend.root, keychain, now, (file, setAsideAs, reason) =>
      this.report(setAsideAs ? 'set-aside' : 'missing', file, reason, setAsideAs),
    );
    this.#nights = new NightJournals(this.journals, this.seedSeal, this.#told);
    this.#legacy = new LegacyNights(backend, this.#documents, this.journals, this.#told, this, now);
    const kept = this.#documents.load('notices', DOCUMENT_NAMES.notices)?.notices ?? [];
    this.notices.unshift(...kept);
  }

  /** Reports a storage problem to the host until dismissed (storageNotices.ts). */
  report(kind: StorageNoticeKind, file: string, reason: string, setAsideAs = '', facts: NoticeFacts = {}): void {
    this.#told.report(kind, file, reason, setAsideAs, facts);
  }

  /** Forgets a notice the host has read; false when there is no such notice. */
  dismissNotice(id: string): boolean {
    return this.#told.dismiss(id);
  }

  /** The notice of a night whose journal was cut short and whose index line awaits the host's choice, if any. */
  shortJournalAwaitingChoice(nightId: string): StorageNotice | undefined {
    return this.#told.shortJournalAwaitingChoice(nightId);
  }

  /** The full path of a document, e.g. for a notice about it. */
  pathOf(name: string): string {
    return this.#documents.pathOf(name);
  }

  /** Whether a document's file is on disk (it may still be unreadable). */
  exists(name: string): boolean {
    return this.#documents.exists(name);
  }

  /**
   * Removes the temporary files of atomic writes a crash or power cut
   * interrupted: never acknowledged, so nothing in them was recorded. Run
   * once at start, before anything is written.
   */
  removeInterruptedWrites(): string[] {
    return this.backend.removeInterruptedWrites();
  }

  /** The data folder. */
  get root(): string {
    return this.backend.root;
  }

  // ---------------------------------------------------------------- documents

  loadSettings(): StoredSettings {
    const file = this.#documents.load('settings', DOCUMENT_NAMES.settings);
    if (file === undefined) return { ...DEFAULT_SETTINGS };
    return {
      lastSetup: file.lastSetup,
      nextCarry: file.nextCarry,
      ...(file.preferences ? { preferences: file.preferences } : {}),
      ...(file.bankPay ? { bankPay: file.bankPay } : {}),
    };
  }

  saveSettings(settings: StoredSettings): void {
    this.#documents.save('settings', DOCUMENT_NAMES.settings, settings);
  }

  /** The roster, or an empty one when there is none yet or it was set aside. */
  loadRoster(): StoredRosterPlayer[] {
    return this.#documents.load('roster', DOCUMENT_NAMES.roster)?.players ?? [];
  }

  saveRoster(players: readonly StoredRosterPlayer[]): void {
    this.#documents.save('roster', DOCUMENT_NAMES.roster, { players });
  }

  /**
   * The summaries of past nights: the index file (none when there is none yet or it was set aside) with the
   * changes logged since it was written whole applied (indexLog.ts). A log with a line that cannot be read is
   * set aside and reported, the changes before that line kept; the index repair remakes the rest from the journals.
   */
  loadIndex(): NightSummary[] {
    const whole = this.#documents.load('nights', DOCUMENT_NAMES.nights)?.nights ?? [];
    const { changes, damaged } = this.#indexLog.read();
    if (damaged !== undefined) this.#told.setAside(this.#indexLog.path, `${damaged}; the index is remade from the night files`);
    return changes.length === 0 ? whole : applyIndexChanges(whole, changes);
  }

  /** The index written whole (3 MB at 1,000 nights), which makes the log of its changes unneeded: it is removed. */
  saveIndex(nights: readonly NightSummary[]): void {
    this.#documents.save('nights', DOCUMENT_NAMES.nights, { nights });
    this.#indexLog.remove();
  }

  /** Changes to the index appended to its log: one small append and fdatasync, durable when it returns (indexLog.ts). */
  appendToIndex(changes: readonly IndexChange[]): void {
    this.#indexLog.append(changes);
  }

  /** The bytes of index changes logged since the index was last written whole. */
  indexLogBytes(): number {
    return this.#indexLog.bytes();
  }

  /** The ids of the night transfers marked paid (M3); none when there is no tab file yet or it was set aside. */
  loadPaidTransfers(): string[] {
    return this.#documents.load('tab', DOCUMENT_NAMES.tab)?.paid ?? [];
  }

  /** How each night is settled when the host chose other than the fewest transfers (M3); none without a tab file. */
  loadSettleModes(): Record<string, SettleMode> {
    return { ...(this.#documents.load('tab', DOCUMENT_NAMES.tab)?.modes ?? {}) };
  }

  /** The kinds of payment detail the host turned off, by night; none without a tab file. */
  loadHiddenPay(): Record<string, PayKind[]> {
    return { ...(this.#documents.load('tab', DOCUMENT_NAMES.tab)?.hiddenPay ?? {}) };
  }

  /**
   * The whole tab document: the paid marks, the nights' settle modes and the
   * payment details turned off for them, written together so none is lost
   * (`hiddenPay` left out keeps what the file holds).
   */
  saveTab(
    paid: readonly string[],
    modes: Readonly<Record<string, SettleMode>>,
    hiddenPay: Readonly<Record<string, PayKind[]>> = this.loadHiddenPay(),
  ): void {
    this.#documents.save('tab', DOCUMENT_NAMES.tab, {
      paid: [...paid],
      ...(Object.keys(modes).length > 0 ? { modes: { ...modes } } : {}),
      ...(Object.keys(hiddenPay).length > 0 ? { hiddenPay: { ...hiddenPay } } : {}),
    });
  }

  /**
   * The roster players merged into others (history/aliases.ts); none without an aliases file or when it was set aside.
   * A merge naming a player the roster lacks would make every backup unrestorable: it is taken out, the file as it
   * was copied aside first and the host told (`unknown-merge`); refused by the disk, it is left out of what is read.
   */
  loadMerges(): PlayerMergeRecord[] {
    const merges = this.#documents.load('aliases', DOCUMENT_NAMES.aliases)?.merges ?? [];
    const { kept, strangers } = mergesInRoster(merges, this.loadRoster());
    if (strangers.length === 0) return merges;
    const reason = strangers.join(', ');
    if (this.#told.copyAside(this.pathOf(DOCUMENT_NAMES.aliases), reason, 'unknown-merge')) saveQuietly(() => this.saveMerges(kept));
    return kept;
  }

  saveMerges(merges: readonly PlayerMergeRecord[]): void {
    this.#documents.save('aliases', DOCUMENT_NAMES.aliases, { merges: merges.map((m) => ({ ...m })) });
  }

  // ---------------------------------------------------------------- nights

  /** One night replayed from its journal (nightJournals.ts) or its old files; null when it has neither or it cannot be read. */
  readNight(id: string): ReadNight | null {
    const fromJournal = this.#nights.read(id);
    return fromJournal === undefined ? this.#legacy.read(id) : fromJournal;
  }

  /** Writes a night's whole journal at once, sealing the seeds of decks not in `retired` (R12). */
  writeJournal(id: string, entries: readonly JournalEntry[], retired: ReadonlySet<string>): void {
    this.#nights.write(id, entries, retired);
  }

  /** Appends one accepted command to its night's journal; durable when it returns. */
  appendToJournal(id: string, entry: JournalEntry, retiredByCommand: readonly string[]): void {
    this.#nights.append(id, entry, retiredByCommand);
  }

  /** R35: this laptop's journal of a night it takes over: the copy it held and the takeover line (nightJournals.ts `adopt`). */
  adoptJournal(id: string, copyText: string, head: string, takeOver: JournalEntry): void {
    this.#nights.adopt(id, copyText, head, takeOver);
  }

  /** R35: the journal of a night taken over by another laptop, renamed aside whole (`.taken-over-<time>`) and reported. */
  setNightAside(id: string, reason: string, moved?: NonNullable<StorageNotice['nightMoved']>): void {
    this.#told.setAside(this.journals.pathOf(checkNightId(id)), reason, MOVED_AWAY, moved ? { nightMoved: moved } : {});
  }

  /**
   * R35: the highest epoch night `id` was written at on this laptop before it moved away (its journals set aside by
   * `setNightAside`), one more when such a journal ends with its hand-over (the laptop handed to went on at the next);
   * null when none. A laptop never writes a line at an epoch lower than the highest it has seen, so a takeover here
   * from a copy older than that is refused.
   */
  movedAwayEpoch(id: string): number | null {
    const journal = this.journals.pathOf(checkNightId(id));
    const folder = path.dirname(journal);
    const prefix = `${path.basename(journal)}.${MOVED_AWAY}-`;
    let highest: number | null = null;
    for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
      if (!name.startsWith(prefix)) continue;
      const epoch = epochReached(fs.readFileSync(path.join(folder, name), 'utf8'));
      highest = Math.max(highest ?? epoch, epoch);
    }
    return highest;
  }

  /** The ids of the nights still in the old files (head + parts) with no journal yet. */
  legacyNightIds(): string[] {
    return this.#legacy.idsWithoutJournal();
  }

  /** Moves every night still in the old files to a journal (legacyNights.ts). */
  migrateLegacyNights(): void {
    this.#legacy.migrateAll();
  }

  /** One night in the format before the journal, or null when it has no such file or it was set aside. */
  loadNight(id: string): StoredNight | null {
    return this.#legacy.load(id);
  }

  /** The index made to agree with the nights on disk (indexRepair.ts). */
  reconcileIndex(index: readonly NightSummary[]): ReconciledIndex {
    return reconcileIndex(
      { journals: this.journals, notices: this.#told, legacyNightIds: () => this.legacyNightIds(), readNight: (id) => this.readNight(id) },
      index,
    );
  }

  /** Whether a night of this id has a file in the data folder (a journal or old files), listed or not in the index. */
  hasNightFiles(id: string): boolean {
    return fs.existsSync(this.journals.pathOf(id)) || fs.existsSync(this.#documents.pathOf(nightDocumentName(id)));
  }

  /** The ids of every night in the data folder (journals and old files), listed or not in the index. */
  listNightIds(): string[] {
    return [...new Set([...this.journals.list(), ...this.#legacy.fileIds()])].sort();
  }

  /**
   * Sets a night's file aside when it reads fine but its content cannot be
   * used (its events fail the engine's checks): kept, reported, never deleted.
   */
  setAsideNight(id: string, reason: string): void {
    this.journals.close(checkNightId(id));
    const journal = this.journals.pathOf(id);
    if (fs.existsSync(journal)) this.#told.setAside(journal, reason);
    const document = this.#documents.pathOf(nightDocumentName(id));
    if (fs.existsSync(document)) this.#told.setAside(document, reason);
  }
}

/** What a night's journal set aside because the night moved away is named after (`<journal>.taken-over-<time>`). */
const MOVED_AWAY = 'taken-over';

/**
 * The epoch a journal set aside reached: its lines' highest, one more when its last line is a hand-over. Read from the
 * text, line by line, with no key (a sealed seed does not stop it); a line that does not parse is passed over.
 */
function epochReached(text: string): number {
  let highest = 1;
  let handedOver = false;
  for (const row of text.split('\n').slice(1)) {
    if (row === '' || row.startsWith('{"signed"')) continue;
    try {
      const line = JSON.parse(row) as { epoch?: unknown; command?: { type?: unknown } };
      if (typeof line.epoch === 'number') highest = Math.max(highest, line.epoch);
      handedOver = line.command?.type === 'hand-over';
    } catch {
      // A torn or damaged line says nothing of where the night went.
    }
  }
  return handedOver ? highest + 1 : highest;
}
