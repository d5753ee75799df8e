import { z } from 'zod';
import { isCardCode, type CardCode } from '../../shared/cards';
import { accountSchema, chipCodeSchema } from '../../shared/chips';
import { storedPayDetailsSchema } from '../../shared/payDetails';
import { ruleSettingsSchema } from '../../shared/settings';
import type { TurnView } from '../../shared/view';
import { PAYMENTS, SETTLE_MODES, type Payment, type SettleMode } from '../../shared/vocabulary';
import { foldEntries, settleUp } from '../ledger';
import { expenseViews, nightBalances } from './money';
import type { WitnessChange } from './format';
import { hostActions } from './hostActions';
import type { PlayedNight } from './play';
import type { EngineEvent } from '../engine';
import { seatingHistory } from './seating';

/**
 * The night export `in-between-night/5` (docs/export-format.md): everything a
 * player needs to check a night by hand, projected from its event log and its
 * chip ledger. Nothing here is stored; the export is rebuilt from the facts,
 * and its `record` (version 5) is the night's own signed journal, so a
 * stranger can check that the facts are the ones the laptop signed (R35).
 */
export const NIGHT_EXPORT_FORMAT = 'in-between-night/5';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'lowercase hex of 32 bytes');
const card = z.custom<CardCode>((value) => typeof value === 'string' && isCardCode(value), { message: 'a card code such as AS or TC' });
const chips = z.number().int().nonnegative();
const id = z.string().min(1);

/**
 * R35: the night's record, signed by the laptops that wrote it: the journal text as shared (docs/night-journal.md,
 * chained, its signature lines included) and each laptop that signed a line, with the public key it signed with.
 */
const exportedRecordSchema = z.strictObject({
  journal: z.string().min(1),
  laptops: z
    .array(
      z.strictObject({
        laptopId: z.string().regex(/^l-[0-9a-f]{16}$/, 'a laptop id is l- and 16 hex digits'),
        name: z.string(),
        publicKey: hex64,
      }),
    )
    .min(1),
});
export type ExportedRecord = z.infer<typeof exportedRecordSchema>;

/** R35: the words an export marks a deck lost in a takeover with (as the fairness report says it). */
const LOST_DECK_WORDS = 'unrevealed: its laptop was lost (R35)';

const exportedDeckSchema = z.strictObject({
  id,
  purpose: z.enum(['draw', 'play']),
  /** How many 52-card decks were shuffled together (R1). */
  decks: z.number().int().min(1).max(4),
  /** sha256(seed), shown before the cut (R9). */
  commitment: hex64,
  /** Revealed when the deck was retired (R12); null for a deck still in play. */
  seed: hex64.nullable(),
  /** R11; null for a draw deck (never cut) or a deck not cut yet. */
  cut: chips.nullable(),
  /** R35 *Taken over*: present on a deck retired unrevealed, its seed sealed on the laptop that was lost. */
  unrevealed: z.literal(LOST_DECK_WORDS).optional(),
  /** R35: with `unrevealed`, the cards it showed, in the order turned: they stand as recorded. */
  shown: z.array(card).optional(),
});

const witnessId = z.string().regex(/^[0-9a-f]{16}$/, '16 lowercase hex digits');

/**
 * R34: the cards drawn by the table: every shoe with the commitment it was
 * started under, and every draw with the values revealed, the witnesses
 * missing, r, j and the card. Null for a night played with shuffled decks.
 */
