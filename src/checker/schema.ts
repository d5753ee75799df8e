import { z } from 'zod';

/**
 * The night export `in-between-night/2` to `/5`, written from docs/export-format.md
 * alone (not the app's own schema), so the checker reads the file the way
 * anyone checking a night by hand would.
 */
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'lowercase hex of 32 bytes');
const card = z.string().regex(/^[2-9TJQKA][CDHS]$/, 'a card code such as AS or TC');
const chips = z.number().int().nonnegative();
const id = z.string().min(1);
const account = z.string().regex(/^(pot|bank|player:.+)$/, 'pot, bank or player:<id>');

/** The rule settings, the house ones taking their defaults when absent (an export's `rules`, a start line's `settings`). */
export const rulesSchema = z.strictObject({
  decks: z.number().int().min(1).max(4),
  ante: z.number().int().min(1),
  aceLowChoice: z.boolean(),
  pair: z.enum(['pays-2', 'pays-3', 'redeal', 'high-low']),
  consecutive: z.enum(['lose-minimum', 'push', 'redeal']),
  postPays: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  potAtEnd: z.enum(['split', 'carry']),
  pass: z.boolean().default(false),
  maxBet: z.number().int().min(1).nullable().default(null),
  firstRound: z.enum(['open', 'half-pot']).default('open'),
  anteWhen: z.enum(['empty-pot', 'every-deal']).default('empty-pot'),
  cards: z.enum(['deck', 'table']).default('deck'),
  revealWaitMs: z.number().int().min(100).max(10_000).default(1500),
});

const witnessId = z.string().regex(/^[0-9a-f]{16}$/, '16 lowercase hex digits');

/** R34: the shoes and draws of a night whose cards the table drew (`/3`). */
const tableDraws = z.strictObject({
  shoes: z.array(
    z.strictObject({
      id,
      purpose: z.enum(['draw', 'play']),
      decks: z.number().int().min(1).max(4),
      renewed: z.boolean(),
      /** `new`: the head starts a new chain (R34 *Chains that run out*, *A lost chain*); absent in files written before it. */
      heads: z.array(z.strictObject({ id: witnessId, head: hex64, new: z.boolean().default(false) })).min(1),
      fingerprint: hex64,
      /** R34 *A lost chain*: why this commitment replaced the one in force; absent or null for a deal's own. */
      reason: z.literal('laptop-chain-lost').nullable().default(null),
      witnessChanges: z
        .array(z.strictObject({ witness: witnessId, change: z.enum(['joined', 'dropped', 'came-back', 'left']), afterDraw: chips }))
        .optional(),
    }),
  ),
  draws: z.array(
    z.strictObject({
      k: z.number().int().positive(),
      shoe: id,
      reveals: z.array(z.strictObject({ id: witnessId, value: hex64 })).min(1),
      missing: z.array(witnessId),
      r: hex64,
      j: chips,
      card,
    }),
  ),
});

const turn = z.strictObject({
  n: z.number().int().positive(),
  deal: z.number().int().positive(),
  dealer: id,
  player: id,
  cards: z.array(z.strictObject({ deck: id, card })),
  aceCall: z.enum(['low', 'high']).nullable(),
  /** R1 with R15/R16 `redeal`: the call of every pair of posts turned, in order; absent in files written before it. */
  aceCalls: z.array(z.enum(['low', 'high']).nullable()).optional(),
  call: z.enum(['higher', 'lower']).nullable().optional(),
  bet: z.number().int().positive().nullable(),
  limit: z.number().int().positive().nullable().optional(),
  outcome: z.enum(['win', 'lose', 'post', 'pair', 'consecutive', 'push', 'redeal', 'pass']).nullable(),
  odds: z.strictObject({ winners: chips, remaining: chips }).nullable(),
  potBefore: chips,
  potAfter: chips.nullable(),
  stackBefore: chips,
  stackAfter: chips.nullable(),
  void: z.boolean(),
  corrected: z.boolean(),
  atLedger: chips.optional(),
});

const seatingNow = z.strictObject({ order: z.array(id), sittingOut: z.array(id) });
const place = { turnsBefore: chips, atLedger: chips, entries: z.array(id) };

