import { z } from 'zod';
import { isCardCode, type CardCode } from '../../shared/cards';
import { accountSchema, chipCodeSchema } from '../../shared/chips';
import { ruleSettingsSchema } from '../../shared/settings';
import { ANNOUNCEMENT_KINDS } from '../../shared/vocabulary';

/**
 * Everything that happens in a night, as facts. The state is a fold of these
 * (evolve.ts), the night file stores them, and the export and history are
 * projections of them. Each command's events start with a `command` event.
 */

const card = z.custom<CardCode>((value) => typeof value === 'string' && isCardCode(value), {
  message: 'a card code such as AS or TC',
});
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const witnessId = z.string().regex(/^[0-9a-f]{16}$/);
const count = z.number().int().nonnegative();
const seat = z.number().int().nonnegative();

const chipMoveSchema = z.strictObject({
  code: chipCodeSchema,
  player: z.string().nullable(),
  amount: z.number().int().positive(),
  from: accountSchema,
  to: accountSchema,
  reverses: z.string().optional(),
});

const announcementSchema = z.strictObject({
  kind: z.enum(ANNOUNCEMENT_KINDS),
  playerId: z.string().nullable(),
  amount: count,
  playerIds: z.array(z.string()),
  moves: z.array(z.strictObject({ from: accountSchema, to: accountSchema, amount: count })),
});

const rotationSchema = z.strictObject({
  dealerSeat: seat.nullable(),
  dealNumber: count,
  dealNeedsDeck: z.boolean(),
  toActSeat: seat.nullable(),
});

const resume = z.enum(['draw', 'deal', 'continue-turn']).nullable();

