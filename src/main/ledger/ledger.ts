import { tableEdgeCrossing, type ChipMove, type LedgerEntry, type RuleId } from '../../shared';
import { playerOfAccount, type Balances } from './balances';
import { checkConservation } from './invariants';
import { describeMove, moveProblem, reversalProblem, type MoveProblem } from './moves';

export { /** @internal */ reversalOf } from './moves';

/** A refused ledger change or an unloadable ledger. The ledger is left as it was. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  /** The docs/rules.md rule that refuses it, when there is one (R24 conservation, R3 whole chips / stacks). */
  readonly rule: RuleId | null;
  constructor(message: string, rule: RuleId | null = null) {
    super(message);
    this.rule = rule;
  }
}

/** One move to append, with its retry-safe id and the turn it belongs to (null outside turns). */
export interface LedgerItem {
  id: string;
  move: ChipMove;
  turn: number | null;
}

/**
 * The running balances, updated entry by entry so an append costs the same on
 * the 5th turn as on the 500th. `Balances` snapshots are copied out of it.
 */
class BalanceSheet {
  pot = 0;
  carriedIn = 0;
  carriedOut = 0;
  readonly stacks = new Map<string, number>();
  readonly boughtIn = new Map<string, number>();
  readonly cashedOut = new Map<string, number>();

  /**
   * What `rollBack` restores: the totals when the batch began and each count
   * it changed, as it was (undefined: absent). A batch is staged on the sheet
   * itself and taken back when refused, rather than on a copy of the sheet per
   * command: a night replays hundreds of them.
   */
  #began = { pot: 0, carriedIn: 0, carriedOut: 0 };
  // A change log reused from batch to batch: its first #changes slots are this batch's. Emptying the arrays instead
  // (length = 0) gave their storage back, and every command grew three new ones.
  readonly #changedMaps: Map<string, number>[] = [];
  readonly #changedKeys: string[] = [];
  readonly #changedFrom: (number | undefined)[] = [];
  #changes = 0;

  /** Starts a batch that `rollBack` can take back whole. */
  begin(): void {
    const began = this.#began;
    began.pot = this.pot;
    began.carriedIn = this.carriedIn;
    began.carriedOut = this.carriedOut;
    this.#forget();
  }

  /** Takes back every change since `begin`, last first. */
  rollBack(): void {
    for (let i = this.#changes - 1; i >= 0; i--) {
      const map = this.#changedMaps[i] as Map<string, number>;
      const key = this.#changedKeys[i] as string;
      const was = this.#changedFrom[i];
      if (was === undefined) map.delete(key);
      else map.set(key, was);
    }
    ({ pot: this.pot, carriedIn: this.carriedIn, carriedOut: this.carriedOut } = this.#began);
    this.#forget();
  }

  /** Keeps the batch's changes. */
  keep(): void {
    this.#forget();
  }

  #forget(): void {
    this.#changes = 0;
  }

  /** Applies one entry; returns what it overdrew (a stack or the pot), or null. */
  apply(entry: LedgerEntry): MoveProblem | null {
    const { amount } = entry;
    const fromPlayer = playerOfAccount(entry.from);
    const toPlayer = playerOfAccount(entry.to);
    for (const p of [fromPlayer, toPlayer]) {
      if (p !== null && !this.stacks.has(p)) {
        this.#set(this.stacks, p, 0);
        this.#set(this.boughtIn, p, 0);
        this.#set(this.cashedOut, p, 0);
      }
    }
    if (fromPlayer !== null) this.#add(this.stacks, fromPlayer, -amount);
    if (toPlayer !== null) this.#add(this.stacks, toPlayer, amount);
    if (entry.from === 'pot') this.pot -= amount;
    if (entry.to === 'pot') this.pot += amount;

    // Chips crossing the table's edge (a reversal takes back from its original's total).
    const crossing = tableEdgeCrossing(entry);
    if (crossing) {
      const p = playerOfAccount(crossing.side);
      const delta = crossing.sign * amount;
      if (crossing.direction === 'in') {
        if (p !== null) this.#add(this.boughtIn, p, delta);
        else this.carriedIn += delta;
      } else if (p !== null) this.#add(this.cashedOut, p, delta);
      else this.carriedOut += delta;
    }

    const stack = fromPlayer === null ? 0 : (this.stacks.get(fromPlayer) ?? 0);
    if (stack < 0) {
      return { message: `player ${fromPlayer ?? ''} has only ${String(stack + amount)} chips (R3: never more than the stack)`, rule: 'R3' };
    }
    if (entry.from === 'pot' && this.pot < 0) return { message: `the pot holds only ${String(this.pot + amount)} chips`, rule: null };
    return null;
  }

  /** R24 without copying the balances out: whether chips in equal chips accounted for (checkConservation says how not). */
  conserves(): boolean {
    let cameIn = this.carriedIn;
    for (const chips of this.boughtIn.values()) cameIn += chips;
    let accounted = this.pot + this.carriedOut;
    for (const chips of this.stacks.values()) accounted += chips;
    for (const chips of this.cashedOut.values()) accounted += chips;
    return cameIn === accounted;
  }

