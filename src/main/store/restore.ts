import fs from 'node:fs';
import path from 'node:path';
import type { PayKind, SettleMode } from '../../shared';
import { locateDocument, syncDirectory } from './jsonFile';
import { writeFileDurably } from './durableFile';
import { JOURNAL_EXTENSION, JOURNAL_FOLDER } from './journalFiles';
import { DOCUMENT_NAMES, nightDocumentName, nightPartName, type DealerRepository, type PlayerMergeRecord } from './repository';
import { checkedEnvelope } from './envelope';
import { fileStamp, renameAside } from './fileAside';
import { INDEX_LOG_FILE } from './indexLog';
import type { FileKind, NightSummary, StoredRosterPlayer, StoredSettings } from './schemas';

/**
 * Replacing everything with a backup, all or nothing, whenever the process
 * dies:
 *
 * 1. Everything new is written into `restore-staging/` (each file synced).
 *    Killed here, the live files are untouched and the staging folder is
 *    removed at the next start: all old.
 * 2. `restore-commit.json` is written atomically, naming the nights the
 *    backup holds. This is the moment the restore happens.
 * 3. The live files are replaced: every old file is first renamed aside
 *    (`*.replaced-<time>`, never deleted), then the staged one is renamed
 *    into its place. Each step can be done again, so killed here the next
 *    start sees the commit file and finishes it: all new.
 * 4. The staging folder and the commit file are removed.
 */

const STAGING = 'restore-staging';
const COMMIT = 'restore-commit.json';
const COMMIT_FORMAT = 'in-between-dealer/restore-commit';

export interface RestoreContent {
  settings: StoredSettings;
  roster: StoredRosterPlayer[];
  /** The running tab's paid marks (M3), restored with everything else. */
  paid: string[];
  /** How each night settles up when not with the fewest transfers (M3), restored with the marks. */
  modes?: Record<string, SettleMode>;
  /** The roster players merged into others (history/aliases.ts); none in older backups. */
  merges?: PlayerMergeRecord[];
  /** The kinds of payment detail turned off per night. */
  hiddenPay?: Record<string, PayKind[]>;
  /** Made from the nights themselves, never taken from a backup. */
  index: NightSummary[];
  /** Each night's whole journal text. */
  journals: Map<string, string>;
}

interface CommitFile {
  format: typeof COMMIT_FORMAT;
  version: 1;
  at: string;
  nights: string[];
}

function envelopeText(kind: FileKind, content: object): string {
  return JSON.stringify(checkedEnvelope(kind, content, `restore the ${kind}`), undefined, '\t');
}

/** Writes a checked backup in place of everything there is (see above). */
export function replaceEverything(repo: DealerRepository, content: RestoreContent, now: Date): void {
  const root = repo.root;
  const staging = path.join(root, STAGING);
  fs.rmSync(staging, { recursive: true, force: true });
  for (const [id, text] of content.journals) writeFileDurably(path.join(staging, JOURNAL_FOLDER, `${id}${JOURNAL_EXTENSION}`), text);
  writeFileDurably(locateDocument(staging, DOCUMENT_NAMES.roster).path, envelopeText('roster', { players: content.roster }));
  writeFileDurably(locateDocument(staging, DOCUMENT_NAMES.settings).path, envelopeText('settings', content.settings));
  writeFileDurably(locateDocument(staging, DOCUMENT_NAMES.nights).path, envelopeText('nights', { nights: content.index }));
  writeFileDurably(
    locateDocument(staging, DOCUMENT_NAMES.tab).path,
    envelopeText('tab', {
      paid: content.paid,
      ...(content.modes && Object.keys(content.modes).length > 0 ? { modes: content.modes } : {}),
      ...(content.hiddenPay && Object.keys(content.hiddenPay).length > 0 ? { hiddenPay: content.hiddenPay } : {}),
    }),
  );
  writeFileDurably(locateDocument(staging, DOCUMENT_NAMES.aliases).path, envelopeText('aliases', { merges: content.merges ?? [] }));
  syncDirectory(staging);
  const commit: CommitFile = { format: COMMIT_FORMAT, version: 1, at: now.toISOString(), nights: [...content.journals.keys()] };
  writeFileDurably(path.join(root, COMMIT), JSON.stringify(commit));
  finishRestore(repo, commit);
}

/**
 * At start, before anything is read: finishes a restore that was committed
 * (all new), or throws away one that was not (all old).
 */
export function recoverInterruptedRestore(repo: DealerRepository): void {
  const root = repo.root;
  const commitPath = path.join(root, COMMIT);
  let commit: CommitFile | null = null;
  try {
    const raw = JSON.parse(fs.readFileSync(commitPath, 'utf8')) as Partial<CommitFile>;
    if (raw.format === COMMIT_FORMAT && typeof raw.at === 'string' && Array.isArray(raw.nights)) commit = raw as CommitFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      // A commit file is written atomically, so an unreadable one was never committed.
      fs.rmSync(commitPath, { force: true });
    }
  }
  if (commit) finishRestore(repo, commit);
  else fs.rmSync(path.join(root, STAGING), { recursive: true, force: true });
}

function finishRestore(repo: DealerRepository, commit: CommitFile): void {
  const root = repo.root;
  const staging = path.join(root, STAGING);
  const suffix = `.replaced-${fileStamp(commit.at)}`;
  repo.journals.closeAll();
  const restored = new Set(commit.nights);
  // Nights the backup does not hold: set aside, so no index repair brings them back.
  for (const id of repo.listNightIds()) {
    if (restored.has(id)) continue;
    setAside(repo.journals.pathOf(id), suffix);
    setAsideLegacy(repo, id, suffix);
  }
  for (const id of commit.nights) {
    const staged = path.join(staging, JOURNAL_FOLDER, `${id}${JOURNAL_EXTENSION}`);
    if (!fs.existsSync(staged)) continue; // already moved in
    const live = repo.journals.pathOf(id);
    setAside(live, suffix);
    setAsideLegacy(repo, id, suffix);
    fs.mkdirSync(path.dirname(live), { recursive: true });
    fs.renameSync(staged, live);
  }
  syncDirectory(path.join(root, JOURNAL_FOLDER));
  // The log of the replaced index's changes (indexLog.ts) must not be applied to the restored index: set aside with it.
  setAside(path.join(root, INDEX_LOG_FILE), suffix);
  for (const name of [DOCUMENT_NAMES.roster, DOCUMENT_NAMES.settings, DOCUMENT_NAMES.nights, DOCUMENT_NAMES.tab, DOCUMENT_NAMES.aliases]) {
    const staged = locateDocument(staging, name).path;
    if (!fs.existsSync(staged)) continue;
    const live = locateDocument(root, name).path;
    setAside(live, suffix);
    fs.renameSync(staged, live);
  }
  syncDirectory(root);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(path.join(root, COMMIT), { force: true });
  syncDirectory(root);
}

function setAside(file: string, suffix: string): void {
  renameAside(file, suffix);
}

/** A night's old-format files (head and parts), if it still has them. */
function setAsideLegacy(repo: DealerRepository, id: string, suffix: string): void {
  const head = locateDocument(repo.root, nightDocumentName(id)).path;
  if (!fs.existsSync(head)) return;
  for (let index = 1; ; index++) {
    const part = locateDocument(repo.root, nightPartName(id, index)).path;
    if (!fs.existsSync(part)) break;
    setAside(part, suffix);
  }
  setAside(head, suffix);
}
