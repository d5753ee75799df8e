import { z } from 'zod';
import { firstIssueText, ledgerEntrySchema, type ExportFile, type LedgerEntry, type PayKind, type SettleMode } from '../../shared';
import { engineEventSchema, evolve, emptyState, type EngineEvent } from '../engine';
import { Ledger } from '../ledger';
import {
  decodeJournal,
  JournalHeaderError,
  migrateLegacyNight,
  nightSummary,
  replayJournal,
  ReplayError,
  type JournalEntry,
  type PlayedNight,
} from '../night';
import {
  envelope,
  FILE_SCHEMAS,
  journalText,
  MigrationError,
  migrate,
  nightEventsToMinorUnits,
  nightIdSchema,
  storedEventSchema,
  type DealerRepository,
  type FileKind,
  type NightSummary,
  type RestoreContent,
  type StoredNight,
} from '../store';

/**
 * One file holding everything the app keeps: settings, the roster and every
 * night's journal (versions 1 and 2 held each night's events and ledger and
 * an index, and are still read). Settings and roster keep their on-disk
 * envelope (format + version), so a backup made by an older app is migrated
 * on restore like the files themselves. Nothing derived is taken from a
 * backup: every summary and the carried pot are made from its nights.
 * @internal exported for tests only
 */
export const BACKUP_FORMAT = 'in-between-dealer/backup';
/**
 * Version 3: each night's journal. Version 2 held each night's events and
 * ledger with money in minor units (M1), version 1 the same in major units;
 * both are still read, their nights moved to journals.
 */
const BACKUP_VERSION = 3;

const backupJournalSchema = z.object({ id: nightIdSchema, journal: z.string().min(1) });

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
  /** Version 1 only. */
  index: z.unknown().optional(),
  /** The running tab's paid marks (M3); absent in backups made before the tab. */
  tab: z.unknown().optional(),
  /** The roster players merged into others; absent in backups made before merges (none). */
  aliases: z.unknown().optional(),
  nights: z.array(z.unknown()),
});

/** Everything a backup restores, checked, migrated to today's versions, every summary made from its nights. */
export type BackupContent = RestoreContent;

/** A backup file that cannot be restored; nothing was written. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** What is wrong with a part of a backup, as the refusal says it. */
function issueText(error: z.ZodError): string {
  return firstIssueText(error, 'it does not match');
}

/**
 * Makes the backup of everything readable now: each night's journal as it
 * is on disk. A night that cannot be read is left out. An open night's deck
 * still in play keeps its seed secret (R12): that night is backed up as it
 * stood before the deck was shuffled (liveSeedCut).
 */
export function makeBackup(
  repo: DealerRepository,
  index: readonly NightSummary[],
  now: Date,
  live: PlayedNight | null = null,
): { file: ExportFile; skipped: string[] } {
  const nights: { id: string; journal: string }[] = [];
  const skipped: string[] = [];
  for (const summary of index) {
    const journal = live?.state.nightId === summary.id ? liveJournalOf(live) : backupJournalOf(repo, summary.id);
    if (journal === null) skipped.push(summary.id);
    else nights.push({ id: summary.id, journal });
  }
  const document = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    settings: envelope('settings', repo.loadSettings()),
    roster: envelope('roster', { players: repo.loadRoster() }),
    tab: envelope('tab', { paid: repo.loadPaidTransfers(), ...withModes(repo.loadSettleModes()), ...withHiddenPay(repo.loadHiddenPay()) }),
    ...withMerges(repo),
    nights,
  };
  const stamp = now.toISOString().slice(0, 19).replace(/[T:]/g, '-');
  return {
    file: { fileName: `in-between-dealer-backup-${stamp}.json`, mimeType: 'application/json', content: JSON.stringify(document) },
    skipped,
  };
}

/** The night on the table, from memory (its file is being appended to): its journal up to the deck still in play. */
function liveJournalOf(night: PlayedNight): string | null {
  const retired = new Set(night.events.flatMap((e) => (e.type === 'deck-retired' ? [e.seed] : [])));
  return journalWithoutLiveSeeds(night.state.nightId, night.entries, retired);
}

