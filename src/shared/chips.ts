import { z } from 'zod';

/**
 * Why chips moved. Every ledger entry carries one (docs/design.md, TigerBeetle's
 * "code"); a reversal carries the code `reversal` and names what it reverses.
 */
export const CHIP_CODES = [
  'buy-in', // bank -> player: chips bought (R3, R6)
  'cash-out', // player -> bank: a player leaves early and takes their stack
  'ante', // player -> pot (R4, R5)
  'win', // pot -> player: third card between the posts (R18)
  'bet-lost', // player -> pot: third card outside (R18)
  'post-loss', // player -> pot: third card on a post (R18)
  'pair-win', // pot -> player (R15)
  'consecutive-loss', // player -> pot (R16)
  'pot-split', // pot -> player at the end of the night (R22)
  'carry-out', // pot -> bank: the pot carried to the next night (R22 carry)
  'carry-in', // bank -> pot: last night's carried pot seeds this one
  'reversal', // the opposite move of an earlier entry (R21 undo, correct, void)
] as const;
export const chipCodeSchema = z.enum(CHIP_CODES);
export type ChipCode = z.infer<typeof chipCodeSchema>;

/**
 * Where chips sit: a player's stack (`player:<id>`), the pot, or the bank (the
 * world outside the table: buy-ins come from it, cash-outs go to it).
 */
export type Account = 'pot' | 'bank' | `player:${string}`;
const PLAYER_ACCOUNT = /^player:.+$/;

/** Whether a value names an account: the ledger asks this of both ends of every chip move it posts or replays. */
export function isAccount(value: unknown): value is Account {
  return typeof value === 'string' && (value === 'pot' || value === 'bank' || PLAYER_ACCOUNT.test(value));
}

export const accountSchema = z.custom<Account>(isAccount, { message: 'an account is pot, bank or player:<id>' });

export function playerAccount(playerId: string): Account {
  return `player:${playerId}`;
}

/** One movement of chips, as the engine decides it (before the ledger numbers it). */
export interface ChipMove {
  code: ChipCode;
  /** The player the move is about (for a pot split, who receives), or null for table-wide moves. */
  player: string | null;
  /** Whole, positive number of chips (R3). */
  amount: number;
  from: Account;
  to: Account;
  /** For a reversal: the id of the entry it reverses. */
  reverses?: string;
}

export const ledgerEntrySchema = z.strictObject({
  id: z.string().min(1),
  seq: z.number().int().nonnegative(),
  code: chipCodeSchema,
  player: z.string().nullable(),
  amount: z.number().int().positive(),
  from: accountSchema,
  to: accountSchema,
  reverses: z.string().optional(),
  /** The turn the entry belongs to (1-based), or null for buy-ins and the like. */
  turn: z.number().int().positive().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * Which of a night's totals a move counts in (R24 counts the chips crossing
 * the table's edge): chips `in` from the bank (a buy-in, or a carried pot)
 * or `out` to it (a cash-out, or the pot carried to the next night), and the
 * table side they came to or left from (a player or the pot). A reversal
 * counts against the total of the move it reverses (`sign` -1): undoing a
 * cash-out takes it back from the chips cashed out, never adds a buy-in.
 * Null for chips that stay on the table (antes, bets, wins). The engine and
 * both ledger folds count with this one function, so they cannot disagree on it.
 */
export interface TableEdgeCrossing {
  direction: 'in' | 'out';
  /** The table side of the move: `pot`, or the player's account. */
  side: Exclude<Account, 'bank'>;
  sign: 1 | -1;
}

export function tableEdgeCrossing(move: { code: ChipCode; from: Account; to: Account }): TableEdgeCrossing | null {
  const sign = move.code === 'reversal' ? -1 : 1;
  // A reversal runs backwards: its `to` is where the original came from.
  const [source, target] = sign === 1 ? [move.from, move.to] : [move.to, move.from];
  if (source === 'bank' && target !== 'bank') return { direction: 'in', side: target, sign };
  if (target === 'bank' && source !== 'bank') return { direction: 'out', side: source, sign };
  return null;
}
