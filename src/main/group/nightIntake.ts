import { checkNight, formatFinding } from '../../checker';
import {
  decodeJournal,
  exportNight,
  JournalHeaderError,
  nightSummary,
  replayPrefix,
  signedJournalText,
  type ExportedRecord,
  type LaptopSigner,
  type PlayedNight,
  type JournalEntry,
  type RecordSignature,
  writerSignatures,
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
  /** R35: every signature line of the record, in order, each checked to sign the chain where it stands. */
  signatures: readonly RecordSignature[];
  /**
   * R35: the night's epochs: the first and last of their lines (1 = the start line) and the laptop that wrote them as
   * the take-over after them names it (null for the last epoch: the laptop sharing the night). Epoch 1 is the opener's.
   */
  epochs: readonly NightEpoch[];
}

interface NightEpoch {
  epoch: number;
  first: number;
  last: number;
  writer: string | null;
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

/**
 * The `record` of an export of a night held from another laptop (R35): the copy's bytes as shared (chained, signed),
 * and each laptop that signed it with the key it signed with, by the name `nameOf` gives; null for a copy with no
 * signature (shared before signing) or that no longer reads.
 */
export function recordOfCopy(bytes: Uint8Array, nameOf: (laptopId: string) => string): ExportedRecord | null {
  const journal = Buffer.from(bytes).toString('utf8');
  let decoded;
  try {
    decoded = decodeJournal(journal);
  } catch {
    return null;
  }
  if (decoded.signatures.length === 0) return null;
  const laptops = new Map<string, ExportedRecord['laptops'][number]>();
  for (const { laptop, key } of decoded.signatures)
    laptops.set(`${laptop} ${key}`, { laptopId: laptop, name: nameOf(laptop), publicKey: key });
  return { journal, laptops: [...laptops.values()] };
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
  return signedJournalText(night.state.nightId, night.entries, signer, night.earlierHolders);
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
  return Buffer.from(signedJournalText(nightId, decoded.entries, signer), 'utf8');
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
      // R35: but for the deck a takeover lost with its laptop, never revealed: its cards are the ones its lines show.
      { chain: true, unopened: true },
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
  if (night.state.deck?.known !== undefined)
    return { ok: false, reason: 'a deck is still in play with its seed sealed: a shared night reveals every seed (R12, R35)' };
  const last = decoded.signatures.at(-1);
  // R35: the laptops that held the night before its last holder signed the lines each wrote; they go on in its record.
  const earlier = writerSignatures(decoded.entries, decoded.signatures);
  if (earlier.length > 0) night.earlierHolders = earlier;
  const signature = last?.lines === decoded.entries.length ? last : null;
  return {
    ok: true,
    night,
    record: { heads: decoded.heads, signature, signatures: decoded.signatures, epochs: epochsOf(decoded.entries) },
  };
}

/** R35: the epochs of a night's lines, each ended by a take-over naming its writer (the last one by none). */
function epochsOf(entries: readonly JournalEntry[]): NightEpoch[] {
  const epochs: NightEpoch[] = [];
  entries.forEach((entry, index) => {
    const current = epochs.at(-1);
    if (current && entry.command.type !== 'take-over') {
      current.last = index + 1;
      return;
    }
    if (current && entry.command.type === 'take-over') current.writer = entry.command.from;
    epochs.push({ epoch: entry.epoch ?? 1, first: index + 1, last: index + 1, writer: null });
  });
  return epochs;
}
