import { commandError, type CommandError, type ExpenseView, type Payment, type TurnView } from '../../shared';
import type { CardCode } from '../../shared/cards';
import {
  applyCommand,
  applyEvent,
  copyOfState,
  emptyState,
  noDraftCopies,
  ShownCards,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
} from '../engine';
import { Ledger, LedgerError, type LedgerItem } from '../ledger';
import { engineCommandOf, isExpenseCommand, type ExpenseCommand, type JournalEntry, type RecordSignature, type TableStep } from './format';
import { cardsShown, epochProblem, shownMismatch } from './moveChecks';
import { turnView } from './turnView';

/**
 * A night as replayed from its journal (or played live): the engine state,
 * the events of every command, the chip ledger, the turns and each stack at
 * the start of every turn. All of it is derived from `entries`, the facts.
 */
export interface PlayedNight {
  state: EngineState;
  events: EngineEvent[];
  ledger: Ledger;
  /** Turn n at index n - 1, as the console and the history show it. */
  turns: TurnView[];
  /** The stacks of the players at the table when each turn started (turn = the turns before it). */
  stackSeries: { turn: number; stacks: Record<string, number> }[];
  /** The journal's lines so far. */
  entries: JournalEntry[];
  /** M2: how each buy-in and cash-out entry of the ledger was paid, by entry id (money, so not on the chip entry itself). */
  payments: Map<string, Payment>;
  /** M4: the night's shared expenses as they stand (added, edited, not removed), in the order first recorded. */
  expenses: NightExpense[];
  /**
   * R35: the signatures of the laptops that held this night before the one playing it now (a night taken over or
   * handed over), each of its last line, as its journal holds them: they go into every record of the night it shares.
   */
  earlierHolders?: RecordSignature[];
}

/** A shared expense of the night (M4), with the shares fixed when it was recorded: what the view shows. */
export type NightExpense = ExpenseView;

export function emptyNight(): PlayedNight {
  return {
    state: emptyState(),
    events: [],
    ledger: Ledger.empty(),
    turns: [],
    stackSeries: [],
    entries: [],
    payments: new Map(),
    expenses: [],
  };
}

/**
 * Why a shared expense's line (M4) cannot apply to the night as it stands,
 * or null when it can: the night has started, the expense to edit or remove
 * exists (and one to add does not), payer and sharers played this night,
 * nobody shares twice, and the shares name exactly the sharers and add up
 * to the amount. The same check runs before a line is written and on replay.
 */
export function expenseLineProblem(night: Pick<PlayedNight, 'state' | 'expenses'>, command: ExpenseCommand): string | null {
  if (night.state.nightId === '') return 'an expense belongs to a night that has started';
  const existing = night.expenses.some((e) => e.id === command.id);
  if (command.type === 'expense-remove') return existing ? null : `there is no expense "${command.id}"`;
  if (command.type === 'expense-add' && existing) return `there is already an expense "${command.id}"`;
  if (command.type === 'expense-edit' && !existing) return `there is no expense "${command.id}"`;
  const played = new Set(night.state.players.map((p) => p.id));
  if (!played.has(command.payer)) return `the payer "${command.payer}" did not play this night`;
  const stranger = command.sharers.find((id) => !played.has(id));
  if (stranger !== undefined) return `the sharer "${stranger}" did not play this night`;
  if (new Set(command.sharers).size !== command.sharers.length) return 'a sharer is named twice';
  const named = Object.keys(command.shares);
  if (named.length !== command.sharers.length || !command.sharers.every((id) => Object.hasOwn(command.shares, id)))
    return 'the shares do not name exactly the sharers';
  const total = Object.values(command.shares).reduce((sum, share) => sum + share, 0);
  if (total !== command.amount) return `the shares add up to ${total}, not to the amount ${command.amount}`;
  return null;
}

