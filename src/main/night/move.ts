import { commandError, type CommandError } from '../../shared';
import type { EngineCommand } from '../engine';
import { decodeJournal, JournalHeaderError, recordedCommandOf, type JournalEntry, type RecordSignature, type SeedOpener } from './format';
import { decideStep, replayPrefix, type DecidedStep, type Dealer, type PlayedNight } from './play';
import { chainStart, FIRST_EPOCH } from './recordChain';

/**
 * Moving a night between laptops (docs/rules.md R35, docs/night-journal.md
 * "Moving a night"): reading a copy held for another laptop, whose sealed
 * seeds this one cannot open (its cards are the ones the lines show), and
 * the two lines that move a night: the holder's hand-over and a copy's
 * takeover. The session writes them as it writes any line; the engine
 * decides what they do to the table (engine/commands/move.ts).
 */

/**
 * A night as a laptop holding a copy of it sees it: replayed from its lines without the holder's key.
 */
export interface HeldCopy {
  night: PlayedNight;
  /** The chain hash after the last line: what the holder's next line must follow, and a takeover names. */
  head: string;
  /** How many command lines the copy holds (the start line is line 1). */
  lines: number;
  /** The epoch of its last line: the writer's now, one less than a takeover's. */
  epoch: number;
  /** The holder's signatures the copy holds, each checked to sign the chain as it stood after its `lines`. */
  signatures: RecordSignature[];
}

type HeldCopyRead =
  | ({ ok: true } & HeldCopy)
  /** `line`: the file's line (1 = the header) that does not read or replay; `kept`: the night up to the line before it, when the header read. */
  | { ok: false; line: number; problem: string; kept: HeldCopy | null };

/**
 * R35: reads and replays a copy of a night held on this laptop for the one
 * that holds it: the chain checked line by line, every line replayed by the
 * engine; a deck whose seed is sealed on the holder (never revealed later
 * in the file) deals exactly the cards the lines show, and no other. `open`:
 * this laptop's own key, for a copy of a night it held itself before. A
 * line cut short at the end (never acknowledged) is left out, as in a journal.
 */
export function replayHeldCopy(text: string, open?: SeedOpener): HeldCopyRead {
  let decoded;
  try {
    decoded = decodeJournal(text, open, { chain: true, unopened: true });
  } catch (error) {
    if (error instanceof JournalHeaderError) return { ok: false, line: 1, problem: `the copy ${error.message}`, kept: null };
    throw error;
  }
  const { night, failure } = replayPrefix(decoded.entries);
  const lines = night.entries.length;
  const kept: HeldCopy = {
    night,
    head: lines === 0 ? chainStart(decoded.header.night) : (decoded.heads[lines - 1] ?? ''),
    lines,
    epoch: nightEpoch(night),
    signatures: decoded.signatures.filter((s) => s.lines <= lines),
  };
  if (failure) return { ok: false, line: failure.line, problem: failure.message, kept };
  if (decoded.damage)
    return { ok: false, line: decoded.damage.line, problem: `line ${decoded.damage.line}: ${decoded.damage.reason}`, kept };
  return { ok: true, ...kept };
}

/**
 * R35: of a night's signatures, those that say which laptop wrote which lines: each laptop's signature of its epoch's
 * last line, right before the take-over line that names it (the record's own: "each epoch but the last, signed by its
 * writer right after its last line"). One per place, in order; the last holder signs the rest when it shares the night.
 */
export function writerSignatures(
  entries: readonly Pick<JournalEntry, 'command'>[],
  signatures: readonly RecordSignature[],
): RecordSignature[] {
  const out: RecordSignature[] = [];
  for (const signed of signatures) {
    const next = entries[signed.lines]?.command;
    if (next?.type !== 'take-over' || next.from !== signed.laptop || out.some((s) => s.lines === signed.lines)) continue;
    out.push(signed);
  }
  return out.sort((a, b) => a.lines - b.lines);
}

