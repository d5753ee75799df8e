import fs from 'node:fs';
import { Ledger, LedgerError } from '../ledger';
import { migrateLegacyNight, replayLegacyNight, seedsRetired, type JournalEntry, type PlayedNight } from '../night';
import type { StorageBackend } from './adapter';
import { UnusableFile, type DataDocuments } from './documents';
import { fileStamp, renameAside } from './fileAside';
import type { JournalFiles } from './journalFiles';
import { checkNightId } from './nightJournals';
import { nightIdSchema, type StoredNight } from './schemas';
import type { StorageNotices } from './storageNotices';

/** A night's head file in the format before the journal, read only to move it to a journal. */
export function nightDocumentName(nightId: string): string {
  return `nights/${nightId}`;
}

/** The name of part `index` (1-based) of a night's history in the format before the journal. */
export function nightPartName(nightId: string, index: number): string {
  return `night-parts/${nightId}-${String(index).padStart(4, '0')}`;
}

/** What moving an old night to a journal needs from the rest of the store. */
export interface JournalWriter {
  writeJournal(id: string, entries: readonly JournalEntry[], retired: ReadonlySet<string>): void;
  setAsideNight(id: string, reason: string): void;
}

/**
 * The nights of versions before the journal (a head file and its parts):
 * read, and moved to journals at the first start after the upgrade.
 */
export class LegacyNights {
  constructor(
    private readonly backend: StorageBackend,
    private readonly documents: DataDocuments,
    private readonly journals: JournalFiles,
    private readonly notices: StorageNotices,
    private readonly writer: JournalWriter,
    private readonly now: () => Date,
  ) {}

  /** The ids of the old-format night files; a stray file whose name is not a night id is left alone, like a stray journal. */
  fileIds(): string[] {
    return this.backend
      .list('nights')
      .map((name) => name.slice('nights/'.length))
      .filter((id) => nightIdSchema.safeParse(id).success);
  }

  /** The ids of the nights still in the old files (head + parts) with no journal yet. */
  idsWithoutJournal(): string[] {
    const journals = new Set(this.journals.list());
    return this.fileIds().filter((id) => !journals.has(id));
  }

  /**
   * One night in the format before the journal, or null when it has no such
   * file or it was set aside: its head and every part it names, joined. Its
   * ledger has been checked entry by entry and for R24 (Ledger.fromEntries).
   * A missing or bad part makes the whole night unusable, so its head is set
   * aside too (the parts stay where they are).
   */
  load(id: string): StoredNight | null {
    const name = nightDocumentName(checkNightId(id));
    const head = this.documents.load('night', name, (night) => {
      if (night.id !== id) throw new UnusableFile(`it holds night "${night.id}", not "${id}"`);
    });
    if (head === undefined) return null;
    const events: StoredNight['events'] = [];
    const ledger: StoredNight['ledger'] = [];
    for (let index = 1; index <= head.parts; index++) {
      const part = this.documents.load('nightPart', nightPartName(id, index), (p) => {
        if (p.night !== id || p.index !== index)
          throw new UnusableFile(`it is part ${p.index} of night "${p.night}", not part ${index} of "${id}"`);
      });
      if (part === undefined) {
        this.notices.setAside(this.documents.pathOf(name), `its part ${index} is missing or unreadable`);
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
      this.notices.setAside(this.documents.pathOf(name), `its chip ledger does not add up: ${error.message}`);
      return null;
    }
    return { id: head.id, startedAt: head.startedAt, endedAt: head.endedAt, events, ledger };
  }

  /** One old-format night replayed; null when it has no such file or it cannot be replayed (set aside and reported). */
  read(id: string): { night: PlayedNight; bytes: null } | null {
    const stored = this.load(id);
    if (!stored) return null;
    try {
      return { night: replayLegacyNight(stored), bytes: null };
    } catch (error) {
      this.writer.setAsideNight(id, `its events and ledger cannot be replayed: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Moves every night still in the old files to a journal (first start after
   * the upgrade): the journal is written from the facts in its events, both
   * are replayed and must agree in the ledger, the final stacks, the pot and
   * every turn; only then are the old files set aside (renamed, never
   * deleted). A night that does not agree keeps its old files, in use, and is
   * reported.
   */
  migrateAll(): void {
    for (const id of this.fileIds()) {
      if (this.journals.read(id) !== undefined) {
        // Migrated before a crash kept the old files from being set aside.
        this.#setAsideFiles(id);
        continue;
      }
      const stored = this.load(id);
      if (!stored) continue;
      const migrated = migrateLegacyNight(stored);
      if (!migrated.ok) {
        this.notices.report(
          'set-aside',
          this.documents.pathOf(nightDocumentName(id)),
          `it could not be moved to a night journal (${migrated.reason}); the old file stays in use`,
        );
        continue;
      }
      this.writer.writeJournal(id, migrated.entries, new Set(seedsRetired(migrated.played.events)));
      this.#setAsideFiles(id);
    }
  }

  /** The old head file and its parts, renamed `*.pre-journal-<time>`: kept, no longer read. */
  #setAsideFiles(id: string): void {
    const head = this.documents.pathOf(nightDocumentName(id));
    let parts = 0;
    try {
      const raw = JSON.parse(fs.readFileSync(head, 'utf8')) as { parts?: unknown };
      parts = typeof raw.parts === 'number' ? raw.parts : 0;
    } catch {
      // Unreadable: only the head is moved.
    }
    const suffix = `.pre-journal-${fileStamp(this.now())}`;
    for (let index = 1; index <= parts; index++) renameAside(this.documents.pathOf(nightPartName(id, index)), suffix);
    renameAside(head, suffix);
  }
}