/** Applies a shared expense's line (M4) that `expenseLineProblem` passed: the chips, the engine and the ledger are untouched. */
export function applyExpenseLine(night: PlayedNight, entry: JournalEntry & { command: ExpenseCommand }): void {
  const { command } = entry;
  if (command.type === 'expense-remove') night.expenses = night.expenses.filter((e) => e.id !== command.id);
  else {
    const expense: NightExpense = {
      id: command.id,
      payer: command.payer,
      amount: command.amount,
      description: command.description,
      sharers: [...command.sharers],
      shares: { ...command.shares },
    };
    night.expenses =
      command.type === 'expense-add' ? [...night.expenses, expense] : night.expenses.map((e) => (e.id === command.id ? expense : e));
  }
  night.entries.push(entry);
}

/** A command decided and its chips posted to the night's ledger, not yet kept: `keep` or `takeBack`. */
export interface DecidedStep {
  state: EngineState;
  events: EngineEvent[];
  /** The seeds drawn for the decks this command needed (R9). */
  seeds: string[];
  /** R34: the table's commitments and draws this command needed, in order. */
  table: TableStep[];
  /** R35: the cards this command turned from shuffled decks, in order (none with `cards: table`): the line's `shown`. */
  shown: CardCode[];
  ledgerBefore: number;
}

/**
 * Whoever supplies what the engine waits for between a command's events: a
 * seed for each deck (R9) and, when the table draws the cards (R34), the
 * witnesses' heads for each commitment and their reveals for each card.
 * Live, fresh seeds and the witnesses' values; on replay, the line's own.
 */
export interface Dealer {
  /** Whether this dealer has witnesses to draw the cards (R34); without them a night with `cards: table` cannot start. */
  readonly drawsByTable: boolean;
  /** A seed for the deck asked for; on the replay of a held copy, the commitment of a deck whose seed is sealed on another laptop (R35). */
  seed(): string | SealedElsewhere;
  commit(state: EngineState): Extract<TableStep, { heads: unknown }>;
  reveal(state: EngineState): Extract<TableStep, { reveals: unknown }>;
}

/** R35: a deck shuffled on another laptop, whose seed this one cannot open: only its commitment (R9) is known here. */
interface SealedElsewhere {
  commitment: string;
}

/** A dealer of shuffled decks only (R9): asked for the table's values, it says the night cannot go on without its witnesses. */
function seedDealer(nextSeed: () => string): Dealer {
  const noWitness = (): never => {
    throw new Error('the table draws the cards tonight (R34), but no witness was given to deal them');
  };
  return { drawsByTable: false, seed: nextSeed, commit: noWitness, reveal: noWitness };
}

export type StepResult = { ok: true; step: DecidedStep } | { ok: false; error: CommandError };

/**
 * The one decide-shuffle-post loop: the engine decides the command, the
 * dealer shuffles whenever the engine asks for a deck (`nextSeed`: a fresh
 * seed live, the recorded one on replay), and the chips are posted to the
 * ledger, which must then agree with the table (R24, checked in two places).
 * On a refusal nothing changed.
 */