/** A night's journal for the backup: the file as it is when it reads whole, else rewritten from what replays; never a live seed. */
function backupJournalOf(repo: DealerRepository, id: string): string | null {
  const text = repo.journals.read(id);
  if (text !== undefined) {
    try {
      // No key to open a sealed seed: a backup never holds a deck in play, and every retired one is revealed in the file (R12).
      const decoded = decodeJournal(text);
      // Cut inside its first command line: nothing of the night to restore (its notice and its copy say so).
      if (decoded.entries.length === 0 && decoded.damage === null) return null;
      if (!decoded.tornTail && decoded.damage === null && decoded.header.night === id) {
        // An ended night goes with every seed in plain, so it restores on any computer; the file as it is when it seals none.
        if (nightEnded(decoded.entries)) return decoded.sealedSeeds === 0 ? text : journalText(id, decoded.entries);
        // Not the night on the table: a night not ended here is cut at its last deck drawn, whether or not it was retired since.
        return journalWithoutLiveSeeds(id, decoded.entries, new Set());
      }
      // Stopped at a seed still sealed: the lines before it hold no deck in play.
      if (!decoded.tornTail && decoded.damage?.sealed === true && decoded.header.night === id)
        return journalWithoutLiveSeeds(id, decoded.entries, new Set());
    } catch (error) {
      if (!(error instanceof JournalHeaderError)) throw error;
    }
  }
  const read = repo.readNight(id);
  if (!read || read.night.entries.length === 0) return null;
  const retired = new Set(read.night.events.flatMap((e) => (e.type === 'deck-retired' ? [e.seed] : [])));
  return journalWithoutLiveSeeds(id, read.night.entries, retired);
}

/** An ended night (not reopened since) has retired every deck (R12). */
function nightEnded(entries: readonly JournalEntry[]): boolean {
  return entries.findLastIndex((e) => e.command.type === 'end') > entries.findLastIndex((e) => e.command.type === 'reopen');
}

/**
 * A journal holding no seed of a deck still in play (R12): cut before the
 * first line that drew a seed not retired since, with every line after it
 * (they play that deck); the night as it stood before that deck was
 * shuffled. Null when nothing is left.
 */
function journalWithoutLiveSeeds(id: string, entries: readonly JournalEntry[], retired: ReadonlySet<string>): string | null {
  const cut = nightEnded(entries) ? -1 : liveSeedCut(entries, retired);
  if (cut === -1 || cut === null) return journalText(id, entries);
  return cut > 0 ? journalText(id, entries.slice(0, cut)) : null;
}

/** The first line that drew a seed not in `retired`, or null when every seed drawn was retired. */
function liveSeedCut(entries: readonly JournalEntry[], retired: ReadonlySet<string>): number | null {
  const at = entries.findIndex((e) => (e.seeds ?? []).some((seed) => !retired.has(seed)));
  return at < 0 ? null : at;
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
  const current =
    backupVersion < 2 && raw !== null && typeof raw === 'object'
      ? { ...raw, events: nightEventsToMinorUnits((raw as { events?: unknown }).events) }
      : raw;
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
  if (state.nightId !== night.id)
    throw new BackupError(`Night ${night.id} of the backup: its events are those of night "${state.nightId}".`);
  const disagreement = ledgerDisagreement(events.data as EngineEvent[], night.ledger);
  if (disagreement) throw new BackupError(`Night ${night.id} of the backup: its ledger and its events disagree (R24): ${disagreement}.`);
  return night;
}

/** The ledger must hold exactly the chip moves the events record, in order (docs/design.md: R24 in two places). */
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

/** A night of the backup, replayed; its journal text as it will be written. */
interface CheckedNight {
  id: string;
  text: string;
  played: PlayedNight;
}

/** Versions 1-2: a night's events and ledger, checked, then moved to a journal the way the data folder's old files are. */
function checkLegacyNight(raw: unknown, position: number, backupVersion: number): CheckedNight {
  const night = checkNight(raw, position, backupVersion);
  const migrated = migrateLegacyNight(night);
  if (!migrated.ok) throw new BackupError(`Night ${night.id} of the backup cannot be moved to a journal: ${migrated.reason}.`);
  return { id: night.id, text: journalText(night.id, migrated.entries), played: migrated.played };
}

/** Version 3: a night's journal, read whole (no torn or damaged line) and replayed by the engine. */
function checkJournalNight(raw: unknown, position: number): CheckedNight {
  const parsed = backupJournalSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`Night ${position + 1} of the backup is not valid: ${issueText(parsed.error)}.`);
  const { id, journal } = parsed.data;
  let entries: JournalEntry[];
  try {
    const decoded = decodeJournal(journal);
    if (decoded.header.night !== id)
      throw new BackupError(`Night ${id} of the backup holds the journal of night "${decoded.header.night}".`);
    if (decoded.damage)
      throw new BackupError(
        `Night ${id} of the backup: line ${decoded.damage.line} of its journal cannot be read (${decoded.damage.reason}).`,
      );
    if (decoded.tornTail) throw new BackupError(`Night ${id} of the backup: its journal's last line is cut short.`);
    entries = decoded.entries;
  } catch (error) {
    if (error instanceof JournalHeaderError) throw new BackupError(`Night ${id} of the backup is not a night journal: ${error.message}.`);
    throw error;
  }
  let played: PlayedNight;
  try {
    played = replayJournal(entries);
  } catch (error) {
    if (error instanceof ReplayError) throw new BackupError(`Night ${id} of the backup does not replay: ${error.message}.`);
    throw error;
  }
  if (played.state.nightId !== id)
    throw new BackupError(`Night ${id} of the backup: its journal is that of night "${played.state.nightId}".`);
  return { id, text: journal, played };
}

