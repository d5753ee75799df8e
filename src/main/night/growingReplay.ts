import type { Payment, TurnView } from '../../shared';
import { commitmentOf, type EngineState } from '../engine';
import { Ledger } from '../ledger';
import { decodeJournal, JournalHeaderError, type SealedSeed } from './format';
import { emptyNight, replayPrefix, type NightExpense, type PlayedNight } from './play';

/** Why a copy does not replay (`problem`) and how many of its lines do (`lines`); null when every line replays. */
export type ReplayVerdict = { lines: number; problem: string } | null;

/**
 * R35: a live copy replayed as it grows (store/liveCopies.ts `replayCheck`, docs/group-lan.md "A live copy of the
 * open night"): the night as replayed after the last line checked is kept, and only the lines added since are
 * replayed, so a night streamed in batches costs one replay of each line, not one of the whole copy per batch. The
 * verdict is the whole replay's (`replayHeldCopy`): the same lines replay, the same problem, counted the same way.
 *
 * Replayed from the start again when the text does not begin with what was replayed (a copy cut back or cut off,
 * read again after a restart), after a line that does not replay, and when a new line reveals the seed of a deck
 * replayed without it (R12): its cards shown before are then checked against that seed, as a whole replay does.
 * The chain and the signatures are not checked here: the copy checked them as each batch came (liveCopyLines.ts).
 */
export class GrowingReplay {
  #night: PlayedNight = emptyNight();
  #header = '';
  /** Where the text replayed ends (after its last newline), and its last line, to tell the text still begins with it. */
  #end = 0;
  #lastRow = '';
  /** The lines of the text replayed, the header and signature lines counted (a damaged line is named by its place). */
  #fileLines = 0;
  /** Seeds revealed by the lines replayed, by commitment. */
  readonly #revealed = new Map<string, string>();
  /**
   * Each deck replayed without its seed (by the cards its lines show), by commitment: the night as it stood before the
   * line that shuffled it, and that line's place in `#since`, the command lines replayed from the first such line on.
   */
  readonly #unopened = new Map<string, { mark: NightMark; at: number }>();
  #since: Row[] = [];
  /** Replays from the start again (a cut back, a restart), from a deck's shuffle again (its seed revealed), and lines replayed in all. */
  readonly counts = { restarts: 0, rewinds: 0, lines: 0 };

  /** The night as replayed so far. */
  get night(): Readonly<PlayedNight> {
    return this.#night;
  }

