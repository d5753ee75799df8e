import { engineEventSchema, type EngineEvent } from '../engine';
import type { DealerRepository, StoredNight } from '../store';

/** A night's file with its events checked against the engine's schema. */
export interface NightRecord {
  stored: StoredNight;
  events: EngineEvent[];
}

/** Why a night could not be read: it has no file, or its file was set aside. */
export type NightRecordResult = { ok: true; night: NightRecord } | { ok: false; reason: string };

/**
 * Reads one night for the history views. A file whose events the engine does
 * not recognise is set aside (and reported) like any unreadable file; the
 * other nights are untouched.
 */
export function readNightRecord(repo: DealerRepository, nightId: string): NightRecordResult {
  const stored = repo.loadNight(nightId);
  if (!stored) return { ok: false, reason: `The file of night ${nightId} is missing or could not be read; it was set aside and reported.` };
  const parsed = engineEventSchema.array().safeParse(stored.events);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    repo.setAsideNight(nightId, `its events do not match the engine's: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}`);
    return { ok: false, reason: `The file of night ${nightId} holds events this app does not recognise; it was set aside and reported.` };
  }
  return { ok: true, night: { stored, events: parsed.data } };
}
