import { z } from 'zod';
import { PAYMENTS, SETTLE_MODES } from './choices';
import type { RuleSettings } from './ruleChoices';

/**
 * The word lists main, the screens and the files on disk share, each declared
 * once here (a zod enum and its type) and imported everywhere else. The
 * values are wire and stored values: journals, documents and backups written
 * before must read as before, so a value here is never renamed.
 *
 * Imports nothing of the contract, so commands.ts, history.ts and view.ts can
 * all import it without importing each other.
 */

/**
 * How a buy-in or a cash-out was paid (M2): `cash` into or out of the bank
 * (the host's cash box), or `credit` (a buy-in owed, a cash-out owed to the player).
 */
// The lists themselves live in choices.ts (no zod), so the phone page can read them without the schema library.
export { PAYMENTS, SETTLE_MODES };
export const paymentSchema = z.enum(PAYMENTS, { error: 'paid is "cash" or "credit" (M2)' });
export type Payment = z.infer<typeof paymentSchema>;

/** How a night is settled up (M3): the fewest transfers, or every party with the bank (banker mode). */
export const settleModeSchema = z.enum(SETTLE_MODES, { error: 'the settle-up mode is "fewest" or "banker"' });
export type SettleMode = z.infer<typeof settleModeSchema>;

/** A transfer that squares a night: `from` pays `to` an amount of money (minor units). */
export interface Transfer {
  from: string;
  to: string;
  amount: number;
}

/** What the table screen (the TV) shows; `night` names the night it shows (TableScreen). */
type TableScreenKind = 'live' | 'standings' | 'rules' | 'phones' | 'night' | 'tab';
export type TableScreen =
  | { kind: Exclude<TableScreenKind, 'night' | 'rules'> }
  /** The rules; `settings` when the lobby shows the rules being chosen for tonight. */
  | { kind: 'rules'; settings?: RuleSettings }
  | { kind: 'night'; nightId: string };

/** What the table is told after an action (view.ts Announcement); the screens word each kind. */
export const ANNOUNCEMENT_KINDS = [
  'night-started',
  'ante',
  're-ante',
  'dealer-chosen',
  'draw-tie',
  'new-deal',
  'deck-retired',
  'win',
  'lose',
  'post',
  'pair',
  'consecutive',
  'push',
  'redeal',
  'pass',
  'pair-called',
  'player-seated',
  'player-moved',
  'sat-out',
  'came-back',
  'night-reopened',
  'buy-in',
  'cash-out',
  'undo',
  'corrected',
  'voided',
  'pot-split',
  'pot-carried',
  'night-ended',
  'night-moved',
] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
