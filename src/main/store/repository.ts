import fs from 'node:fs';
import type { z } from 'zod';
import type {
  NightSetup,
  PayDetails,
  PayKind,
  RosterPlayer,
  SettleMode,
  ShortJournal,
  StorageNotice,
  StorageNoticeKind,
} from '../../shared';
import { Ledger, LedgerError } from '../ledger';
import {
  decodeJournal,
  encodeEntry,
  hasFigures,
  headerLine,
  JournalHeaderError,
  migrateLegacyNight,
  nightSummary,
  replayLegacyNight,
  replayPrefix,
  seedsRetired,
  type JournalEntry,
  type PlayedNight,
} from '../night';
import type { StorageBackend } from './adapter';
import { checkedEnvelope, describeIssues } from './envelope';
import { copyAside, fileStamp, renameAside } from './fileAside';
import { JournalFiles } from './journalFiles';
import { cutBelowListedSize, fewerTurnsThanListed, shortJournalFacts } from './shortJournal';
import { SeedKeyFiles, type OsKeychain } from './seedKey';
import { SeedSeal } from './seedSeal';
import { WitnessSecrets } from './witnessSecrets';
import { lineToWrite, voidedDeckReason, wholeLines } from './sealedJournal';
import { StoreReadError } from './jsonFile';
import { MigrationError, migrate } from './migrations';
import {
  FILE_SCHEMAS,
  FORMATS,
  nightIdSchema,
  type FileKind,
  type NightSummary,
  type StoredNight,
  type StoredRosterPlayer,
  type StoredSettings,
} from './schemas';

/** The document names in the data folder (each is `<name>.json`). */
export const DOCUMENT_NAMES = {
  settings: 'settings',
  roster: 'roster',
  nights: 'nights-index',
  notices: 'notices',
  tab: 'tab',
  aliases: 'aliases',
} as const;

/** A night's head file in the format before the journal, read only to move it to a journal. */
export function nightDocumentName(nightId: string): string {
  return `nights/${nightId}`;
}

/** The name of part `index` (1-based) of a night's history in the format before the journal. */
export function nightPartName(nightId: string, index: number): string {
  return `night-parts/${nightId}-${String(index).padStart(4, '0')}`;
}

export const DEFAULT_SETTINGS: StoredSettings = { lastSetup: null, nextCarry: 0 };

/** One merge as the aliases file keeps it. */
export type PlayerMergeRecord = z.infer<typeof FILE_SCHEMAS.aliases>['merges'][number];

/** A file that could be read but not used: it is set aside with this reason. */
class UnusableFile extends Error {}

// Compile-time check that what the files hold is what the contract calls it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _rosterMatches: Same<Omit<StoredRosterPlayer, 'pay'>, RosterPlayer> = true;
const _payMatches: Same<NonNullable<StoredRosterPlayer['pay']>, PayDetails> = true;
const _setupMatches: Same<NonNullable<StoredSettings['lastSetup']>, NightSetup> = true;

/**
 * Everything the app keeps on disk: settings, the roster, the index of nights
 * and a journal per night (nights of older versions in their old files until
 * moved), through one StorageBackend.
 *
 * A file that is not JSON, cannot be migrated or fails its schema is renamed
 * aside (`<file>.corrupt-<time>`, never deleted), a StorageNotice says why,
 * and the load returns the default so the rest keeps working. Errors of the
 * disk itself (permissions, I/O) are not the file's fault and are thrown.
 * Saves check the document against its schema before writing, so the app
 * never writes a file it could not read back; they are durable when they return.
 */
export class DealerRepository {
  /**
   * Storage notices the host has not dismissed, oldest first: kept in
   * notices.json, so they survive a restart, and added to whenever a
   * file is set aside, found missing or rebuilt.
   */
  readonly notices: StorageNotice[] = [];
  /** The night journals: one append-only file a night. */
  readonly journals: JournalFiles;
  /** Numbers notices made within one millisecond apart. */
  #noticeCount = 0;
  /** Seals the seed of a deck still in play before its line is written, opens it on replay (R12). */
  readonly seedSeal: SeedSeal;
  /** The laptop's chain secret of each night the table draws (R34), sealed with the same key. */
  readonly witnessSecrets: WitnessSecrets;

