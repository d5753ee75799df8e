import { checkNight, formatFinding } from '../../checker';
import {
  chainedJournal,
  decodeJournal,
  exportNight,
  JournalHeaderError,
  nightSummary,
  recordStatement,
  replayPrefix,
  signatureLine,
  type LaptopSigner,
  type PlayedNight,
  type RecordSignature,
} from '../night';
import type { NightSummary } from '../store';

/**
 * A night from another laptop, judged before it counts (docs/group.md
 * "The way in"): its journal must be whole (no torn or damaged line),
 * replay to an ended night under its own id, and pass the night checker
 * (src/checker, which shares no code with the engine that replayed it).
 */
export type NightJudgement = { ok: true; night: PlayedNight; summary: NightSummary; record: NightRecord } | { ok: false; reason: string };

/**
 * What proves a night (R35): the chain hash after each of its lines, and the signature of the whole night when it
 * has one (null: a journal shared before nights were signed, or one whose signature was taken off).
 */
export interface NightRecord {
  heads: readonly string[];
  signature: RecordSignature | null;
}

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
  return { ok: true, night: night.night, summary: nightSummary(night.night), record: night.record };
}

/** A night read back from a copy already judged (the history's questions about it); null when it no longer replays. */
export function replayCopy(nightId: string, bytes: Uint8Array): PlayedNight | null {
  const night = replayed(nightId, Buffer.from(bytes).toString('utf8'));
  return night.ok ? night.night : null;
}

/**
 * The journal text a laptop shares of its own ended night: every seed in plain (all its decks are retired, R12), every
 * line chained, and its signature of the whole night last (R35). Signed when shared, not line by line as it is played:
 * only a shared copy needs proving, and the host never waits for a signature.
 */
export function sharedJournalText(night: PlayedNight, signer: LaptopSigner | undefined): string {
  const nightId = night.state.nightId;
  const { text, head } = chainedJournal(nightId, night.entries);
  if (!signer || night.entries.length === 0) return text;
  return text + signed(nightId, night.entries.length, head, signer);
}

/** The signature line of a night's first `lines` lines, whose chain ends at `head` (R35). */
function signed(nightId: string, lines: number, head: string, signer: LaptopSigner): string {
  const sig = signer.sign(recordStatement(nightId, signer.laptopId, lines, head));
  return signatureLine({ laptop: signer.laptopId, key: signer.publicKey, lines, head, sig });
}

/**
 * A copy of this laptop's own night shared before signing, chained and signed (R35); null when it does not read whole
 * (it is then left as it was). No replay: its facts are the ones already shared, only their record changes.
 */
export function signedCopy(nightId: string, bytes: Uint8Array, signer: LaptopSigner): Uint8Array | null {
  let decoded;
  try {
    decoded = decodeJournal(Buffer.from(bytes).toString('utf8'), undefined, { chain: true });
  } catch {
    return null;
  }
  if (decoded.header.night !== nightId || decoded.damage || decoded.tornTail || decoded.entries.length === 0) return null;
  const { text, head } = chainedJournal(nightId, decoded.entries);
  return Buffer.from(text + signed(nightId, decoded.entries.length, head, signer), 'utf8');
}

function replayed(nightId: string, text: string): { ok: true; night: PlayedNight; record: NightRecord } | { ok: false; reason: string } {
  let decoded;
  try {
    // A shared journal holds no sealed seed: one found cannot be opened here, and the line counts as damaged.
    decoded = decodeJournal(
      text,
      () => {
        throw new Error('a sealed seed in a shared journal');
      },
      { chain: true },
    );
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
  const last = decoded.signatures.at(-1);
  return { ok: true, night, record: { heads: decoded.heads, signature: last?.lines === decoded.entries.length ? last : null } };
}