const exportedTableDrawsSchema = z.strictObject({
  shoes: z.array(
    z.strictObject({
      id,
      purpose: z.enum(['draw', 'play']),
      decks: z.number().int().min(1).max(4),
      /** Started mid-deal (R13) by the deal's witnesses, rather than at a deal's (or the draw's) commitment. */
      renewed: z.boolean(),
      /**
       * `new` (R34 *Chains that run out*, *A lost chain*): the head starts a new chain rather than continuing the
       * witness's old one. Absent in files written before it.
       */
      heads: z.array(z.strictObject({ id: witnessId, head: hex64, new: z.boolean().optional() })).min(1),
      fingerprint: hex64,
      /** R34 *A lost chain*: `laptop-chain-lost` for a commitment made because the laptop could no longer reveal; null for a deal's own. Absent in files written before it. */
      reason: z.literal('laptop-chain-lost').nullable().optional(),
      /**
       * R34 *Who was asked*: the phones that joined, were dropped, came back or left since the
       * last commitment (version 4; `[]` on a renewed shoe). Absent when the night's journal did not record them.
       */
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

const exportedTurnSchema = z.strictObject({
  n: z.number().int().positive(),
  deal: z.number().int().positive(),
  dealer: id,
  player: id,
  /** Every card turned in this turn, in order, redeals included (R14-R16, R18). */
  cards: z.array(z.strictObject({ deck: id, card })),
  aceCall: z.enum(['low', 'high']).nullable(),
  /**
   * R1 with R15/R16 `redeal`: the ace call of every pair of posts turned, in order (null where none was asked);
   * the last is the standing pair's, `aceCall`. Absent in files written before it.
   */
  aceCalls: z
    .array(z.enum(['low', 'high']).nullable())
    .min(1)
    .optional(),
  /** R29: a pair called `higher` or `lower`; null otherwise. Absent in /1 files. */
  call: z.enum(['higher', 'lower']).nullable().optional(),
  bet: z.number().int().positive().nullable(),
  /** R27: the largest bet allowed when the bet was asked; null when none was. Absent in /1 files. */
  limit: z.number().int().positive().nullable().optional(),
  /** Null only for a turn still in progress (an export of an open night). */
  outcome: z.enum(['win', 'lose', 'post', 'pair', 'consecutive', 'push', 'redeal', 'pass']).nullable(),
  /** R25 as shown before the bet; null when no bet was asked for. */
  odds: z.strictObject({ winners: chips, remaining: chips }).nullable(),
  potBefore: chips,
  potAfter: chips.nullable(),
  stackBefore: chips,
  stackAfter: chips.nullable(),
  void: z.boolean(),
  corrected: z.boolean(),
  /** How many ledger entries there were when the turn started (version 4): its deal's ante (R28) is before it, its own entries after. */
  atLedger: chips.optional(),
});

const exportedLedgerEntrySchema = z.strictObject({
  id,
  seq: chips,
  code: chipCodeSchema,
  player: z.string().nullable(),
  amount: z.number().int().positive(),
  from: accountSchema,
  to: accountSchema,
  reverses: z.string().nullable(),
  turn: z.number().int().positive().nullable(),
  /** M2: on buy-ins and cash-outs, how they were paid (`credit` on a cash-out: owed to the player). */
  paid: z.enum(PAYMENTS).optional(),
});

const seatingNowSchema = z.strictObject({ order: z.array(id), sittingOut: z.array(id) });
const placeFields = {
  /** How many turns had started when the host made it. */
  turnsBefore: chips,
  /** How many ledger entries there were: its own entries are `atLedger`, `atLedger + 1`, ... */
  atLedger: chips,
  /** The ids of the ledger entries it made, in order. */
  entries: z.array(id),
};

/** R3, R11, R21, R22, R31-R33, M4: one host action between turns, placed among the turns and the ledger (hostActions.ts). */
const exportedHostActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['seat', 'move', 'sit-out', 'come-back']), player: id, seating: seatingNowSchema, ...placeFields }),
  z.strictObject({ kind: z.enum(['buy-in', 'cash-out']), player: id, ...placeFields }),
  z.strictObject({
    kind: z.literal('undo'),
    undoes: z.enum(['buy-in', 'cash-out', 'turn', 'seating', 'other']),
    player: id.nullable(),
    seating: seatingNowSchema.nullable(),
    ...placeFields,
  }),
  z.strictObject({
    kind: z.literal('correction'),
    turn: z.number().int().positive(),
    betBefore: z.number().int().positive(),
    bet: z.number().int().positive(),
    ...placeFields,
  }),
  z.strictObject({ kind: z.literal('void'), turn: z.number().int().positive(), ...placeFields }),
  z.strictObject({ kind: z.literal('cut'), deck: id, cut: chips, by: id.nullable(), ...placeFields }),
  z.strictObject({
    kind: z.literal('expense'),
    change: z.enum(['add', 'edit', 'remove']),
    expense: id,
    seating: seatingNowSchema,
    ...placeFields,
  }),
  z.strictObject({ kind: z.literal('end'), dealer: id.nullable(), ...placeFields }),
  z.strictObject({ kind: z.literal('reopen'), ...placeFields }),
]);

