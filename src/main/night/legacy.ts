import type { LedgerEntry } from '../../shared';
import { engineEventSchema, evolve, emptyState, type EngineEvent, type EventOf } from '../engine';
import { Ledger } from '../ledger';
import type { JournalEntry, RecordedCommand } from './format';
import { keepStep, replayJournal, type PlayedNight } from './play';

/**
 * The reader of the format before the journal (night files version 1-2: a
 * head file plus `night-parts/`, holding the engine's whole event stream and
 * the chip ledger). Such a night is replayed from its events, and its facts
 * are recovered from them to write its journal (`migrateLegacyNight`).
 */

/** A night as the old files held it. */
export interface LegacyNight {
  id: string;
  events: readonly unknown[];
  ledger: readonly LedgerEntry[];
}

class LegacyNightError extends Error {
  override readonly name = 'LegacyNightError';
}

/** The events of each command, in order: each command's events start with its `command` event. */
function commandGroups(events: readonly EngineEvent[]): EngineEvent[][] {
  const groups: EngineEvent[][] = [];
  for (const event of events) {
    if (event.type === 'command' || groups.length === 0) groups.push([event]);
    else groups.at(-1)?.push(event);
  }
  return groups;
}

function checkedEvents(night: LegacyNight): EngineEvent[] {
  const parsed = engineEventSchema.array().safeParse(night.events);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LegacyNightError(`its events do not match the engine's: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}`);
  }
  return parsed.data;
}

/** Replays an old night from its events (the engine's own `evolve`), with its stored ledger checked (R24). */
export function replayLegacyNight(night: LegacyNight): PlayedNight {
  const events = checkedEvents(night);
  const played: PlayedNight = {
    state: emptyState(),
    events: [],
    ledger: Ledger.fromEntries(night.ledger),
    turns: [],
    stackSeries: [],
    entries: [],
    payments: new Map(),
    expenses: [],
  };
  for (const group of commandGroups(events)) {
    let state = played.state;
    for (const event of group) state = evolve(state, event);
    keepStep(played, { state, events: group, seeds: [], table: [], shown: [], ledgerBefore: 0 }, { command: { type: 'undo' } });
  }
  played.entries = [];
  return played;
}

const first = <T extends EngineEvent['type']>(group: readonly EngineEvent[], type: T): EventOf<T> | undefined =>
  group.find((e): e is EventOf<T> => e.type === type);

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new LegacyNightError(`a command's events do not say ${what}`);
  return value;
}

/** The facts of one old command, recovered from its events; null for the dealer's shuffles (their seeds go on the command before). */
function factOf(name: string, group: readonly EngineEvent[]): RecordedCommand | null {
  const chips = group.flatMap((e) => (e.type === 'chips' ? [e] : []));
  switch (name) {
    case 'shuffle':
      return null;
    case 'start': {
      const started = need(first(group, 'night-started'), 'how the night started');
      const buyIns = chips.filter((c) => c.move.code === 'buy-in');
      const carry = chips.find((c) => c.move.code === 'carry-in');
      return {
        type: 'start',
        nightId: started.nightId,
        players: started.players,
        startingChips: need(buyIns[0]?.move.amount, 'the starting chips'),
        chipValue: started.chipValue,
        currency: started.currency,
        settings: started.settings,
        carryIn: carry?.move.amount ?? 0,
        // Events written before engine revisions have none: their night is revision 1, as it was played.
        ...(started.revision !== undefined ? { revision: started.revision } : {}),
      };
    }
    case 'draw':
    case 'deal':
    case 'undo':
    case 'void-turn':
    case 'chain-lost':
    case 'end':
      return { type: name };
    case 'cut':
      return { type: 'cut', cut: need(first(group, 'deck-cut'), 'the cut').cut };
    case 'ace-call':
      return { type: 'ace-call', call: need(first(group, 'ace-called'), 'the ace call').call };
    case 'bet':
      return { type: 'bet', amount: need(first(group, 'bet-placed'), 'the bet').amount };
    case 'correct-bet':
      return { type: 'correct-bet', amount: need(first(group, 'bet-corrected'), 'the corrected bet').amount };
    case 'buy-in': {
      const move = need(
        chips.find((c) => c.move.code === 'buy-in'),
        'the buy-in',
      ).move;
      return { type: 'buy-in', playerId: need(move.player ?? undefined, 'who bought in'), amount: move.amount };
    }
    case 'cash-out':
      return { type: 'cash-out', playerId: need(first(group, 'player-left'), 'who cashed out').playerId };
    default:
      throw new LegacyNightError(`the command "${name}" is not one this app knows`);
  }
}

/** The journal lines of an old night: one per host command, with the seeds of the shuffles that followed it. */
function journalOfLegacy(night: LegacyNight): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const group of commandGroups(checkedEvents(night))) {
    const head = group[0];
    if (head?.type !== 'command') throw new LegacyNightError('its events do not start with a command');
    const command = factOf(head.name, group);
    if (command === null) {
      const seed = need(first(group, 'deck-shuffled'), 'the seed of a shuffle').seed;
      const last = entries.at(-1);
      if (!last) throw new LegacyNightError('it shuffles before the night started');
      last.seeds = [...(last.seeds ?? []), seed];
      continue;
    }
    const at =
      command.type === 'start' ? first(group, 'night-started')?.at : command.type === 'end' ? first(group, 'night-ended')?.at : undefined;
    entries.push({ ...(at !== undefined ? { at } : {}), command });
  }
  return entries;
}

/**
 * Where two replays of the same night differ (the ledger, the final stacks,
 * the pot, or any turn), or null when they agree.
 */
function replaysDiffer(a: PlayedNight, b: PlayedNight): string | null {
  const json = (value: unknown) => JSON.stringify(value);
  if (json(a.ledger.entries) !== json(b.ledger.entries)) return 'the chip ledgers differ';
  if (json(a.state.stacks) !== json(b.state.stacks)) return 'the final stacks differ';
  if (a.state.pot !== b.state.pot) return `the pot differs (${a.state.pot} and ${b.state.pot})`;
  if (a.turns.length !== b.turns.length) return `${a.turns.length} and ${b.turns.length} turns`;
  for (let i = 0; i < a.turns.length; i++) if (json(a.turns[i]) !== json(b.turns[i])) return `turn ${i + 1} differs`;
  if (a.state.phase.kind !== b.state.phase.kind) return `the phase differs (${a.state.phase.kind} and ${b.state.phase.kind})`;
  return null;
}

/** An old night's journal, checked: replayed both ways, they must agree in every chip and every turn. */
export function migrateLegacyNight(
  night: LegacyNight,
): { ok: true; entries: JournalEntry[]; played: PlayedNight } | { ok: false; reason: string } {
  try {
    const old = replayLegacyNight(night);
    const entries = journalOfLegacy(night);
    const played = replayJournal(entries);
    const difference = replaysDiffer(old, played);
    if (difference) return { ok: false, reason: `its journal replays differently: ${difference}` };
    return { ok: true, entries, played };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
