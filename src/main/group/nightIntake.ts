import { checkNight, formatFinding } from '../../checker';
import { decodeJournal, exportNight, JournalHeaderError, nightSummary, replayPrefix, type PlayedNight } from '../night';
import { journalText, type NightSummary } from '../store';

/**
 * A night from another laptop, judged before it counts (docs/group.md
 * "The way in"): its journal must be whole (no torn or damaged line),
 * replay to an ended night under its own id, and pass the night checker
 * (src/checker, which shares no code with the engine that replayed it).
 */
export type NightJudgement = { ok: true; night: PlayedNight; summary: NightSummary } | { ok: false; reason: string };

export function judgeNight(nightId: string, bytes: Uint8Array): NightJudgement {
  const night = replayed(nightId, Buffer.from(bytes).toString('utf8'));
  if (!night.ok) return night;
  if (night.night.state.phase.kind !== 'ended') return { ok: false, reason: 'the night has not ended: an open night is never shared' };
  let findings;
  try {
    // Handed over as built, not through JSON text and back: the checker reads it through its own schema (as the history's check does).
    findings = checkNight(exportNight(night.night));
  } catch (error) {
    return { ok: false, reason: `the night checker could not read it: ${(error as Error).message}` };
  }
  const violation = findings.find((f) => f.kind === 'violation');
  if (violation) return { ok: false, reason: `the night checker refused it: ${formatFinding(violation)}` };
  return { ok: true, night: night.night, summary: nightSummary(night.night) };
}

/** A night read back from a copy already judged (the history's questions about it); null when it no longer replays. */
export function replayCopy(nightId: string, bytes: Uint8Array): PlayedNight | null {
  const night = replayed(nightId, Buffer.from(bytes).toString('utf8'));
  return night.ok ? night.night : null;
}

/** The journal text a laptop shares of its own ended night: every seed in plain (all its decks are retired, R12). */
export function sharedJournalText(night: PlayedNight): string {
  return journalText(night.state.nightId, night.entries);
}

function replayed(nightId: string, text: string): { ok: true; night: PlayedNight } | { ok: false; reason: string } {
  let decoded;
  try {
    // A shared journal holds no sealed seed: one found cannot be opened here, and the line counts as damaged.
    decoded = decodeJournal(text, () => {
      throw new Error('a sealed seed in a shared journal');
    });
  } catch (error) {
    if (error instanceof JournalHeaderError) return { ok: false, reason: `it is not a night journal: ${error.message}` };
    return { ok: false, reason: `it cannot be read: ${(error as Error).message}` };
  }
  if (decoded.header.night !== nightId) return { ok: false, reason: `it is the journal of night ${decoded.header.night}, not ${nightId}` };
  if (decoded.damage) return { ok: false, reason: `line ${decoded.damage.line} cannot be used (${decoded.damage.reason})` };
  if (decoded.tornTail) return { ok: false, reason: 'its last line is cut short' };
  const { night, failure } = replayPrefix(decoded.entries);
  if (failure) return { ok: false, reason: `it does not replay: ${failure.message}` };
  if (night.state.nightId !== nightId) return { ok: false, reason: `it replays as night ${night.state.nightId}, not ${nightId}` };
  return { ok: true, night };
}
