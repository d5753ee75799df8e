import { z } from 'zod';
import { ruleSettingsSchema } from './settings';

/**
 * The arguments of every `window.api` method, checked in main before anything
 * runs (DESIGN.md: every IPC message is schema-checked). Messages are written
 * for the host: they say what is allowed.
 */

const stateId = z.number({ error: 'stateId must be a number' }).int().nonnegative();
const playerId = z.string({ error: 'a player id is text' }).min(1, 'a player id is needed').max(64);
const wholeChips = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of chips` })
    .int(`${what} must be a whole number of chips`)
    .positive(`${what} must be at least 1 chip`)
    .max(1_000_000, `${what} is more than 1,000,000 chips`);

export const newPlayerSchema = z.strictObject({
  /** A roster id to reuse, or absent for a new player. */
  id: playerId.optional(),
  name: z.string().trim().min(1, 'a player needs a name').max(32, 'names are at most 32 characters'),
});

export const startNightArgs = z.strictObject({
  players: z.array(newPlayerSchema).min(2, 'a night needs at least 2 players (R6)').max(12, 'at most 12 players'),
  startingChips: wholeChips('starting chips'),
  chipValue: z.number({ error: 'chip value must be a number' }).nonnegative().max(1_000_000).finite(),
  currency: z.string().trim().max(8).default(''),
  settings: ruleSettingsSchema.default(ruleSettingsSchema.parse({})),
});

export const stateArgs = z.strictObject({ stateId });

export const cutArgs = z.strictObject({
  stateId,
  cut: z.number({ error: 'the cut must be a whole number' }).int('the cut must be a whole number').min(0, 'the cut is 0 or more'),
});

export const aceCallArgs = z.strictObject({ stateId, call: z.enum(['low', 'high']) });

/** A bet is a whole number of chips, or `pot` for the whole pot (R17). */
export const betAmount = z.union([z.literal('pot'), z.number({ error: 'a bet is a whole number of chips or "pot"' })], {
  error: 'a bet is a whole number of chips or "pot"',
});

export const betArgs = z.strictObject({ stateId, amount: betAmount });

export const buyInArgs = z.strictObject({ stateId, playerId, amount: wholeChips('a buy-in') });

export const cashOutArgs = z.strictObject({ stateId, playerId });

export const correctBetArgs = z.strictObject({ stateId, amount: betAmount });

/** Every command the renderer may send, by `window.api` method name. */
export const commandArgs = {
  startNight: startNightArgs,
  drawForDealer: stateArgs,
  cut: cutArgs,
  deal: stateArgs,
  callAce: aceCallArgs,
  bet: betArgs,
  buyIn: buyInArgs,
  cashOut: cashOutArgs,
  undo: stateArgs,
  correctBet: correctBetArgs,
  voidTurn: stateArgs,
  endNight: stateArgs,
  closeNight: stateArgs,
} as const;

export type CommandName = keyof typeof commandArgs;
export type CommandArgs<K extends CommandName> = z.input<(typeof commandArgs)[K]>;
export type ParsedCommandArgs<K extends CommandName> = z.output<(typeof commandArgs)[K]>;
export type StartNightArgs = z.output<typeof startNightArgs>;
export type BetAmount = z.output<typeof betAmount>;