  /** The copy's text now: its new lines replayed onto the night as replayed so far. */
  check(text: string): ReplayVerdict {
    if (this.#end > 0 && !this.continues(text)) this.reset();
    if (this.#end === 0) {
      const firstBreak = text.indexOf('\n');
      if (firstBreak < 0) return headerVerdict(text);
      this.#header = text.slice(0, firstBreak);
      this.#end = firstBreak + 1;
      this.#lastRow = this.#header;
      this.#fileLines = 1;
    }
    const stop = text.lastIndexOf('\n');
    if (stop < this.#end) return null;
    const rows = text.slice(this.#end, stop).split('\n');
    let fresh: Row[] = [];
    const reveals: string[] = [];
    rows.forEach((row, index) => {
      if (row.startsWith('{"signed"')) return;
      fresh.push({ text: row, fileLine: this.#fileLines + index + 1 });
      if (row.includes('"revealed"')) reveals.push(...revealedOn(row));
    });
    // R12: a deck replayed by the cards its lines show whose seed comes now: replayed again from the line that
    // shuffled it, with its seed, as a whole replay does (the earliest such line, if more than one).
    const back = reveals
      .map((seed) => this.#unopened.get(commitmentOf(seed)))
      .reduce<{ mark: NightMark; at: number } | undefined>(
        (first, next) => (next && (!first || next.at < first.at) ? next : first),
        undefined,
      );
    if (back) {
      this.counts.rewinds += 1;
      backTo(this.#night, back.mark);
      fresh = [...this.#since.slice(back.at), ...fresh];
      this.#since = this.#since.slice(0, back.at);
      for (const [commitment, deck] of this.#unopened) if (deck.at >= back.at) this.#unopened.delete(commitment);
    }
    for (const seed of reveals) this.#revealed.set(commitmentOf(seed), seed);
    const problem = this.replayRows(fresh);
    if (problem) {
      const verdict = { lines: this.#night.entries.length, problem };
      // The copy goes back to a batch before this line: replayed from the start next time.
      this.reset();
      return verdict;
    }
    this.#end = stop + 1;
    this.#lastRow = rows.at(-1) ?? this.#lastRow;
    this.#fileLines += rows.length;
    return null;
  }

  /** Forgets what was replayed: the next check replays the copy from its start. */
  reset(): void {
    if (this.#end > 0) this.counts.restarts += 1;
    this.#night = emptyNight();
    this.#header = '';
    this.#end = 0;
    this.#lastRow = '';
    this.#fileLines = 0;
    this.#revealed.clear();
    this.#unopened.clear();
    this.#since = [];
  }

  /** Command lines read and replayed onto the night, the night marked before each that shuffles a deck unopened. Why not, or null. */
  private replayRows(rows: readonly Row[]): string | null {
    let decoded;
    try {
      const text = `${this.#header}\n${rows.map((row) => `${row.text}\n`).join('')}`;
      decoded = decodeJournal(text, (sealed) => this.opened(sealed), { unopened: true, linesBefore: this.#night.entries.length });
    } catch (error) {
      if (!(error instanceof JournalHeaderError)) throw error;
      return `the copy ${error.message}`;
    }
    for (const [index, entry] of decoded.entries.entries()) {
      const unopened = entry.unopened;
      if (unopened) this.#unopened.set(unopened.commitment, { mark: markOf(this.#night), at: this.#since.length });
      if (this.#unopened.size > 0) this.#since.push(rows[index] as Row);
      const { failure } = replayPrefix([entry], this.#night);
      this.counts.lines += 1;
      if (failure) return failure.message;
    }
    if (this.#unopened.size === 0) this.#since = [];
    const damage = decoded.damage;
    return damage && `line ${rows[damage.line - 2]?.fileLine ?? damage.line}: ${damage.reason}`;
  }

  /** Whether `text` begins with the text replayed (its header, and its last line where it ended). */
  private continues(text: string): boolean {
    return (
      text.length >= this.#end &&
      text.startsWith(`${this.#header}\n`) &&
      text.charCodeAt(this.#end - 1) === 10 &&
      text.slice(this.#end - 1 - this.#lastRow.length, this.#end - 1) === this.#lastRow
    );
  }

  /** A sealed seed opened by a seed revealed on a line replayed before (a whole replay finds it in the file too). */
  private opened(sealed: SealedSeed): string {
    const seed = this.#revealed.get(sealed.commitment);
    if (seed === undefined) throw new Error('no key was given to open it');
    return seed;
  }
}

/** A command line of the copy, and its place in the copy's text (1 = the header). */
interface Row {
  text: string;
  fileLine: number;
}

/** The seeds a line reveals (R12), read from its text. */
function revealedOn(row: string): string[] {
  try {
    const revealed = (JSON.parse(row) as { revealed?: unknown }).revealed;
    return Array.isArray(revealed) ? revealed.filter((seed): seed is string => typeof seed === 'string') : [];
  } catch {
    return [];
  }
}

/** A copy whose header does not read: no line replays (the whole replay's words). */
function headerVerdict(text: string): ReplayVerdict {
  try {
    decodeJournal(text.slice(0, text.indexOf('\n') + 1) || text);
  } catch (error) {
    if (error instanceof JournalHeaderError) return { lines: 0, problem: `the copy ${error.message}` };
    throw error;
  }
  return { lines: 0, problem: 'the copy cannot be read' };
}

/**
 * Where a night stands after some lines, to come back to (R35: a live copy replayed as it grows goes back to the line
 * that shuffled a deck once that deck's seed is revealed, night/growingReplay.ts): what replaying more lines appends
 * to is kept by its length; what it replaces or changes in place, by a copy. The engine's state is never changed in
 * place (each command makes a new one); the ledger is changed in place and built again from its entries.
 */
interface NightMark {
  state: EngineState;
  events: number;
  ledger: number;
  turns: TurnView[];
  stackSeries: number;
  entries: number;
  payments: Map<string, Payment>;
  expenses: NightExpense[];
}

function markOf(night: PlayedNight): NightMark {
  return {
    state: night.state,
    events: night.events.length,
    ledger: night.ledger.entries.length,
    turns: [...night.turns],
    stackSeries: night.stackSeries.length,
    entries: night.entries.length,
    payments: new Map(night.payments),
    expenses: night.expenses,
  };
}

/** The night as it stood at `mark` (the lines replayed since then undone). */
function backTo(night: PlayedNight, mark: NightMark): void {
  night.state = mark.state;
  night.events.length = mark.events;
  if (night.ledger.entries.length !== mark.ledger) night.ledger = Ledger.fromEntries(night.ledger.entries.slice(0, mark.ledger));
  night.turns = [...mark.turns];
  night.stackSeries.length = mark.stackSeries;
  night.entries.length = mark.entries;
  night.payments = new Map(mark.payments);
  night.expenses = mark.expenses;
}