/** Every night once, and every player who played in the roster. */
function checkIds(nights: readonly CheckedNight[], roster: RestoreContent['roster']): void {
  const nightIds = new Set<string>();
  for (const night of nights) {
    if (nightIds.has(night.id)) throw new BackupError(`The backup holds night ${night.id} twice.`);
    nightIds.add(night.id);
  }
  const players = new Set(roster.map((p) => p.id));
  for (const night of nights) {
    const stranger = night.played.state.players.find((p) => !players.has(p.id));
    if (stranger) throw new BackupError(`Night ${night.id} of the backup names player ${stranger.id}, who is not in its roster.`);
  }
}

/** Versions 1-2 also held an index: it must list exactly the nights it holds (its summaries are never used). */
function checkEventsBackupIndex(raw: unknown, nights: readonly CheckedNight[]): void {
  const index = checkDocument('nights', raw, 'nights index').nights;
  const held = new Set(nights.map((n) => n.id));
  const listed = new Set<string>();
  for (const summary of index) {
    if (listed.has(summary.id)) throw new BackupError(`The backup's index lists night ${summary.id} twice.`);
    listed.add(summary.id);
    if (!held.has(summary.id)) throw new BackupError(`The backup's index lists night ${summary.id}, but the backup does not hold it.`);
  }
  for (const id of held) if (!listed.has(id)) throw new BackupError(`The backup holds night ${id}, but its index does not list it.`);
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
    throw new BackupError(
      `The backup was made by a newer version of the app (backup version ${file.data.version}; this one reads up to ${BACKUP_VERSION}).`,
    );
  }
  const settingsFile = checkDocument('settings', file.data.settings, 'settings');
  const rosterFile = checkDocument('roster', file.data.roster, 'roster');
  const version = file.data.version;
  const nights = file.data.nights.map((night, position) =>
    version < 3 ? checkLegacyNight(night, position, version) : checkJournalNight(night, position),
  );
  if (version < 3) checkEventsBackupIndex(file.data.index, nights);
  checkIds(nights, rosterFile.players);
  // Every summary from the night itself; the carried pot from the last night's ledger.
  const index = nights
    .map((n) => nightSummary(n.played, Buffer.byteLength(n.text, 'utf8')))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
  const last = index.at(-1);
  const tab = file.data.tab === undefined ? null : checkDocument('tab', file.data.tab, 'tab');
  const merges = file.data.aliases === undefined ? [] : checkDocument('aliases', file.data.aliases, 'merged players').merges;
  checkMerges(merges, rosterFile.players);
  return {
    settings: {
      lastSetup: settingsFile.lastSetup,
      nextCarry: last && last.endedAt !== null ? last.carriedOut : 0,
      ...(settingsFile.preferences ? { preferences: settingsFile.preferences } : {}),
      ...(settingsFile.bankPay ? { bankPay: settingsFile.bankPay } : {}),
    },
    roster: rosterFile.players,
    // M3: the paid marks as they were; a backup from before the tab has none, so every transfer is unpaid.
    paid: tab?.paid ?? [],
    // M3: how each night settles up (banker mode where the host chose it); none in older backups.
    modes: { ...(tab?.modes ?? {}) },
    merges,
    // The payment details turned off for each night; none in older backups.
    hiddenPay: { ...(tab?.hiddenPay ?? {}) },
    index,
    journals: new Map(nights.map((n) => [n.id, n.text])),
  };
}

/** The nights' settle modes, only when there are any: a tab with none is written as before modes existed. */
function withModes(modes: Readonly<Record<string, SettleMode>>): { modes?: Record<string, SettleMode> } {
  return Object.keys(modes).length > 0 ? { modes: { ...modes } } : {};
}

/** The merges, only when there are any: a backup without them is written as before merges existed. */
function withMerges(repo: DealerRepository): { aliases?: ReturnType<typeof envelope> } {
  const merges = repo.loadMerges();
  return merges.length > 0 ? { aliases: envelope('aliases', { merges }) } : {};
}

/** Every merged player is in the backup's roster. */
function checkMerges(merges: readonly { from: string; into: string }[], roster: RestoreContent['roster']): void {
  const players = new Set(roster.map((p) => p.id));
  const stranger = merges.flatMap((m) => [m.from, m.into]).find((id) => !players.has(id));
  if (stranger !== undefined) throw new BackupError(`The backup merges player ${stranger}, who is not in its roster.`);
}

/** The payment details turned off per night, only when there are any. */
function withHiddenPay(hidden: Readonly<Record<string, PayKind[]>>): { hiddenPay?: Record<string, PayKind[]> } {
  return Object.keys(hidden).length > 0 ? { hiddenPay: { ...hidden } } : {};
}