export function decideStep(
  night: PlayedNight,
  command: EngineCommand,
  expectedStateId: number | undefined,
  dealing: Dealer | (() => string),
  /** R35, on replay: the cards the line shows, dealt by a deck whose seed is sealed on another laptop. */
  shown?: readonly CardCode[],
): StepResult {
  const dealer = typeof dealing === 'function' ? seedDealer(dealing) : dealing;
  if (command.type === 'start' && command.settings.cards === 'table' && !dealer.drawsByTable) {
    return {
      ok: false,
      error: commandError(
        'invalid-input',
        'Cards drawn by the table (R34) need the laptop as a witness, which this dealer cannot be: choose the shuffled deck.',
        'R34',
      ),
    };
  }
  const supply = shown ? new ShownCards(shown) : undefined;
  const decided = applyCommand(night.state, command, expectedStateId, supply);
  if (!decided.ok) return decided;
  let state = decided.state;
  // The engine's result is this step's own: its events are added to, not copied.
  const { events } = decided;
  const seeds: string[] = [];
  const table: TableStep[] = [];
  for (;;) {
    let next: EngineCommand;
    if (state.phase.kind === 'shuffle' && state.settings.cards === 'table') {
      const step = dealer.commit(state);
      table.push(step);
      next = {
        type: 'commit',
        heads: step.heads,
        ...(step.newChains ? { newChains: step.newChains } : {}),
        ...(step.reason ? { reason: step.reason } : {}),
      };
    } else if (state.phase.kind === 'shuffle') {
      const seed = dealer.seed();
      if (typeof seed === 'string') {
        seeds.push(seed);
        next = { type: 'shuffle', seed };
      } else next = { type: 'shuffle-sealed', commitment: seed.commitment };
    } else if (state.phase.kind === 'reveal') {
      const step = dealer.reveal(state);
      table.push(step);
      next = { type: 'reveal', reveals: step.reveals, missing: step.missing };
    } else break;
    const dealt = applyCommand(state, next, undefined, supply);
    if (!dealt.ok)
      throw new Error(
        `the dealer could not ${next.type === 'shuffle' || next.type === 'shuffle-sealed' ? 'shuffle' : `${next.type} for the table`}: ${dealt.error.message}`,
      );
    state = dealt.state;
    events.push(...dealt.events);
    // What the table is told is the line's, not only its last command's: a shuffle the dealer did at once (a takeover's
    // new deck, R35) would otherwise leave the table told nothing of the turn voided before it.
    const told = events.flatMap((e) => (e.type === 'announce' ? [e.announcement] : []));
    if (told.length > state.announcements.length) state.announcements = told;
  }
  const items: LedgerItem[] = [];
  for (const e of events) if (e.type === 'chips') items.push({ id: e.id, move: e.move, turn: e.turn });
  const ledgerBefore = night.ledger.entries.length;
  try {
    if (items.length > 0) night.ledger.append(items);
  } catch (error) {
    if (error instanceof LedgerError)
      return { ok: false, error: commandError('conservation', `${error.message} Nothing was recorded.`, 'R24') };
    throw error;
  }
  const mismatch = balancesMismatch(state, night.ledger);
  if (mismatch) {
    night.ledger = Ledger.fromEntries(night.ledger.entries.slice(0, ledgerBefore));
    return { ok: false, error: commandError('conservation', `R24: ${mismatch} Nothing was recorded.`, 'R24') };
  }
  return { ok: true, step: { state, events, seeds, table, shown: cardsShown(state, events), ledgerBefore } };
}

/** R12: the seeds of the decks retired by these events (a command's, or a whole night's), in order. */
export function seedsRetired(events: readonly EngineEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'deck-retired' ? [e.seed] : []));
}

/** Undoes `decideStep`'s ledger posting (the write failed). */
export function takeBack(night: PlayedNight, step: DecidedStep): void {
  night.ledger = Ledger.fromEntries(night.ledger.entries.slice(0, step.ledgerBefore));
}

/** Keeps a decided step: its events, the turns it touched, the stacks when a turn started, and its journal line. */
export function keepStep(night: PlayedNight, step: DecidedStep, entry: JournalEntry): void {
  const lastStart = step.events.findLastIndex((e) => e.type === 'turn-started');
  if (lastStart >= 0) {
    // The stacks at the moment a turn started (after this command's antes), for the history's chart:
    // one working copy for the command's events, as the engine's own draft does, not one per event.
    let at = copyOfState(night.state);
    const copies = noDraftCopies();
    for (let i = 0; i <= lastStart; i++) {
      const event = step.events[i] as EngineEvent;
      if (event.type === 'turn-started') night.stackSeries.push({ turn: event.n - 1, stacks: stacksAtTable(at) });
      else at = applyEvent(at, event, copies);
    }
  }
  const paid = paymentOf(night, entry);
  for (const event of step.events) {
    night.events.push(event);
    if (event.type === 'chips' && (event.move.code === 'buy-in' || event.move.code === 'cash-out')) night.payments.set(event.id, paid);
  }
  night.state = step.state;
  // R34 *A lost chain*: a turn in play voided and another started in the same command is voided in its view too.
  for (const event of step.events) {
    const voided = event.type === 'turn-voided' ? night.turns[event.n - 1] : undefined;
    if (voided) night.turns[voided.n - 1] = { ...voided, void: true };
  }
  if (step.state.turn) night.turns[step.state.turn.n - 1] = turnView(step.state.turn);
  night.entries.push(entry);
}