  /**
   * Whether the table's counts (an engine state's) are these exactly, read in
   * place: every stack, each player's total bought in and cashed out (absent
   * counts 0), the pot and the carried chips.
   */
  agreesWith(table: TableCounts): boolean {
    if (table.pot !== this.pot || table.carriedIn !== this.carriedIn || table.carriedOut !== this.carriedOut) return false;
    for (const id in table.stacks) if (table.stacks[id] !== (this.stacks.get(id) ?? 0)) return false;
    return sameTotals(this.boughtIn, table.boughtIn) && sameTotals(this.cashedOut, table.cashedOut);
  }

  snapshot(): Balances {
    return {
      pot: this.pot,
      stacks: Object.fromEntries(this.stacks),
      boughtIn: Object.fromEntries(this.boughtIn),
      cashedOut: Object.fromEntries(this.cashedOut),
      carriedIn: this.carriedIn,
      carriedOut: this.carriedOut,
    };
  }

  #add(map: Map<string, number>, key: string, delta: number): void {
    this.#set(map, key, (map.get(key) ?? 0) + delta);
  }

  #set(map: Map<string, number>, key: string, chips: number): void {
    const at = this.#changes++;
    this.#changedMaps[at] = map;
    this.#changedKeys[at] = key;
    this.#changedFrom[at] = map.get(key);
    map.set(key, chips);
  }
}

/** The chip counts an engine state keeps beside the ledger (R24 in two places). */
export interface TableCounts {
  pot: number;
  carriedIn: number;
  carriedOut: number;
  stacks: Readonly<Record<string, number>>;
  boughtIn: Readonly<Record<string, number>>;
  cashedOut: Readonly<Record<string, number>>;
}

function sameTotals(booked: ReadonlyMap<string, number>, table: Readonly<Record<string, number>>): boolean {
  // By key, not by entry: after every replayed line, and each entry of a Map's for-of was an array to collect.
  for (const id of booked.keys()) if ((table[id] ?? 0) !== booked.get(id)) return false;
  for (const id in table) if ((booked.get(id) ?? 0) !== (table[id] ?? 0)) return false;
  return true;
}

function sameMove(entry: LedgerEntry, item: LedgerItem): boolean {
  const m = item.move;
  return (
    entry.code === m.code &&
    entry.player === m.player &&
    entry.amount === m.amount &&
    entry.from === m.from &&
    entry.to === m.to &&
    entry.reverses === m.reverses &&
    entry.turn === item.turn
  );
}

/** A move of a batch as a refusal names it (worded only when refused). */
function whereIn(index: number, item: LedgerItem): string {
  return `move ${index} (id "${String(item.id)}")`;
}

function toEntry(item: LedgerItem, seq: number): LedgerEntry {
  const { move } = item;
  return Object.freeze({
    id: item.id,
    seq,
    code: move.code,
    player: move.player,
    amount: move.amount,
    from: move.from,
    to: move.to,
    ...(move.reverses !== undefined ? { reverses: move.reverses } : {}),
    turn: item.turn,
  });
}

interface Staged {
  added: LedgerEntry[];
  reversed: string[];
}

/**
 * The append-only chip ledger of one night (docs/design.md, docs/rules.md R21, R24).
 * Entries are never edited or removed; a mistake is undone by a reversal.
 * Every change is all-or-nothing: a refused batch leaves entries and balances
 * exactly as they were.
 */
export class Ledger {
  readonly #entries: LedgerEntry[] = [];
  readonly #byId = new Map<string, LedgerEntry>();
  readonly #reversed = new Set<string>();
  readonly #sheet = new BalanceSheet();

  private constructor() {}

  static empty(): Ledger {
    return new Ledger();
  }

