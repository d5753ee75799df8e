import { hasFigures, nightSummary, type PlayedNight } from '../night';
import type { JournalFiles } from './journalFiles';
import type { ReadNight } from './nightJournals';
import type { NightSummary } from './schemas';
import { cutBelowListedSize, fewerTurnsThanListed, shortJournalFacts } from './shortJournal';
import type { StorageNotices } from './storageNotices';

/** What the index repair reads: the journals on disk, the nights still in old files, and how to replay one. */
export interface NightsOnDisk {
  journals: JournalFiles;
  notices: StorageNotices;
  legacyNightIds(): string[];
  readNight(id: string): ReadNight | null;
}

export interface ReconciledIndex {
  index: NightSummary[];
  changed: boolean;
  replayed: Map<string, PlayedNight>;
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
export function reconcileIndex(disk: NightsOnDisk, index: readonly NightSummary[]): ReconciledIndex {
  const { journals, notices } = disk;
  const listed = new Map(index.map((s) => [s.id, s]));
  const replayed = new Map<string, PlayedNight>();
  const keep = (id: string, night: PlayedNight) => {
    if (night.state.phase.kind !== 'ended' || listed.get(id)?.endedAt === null) replayed.set(id, night);
  };
  const out: NightSummary[] = [];
  /** Nights whose file was there but could not be read: already set aside and reported. */
  const reported = new Set<string>();
  let changed = false;
  for (const [id, size] of journals.sizes()) {
    const line = listed.get(id);
    // A line from an older version lacks figures counted now: it is remade from the journal like a changed one.
    // A line whose journal was cut short stands, figures and all, until the host chooses (shortJournal.ts).
    if (line && ((line.journalBytes === size && hasFigures(line)) || notices.shortJournalAwaitingChoice(id))) {
      out.push(line);
      continue;
    }
    changed = true;
    // Copied aside before reading it can cut a torn tail off: the journal as found is kept whole.
    const copy = cutBelowListedSize(line, size) ? notices.copyShortJournal(journals.pathOf(id)) : undefined;
    const read = disk.readNight(id);
    if (read && read.night.state.nightId === id) {
      const found = nightSummary(read.night, read.bytes ?? undefined);
      keep(id, read.night);
      if (line && (copy !== undefined || fewerTurnsThanListed(line, found))) {
        const { facts, reason } = shortJournalFacts(line, found);
        notices.report('short-journal', journals.pathOf(id), reason, copy ?? notices.copyShortJournal(journals.pathOf(id)), {
          shortJournal: facts,
        });
        if (facts.awaitsChoice) {
          out.push(line);
          continue;
        }
      }
      out.push(found);
    } else if (read && line && read.night.entries.length === 0) {
      // Cut inside its first command line: nothing of the night is left to replay, but the index knew it.
      const { facts, reason } = shortJournalFacts(line, { turns: 0 }, true);
      notices.report('short-journal', journals.pathOf(id), reason, copy ?? notices.copyShortJournal(journals.pathOf(id)), {
        shortJournal: facts,
      });
      // An ended night's figures stand until the host chooses; an open night has nothing left to play on.
      if (facts.awaitsChoice) out.push(line);
      else reported.add(id);
    } else reported.add(id);
  }
  for (const id of disk.legacyNightIds()) {
    const line = listed.get(id);
    if (line) {
      out.push(line);
      continue;
    }
    changed = true;
    const read = disk.readNight(id);
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
    notices.report(
      'missing',
      journals.pathOf(line.id),
      `${open}the index lists night ${line.id}, but its file is missing; its line was taken out of the index`,
    );
  }
  out.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
  if (!changed && out.some((s, i) => s.id !== index[i]?.id)) changed = true;
  return { index: out, changed, replayed };
}