/**
 * M2: how the chips this line moves in or out of the bank were paid: the
 * line's own `paid`, else the night's `payment` (on its start line), else
 * credit, as every night before M2 was squared.
 */
function paymentOf(night: Pick<PlayedNight, 'entries'>, entry: JournalEntry): Payment {
  const { command } = entry;
  if (command.type === 'start') return command.payment ?? 'credit';
  if ((command.type === 'buy-in' || command.type === 'cash-out' || command.type === 'seat') && command.paid) return command.paid;
  return nightPayment(night);
}

/** The night's default payment (M2), from its start line; credit for nights recorded before M2. */
export function nightPayment(night: Pick<PlayedNight, 'entries'>): Payment {
  const start = night.entries[0]?.command;
  return start?.type === 'start' ? (start.payment ?? 'credit') : 'credit';
}

/** A journal that does not replay: the line (2 = the first after the header) and why. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/**
 * On replay, the dealer is the line itself: its seeds (R9) and the table's
 * steps (R34) handed out in order, each asked for beyond what the line holds
 * a ReplayError. A class rather than closures: a night replays hundreds of lines.
 */
class RecordedDealer implements Dealer {
  readonly drawsByTable = true;
  seedsUsed = 0;
  stepsUsed = 0;
  constructor(
    private readonly entry: JournalEntry,
    private readonly line: number,
  ) {}

  seed(): string | SealedElsewhere {
    const at = this.seedsUsed++;
    const seed = this.entry.seeds?.[at];
    if (seed !== undefined) return seed;
    // R35: the line's last deck, sealed on another laptop: known by its commitment, dealt by what the lines show.
    if (this.entry.unopened !== undefined && at === (this.entry.seeds?.length ?? 0)) return { commitment: this.entry.unopened.commitment };
    throw new ReplayError(this.line, 'the engine asked for a deck the line holds no seed for');
  }

  commit(): Extract<TableStep, { heads: unknown }> {
    return this.#recorded('heads');
  }

  reveal(): Extract<TableStep, { reveals: unknown }> {
    return this.#recorded('reveals');
  }

  #recorded<K extends 'heads' | 'reveals'>(key: K): Extract<TableStep, Record<K, unknown>> {
    const step = this.entry.table?.[this.stepsUsed++];
    if (step === undefined || !(key in step))
      throw new ReplayError(
        this.line,
        `the engine asked the table for ${key === 'heads' ? 'a commitment' : 'a card'} the line does not hold next (R34)`,
      );
    return step as Extract<TableStep, Record<K, unknown>>;
  }
}

/** Replays one more recorded command onto a night. Throws ReplayError (`line`) when it does not replay exactly. */
function replayEntry(night: PlayedNight, entry: JournalEntry, line: number): void {
  const { command } = entry;
  const moveProblem = epochProblem(night.entries, entry);
  if (moveProblem) throw new ReplayError(line, moveProblem);
  if (isExpenseCommand(command)) {
    if (entry.seeds || entry.table) throw new ReplayError(line, 'an expense line holds no seeds and no draws');
    const problem = expenseLineProblem(night, command);
    if (problem) throw new ReplayError(line, problem);
    applyExpenseLine(night, { ...entry, command });
    return;
  }
  const dealer = new RecordedDealer(entry, line);
  let result: StepResult;
  try {
    result = decideStep(night, engineCommandOf(entry as JournalEntry & { command: typeof command }), undefined, dealer, entry.shown ?? []);
  } catch (error) {
    if (error instanceof ReplayError) throw error;
    throw new ReplayError(line, (error as Error).message);
  }
  if (!result.ok) throw new ReplayError(line, `the engine refuses it: ${result.error.message}`);
  const seeds = (entry.seeds?.length ?? 0) + (entry.unopened !== undefined ? 1 : 0);
  const table = entry.table?.length ?? 0;
  if (dealer.seedsUsed !== seeds || dealer.stepsUsed !== table) {
    takeBack(night, result.step);
    const held = `${seeds} seeds${table > 0 ? ` and ${table} table steps` : ''}`;
    throw new ReplayError(line, `it holds ${held} but the command used ${dealer.seedsUsed}${table > 0 ? ` and ${dealer.stepsUsed}` : ''}`);
  }
  const shownProblem = entry.shown ? shownMismatch(entry.shown, result.step.shown) : null;
  if (shownProblem) {
    takeBack(night, result.step);
    throw new ReplayError(line, shownProblem);
  }
  keepStep(night, result.step, entry);
}