/** R31, R32: the seating in force from turn `beforeTurn` on (docs/export-format.md `seating`). */
const exportedSeatingSchema = z.strictObject({
  beforeTurn: z.number().int().positive(),
  order: z.array(id),
  sittingOut: z.array(id),
});

export const nightExportSchema = z.strictObject({
  format: z.literal(NIGHT_EXPORT_FORMAT),
  night: z.strictObject({
    id,
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    /** Whole minor units of `currency` (M1): 25 is 0.25 EUR. Version 1 had a float in major units. */
    chipValue: z.number().int().nonnegative(),
    currency: z.string(),
    /** R33: how many times the night was reopened after it ended (0 in /1 files). */
    reopened: z.number().int().nonnegative().default(0),
  }),
  rules: ruleSettingsSchema,
  players: z.array(z.strictObject({ id, name: z.string().min(1), seat: z.number().int().nonnegative() })),
  /**
   * R31, R32: the seating over the night, the first entry at the draw
   * (seatingHistory in ./seating.ts). /1 files are read with one entry (they
   * had no seat changes); /2 files written before it have none.
   */
  seating: z.array(exportedSeatingSchema).min(1).optional(),
  decks: z.array(exportedDeckSchema),
  /** R34: the table's shoes and draws (`cards: table`); null otherwise, and in files read from /1 and /2. */
  table: exportedTableDrawsSchema.nullable(),
  draw: z.array(z.strictObject({ round: z.number().int().positive(), player: id, deck: id, card })),
  turns: z.array(exportedTurnSchema),
  ledger: z.array(exportedLedgerEntrySchema),
  /** Every host action between turns in the order made (version 4); absent in files read from /1 to /3. */
  hostActions: z.array(exportedHostActionSchema).optional(),
  final: z.strictObject({
    stacks: z.record(z.string(), chips),
    pot: chips,
    boughtIn: z.record(z.string(), chips),
    cashedOut: z.record(z.string(), chips),
    carriedIn: chips,
    carriedOut: chips,
  }),
  /**
   * M4: the night's shared expenses, money apart from the chips; their effect
   * is in `settlement.balances`. Absent in /1 files and in /2 files made
   * before expenses could be recorded (read as none).
   */
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
  /**
   * M2, M3: once the night has ended, each party's balance in minor units
   * (the bank as `bank`) and the transfers that square them in the night's
   * settle mode (`fewest`, or `banker`: every party with the bank), each
   * with its paid mark; null while the night is open (and in /1 files).
   */
  settlement: z
    .strictObject({
      mode: z.enum(SETTLE_MODES),
      balances: z.record(z.string(), z.number().int()),
      transfers: z.array(z.strictObject({ from: id, to: id, amount: z.number().int().positive(), paid: z.boolean() })),
    })
    .nullable()
    .default(null),
  /** How each party owed by `settlement.transfers` likes to be paid, only in files the host asked for with them. */
  payees: z.record(z.string(), storedPayDetailsSchema).optional(),
  /** R35 (version 5): the signed record of the night; null when it has none (made without a key, or shared before signing). */
  record: exportedRecordSchema.nullable(),
});