export const engineEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('command'), stateId: count, name: z.string() }),
  z.strictObject({
    type: z.literal('night-started'),
    nightId: z.string().min(1),
    at: z.string(),
    settings: ruleSettingsSchema,
    players: z.array(z.strictObject({ id: z.string().min(1), name: z.string().min(1) })),
    /** Whole minor units of `currency` (M1); nights stored as major-unit floats are migrated on read (store/migrations.ts). */
    chipValue: z.number().int().nonnegative(),
    currency: z.string(),
    /** The engine revision the night is played by (flow.ts); absent in events written before revisions: 1. */
    revision: z.number().int().positive().optional(),
  }),
  z.strictObject({ type: z.literal('chips'), id: z.string().min(1), move: chipMoveSchema, turn: z.number().int().positive().nullable() }),
  z.strictObject({ type: z.literal('player-left'), playerId: z.string() }),
  z.strictObject({ type: z.literal('player-returned'), playerId: z.string() }),
  /** R31: a newcomer seated at `seat` (the seats from there on move one to the left), playing from deal `fromDeal`. */
  z.strictObject({
    type: z.literal('player-seated'),
    playerId: z.string().min(1),
    name: z.string().min(1),
    seat,
    fromDeal: count,
  }),
  /** R31: a player moved so that they sit at `seat` in the new order. */
  z.strictObject({ type: z.literal('player-moved'), playerId: z.string(), seat }),
  /** R21, R31: a newcomer's seating undone: they leave the table as if never seated (their chips were reversed first). */
  z.strictObject({ type: z.literal('player-unseated'), playerId: z.string() }),
  /** R32 */
  z.strictObject({ type: z.literal('player-sat-out'), playerId: z.string() }),
  z.strictObject({ type: z.literal('player-came-back'), playerId: z.string() }),
  /** R27 `half-pot`: the pot was made; these players each have a first turn to play. */
  z.strictObject({ type: z.literal('first-round'), waiting: z.array(z.string()) }),
  /** R33 */
  z.strictObject({ type: z.literal('night-reopened'), at: z.string() }),
  z.strictObject({
    type: z.literal('phase'),
    phase: z.enum(['draw', 'shuffle', 'cut', 'reveal', 'ready', 'ace-call', 'pair-call', 'bet', 'ended']),
    resume,
  }),
  z.strictObject({ type: z.literal('deck-needed'), purpose: z.enum(['draw', 'play']), resume }),
  z.strictObject({
    type: z.literal('deck-shuffled'),
    deckId: z.string(),
    purpose: z.enum(['draw', 'play']),
    copies: z.number().int().min(1).max(4),
    seed: hex64,
    commitment: hex64,
  }),
  z.strictObject({ type: z.literal('deck-cut'), deckId: z.string(), cut: count }),
  /**
   * R35: a deck shuffled on another laptop whose seed this one cannot open (a held copy of the night): known by its
   * commitment and, card by card, by what the journal's lines show; it never gives a card no line showed.
   */
  z.strictObject({
    type: z.literal('deck-sealed'),
    deckId: z.string(),
    purpose: z.enum(['draw', 'play']),
    copies: z.number().int().min(1).max(4),
    commitment: hex64,
  }),
  /** R35 *Taken over*: the deck in play is retired unrevealed (its seed stayed sealed on the laptop that was lost); its cards shown stand. */
  z.strictObject({ type: z.literal('deck-lost'), deckId: z.string() }),
  /** R34: a fresh shoe drawn from by the table, with the commitment of the witnesses' heads (`renewed`: started mid-deal, R13, with the deal's witnesses). */
  z.strictObject({
    type: z.literal('shoe-started'),
    deckId: z.string(),
    purpose: z.enum(['draw', 'play']),
    copies: z.number().int().min(1).max(4),
    heads: z.array(z.strictObject({ id: witnessId, head: hex64 })).min(1),
    fingerprint: hex64,
    renewed: z.boolean(),
    /** R34 *Chains that run out*: the witnesses whose head starts a new chain, not continuing the old one (absent: none). */
    newChains: z.array(witnessId).min(1).optional(),
    /** R34 *A lost chain*: the laptop could no longer reveal, so this commitment replaced the deal's (absent: a deal's own). */
    reason: z.literal('laptop-chain-lost').optional(),
  }),
  /** R34: the night's k-th card, drawn by the witnesses that revealed (`missing`: those that did not): r, its index j in the shoe, the card. */
  z.strictObject({
    type: z.literal('card-drawn'),
    deckId: z.string(),
    k: z.number().int().positive(),
    reveals: z.array(z.strictObject({ id: witnessId, value: hex64 })).min(1),
    missing: z.array(witnessId),
    r: hex64,
    j: count,
    card,
  }),
  z.strictObject({ type: z.literal('shoe-retired'), deckId: z.string() }),
  z.strictObject({ type: z.literal('deck-retired'), deckId: z.string(), seed: hex64 }),
  z.strictObject({ type: z.literal('draw-round'), round: z.number().int().positive(), contenders: z.array(z.string()) }),
  z.strictObject({ type: z.literal('draw-card'), round: z.number().int().positive(), playerId: z.string(), deckId: z.string(), card }),
  z.strictObject({ type: z.literal('dealer-chosen'), playerId: z.string() }),
  z.strictObject({
    type: z.literal('rotation'),
    dealerSeat: seat.nullable(),
    dealNumber: count,
    dealNeedsDeck: z.boolean(),
    toActSeat: seat.nullable(),
  }),
  z.strictObject({
    type: z.literal('turn-started'),
    n: z.number().int().positive(),
    deal: z.number().int().positive(),
    dealerId: z.string(),
    playerId: z.string(),
    potBefore: count,
    stackBefore: count,
  }),
  z.strictObject({ type: z.literal('card-turned'), deckId: z.string(), card, role: z.enum(['post', 'third']) }),
  z.strictObject({ type: z.literal('posts-redealt') }),
  z.strictObject({ type: z.literal('ace-called'), call: z.enum(['low', 'high']) }),
  z.strictObject({ type: z.literal('pair-called'), call: z.enum(['higher', 'lower']) }),
  z.strictObject({ type: z.literal('odds-shown'), winners: count, remaining: count }),
  z.strictObject({ type: z.literal('bet-placed'), amount: z.number().int().positive() }),
  z.strictObject({
    type: z.literal('turn-resolved'),
    outcome: z.enum(['win', 'lose', 'post', 'pair', 'consecutive', 'push', 'redeal', 'pass']),
    potAfter: count,
    stackAfter: count,
  }),
  z.strictObject({ type: z.literal('turn-voided'), n: z.number().int().positive() }),
  z.strictObject({
    type: z.literal('bet-corrected'),
    n: z.number().int().positive(),
    amount: z.number().int().positive(),
    potAfter: count,
    stackAfter: count,
  }),
  z.strictObject({
    type: z.literal('last-action'),
    kind: z.enum(['buy-in', 'cash-out', 'turn', 'seating', 'other']),
    turn: z.number().int().positive().nullable(),
    /** For a buy-in or cash-out: whose (a cash-out of 0 chips has no entry to name them). */
    playerId: z.string().optional(),
    entries: z.array(z.strictObject({ id: z.string(), move: chipMoveSchema })),
    /** For a cash-out that moved the turn on: the rotation before and after, so its undo gives the turn back (R21). */
    rotationChange: z.strictObject({ before: rotationSchema, after: rotationSchema }).optional(),
    /** For a seating change (R31, R32): what its undo (R21) puts back. */
    seating: z
      .strictObject({
        change: z.enum(['seat', 'move', 'sit-out', 'come-back']),
        playerId: z.string(),
        seatBefore: seat.optional(),
        stateId: count,
      })
      .optional(),
  }),
  z.strictObject({ type: z.literal('action-settled') }),
  z.strictObject({ type: z.literal('announce'), announcement: announcementSchema }),
  z.strictObject({ type: z.literal('night-ended'), at: z.string() }),
]);

export type EngineEvent = z.infer<typeof engineEventSchema>;
export type EventOf<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;
