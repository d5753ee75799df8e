import { CHIP_CODES, isAccount, type ChipCode, type ChipMove, type LedgerEntry, type RuleId } from '../../shared';
import { playerOfAccount } from './balances';

type Side = 'bank' | 'pot' | 'player';

/**
 * Which way each code moves chips. The ledger refuses a move whose accounts do
 * not fit its code, because `boughtIn`, `cashedOut` and the carried pot are
 * read off the bank side of a move: a "win" paid from the bank would
 * otherwise quietly count as a buy-in.
 */
const CODE_SHAPES: Record<Exclude<ChipCode, 'reversal'>, readonly [Side, Side]> = {
  'buy-in': ['bank', 'player'],
  'cash-out': ['player', 'bank'],
  ante: ['player', 'pot'],
  win: ['pot', 'player'],
  'bet-lost': ['player', 'pot'],
  'post-loss': ['player', 'pot'],
  'pair-win': ['pot', 'player'],
  'consecutive-loss': ['player', 'pot'],
  'pot-split': ['pot', 'player'],
  'carry-out': ['pot', 'bank'],
  'carry-in': ['bank', 'pot'],
};

function sideOf(account: string): Side {
  return account === 'bank' || account === 'pot' ? account : 'player';
}

/** A short English description of a move for error messages. */
export function describeMove(move: Pick<ChipMove, 'code' | 'amount' | 'from' | 'to'>): string {
  return `${String(move.code)} of ${String(move.amount)} from ${String(move.from)} to ${String(move.to)}`;
}

export interface MoveProblem {
  message: string;
  rule: RuleId | null;
}

/**
 * What is wrong with a move on its own (reversals are checked against the
 * entry they reverse separately), or null when it is well-formed.
 */
export function moveProblem(move: ChipMove): MoveProblem | null {
  if (!Number.isSafeInteger(move.amount) || move.amount <= 0) {
    return { message: `chips are whole and positive (R3): the amount cannot be ${String(move.amount)}`, rule: 'R3' };
  }
  const message = shapeProblem(move);
  return message === null ? null : { message, rule: null };
}

function shapeProblem(move: ChipMove): string | null {
  if (!(CHIP_CODES as readonly string[]).includes(move.code)) return `unknown code "${String(move.code)}"`;
  for (const account of [move.from, move.to]) {
    if (!isAccount(account)) {
      return `"${String(account)}" is not an account (pot, bank or player:<id>)`;
    }
  }
  if (move.from === move.to) return `chips cannot move from ${move.from} to itself`;
  if (move.code === 'reversal') {
    if (typeof move.reverses !== 'string' || move.reverses === '') return 'a reversal must name the entry it reverses';
  } else {
    if (move.reverses !== undefined) return `only a reversal names an entry it reverses, not "${move.code}"`;
    const [from, to] = CODE_SHAPES[move.code];
    if (sideOf(move.from) !== from || sideOf(move.to) !== to) {
      return `"${move.code}" moves chips from the ${from} to the ${to}, not from ${move.from} to ${move.to}`;
    }
  }
  const playerSide = playerOfAccount(move.from) ?? playerOfAccount(move.to);
  if (move.player !== playerSide) {
    return playerSide === null
      ? `a move between the pot and the bank is about no player, but names "${String(move.player)}"`
      : `the move is about ${playerSide} but names player "${String(move.player)}"`;
  }
  return null;
}

/**
 * What is wrong with `move` as the reversal of `original`, or null when it is
 * its exact mirror. `alreadyReversed` says whether `original` was reversed before.
 */
export function reversalProblem(move: ChipMove, original: LedgerEntry, alreadyReversed: boolean): string | null {
  if (original.code === 'reversal') {
    return `entry "${original.id}" is itself a reversal and cannot be reversed; record the move again instead`;
  }
  if (alreadyReversed) return `entry "${original.id}" has already been reversed`;
  const mirror = reversalOf(original);
  if (move.amount !== mirror.amount || move.from !== mirror.from || move.to !== mirror.to || move.player !== mirror.player) {
    return `a reversal of "${original.id}" must move ${mirror.amount} from ${mirror.from} to ${mirror.to}`;
  }
  return null;
}

/**
 * The move that undoes `entry` (R21): same chips, the other way, naming what it reverses.
 * @internal exported for tests only
 */
export function reversalOf(entry: LedgerEntry): ChipMove {
  return {
    code: 'reversal',
    player: entry.player,
    amount: entry.amount,
    from: entry.to,
    to: entry.from,
    reverses: entry.id,
  };
}
