import fs from 'node:fs';
import type { z } from 'zod';
import type { NightSetup, PayDetails, RosterPlayer } from '../../shared';
import type { StorageBackend } from './adapter';
import { checkedEnvelope, describeIssues } from './envelope';
import { StoreReadError } from './jsonFile';
import { MigrationError, migrate } from './migrations';
import { FILE_SCHEMAS, FORMATS, type FileKind, type StoredRosterPlayer, type StoredSettings } from './schemas';

/** The document names in the data folder (each is `<name>.json`). */
export const DOCUMENT_NAMES = {
  settings: 'settings',
  roster: 'roster',
  nights: 'nights-index',
  notices: 'notices',
  tab: 'tab',
  aliases: 'aliases',
} as const;

export const DEFAULT_SETTINGS: StoredSettings = { lastSetup: null, nextCarry: 0 };

/** One merge as the aliases file keeps it. */
export type PlayerMergeRecord = z.infer<typeof FILE_SCHEMAS.aliases>['merges'][number];

/** What a document of one kind holds once read, migrated and checked. */
export type DocumentOf<K extends FileKind> = z.infer<(typeof FILE_SCHEMAS)[K]>;

/** A file that could be read but not used: it is set aside with this reason. */
export class UnusableFile extends Error {}

// Compile-time check that what the files hold is what the contract calls it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _rosterMatches: Same<Omit<StoredRosterPlayer, 'pay'>, RosterPlayer> = true;
const _payMatches: Same<NonNullable<StoredRosterPlayer['pay']>, PayDetails> = true;
const _setupMatches: Same<NonNullable<StoredSettings['lastSetup']>, NightSetup> = true;

/**
 * The JSON documents of the data folder, through one StorageBackend.
 *
 * A file that is not JSON, cannot be migrated or fails its schema (or the
 * caller's own check) is handed to `setAside` with the reason, and the load
 * returns undefined so the caller uses its default. Errors of the disk
 * itself (permissions, I/O) are not the file's fault and are thrown. Saves
 * check the document against its schema before writing, so the app never
 * writes a file it could not read back; they are durable when they return.
 */
export class DataDocuments {
  constructor(
    private readonly backend: StorageBackend,
    private readonly setAside: (file: string, reason: string) => void,
  ) {}

  /** The full path of a document, e.g. for a notice about it. */
  pathOf(name: string): string {
    return this.backend.open(name).path;
  }

  /** Whether a document's file is on disk (it may still be unreadable). */
  exists(name: string): boolean {
    return fs.existsSync(this.pathOf(name));
  }

  save<K extends FileKind>(kind: K, name: string, content: object): void {
    this.backend.open(name).write(checkedEnvelope(kind, content, `write ${name}`) as Record<string, unknown>);
  }

  /** Reads, migrates and checks one file; undefined when it is missing or was set aside. */
  load<K extends FileKind>(kind: K, name: string, check?: (value: DocumentOf<K>) => void): DocumentOf<K> | undefined {
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
      const value = parsed.data as DocumentOf<K>;
      check?.(value);
      return value;
    } catch (error) {
      if (!(error instanceof UnusableFile)) throw error;
      this.setAside(document.path, error.message);
      return undefined;
    }
  }
}

/** The merges whose two players are both in the roster, and the ids of those that are not (history/aliases.ts). */
export function mergesInRoster(
  merges: readonly PlayerMergeRecord[],
  roster: readonly { id: string }[],
): { kept: PlayerMergeRecord[]; strangers: string[] } {
  const players = new Set(roster.map((p) => p.id));
  const kept = merges.filter((m) => players.has(m.from) && players.has(m.into));
  const strangers = [...new Set(merges.flatMap((m) => [m.from, m.into]).filter((id) => !players.has(id)))];
  return { kept, strangers };
}

/** A repair written back when the disk allows: refused, what was read is still used and the next start tries again. */
export function saveQuietly(write: () => void): void {
  try {
    write();
  } catch {
    // The notice already tells the host; the file stays as it was.
  }
}