  /**
   * Rebuilds a ledger from stored entries, checking everything `append` would
   * (and seq numbers 0..n-1 in order), then R24 once more on the result.
   */
  static fromEntries(entries: readonly LedgerEntry[]): Ledger {
    const ledger = new Ledger();
    entries.forEach((entry, index) => {
      if (entry.seq !== index) {
        throw new LedgerError(`entry ${index} (id "${entry.id}") has seq ${entry.seq}; seq numbers must run 0, 1, 2, ... in order`);
      }
    });
    const items = entries.map((e) => ({
      id: e.id,
      move: {
        code: e.code,
        player: e.player,
        amount: e.amount,
        from: e.from,
        to: e.to,
        ...(e.reverses !== undefined ? { reverses: e.reverses } : {}),
      },
      turn: e.turn,
    }));
    ledger.#commit(ledger.#stage(items, 'refuse-repeats'));
    const broken = checkConservation(ledger.#sheet.snapshot());
    if (broken !== null) throw new LedgerError(`the loaded ledger breaks conservation: ${broken}`, 'R24');
    return ledger;
  }

  get entries(): readonly LedgerEntry[] {
    return this.#entries;
  }

  /** A copy of the current balances (kept incrementally, not re-folded). */
  balances(): Balances {
    return this.#sheet.snapshot();
  }

  /** The chips in the pot now, without copying the balances (checked after every command). */
  get pot(): number {
    return this.#sheet.pot;
  }

  /** A player's stack now, without copying the balances; 0 for a player with no entry. */
  stackOf(playerId: string): number {
    return this.#sheet.stacks.get(playerId) ?? 0;
  }

  /** Whether the engine's running counts equal this ledger's fold, without copying either (night/play.ts balancesMismatch words a difference). */
  agreesWith(table: TableCounts): boolean {
    return this.#sheet.agreesWith(table);
  }

  /** The entry with this id, if any. */
  get(id: string): LedgerEntry | undefined {
    return this.#byId.get(id);
  }

  /** Whether the entry with this id has been reversed. */
  isReversed(id: string): boolean {
    return this.#reversed.has(id);
  }

  /**
   * Appends a batch all-or-nothing and returns the entries it added. Items
   * whose id is already recorded with the same move are skipped (a retried
   * command appends nothing twice); the same id with a different move is
   * refused. Throws LedgerError, changing nothing, when any move is malformed,
   * would leave a stack or the pot below 0, or would break R24.
   */
  append(batch: readonly LedgerItem[]): LedgerEntry[] {
    const staged = this.#stage(batch, 'skip-repeats');
    // Checked in place after every command; the balances are copied out only to word a refusal.
    const broken = this.#sheet.conserves() ? null : checkConservation(this.#sheet.snapshot());
    if (broken !== null) {
      this.#sheet.rollBack();
      throw new LedgerError(`refused: ${broken}`, 'R24');
    }
    this.#commit(staged);
    return staged.added;
  }

  /** Checks a batch and applies it to the balances (taken back whole, and thrown, at the first problem); entries are kept by #commit. */
  #stage(batch: readonly LedgerItem[], repeats: 'skip-repeats' | 'refuse-repeats'): Staged {
    const sheet = this.#sheet;
    sheet.begin();
    try {
      return this.#stageOnSheet(sheet, batch, repeats);
    } catch (error) {
      sheet.rollBack();
      throw error;
    }
  }

  #stageOnSheet(sheet: BalanceSheet, batch: readonly LedgerItem[], repeats: 'skip-repeats' | 'refuse-repeats'): Staged {
    const added: LedgerEntry[] = [];
    const pending = new Map<string, LedgerEntry>();
    const reversed: string[] = [];
    for (let index = 0; index < batch.length; index++) {
      const item = batch[index] as LedgerItem;
      if (typeof item.id !== 'string' || item.id === '') throw new LedgerError(`move ${index}: an entry needs a non-empty id`);
      const known = this.#byId.get(item.id) ?? pending.get(item.id);
      if (known !== undefined) {
        if (repeats === 'refuse-repeats' || pending.has(item.id)) throw new LedgerError(`${whereIn(index, item)}: the id is used twice`);
        if (!sameMove(known, item)) {
          throw new LedgerError(`${whereIn(index, item)}: that id already records a different move (${describeMove(known)})`);
        }
        continue; // an idempotent retry of something already recorded
      }
      const { move } = item;
      const problem = moveProblem(move);
      if (problem !== null) throw new LedgerError(`${whereIn(index, item)}: ${problem.message}`, problem.rule);
      if (item.turn !== null && !(Number.isSafeInteger(item.turn) && item.turn > 0)) {
        throw new LedgerError(`${whereIn(index, item)}: the turn must be a whole number from 1, or null`);
      }
      if (move.code === 'reversal') {
        const target = move.reverses ?? '';
        const original = this.#byId.get(target) ?? pending.get(target);
        if (original === undefined) throw new LedgerError(`${whereIn(index, item)}: it reverses "${target}", which is not in the ledger`);
        const alreadyReversed = this.#reversed.has(target) || reversed.includes(target);
        const wrong = reversalProblem(move, original, alreadyReversed);
        if (wrong !== null) throw new LedgerError(`${whereIn(index, item)}: ${wrong}`);
        reversed.push(target);
      }
      const entry = toEntry(item, this.#entries.length + added.length);
      const overdrawn = sheet.apply(entry);
      if (overdrawn !== null) {
        throw new LedgerError(`${whereIn(index, item)}: ${describeMove(move)} refused: ${overdrawn.message}`, overdrawn.rule);
      }
      added.push(entry);
      pending.set(entry.id, entry);
    }
    return { added, reversed };
  }

  #commit(staged: Staged): void {
    for (const entry of staged.added) {
      this.#entries.push(entry);
      this.#byId.set(entry.id, entry);
    }
    for (const id of staged.reversed) this.#reversed.add(id);
    this.#sheet.keep();
  }
}