  constructor(
    private readonly backend: StorageBackend,
    private readonly now: () => Date = () => new Date(),
    /** The OS keychain, when the shell has one to offer: it keeps the key that seals the seeds (seedKey.ts). */
    keychain?: OsKeychain,
  ) {
    this.journals = new JournalFiles(backend.root);
    this.seedSeal = new SeedSeal(new SeedKeyFiles(backend.root, keychain, now), (file, setAsideAs, reason) =>
      this.report('set-aside', file, reason, setAsideAs),
    );
    this.witnessSecrets = new WitnessSecrets(this.journals, this.seedSeal);
    const kept = this.#load('notices', DOCUMENT_NAMES.notices)?.notices ?? [];
    this.notices.unshift(...kept);
  }

  /**
   * Reports a storage problem to the host until dismissed. A notice still
   * shown is not repeated: the same kind about the same file (a file found
   * missing again at the next start), or the same words.
   */
  report(kind: StorageNoticeKind, file: string, reason: string, setAsideAs = '', shortJournal?: ShortJournal): void {
    const repeated = this.notices.some((n) => n.kind === kind && n.file === file && (kind !== 'set-aside' || n.reason === reason));
    if (repeated) return;
    const at = this.now();
    const id = `${at.getTime().toString(36)}-${(this.#noticeCount++).toString(36)}`;
    this.notices.push({ id, kind, file, setAsideAs, reason, at: at.toISOString(), ...(shortJournal ? { shortJournal } : {}) });
    this.#saveNotices();
  }

  /** The ids of the night transfers marked paid (M3); none when there is no tab file yet or it was set aside. */
  loadPaidTransfers(): string[] {
    return this.#load('tab', DOCUMENT_NAMES.tab)?.paid ?? [];
  }

