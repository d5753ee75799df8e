import type { PlayedNight } from '../night';
import type { DealerRepository } from '../store';

/** Why a night could not be read: it has no file, or its file was set aside. */
export type NightRecordResult = { ok: true; night: PlayedNight } | { ok: false; reason: string };

/**
 * Reads one night for the history views, replayed from its journal. A file
 * that cannot be read is set aside (and reported) by the repository; a
 * damaged line keeps the turns before it readable. Other nights are untouched.
 */
export function readNightRecord(repo: DealerRepository, nightId: string): NightRecordResult {
  const read = repo.readNight(nightId);
  if (!read || read.night.state.nightId !== nightId) {
    return { ok: false, reason: `The file of night ${nightId} is missing or could not be read; it was set aside and reported.` };
  }
  return { ok: true, night: read.night };
}
