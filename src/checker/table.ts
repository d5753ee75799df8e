import type { Findings } from './findings';
import type { CheckedEntry } from './schema';

/**
 * The chips on the table as the ledger moves them (R3, R21, R24): stacks,
 * pot, and who has gone home with their chips. Reversals are checked
 * against what they reverse.
 */
export class ChipTable {
  stacks = new Map<string, number>();
  pot = 0;
  left = new Set<string>();
  /** Shared with trial copies, which only read them. */
  entries = new Map<string, CheckedEntry>();
  reversed = new Set<string>();

  constructor(private readonly ante: number) {}

  stack(id: string): number {
    return this.stacks.get(id) ?? 0;
  }

  clone(): ChipTable {
    const copy = new ChipTable(this.ante);
    copy.stacks = new Map(this.stacks);
    copy.pot = this.pot;
    copy.left = new Set(this.left);
    copy.entries = this.entries;
    copy.reversed = this.reversed;
    return copy;
  }

  /** Moves one entry's chips; with `f`, checks it (without, a trial move on a clone). */
  apply(entry: CheckedEntry, f: Findings | null): void {
    const turn = entry.turn;
    if (f) {
      if (this.entries.has(entry.id)) f.violation('R21', turn, 'ledger ids each used once', `${entry.id} twice`);
      this.entries.set(entry.id, entry);
      this.checkShape(entry, f);
    }
    if (entry.code === 'ante' && f && entry.player) {
      const owed = Math.min(this.ante, this.stack(entry.player));
      if (entry.amount !== owed)
        f.violation('R4', turn, `${entry.player} antes ${owed} (the ante or all they have)`, `ante ${entry.amount}`);
    }
    this.move(entry.from, -entry.amount, turn, f);
    this.move(entry.to, entry.amount, turn, f);
    const player = entry.player;
    if (!player) return;
    if (entry.code === 'cash-out') {
      if (f && this.stack(player) !== 0)
        f.violation('R3', turn, `${player} cashes out their whole stack`, `${this.stack(player)} chips left behind`);
      this.left.add(player);
    } else if (entry.code === 'buy-in') this.left.delete(player);
    else if (entry.code === 'reversal') {
      const original = this.entries.get(entry.reverses ?? '');
      if (original?.code === 'cash-out') this.left.delete(player);
    }
  }

  private move(account: string, amount: number, turn: number | null, f: Findings | null): void {
    if (account === 'bank') return;
    if (account === 'pot') {
      this.pot += amount;
      if (f && this.pot < 0) f.violation('R24', turn, 'a pot of at least 0', `pot ${this.pot}`);
      return;
    }
    const id = account.slice('player:'.length);
    const stack = this.stack(id) + amount;
    this.stacks.set(id, stack);
    if (f && stack < 0) f.violation('R3', turn, `${id} never pays more than their stack`, `stack ${stack}`);
  }

  private checkShape(entry: CheckedEntry, f: Findings): void {
    const turn = entry.turn;
    const player = entry.player ? `player:${entry.player}` : null;
    const shapes: Record<string, [string | null, string | null]> = {
      'buy-in': ['bank', player],
      'cash-out': [player, 'bank'],
      ante: [player, 'pot'],
      win: ['pot', player],
      'pair-win': ['pot', player],
      'pot-split': ['pot', player],
      'bet-lost': [player, 'pot'],
      'post-loss': [player, 'pot'],
      'consecutive-loss': [player, 'pot'],
      'carry-out': ['pot', 'bank'],
      'carry-in': ['bank', 'pot'],
    };
    if (entry.code === 'reversal') {
      const original = this.entries.get(entry.reverses ?? '');
      if (!original || original.seq >= entry.seq) {
        f.violation('R21', turn, 'a reversal of an earlier entry', `reversal ${entry.id} of ${entry.reverses ?? 'nothing'}`);
        return;
      }
      if (this.reversed.has(original.id)) f.violation('R21', turn, `entry ${original.id} reversed once`, 'reversed twice');
      this.reversed.add(original.id);
      if (original.amount !== entry.amount || original.from !== entry.to || original.to !== entry.from) {
        f.violation(
          'R21',
          turn,
          `reversal of ${original.id}: ${original.amount} from ${original.to} to ${original.from}`,
          `${entry.amount} from ${entry.from} to ${entry.to}`,
        );
      }
      return;
    }
    if (entry.reverses !== null)
      f.violation('R21', turn, `only reversals name an entry they reverse`, `${entry.code} reverses ${entry.reverses}`);
    const shape = shapes[entry.code];
    if (shape && (shape[0] !== entry.from || shape[1] !== entry.to)) {
      f.violation('R24', turn, `${entry.code} moves from ${shape[0]} to ${shape[1]}`, `from ${entry.from} to ${entry.to}`);
    }
  }
}
