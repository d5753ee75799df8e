import { z } from 'zod';
import { LAPTOP_WITNESS } from './tableDraw';

/**
 * The wire contract between the host and a phone that helps deal (docs/rules.md
 * R34, docs/table-draw.md "The witness protocol"). It rides on the phones'
 * WebSocket (wire.ts) beside the view:
 *
 * - phone -> host: two requests, `helpDeal` and `revealDraws`, sent as any
 *   request `{id, method, args}` and answered with a `reply` (ApiResult).
 *   They are not commands of the registry: they change no chip, seat or turn,
 *   only the `phone` role may send them, and every command of the registry a
 *   phone may not send stays refused by role.
 * - host -> phone: `{type: 'witness', message}` pushes, `message` one of
 *   `reveal-request` (send these values now) and `witness-status` (what the
 *   phone is to the table now).
 *
 * Both sides parse what they receive with the schemas below.
 */

/** A witness id: 16 lower-case hex characters (never the laptop's for a phone). */
const witnessIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'a witness id is 16 lower-case hex characters');
const phoneWitnessId = witnessIdSchema.refine((id) => id !== LAPTOP_WITNESS, "0000000000000000 is the laptop's witness id");
/** A chain value or head: 64 lower-case hex characters (32 bytes). */
const linkHexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a chain value is 64 lower-case hex characters');
const nightIdSchema = z.string().min(1, 'the night id is needed').max(100);
/** A request number the host gave a reveal request; the answer names it. */
const requestNumber = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The most values one reveal request asks for (one command draws a few cards at most: posts, a redeal, the draw for dealer). */
const MAX_REVEALS_PER_REQUEST = 64;

// ---------------------------------------------------------------- phone -> host

/** The two requests a phone may send about dealing; nothing else it sends changes anything. */
export const WITNESS_METHODS = ['helpDeal', 'revealDraws'] as const;
export type WitnessMethod = (typeof WITNESS_METHODS)[number];

export function isWitnessMethod(name: unknown): name is WitnessMethod {
  return typeof name === 'string' && (WITNESS_METHODS as readonly string[]).includes(name);
}

/**
 * "Help deal": this phone offers its chain for the open night. Sent on the
 * tap, and again after every (re)connection while the phone keeps helping
 * (a reload, a new socket): the same `witness` and its head now.
 */
export const helpDealArgs = z.strictObject({
  /** The open night's id (the view's `night.id`): a chain is made for one night. */
  night: nightIdSchema,
  /** The id the phone keeps for this night (16 hex, random, never the laptop's). */
  witness: phoneWitnessId,
  /** The phone's head now: x(w,0), or the last value it revealed. */
  head: linkHexSchema,
});
export type HelpDealArgs = z.infer<typeof helpDealArgs>;

/**
 * The answer's `data` to `helpDeal`. `witness` is the id the host records:
 * the one sent, or, when that id is taken tonight by another chain, a fresh
 * one the phone must keep from now on (across reloads) in its place.
 */
export const helpDealAnswer = z.strictObject({
  witness: witnessIdSchema,
  /** The head the host holds for this witness (the one sent, unless the phone is already a witness of the deal in play). */
  head: linkHexSchema,
  /** `deal`: a witness of the deal in play (a reconnection); `next-deal`: from the next deal's commitment on. */
  from: z.enum(['deal', 'next-deal']),
});
export type HelpDealAnswer = z.infer<typeof helpDealAnswer>;

/** The values asked by a `reveal-request`, in order: values[0] hashes to its head, values[i] to values[i-1]. */
export const revealDrawsArgs = z.strictObject({
  night: nightIdSchema,
  witness: phoneWitnessId,
  /** The `request` of the reveal request answered. */
  request: requestNumber,
  values: z.array(linkHexSchema).min(1).max(MAX_REVEALS_PER_REQUEST),
});
export type RevealDrawsArgs = z.infer<typeof revealDrawsArgs>;

/** The answer's `data` to `revealDraws` that was in time and true: the values will be used for those draws. */
export interface RevealDrawsAnswer {
  accepted: true;
}

// ---------------------------------------------------------------- host -> phone

/**
 * Send the next `count` values of the chain, for the night's draws k ..
 * k + count - 1, at once: the card(s) are about to be turned. `head` is the
 * phone's head as the host holds it; the phone answers only if `head` is its
 * head now or a value it already revealed (the same request asked again),
 * never with a value further down than asked. Answers after `waitMs` are
 * too late: that draw goes on without this phone.
 */
const revealRequest = z.strictObject({
  kind: z.literal('reveal-request'),
  night: nightIdSchema,
  witness: witnessIdSchema,
  request: requestNumber,
  head: linkHexSchema,
  k: z.number().int().positive(),
  count: z.number().int().min(1).max(MAX_REVEALS_PER_REQUEST),
  waitMs: z.number().int().positive(),
});
export type RevealRequest = z.infer<typeof revealRequest>;

/**
 * What the phone is to the table now: `next-deal` (joined, a witness from the
 * next deal's commitment), `witness` (its head is in the deal in play's
 * commitment), `dropped` (it missed MISSES_BEFORE_DROPPED draws in a row and
 * is no witness from the next deal; `helpDeal` again joins it back).
 */
const witnessStatus = z.strictObject({
  kind: z.literal('witness-status'),
  night: nightIdSchema,
  witness: witnessIdSchema,
  status: z.enum(['next-deal', 'witness', 'dropped']),
  /** Draws missed in a row up to now. */
  missedInARow: z.number().int().nonnegative(),
});
export type WitnessStatus = z.infer<typeof witnessStatus>;

export const witnessPush = z.discriminatedUnion('kind', [revealRequest, witnessStatus]);
export type WitnessPush = z.infer<typeof witnessPush>;

/** R34: a phone missing this many draws in a row stops being a witness from the next deal. */
export const MISSES_BEFORE_DROPPED = 3;
