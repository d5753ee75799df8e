import { z } from 'zod';
import { ledgerEntrySchema, type ExportFile, type LedgerEntry, type RosterPlayer } from '../../shared';
import { engineEventSchema, evolve, emptyState, type EngineEvent } from '../engine';
import { Ledger } from '../ledger';
import {
  CURRENT_VERSION,
  FILE_SCHEMAS,
  FORMATS,
  MigrationError,
  migrate,
  nightEventsToMinorUnits,
  nightIdSchema,
  storedEventSchema,
  type DealerRepository,
  type FileKind,
  type NightSummary,
  type StoredNight,
  type StoredSettings,
} from '../store';

/**
 * One file holding everything the app keeps: settings, roster, the nights
 * index and every night. Settings, roster and index keep their on-disk
 * envelope (format + version), so a backup made by an older app is migrated
 * on restore like the files themselves; nights are kept whole (events and
 * ledger), however the data folder splits them.
 */
export const BACKUP_FORMAT = 'in-between-dealer/backup';
/** Version 2: money in whole minor units (M1); a version 1 backup's nights are migrated on restore. */
export const BACKUP_VERSION = 2;

const backupNightSchema = z.object({
  id: nightIdSchema,
  startedAt: z.string().min(1),
  endedAt: z.string().min(1).nullable(),
  events: z.array(storedEventSchema),
  ledger: z.array(ledgerEntrySchema),
});

const backupFileSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: `not an ${BACKUP_FORMAT} file` }),
  version: z.number().int().positive(),
  createdAt: z.string(),
  settings: z.unknown(),
  roster: z.unknown(),
  index: z.unknown(),
  nights: z.array(z.unknown()),
});

/** Everything a backup restores, checked and migrated to today's versions. */
export interface BackupContent {
  settings: StoredSettings;
  roster: RosterPlayer[];
  index: NightSummary[];
  nights: StoredNight[];
}

/** A backup file that cannot be restored; nothing was written. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match';
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

/** Makes the backup of everything readable now. A night whose file cannot be read is left out, with its index line. */
export function makeBackup(repo: DealerRepository, now: Date): { file: ExportFile; skipped: string[] } {
  const index = repo.loadIndex();
  const nights: StoredNight[] = [];
  const skipped: string[] = [];
  for (const summary of index) {
    const night = repo.loadNight(summary.id);
    if (night) nights.push(night);
    else skipped.push(summary.id);
  }
  const kept = new Set(nights.map((n) => n.id));
  const envelope = <K extends FileKind>(kind: K, content: object) => ({ format: FORMATS[kind], version: CURRENT_VERSION[kind], ...content });
  const document = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    settings: envelope('settings', repo.loadSettings()),
    roster: envelope('roster', { players: repo.loadRoster() }),
    index: envelope('nights', { nights: index.filter((s) => kept.has(s.id)) }),
    nights,
  };
  const stamp = now.toISOString().slice(0, 19).replace(/[T:]/g, '-');
  return {
    file: { fileName: `in-between-dealer-backup-${stamp}.json`, mimeType: 'application/json', content: JSON.stringify(document) },
    skipped,
  };
}

/** Migrates and checks one enveloped document of the backup. */
function checkDocument<K extends FileKind>(kind: K, raw: unknown, label: string): z.infer<(typeof FILE_SCHEMAS)[K]> {
  let migrated: unknown;
  try {
    migrated = migrate(kind, raw).value;
  } catch (error) {
    if (error instanceof MigrationError) throw new BackupError(`The backup's ${label} cannot be read: ${error.message}.`);
    throw error;
  }
  const parsed = FILE_SCHEMAS[kind].safeParse(migrated);
  if (!parsed.success) throw new BackupError(`The backup's ${label} is not valid: ${issueText(parsed.error)}.`);
  return parsed.data as z.infer<(typeof FILE_SCHEMAS)[K]>;
}

/** One night of the backup: its shape, its ledger (R24), and its events replayed by the engine. */
function checkNight(raw: unknown, position: number, backupVersion: number): StoredNight {
  // Version 1 backups hold nights with their chip value in major units: as the night files, migrate them (M1).
  const current = backupVersion < 2 && raw !== null && typeof raw === 'object' ? { ...raw, events: nightEventsToMinorUnits((raw as { events?: unknown }).events) } : raw;
  const parsed = backupNightSchema.safeParse(current);
  if (!parsed.success) throw new BackupError(`Night ${position + 1} of the backup is not valid: ${issueText(parsed.error)}.`);
  const night = parsed.data;
  try {
    Ledger.fromEntries(night.ledger);
  } catch (error) {
    throw new BackupError(`Night ${night.id} of the backup: its chip ledger does not add up: ${(error as Error).message}`);
  }
  const events = engineEventSchema.array().safeParse(night.events);
  if (!events.success) throw new BackupError(`Night ${night.id} of the backup: its events are not valid: ${issueText(events.error)}.`);
  let state = emptyState();
  try {
    for (const event of events.data as EngineEvent[]) state = evolve(state, event);
  } catch (error) {
    throw new BackupError(`Night ${night.id} of the backup: its events do not replay: ${(error as Error).message}`);
  }
  if (state.nightId !== night.id) throw new BackupError(`Night ${night.id} of the backup: its events are those of night "${state.nightId}".`);
  const disagreement = ledgerDisagreement(events.data as EngineEvent[], night.ledger);
  if (disagreement) throw new BackupError(`Night ${night.id} of the backup: its ledger and its events disagree (R24): ${disagreement}.`);
  return night;
}