export type NightExport = z.infer<typeof nightExportSchema>;
type ExportedDeck = z.infer<typeof exportedDeckSchema>;
type ExportedTableDraws = z.infer<typeof exportedTableDrawsSchema>;
type ExportedTurn = z.infer<typeof exportedTurnSchema>;

/**
 * Projects a replayed night into the export: its turns as played, and the
 * decks and the draw from its events. Seeds of decks still in play stay
 * secret (R12).
 */
export function exportNight(
  night: Pick<PlayedNight, 'state' | 'events' | 'ledger' | 'turns' | 'entries'> & Partial<Pick<PlayedNight, 'payments' | 'expenses'>>,
  /** M3: whether the host marked a transfer of this night paid (none without it). */
  isPaid: (transfer: { from: string; to: string }) => boolean = () => false,
  /** M3: how the host chose to settle this night. */
  mode: SettleMode = 'fewest',
  /** R35: the night's signed record, made by the caller (this stays pure: no key, no file); null without one. */
  record: ExportedRecord | null = null,
): NightExport {
  const { state } = night;
  const ledger = night.ledger.entries;
  const decks = new Map<string, ExportedDeck>();
  const draw: NightExport['draw'] = [];
  const table: ExportedTableDraws = { shoes: [], draws: [] };

  // R34: each commitment's record of who came and went, in the order the shoes were committed (a renewed shoe has none of its own).
  const commitments = night.entries.flatMap((entry) => (entry.table ?? []).flatMap((step) => ('heads' in step ? [step] : [])));
  let committed = 0;
  for (const event of night.events) {
    switch (event.type) {
      case 'deck-shuffled':
      case 'deck-sealed':
        decks.set(event.deckId, {
          id: event.deckId,
          purpose: event.purpose,
          decks: event.copies,
          commitment: event.commitment,
          seed: null,
          cut: null,
        });
        break;
      case 'deck-cut':
        patchDeck(decks, event.deckId, { cut: event.cut });
        break;
      case 'deck-retired':
        patchDeck(decks, event.deckId, { seed: event.seed });
        break;
      case 'deck-lost':
        patchDeck(decks, event.deckId, { unrevealed: LOST_DECK_WORDS, shown: cardsTurnedFrom(night.events, event.deckId) });
        break;
      case 'shoe-started':
        table.shoes.push({
          id: event.deckId,
          purpose: event.purpose,
          decks: event.copies,
          renewed: event.renewed,
          heads: event.heads.map((w) => ({ id: w.id, head: w.head, new: event.newChains?.includes(w.id) ?? false })),
          fingerprint: event.fingerprint,
          reason: event.reason ?? null,
          ...witnessChangesOf(event.renewed ? { witnessChanges: [] } : commitments[committed++]),
        });
        break;
      case 'card-drawn':
        table.draws.push({
          k: event.k,
          shoe: event.deckId,
          reveals: event.reveals,
          missing: event.missing,
          r: event.r,
          j: event.j,
          card: event.card,
        });
        break;
      case 'draw-card':
        draw.push({ round: event.round, player: event.playerId, deck: event.deckId, card: event.card });
        break;
      default:
        break;
    }
  }

  // Where each turn started in the ledger (its deal's antes before it), so nothing between two turns has to be guessed.
  const turnStarts = new Map<number, number>();
  let entriesSoFar = 0;
  for (const event of night.events) {
    if (event.type === 'chips') entriesSoFar++;
    else if (event.type === 'turn-started') turnStarts.set(event.n, entriesSoFar);
  }

  const balances = foldEntries(ledger);
  const byPlayer = (values: Record<string, number>) => Object.fromEntries(state.players.map((p) => [p.id, values[p.id] ?? 0]));
  return {
    format: NIGHT_EXPORT_FORMAT,
    night: {
      id: state.nightId,
      startedAt: state.startedAt,
      endedAt: state.endedAt,
      chipValue: state.chipValue,
      currency: state.currency,
      reopened: state.reopened,
    },
    rules: state.settings,
    players: state.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat })),
    seating: seatingHistory(night.events),
    decks: [...decks.values()],
    table: state.settings.cards === 'table' ? table : null,
    draw,
    turns: night.turns.filter((t): t is TurnView => t !== undefined).map((t) => ({ ...exportTurn(t), atLedger: turnStarts.get(t.n) ?? 0 })),
    ledger: ledger.map((e) => ({
      id: e.id,
      seq: e.seq,
      code: e.code,
      player: e.player,
      amount: e.amount,
      from: e.from,
      to: e.to,
      reverses: e.reverses ?? null,
      turn: e.turn,
      ...(e.code === 'buy-in' || e.code === 'cash-out' ? { paid: night.payments?.get(e.id) ?? 'credit' } : {}),
    })),
    hostActions: hostActions(night.entries, night.events),
    final: {
      stacks: byPlayer(balances.stacks),
      pot: balances.pot,
      boughtIn: byPlayer(balances.boughtIn),
      cashedOut: byPlayer(balances.cashedOut),
      carriedIn: balances.carriedIn,
      carriedOut: balances.carriedOut,
    },
    expenses: expenseViews(night.expenses ?? []),
    settlement: settlementOf(night, isPaid, mode),
    record,
  };
}