/** A whole journal replayed. Throws ReplayError at the first line that does not replay. */
export function replayJournal(entries: readonly JournalEntry[]): PlayedNight {
  const night = emptyNight();
  entries.forEach((entry, i) => replayEntry(night, entry, i + 2));
  return night;
}

/**
 * As much of a journal as replays: the night up to (not including) the first
 * line that does not, and that line's error.
 */
export function replayPrefix(
  entries: readonly JournalEntry[],
  night: PlayedNight = emptyNight(),
): { night: PlayedNight; failure: ReplayError | null } {
  // Replayed onto a night already holding lines (R35, a live copy replayed as it grows): numbered after them.
  const before = night.entries.length;
  for (const [i, entry] of entries.entries()) {
    try {
      replayEntry(night, entry, before + i + 2);
    } catch (error) {
      if (error instanceof ReplayError) return { night, failure: error };
      throw error;
    }
  }
  return { night, failure: null };
}

/**
 * The engine's running chip counts must equal the ledger's fold (docs/design.md:
 * R24 in two places): the pot, every stack, and every total of chips crossing
 * the table's edge (bought in, cashed out, carried in and out).
 * @internal exported for tests only
 */
export function balancesMismatch(state: EngineState, ledger: Ledger): string | null {
  // Checked after every command and every replayed line: in place when they agree, which is always but for a bug.
  if (ledger.agreesWith(state)) return null;
  if (ledger.pot !== state.pot) return `the ledger's pot is ${ledger.pot} but the table's is ${state.pot}.`;
  for (const [id, chips] of Object.entries(state.stacks)) {
    const booked = ledger.stackOf(id);
    if (booked !== chips) return `the ledger gives ${id} ${booked} chips but the table ${chips}.`;
  }
  const books = ledger.balances();
  if (books.carriedIn !== state.carriedIn) return `the ledger carries ${books.carriedIn} chips in but the table ${state.carriedIn}.`;
  if (books.carriedOut !== state.carriedOut) return `the ledger carries ${books.carriedOut} chips out but the table ${state.carriedOut}.`;
  return totalMismatch('bought in', books.boughtIn, state.boughtIn) ?? totalMismatch('cashed out', books.cashedOut, state.cashedOut);
}

/** A player's total that differs between the ledger and the table (a player absent from one counts 0 there). */
function totalMismatch(what: string, booked: Readonly<Record<string, number>>, table: Readonly<Record<string, number>>): string | null {
  for (const id of new Set([...Object.keys(booked), ...Object.keys(table)])) {
    const inBooks = booked[id] ?? 0;
    const atTable = table[id] ?? 0;
    if (inBooks !== atTable) return `the ledger says ${id} ${what} ${inBooks} chips but the table ${atTable}.`;
  }
  return null;
}

/** The stacks of the players still at the table: one who cashed out has no stack to chart. */
export function stacksAtTable(state: EngineState): Record<string, number> {
  const stacks: Record<string, number> = {};
  for (const player of state.players) if (!player.left) stacks[player.id] = state.stacks[player.id] ?? 0;
  return stacks;
}