/** The ledger must hold exactly the chip moves the events record, in order (DESIGN.md: R24 in two places). */
function ledgerDisagreement(events: readonly EngineEvent[], ledger: readonly LedgerEntry[]): string | null {
  const moves = events.flatMap((e) => (e.type === 'chips' ? [e] : []));
  if (moves.length !== ledger.length) return `${moves.length} chip moves but ${ledger.length} ledger entries`;
  for (const [i, move] of moves.entries()) {
    const entry = ledger[i];
    if (!entry) break;
    const same =
      entry.id === move.id &&
      entry.code === move.move.code &&
      entry.amount === move.move.amount &&
      entry.from === move.move.from &&
      entry.to === move.move.to &&
      entry.turn === move.turn;
    if (!same) return `entry ${entry.id} does not match chip move ${move.id}`;
  }
  return null;
}

/** Every id must meet its other half: one night per index line, players known to the roster. */
function checkIds(content: BackupContent): void {
  const nightIds = new Set<string>();
  for (const night of content.nights) {
    if (nightIds.has(night.id)) throw new BackupError(`The backup holds night ${night.id} twice.`);
    nightIds.add(night.id);
  }
  const indexed = new Set<string>();
  for (const summary of content.index) {
    if (indexed.has(summary.id)) throw new BackupError(`The backup's index lists night ${summary.id} twice.`);
    indexed.add(summary.id);
    if (!nightIds.has(summary.id)) throw new BackupError(`The backup's index lists night ${summary.id}, but the backup does not hold it.`);
  }
  for (const id of nightIds) if (!indexed.has(id)) throw new BackupError(`The backup holds night ${id}, but its index does not list it.`);
  const players = new Set(content.roster.map((p) => p.id));
  for (const summary of content.index) {
    const stranger = summary.playerIds.find((id) => !players.has(id));
    if (stranger) throw new BackupError(`Night ${summary.id} of the backup names player ${stranger}, who is not in its roster.`);
  }
}

/** Reads and checks a whole backup before anything is written; throws BackupError with the first problem. */
export function parseBackup(text: string): BackupContent {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BackupError(`The backup is not JSON: ${(error as Error).message}`);
  }
  const file = backupFileSchema.safeParse(raw);
  if (!file.success) throw new BackupError(`This is not a backup of this app: ${issueText(file.error)}.`);
  if (file.data.version > BACKUP_VERSION) {
    throw new BackupError(`The backup was made by a newer version of the app (backup version ${file.data.version}; this one reads up to ${BACKUP_VERSION}).`);
  }
  const settingsFile = checkDocument('settings', file.data.settings, 'settings');
  const rosterFile = checkDocument('roster', file.data.roster, 'roster');
  const indexFile = checkDocument('nights', file.data.index, 'nights index');
  const content: BackupContent = {
    settings: { lastSetup: settingsFile.lastSetup, nextCarry: settingsFile.nextCarry },
    roster: rosterFile.players,
    index: indexFile.nights,
    nights: file.data.nights.map((night, position) => checkNight(night, position, file.data.version)),
  };
  checkIds(content);
  return content;
}

/**
 * Writes a checked backup: the nights first, then roster and settings, the
 * index last, so until the index is written the app still sees the old
 * history (a night file nobody lists is never read).
 */
export function writeBackup(repo: DealerRepository, content: BackupContent): void {
  // The backup's nights replace whatever this process last wrote of them, parts and all.
  repo.forgetWrittenParts();
  // Nights the backup does not have are set aside, not deleted, so the index repair cannot bring them back.
  const restored = new Set(content.nights.map((n) => n.id));
  for (const id of repo.listNightIds()) if (!restored.has(id)) repo.setAsideNight(id, 'replaced by a restored backup that does not have it');
  for (const night of content.nights) repo.saveNight(night);
  repo.saveRoster(content.roster);
  repo.saveSettings(content.settings);
  repo.saveIndex(content.index);
}