/** `/4`: the host's actions between turns, in the order made, each placed among the turns and the ledger. */
const hostAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['seat', 'move', 'sit-out', 'come-back']), player: id, seating: seatingNow, ...place }),
  z.strictObject({ kind: z.enum(['buy-in', 'cash-out']), player: id, ...place }),
  z.strictObject({
    kind: z.literal('undo'),
    undoes: z.enum(['buy-in', 'cash-out', 'turn', 'seating', 'other']),
    player: id.nullable(),
    seating: seatingNow.nullable(),
    ...place,
  }),
  z.strictObject({
    kind: z.literal('correction'),
    turn: z.number().int().positive(),
    betBefore: z.number().int().positive(),
    bet: z.number().int().positive(),
    ...place,
  }),
  z.strictObject({ kind: z.literal('void'), turn: z.number().int().positive(), ...place }),
  z.strictObject({ kind: z.literal('cut'), deck: id, cut: chips, by: id.nullable(), ...place }),
  z.strictObject({ kind: z.literal('expense'), change: z.enum(['add', 'edit', 'remove']), expense: id, seating: seatingNow, ...place }),
  z.strictObject({ kind: z.literal('end'), dealer: id.nullable(), ...place }),
  z.strictObject({ kind: z.literal('reopen'), ...place }),
]);

const entry = z.strictObject({
  id,
  seq: chips,
  code: z.enum([
    'buy-in',
    'cash-out',
    'ante',
    'win',
    'bet-lost',
    'post-loss',
    'pair-win',
    'consecutive-loss',
    'pot-split',
    'carry-out',
    'carry-in',
    'reversal',
  ]),
  player: z.string().nullable(),
  amount: z.number().int().positive(),
  from: account,
  to: account,
  reverses: z.string().nullable(),
  turn: z.number().int().positive().nullable(),
  paid: z.enum(['cash', 'credit']).optional(),
});

export const checkedExportSchema = z.strictObject({
  format: z.enum(['in-between-night/2', 'in-between-night/3', 'in-between-night/4', 'in-between-night/5']),
  night: z.strictObject({
    id,
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    chipValue: chips,
    currency: z.string(),
    reopened: chips.default(0),
  }),
  rules: rulesSchema,
  players: z.array(z.strictObject({ id, name: z.string().min(1), seat: chips })),
  seating: z
    .array(z.strictObject({ beforeTurn: z.number().int().positive(), order: z.array(id), sittingOut: z.array(id) }))
    .min(1)
    .optional(),
  decks: z.array(
    z.strictObject({
      id,
      purpose: z.enum(['draw', 'play']),
      decks: z.number().int().min(1).max(4),
      commitment: hex64,
      seed: hex64.nullable(),
      cut: chips.nullable(),
      /** R35 *Taken over*: a deck retired unrevealed, its seed sealed on the laptop that was lost... */
      unrevealed: z.literal('unrevealed: its laptop was lost (R35)').optional(),
      /** ...and the cards it showed, in the order turned: its only cards. */
      shown: z.array(card).optional(),
    }),
  ),
  table: tableDraws.nullable().default(null),
  draw: z.array(z.strictObject({ round: z.number().int().positive(), player: id, deck: id, card })),
  turns: z.array(turn),
  ledger: z.array(entry),
  hostActions: z.array(hostAction).optional(),
  final: z.strictObject({
    stacks: z.record(z.string(), chips),
    pot: chips,
    boughtIn: z.record(z.string(), chips),
    cashedOut: z.record(z.string(), chips),
    carriedIn: chips,
    carriedOut: chips,
  }),
  expenses: z
    .array(
      z.strictObject({
        id,
        payer: id,
        amount: z.number().int().positive(),
        description: z.string(),
        sharers: z.array(id).min(1),
        shares: z.record(z.string(), z.number().int().nonnegative()),
      }),
    )
    .default([]),
  settlement: z
    .strictObject({
      mode: z.enum(['fewest', 'banker']),
      balances: z.record(z.string(), z.number().int()),
      transfers: z.array(z.strictObject({ from: id, to: id, amount: z.number().int().positive(), paid: z.boolean() })),
    })
    .nullable()
    .default(null),
  /**
   * `/5` (R35): the night's journal as its laptops signed it, and those laptops with their public keys; null when it
   * has no signed record. Absent before version 5. The journal's lines are read by record.ts.
   */
  record: z
    .strictObject({
      journal: z.string(),
      laptops: z.array(z.strictObject({ laptopId: z.string(), name: z.string(), publicKey: hex64 })),
    })
    .nullable()
    .optional(),
});

export type CheckedExport = z.infer<typeof checkedExportSchema>;
export type CheckedTurn = CheckedExport['turns'][number];
export type CheckedEntry = CheckedExport['ledger'][number];
export type CheckedRules = CheckedExport['rules'];
export type CheckedHostAction = NonNullable<CheckedExport['hostActions']>[number];
export type CheckedSeating = NonNullable<CheckedExport['seating']>[number];
