import { commandError, type CommandError } from '../../../shared';
import { decideStep, keepStep, nightEpoch, recordedCommandOf, seedsRetired, type JournalEntry, type PlayedNight } from '../../night';
import type { DealerRepository } from '../../store/repository';
import type { NightSummary } from '../../store/schemas';

/**
 * The host's answer to an ended night's journal cut short
 * (docs/night-journal.md, "A journal cut short").
 */

/**
 * The index's figures kept: the line stands as it was, now recording the
 * journal's present size so the next start does not take it for a changed
 * journal and remake it.
 */
export function keepIndexFigures(repo: DealerRepository, line: NightSummary): NightSummary {
  return { ...line, journalBytes: repo.journals.size(line.id) };
}

/**
 * The shorter journal accepted, replayed. A night that lost its `end` line
 * is ended where its journal now stops, at the time the index recorded, so
 * the history keeps no open night in its middle; the `end` line is appended
 * like any command (one write, fdatasync'd). Refused, changing nothing, when
 * the journal cannot be read or the night cannot be ended where it stops.
 */
export function acceptShorterJournal(
  repo: DealerRepository,
  line: NightSummary,
): { ok: true; night: PlayedNight } | { ok: false; error: CommandError } {
  const refuse = (message: string) => ({ ok: false as const, error: commandError('storage', message, undefined, { night: line.id }) });
  const read = repo.readNight(line.id);
  if (!read || read.night.state.nightId !== line.id)
    return refuse(`The journal of night ${line.id} could not be read, so the index's figures stay.`);
  const night = read.night;
  if (night.state.phase.kind === 'ended' || line.endedAt === null) return { ok: true, night };
  const command = { type: 'end' as const, at: line.endedAt };
  const decided = decideStep(night, command, undefined, () => {
    throw new Error('ending a night draws no deck');
  });
  if (!decided.ok)
    return refuse(`Night ${line.id} cannot be ended where its journal stops (${decided.error.message}), so the index's figures stay.`);
  // R35: a night that moved is ended at its holder's epoch.
  const epoch = nightEpoch(night);
  const entry: JournalEntry = { at: line.endedAt, command: recordedCommandOf(command), ...(epoch > 1 ? { epoch } : {}) };
  try {
    repo.appendToJournal(line.id, entry, seedsRetired(decided.step.events));
  } catch (error) {
    return refuse(`The journal of night ${line.id} could not be written (${(error as Error).message}), so the index's figures stay.`);
  } finally {
    repo.journals.close(line.id);
  }
  keepStep(night, decided.step, entry);
  return { ok: true, night };
}
