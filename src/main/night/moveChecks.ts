import type { CardCode } from '../../shared/cards';
import type { EngineEvent, EngineState } from '../engine';
import { FIRST_EPOCH } from './recordChain';

/**
 * What a journal line must hold for a night to move between laptops
 * (docs/rules.md R35, docs/night-journal.md "Moving a night"), checked as
 * lines are read and replayed: the cards a line shows, the epochs, and the
 * takeover's place in the chain. Written against the few fields they read,
 * so the journal's format and its replay both use them without a circle.
 */

/** A line as these checks see it. */
interface MovedLine {
  command: { type: string; line?: number; hash?: string };
  epoch?: number;
}

/** R35: the cards turned from shuffled decks by these events, in order: the turns' cards and the R7 draw's. */
export function cardsShown(state: EngineState, events: readonly EngineEvent[]): CardCode[] {
  if (state.settings.cards === 'table') return [];
  const shown: CardCode[] = [];
  for (const event of events) if (event.type === 'card-turned' || event.type === 'draw-card') shown.push(event.card);
  return shown;
}

/**
 * R35 *Epochs fence*: a line is written at its writer's epoch, which never falls and rises only on a takeover, by
 * exactly 1; a takeover follows the line it names (`line` = the lines before it), and the only line that may follow
 * a hand-over is the new holder's takeover. Why `entry` breaks that after `before`, or null.
 */
export function epochProblem(before: readonly MovedLine[], entry: MovedLine): string | null {
  const last = before.at(-1);
  const was = last?.epoch ?? FIRST_EPOCH;
  const epoch = entry.epoch ?? FIRST_EPOCH;
  if (entry.command.type === 'take-over') {
    if (epoch !== was + 1) return `a takeover is written at the next epoch, ${was + 1}, not at ${epoch} (R35)`;
    if (entry.command.line !== before.length)
      return `the takeover says it follows line ${entry.command.line}, but it follows line ${before.length} (R35)`;
    return null;
  }
  if (last?.command.type === 'hand-over') return "after a hand-over the only line is the new holder's takeover (R35)";
  if (epoch < was) return `it was written at epoch ${epoch}, after the night moved to epoch ${was}: it is kept aside, not replayed (R35)`;
  if (epoch > was) return `its epoch rises from ${was} to ${epoch} without a takeover (R35)`;
  return null;
}

/** R35: why the cards a line shows are not the ones its command turned, or null when they are. */
export function shownMismatch(shown: readonly CardCode[], turned: readonly CardCode[]): string | null {
  if (shown.length === turned.length && shown.every((card, i) => card === turned[i])) return null;
  return `it shows ${shown.join(' ') || 'no card'} but its decks turn ${turned.join(' ') || 'no card'} (R12, R35)`;
}

/**
 * R35: a takeover names the line it follows (the `lines` before it) and that line's chain hash, which is its own
 * `prev`; why `fact` does not, or null (any other line).
 */
export function takeOverProblem(fact: MovedLine, prev: string | null, lines: number): string | null {
  const { command } = fact;
  if (command.type !== 'take-over') return null;
  if (command.line !== lines) return `the takeover names line ${command.line} but follows line ${lines} (R35)`;
  if (prev !== null && command.hash !== prev) return "the takeover's hash is not the hash of the line it follows (R35)";
  return null;
}