/** R35: the epoch a night is written at now: its last line's (1 for a night that never moved). */
export function nightEpoch(night: Pick<PlayedNight, 'entries'>): number {
  return night.entries.at(-1)?.epoch ?? FIRST_EPOCH;
}

/** A move line decided, not yet written: the session writes `entry` (its seeds sealed as any line's), then keeps `step`. */
type MoveLine = { ok: true; step: DecidedStep; entry: JournalEntry } | { ok: false; error: CommandError };

/**
 * R35 *Taken over*: the line with which this laptop (`thisLaptop`) goes on
 * from the copy it holds of the night of laptop `from`, which is gone (the
 * copy replayed, or its journal text: no key is needed, the deck in play
 * being lost either way): at
 * the next epoch, naming the copy's last line and its hash. The engine voids
 * the turn in play, retires the deck in play unrevealed and, while a deal is
 * under way, shuffles a new deck at once with `dealing` (this laptop's
 * dealer: its seed goes on this line, sealed with this laptop's key).
 */
export function takeOverLine(
  held: HeldCopy | string,
  from: string,
  thisLaptop: string,
  dealing: Dealer | (() => string),
  at: string,
): MoveLine {
  const read = typeof held === 'string' ? replayHeldCopy(held) : ({ ok: true, ...held } as const);
  if (!read.ok) return refusal(`The copy held here does not replay, so it cannot be taken over: ${read.problem} (R35).`, {});
  const copy: HeldCopy = read;
  if (from === thisLaptop)
    return refusal(`This laptop (${thisLaptop}) holds the night: it has nothing to take over from itself (R35).`, { laptop: thisLaptop });
  const command: EngineCommand = { type: 'take-over', from, line: copy.lines, hash: copy.head };
  return moveLine(copy.night, command, dealing, at, copy.epoch + 1);
}

/**
 * R35 *Handed over*: the holding laptop's (`thisLaptop`) last line of the
 * night, naming laptop `to` as the new holder; refused while a turn is in
 * play, during the draw for dealer, a shuffle or a cut, and on an ended
 * night. The deck in play is retired: its seed goes on this line in plain (R12).
 * @internal exported for tests until the session's hand-over uses it
 */
export function handOverLine(night: PlayedNight, to: string, thisLaptop: string, at: string): MoveLine {
  if (to === thisLaptop)
    return refusal(`This laptop (${thisLaptop}) already holds the night: hand it to another laptop (R35).`, { laptop: to });
  const noDeck = (): string => {
    throw new Error('a hand-over shuffles no deck: the new holder shuffles its own (R35)');
  };
  return moveLine(night, { type: 'hand-over', to }, noDeck, at, nightEpoch(night));
}

/** R35 *Handed over*: the laptop the night's last line hands it to (nothing but that laptop's takeover may follow), or null. */
export function handedOverTo(night: Pick<PlayedNight, 'entries'>): string | null {
  const last = night.entries.at(-1)?.command;
  return last?.type === 'hand-over' ? last.to : null;
}

function moveLine(night: PlayedNight, command: EngineCommand, dealing: Dealer | (() => string), at: string, epoch: number): MoveLine {
  const decided = decideStep(night, command, undefined, dealing);
  if (!decided.ok) return decided;
  const { step } = decided;
  const entry: JournalEntry = {
    at,
    command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' }>),
    ...(step.seeds.length > 0 ? { seeds: step.seeds } : {}),
    ...(step.table.length > 0 ? { table: step.table } : {}),
    ...(step.shown.length > 0 ? { shown: step.shown } : {}),
    ...(epoch !== FIRST_EPOCH ? { epoch } : {}),
  };
  return { ok: true, step, entry };
}

function refusal(message: string, params: Record<string, string>): MoveLine {
  return { ok: false, error: commandError('invalid-input', message, 'R35', params) };
}