function settlementOf(
  night: Pick<PlayedNight, 'state' | 'ledger'> & Partial<Pick<PlayedNight, 'payments' | 'expenses'>>,
  isPaid: (transfer: { from: string; to: string }) => boolean,
  mode: SettleMode,
): NightExport['settlement'] {
  const balances = nightBalances({
    state: night.state,
    ledger: night.ledger,
    payments: night.payments ?? new Map<string, Payment>(),
    expenses: night.expenses ?? [],
  });
  if (!balances) return null;
  return { mode, balances, transfers: settleUp(balances, mode).map((t) => ({ ...t, paid: isPaid(t) })) };
}

function witnessChangesOf(step: { witnessChanges?: WitnessChange[] } | undefined): { witnessChanges?: WitnessChange[] } {
  return step?.witnessChanges ? { witnessChanges: step.witnessChanges.map((c) => ({ ...c })) } : {};
}

/** R35: the cards turned from one deck, in order (the draw's and the turns'). */
function cardsTurnedFrom(events: readonly EngineEvent[], deckId: string): CardCode[] {
  return events.flatMap((e) => ((e.type === 'card-turned' || e.type === 'draw-card') && e.deckId === deckId ? [e.card] : []));
}

function patchDeck(decks: Map<string, ExportedDeck>, deckId: string, patch: Partial<ExportedDeck>): void {
  const deck = decks.get(deckId);
  if (!deck) throw new Error(`the log names deck ${deckId} before shuffling it`);
  decks.set(deckId, { ...deck, ...patch });
}

function exportTurn(turn: TurnView): ExportedTurn {
  return {
    n: turn.n,
    deal: turn.deal,
    dealer: turn.dealerId,
    player: turn.playerId,
    cards: turn.cards.map((c) => ({ deck: c.deck, card: c.card })),
    aceCall: turn.aceCall,
    aceCalls: [...turn.redealtAceCalls, turn.aceCall],
    call: turn.call,
    bet: turn.bet,
    limit: turn.limit,
    outcome: turn.outcome,
    odds: turn.odds ? { winners: turn.odds.winners, remaining: turn.odds.remaining } : null,
    potBefore: turn.potBefore,
    potAfter: turn.potAfter,
    stackBefore: turn.stackBefore,
    stackAfter: turn.stackAfter,
    void: turn.void,
    corrected: turn.corrected,
  };
}