  /** How each night is settled when the host chose other than the fewest transfers (M3); none without a tab file. */
  loadSettleModes(): Record<string, SettleMode> {
    return { ...(this.#load('tab', DOCUMENT_NAMES.tab)?.modes ?? {}) };
  }

  /** The kinds of payment detail the host turned off, by night; none without a tab file. */
  loadHiddenPay(): Record<string, PayKind[]> {
    return { ...(this.#load('tab', DOCUMENT_NAMES.tab)?.hiddenPay ?? {}) };
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
    this.#save('tab', DOCUMENT_NAMES.tab, {
      paid: [...paid],
      ...(Object.keys(modes).length > 0 ? { modes: { ...modes } } : {}),
      ...(Object.keys(hiddenPay).length > 0 ? { hiddenPay: { ...hiddenPay } } : {}),
    });
  }

  /** The roster players merged into others (history/aliases.ts); none without an aliases file or when it was set aside. */
  loadMerges(): PlayerMergeRecord[] {
    return this.#load('aliases', DOCUMENT_NAMES.aliases)?.merges ?? [];
  }

  saveMerges(merges: readonly PlayerMergeRecord[]): void {
    this.#save('aliases', DOCUMENT_NAMES.aliases, { merges: merges.map((m) => ({ ...m })) });
  }

  /** The notice of a night whose journal was cut short and whose index line awaits the host's choice, if any. */
  shortJournalAwaitingChoice(nightId: string): StorageNotice | undefined {
    return this.notices.find((n) => n.kind === 'short-journal' && n.shortJournal?.night === nightId && n.shortJournal.awaitsChoice);
  }

  /** Forgets a notice the host has read; false when there is no such notice. */
  dismissNotice(id: string): boolean {
    const at = this.notices.findIndex((n) => n.id === id);
    if (at < 0) return false;
    this.notices.splice(at, 1);
    this.#saveNotices();
    return true;
  }

  /** Best effort: a disk that refuses this small write must not stop the app, and the notice still shows until a restart. */
  #saveNotices(): void {
    try {
      this.#save('notices', DOCUMENT_NAMES.notices, { notices: this.notices });
    } catch {
      // Already reported in memory; nothing more can be done about a disk that refuses writes.
    }
  }

  /** The full path of a document, e.g. for a notice about it. */
  pathOf(name: string): string {
    return this.backend.open(name).path;
  }

  /** Whether a document's file is on disk (it may still be unreadable). */
  exists(name: string): boolean {
    return fs.existsSync(this.pathOf(name));
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

  // ---------------------------------------------------------------- night journals

  /**
   * One night replayed from its journal, or (not moved to a journal yet) from
   * its old files; null when it has neither or it cannot be read at all.
   * A torn last line is dropped (it was never acknowledged). A damaged line,
   * or one that does not replay, sets the file aside and reports it; the
   * commands before it are kept as the night's journal, so its turns stay
   * readable. A deck in play whose sealed seed cannot be opened (no key, or
   * not the key that sealed it) is voided the same way: the night goes on
   * from before it was shuffled (R9, R12).
   */
  readNight(id: string): { night: PlayedNight; bytes: number | null } | null {
    this.#checkNightId(id);
    const text = this.journals.read(id);
    if (text === undefined) return this.#readLegacyNight(id);
    const file = this.journals.pathOf(id);
    let decoded;
    try {
      decoded = decodeJournal(text, (sealed) => this.seedSeal.open(sealed));
      if (decoded.header.night !== id) throw new JournalHeaderError(`it is the journal of night "${decoded.header.night}", not "${id}"`);
    } catch (error) {
      if (!(error instanceof JournalHeaderError)) throw error;
      this.journals.close(id);
      this.#setAside(file, `it is not a night journal this app can read: ${error.message}`);
      return null;
    }
    const { night, failure } = replayPrefix(decoded.entries);
    const damage = decoded.damage ?? (failure ? { line: failure.line, reason: failure.message.replace(/^line \d+: /, '') } : null);
    if (damage) {
      this.journals.close(id);
      const kept = night.entries.length;
      const reason =
        decoded.damage?.sealed === true
          ? voidedDeckReason(damage.line, damage.reason, kept, wholeLines(text) - 1 - kept)
          : `line ${damage.line} cannot be used (${damage.reason}); the ${kept} commands before it were kept`;
      if (kept === 0) {
        this.#setAside(file, reason);
        return null;
      }
      // Copied aside first, then replaced atomically: killed at any moment, the whole damaged night is still on disk.
      if (!this.#copyAside(file, reason)) return null;
      this.writeJournal(id, night.entries, new Set(seedsRetired(night.events)));
      return { night, bytes: this.journals.size(id) };
    }
    if (decoded.tornTail) this.journals.truncate(id, decoded.goodBytes);
    return { night, bytes: decoded.goodBytes };
  }

  /**
   * Writes a night's whole journal at once (a new, migrated or repaired
   * night); durable when it returns. `retired`: the seeds of every deck
   * the night has retired (R12), written in plain; any other is sealed.
   */
  writeJournal(id: string, entries: readonly JournalEntry[], retired: ReadonlySet<string>): void {
    const lines = entries.map((entry) => encodeEntry(lineToWrite(entry, this.seedSeal, retired, [])));
    this.journals.writeWhole(this.#checkNightId(id), headerLine(id) + lines.join(''));
  }

  /**
   * Appends one accepted command to its night's journal; durable (fdatasync)
   * when it returns. `retiredByCommand`: the seeds of the decks this command
   * retired (R12), so the line keeps in plain a seed whose deck it also
   * retired and reveals those sealed on earlier lines; every other seed it
   * drew is sealed. Only a line that shuffles pays for sealing.
   */
  appendToJournal(id: string, entry: JournalEntry, retiredByCommand: readonly string[]): void {
    const line =
      entry.seeds || retiredByCommand.length > 0 ? lineToWrite(entry, this.seedSeal, new Set(retiredByCommand), retiredByCommand) : entry;
    this.journals.append(id, encodeEntry(line));
  }

  /** The ids of the nights still in the old files (head + parts) with no journal yet. */
  legacyNightIds(): string[] {
    const journals = new Set(this.journals.list());
    return this.#legacyFileIds().filter((id) => !journals.has(id));
  }

  /** The ids of the old-format night files; a stray file whose name is not a night id is left alone, like a stray journal. */
  #legacyFileIds(): string[] {
    return this.backend
      .list('nights')
      .map((name) => name.slice('nights/'.length))
      .filter((id) => nightIdSchema.safeParse(id).success);
  }

  /**
   * Moves every night still in the old files to a journal (first start after
   * the upgrade): the journal is written from the facts in its events, both
   * are replayed and must agree in the ledger, the final stacks, the pot and
   * every turn; only then are the old files set aside (renamed, never
   * deleted). A night that does not agree keeps its old files, in use, and is
   * reported.
   */
  migrateLegacyNights(): void {
    for (const id of this.#legacyFileIds()) {
      const name = `nights/${id}`;
      if (this.journals.read(id) !== undefined) {
        // Migrated before a crash kept the old files from being set aside.
        this.#setAsideLegacyFiles(id);
        continue;
      }
      const stored = this.loadNight(id);
      if (!stored) continue;
      const migrated = migrateLegacyNight(stored);
      if (!migrated.ok) {
        this.report(
          'set-aside',
          this.backend.open(name).path,
          `it could not be moved to a night journal (${migrated.reason}); the old file stays in use`,
        );
        continue;
      }
      this.writeJournal(id, migrated.entries, new Set(seedsRetired(migrated.played.events)));
      this.#setAsideLegacyFiles(id);
    }
  }

  /**
   * The index made to agree with the nights on disk: a line for every night
   * (a journal or old files), remade from the night itself wherever the
   * journal's size is not the one the line was made from; a line whose night
   * has no file is dropped and reported. `changed` says whether it differs.
   * `replayed` hands over the nights replayed here that are open, or that
   * `index` called open (the open night's journal has always grown since its
   * line was made): the caller plays on with them instead of replaying them
   * a second time.
   */
  reconcileIndex(index: readonly NightSummary[]): { index: NightSummary[]; changed: boolean; replayed: Map<string, PlayedNight> } {
    const listed = new Map(index.map((s) => [s.id, s]));
    const replayed = new Map<string, PlayedNight>();
    const keep = (id: string, night: PlayedNight) => {
      if (night.state.phase.kind !== 'ended' || listed.get(id)?.endedAt === null) replayed.set(id, night);
    };
    const sizes = this.journals.sizes();
    const out: NightSummary[] = [];
    /** Nights whose file was there but could not be read: already set aside and reported. */
    const reported = new Set<string>();
    let changed = false;
    for (const [id, size] of sizes) {
      const line = listed.get(id);
      // A line from an older version lacks figures counted now: it is remade from the journal like a changed one.
      // A line whose journal was cut short stands, figures and all, until the host chooses (shortJournal.ts).
      if (line && ((line.journalBytes === size && hasFigures(line)) || this.shortJournalAwaitingChoice(id))) {
        out.push(line);
        continue;
      }
      changed = true;
      // Copied aside before reading it can cut a torn tail off: the journal as found is kept whole.
      const copy = cutBelowListedSize(line, size) ? this.#copyShortJournal(id) : undefined;
      const read = this.readNight(id);
      if (read && read.night.state.nightId === id) {
        const found = nightSummary(read.night, read.bytes ?? undefined);
        keep(id, read.night);
        if (line && (copy !== undefined || fewerTurnsThanListed(line, found))) {
          const { facts, reason } = shortJournalFacts(line, found);
          this.report('short-journal', this.journals.pathOf(id), reason, copy ?? this.#copyShortJournal(id), facts);
          if (facts.awaitsChoice) {
            out.push(line);
            continue;
          }
        }
        out.push(found);
      } else reported.add(id);
    }
    for (const id of this.legacyNightIds()) {
      const line = listed.get(id);
      if (line) {
        out.push(line);
        continue;
      }
      changed = true;
      const read = this.readNight(id);
      if (read) {
        out.push(nightSummary(read.night));
        keep(id, read.night);
      } else reported.add(id);
    }
    const kept = new Set(out.map((s) => s.id));
    for (const line of index) {
      if (kept.has(line.id)) continue;
      changed = true;
      if (reported.has(line.id)) continue;
      const open = line.endedAt === null ? `the open night started ${line.startedAt} has gone from the table: ` : '';
      this.report(
        'missing',
        this.journals.pathOf(line.id),
        `${open}the index lists night ${line.id}, but its file is missing; its line was taken out of the index`,
      );
    }
    out.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
    if (!changed && out.some((s, i) => s.id !== index[i]?.id)) changed = true;
    return { index: out, changed, replayed };
  }

  #readLegacyNight(id: string): { night: PlayedNight; bytes: null } | null {
    const stored = this.loadNight(id);
    if (!stored) return null;
    try {
      return { night: replayLegacyNight(stored), bytes: null };
    } catch (error) {
      this.setAsideNight(id, `its events and ledger cannot be replayed: ${(error as Error).message}`);
      return null;
    }
  }

  /** The old head file and its parts, renamed `*.pre-journal-<time>`: kept, no longer read. */
  #setAsideLegacyFiles(id: string): void {
    const head = this.backend.open(nightDocumentName(id)).path;
    let parts = 0;
    try {
      const raw = JSON.parse(fs.readFileSync(head, 'utf8')) as { parts?: unknown };
      parts = typeof raw.parts === 'number' ? raw.parts : 0;
    } catch {
      // Unreadable: only the head is moved.
    }
    const suffix = `.pre-journal-${fileStamp(this.now())}`;
    for (let index = 1; index <= parts; index++) renameAside(this.backend.open(nightPartName(id, index)).path, suffix);
    renameAside(head, suffix);
  }

  loadSettings(): StoredSettings {
    const file = this.#load('settings', DOCUMENT_NAMES.settings);
    if (file === undefined) return { ...DEFAULT_SETTINGS };
    return {
      lastSetup: file.lastSetup,
      nextCarry: file.nextCarry,
      ...(file.preferences ? { preferences: file.preferences } : {}),
      ...(file.bankPay ? { bankPay: file.bankPay } : {}),
    };
  }

  saveSettings(settings: StoredSettings): void {
    this.#save('settings', DOCUMENT_NAMES.settings, settings);
  }

  /** The roster, or an empty one when there is none yet or it was set aside. */
  loadRoster(): StoredRosterPlayer[] {
    return this.#load('roster', DOCUMENT_NAMES.roster)?.players ?? [];
  }

  saveRoster(players: readonly StoredRosterPlayer[]): void {
    this.#save('roster', DOCUMENT_NAMES.roster, { players });
  }

  /** The summaries of past nights, or none when there is no index yet or it was set aside. */
  loadIndex(): NightSummary[] {
    return this.#load('nights', DOCUMENT_NAMES.nights)?.nights ?? [];
  }

  saveIndex(nights: readonly NightSummary[]): void {
    this.#save('nights', DOCUMENT_NAMES.nights, { nights });
  }

  /**
   * One night in the format before the journal, or null when it has no such
   * file or it was set aside: its head and every part it names, joined. Its ledger has been checked entry by entry
   * and for R24 (Ledger.fromEntries). A missing or bad part makes the whole
   * night unusable, so its head is set aside too (the parts stay where they are).
   */
  loadNight(id: string): StoredNight | null {
    const name = nightDocumentName(this.#checkNightId(id));
    const head = this.#load('night', name, (night) => {
      if (night.id !== id) throw new UnusableFile(`it holds night "${night.id}", not "${id}"`);
    });
    if (head === undefined) return null;
    const events: StoredNight['events'] = [];
    const ledger: StoredNight['ledger'] = [];
    for (let index = 1; index <= head.parts; index++) {
      const part = this.#load('nightPart', nightPartName(id, index), (p) => {
        if (p.night !== id || p.index !== index)
          throw new UnusableFile(`it is part ${p.index} of night "${p.night}", not part ${index} of "${id}"`);
      });
      if (part === undefined) {
        this.#setAside(this.backend.open(name).path, `its part ${index} is missing or unreadable`);
        return null;
      }
      events.push(...part.events);
      ledger.push(...part.ledger);
    }
    events.push(...head.events);
    ledger.push(...head.ledger);
    try {
      Ledger.fromEntries(ledger);
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      this.#setAside(this.backend.open(name).path, `its chip ledger does not add up: ${error.message}`);
      return null;
    }
    return { id: head.id, startedAt: head.startedAt, endedAt: head.endedAt, events, ledger };
  }

  /** The ids of every night in the data folder (journals and old files), listed or not in the index. */
  listNightIds(): string[] {
    return [...new Set([...this.journals.list(), ...this.#legacyFileIds()])].sort();
  }

  /**
   * Sets a night's file aside when it reads fine but its content cannot be
   * used (its events fail the engine's checks): kept, reported, never deleted.
   */
  setAsideNight(id: string, reason: string): void {
    this.journals.close(this.#checkNightId(id));
    const journal = this.journals.pathOf(id);
    if (fs.existsSync(journal)) this.#setAside(journal, reason);
    const document = this.backend.open(nightDocumentName(id));
    if (fs.existsSync(document.path)) this.#setAside(document.path, reason);
  }

  #checkNightId(id: string): string {
    const parsed = nightIdSchema.safeParse(id);
    if (!parsed.success) throw new Error(`"${id}" is not a night id: ${describeIssues(parsed.error)}`);
    return parsed.data;
  }

  #save<K extends FileKind>(kind: K, name: string, content: object): void {
    this.backend.open(name).write(checkedEnvelope(kind, content, `write ${name}`) as Record<string, unknown>);
  }

  /** Reads, migrates and checks one file; undefined when it is missing or was set aside. */
  #load<K extends FileKind>(
    kind: K,
    name: string,
    check?: (value: z.infer<(typeof FILE_SCHEMAS)[K]>) => void,
  ): z.infer<(typeof FILE_SCHEMAS)[K]> | undefined {
    const document = this.backend.open(name);
    try {
      let raw: unknown;
      try {
        raw = document.read();
      } catch (error) {
        if (error instanceof StoreReadError) throw new UnusableFile(`it is not valid JSON (${error.reason})`);
        throw error;
      }
      if (raw === undefined) return undefined;
      let migrated: unknown;
      try {
        migrated = migrate(kind, raw).value;
      } catch (error) {
        if (error instanceof MigrationError) throw new UnusableFile(`it cannot be read: ${error.message}`);
        throw error;
      }
      const parsed = FILE_SCHEMAS[kind].safeParse(migrated);
      if (!parsed.success) throw new UnusableFile(`it does not match ${FORMATS[kind]}: ${describeIssues(parsed.error)}`);
      const value = parsed.data as z.infer<(typeof FILE_SCHEMAS)[K]>;
      check?.(value);
      return value;
    } catch (error) {
      if (!(error instanceof UnusableFile)) throw error;
      this.#setAside(document.path, error.message);
      return undefined;
    }
  }

  /**
   * Copies a damaged file aside before it is replaced by what could be kept
   * of it, and records why; false (reported, the file left as it is) when
   * the copy cannot be made, so it must not be replaced.
   */
  #copyAside(file: string, reason: string): boolean {
    let target: string;
    try {
      target = copyAside(file, `.corrupt-${fileStamp(this.now())}`);
    } catch (error) {
      this.report(
        'set-aside',
        file,
        `${reason}; it could not be copied aside (${(error as Error).message}), so it was left as it is and not opened`,
      );
      return false;
    }
    this.report('set-aside', file, reason, target);
    return true;
  }

  /** A copy of a journal cut short, as found; '' when it could not be made (the notice still tells, with no copy to name). */
  #copyShortJournal(id: string): string {
    try {
      return copyAside(this.journals.pathOf(id), `.short-${fileStamp(this.now())}`);
    } catch {
      return '';
    }
  }

  /** Renames a bad file out of the way (never deletes it) and records why. */
  #setAside(file: string, reason: string): void {
    let target: string | null;
    try {
      target = renameAside(file, `.corrupt-${fileStamp(this.now())}`);
    } catch (error) {
      // Still report it; the next save will replace the file, so say the copy was not kept.
      this.report('set-aside', file, `${reason}; it could not be set aside (${(error as Error).message})`);
      return;
    }
    this.report('set-aside', file, reason, target ?? '');
  }
}

/**
 * A night's journal text with every seed in plain: the header, then one line
 * per command. For a backup, which holds no deck still in play (R12); the
 * data folder's journals are written through `writeJournal`, which seals.
 */
export function journalText(id: string, entries: readonly JournalEntry[]): string {
  return headerLine(id) + entries.map(encodeEntry).join('');
}
