import { z } from 'zod';
import { EXPENSE_DESCRIPTION_MAX, LAPTOP_NAME_MAX, NAME_MAX, nameLength } from './choices';
import type { CommandName } from './registry';
import { MAX_CHIP_VALUE, MAX_MINOR_AMOUNT } from './money';
import { LANGUAGES } from './preferences';
import { PAY_KINDS, payDetailsSchema } from './payDetails';
import { ruleSettingsSchema } from './settings';
import {
  groupPairJoinArgs,
  groupPeerClaimArgs,
  groupPeerFilesArgs,
  groupPeerNightLinesArgs,
  groupPeerPhonesArgs,
  groupUnpairArgs,
  takeOverNightArgs,
  handOverNightArgs,
  peerCredentialArgs,
} from './groupLan';
import { paymentSchema, settleModeSchema, type TableScreen } from './vocabulary';

/** The payment words, for modules that import them from here; declared in vocabulary.ts. */
export type { Payment } from './vocabulary';

/**
 * The arguments of every `window.api` method, checked in main before anything
 * runs (docs/design.md: every IPC message is schema-checked). Messages are written
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

export { /** @internal */ NAME_MAX, /** @internal */ nameLength } from './choices';

const playerName = z
  .string({ error: 'a name is text' })
  .trim()
  .min(1, 'a player needs a name')
  .refine((name) => nameLength(name) <= NAME_MAX, `names are at most ${NAME_MAX} characters`);

/** @internal exported for tests only */
export const newPlayerSchema = z.strictObject({
  /** A roster id to reuse, or absent for a new player. */
  id: playerId.optional(),
  name: playerName,
});

const startNightArgs = z.strictObject({
  players: z.array(newPlayerSchema).min(2, 'a night needs at least 2 players (R6)').max(12, 'at most 12 players'),
  startingChips: wholeChips('starting chips'),
  /** What one chip is worth, in whole minor units of `currency` (M1: 25 = 0.25 EUR; 0 = played for fun). */
  chipValue: z
    .number({ error: 'the chip value must be a whole number of minor units (cents)' })
    .int('the chip value must be a whole number of minor units (cents), e.g. 25 for 0.25 (M1)')
    .nonnegative('the chip value cannot be negative (M1)')
    .max(MAX_CHIP_VALUE, `the chip value is at most ${MAX_CHIP_VALUE} minor units (M1)`),
  currency: z.string().trim().max(8).default(''),
  settings: ruleSettingsSchema.default(ruleSettingsSchema.parse({})),
  /** M2: how the night's buy-ins and cash-outs are paid unless one says otherwise (the starting chips too). */
  payment: paymentSchema.default('credit'),
});

const stateArgs = z.strictObject({ stateId });

const cutArgs = z.strictObject({
  stateId,
  cut: z.number({ error: 'the cut must be a whole number' }).int('the cut must be a whole number').min(0, 'the cut is 0 or more'),
});

const aceCallArgs = z.strictObject({ stateId, call: z.enum(['low', 'high']) });

/** A bet is a whole number of chips, or `pot` for the whole pot (R17). */
const betAmount = z.union([z.literal('pot'), z.number({ error: 'a bet is a whole number of chips or "pot"' })], {
  error: 'a bet is a whole number of chips or "pot"',
});

const betArgs = z.strictObject({ stateId, amount: betAmount });

/** `paid` (M2): absent means the night's `payment`. */
const buyInArgs = z.strictObject({ stateId, playerId, amount: wholeChips('a buy-in'), paid: paymentSchema.optional() });

const cashOutArgs = z.strictObject({ stateId, playerId, paid: paymentSchema.optional() });

const correctBetArgs = z.strictObject({ stateId, amount: betAmount });

/** R29: a pair called higher or lower (`pair: high-low`). */
const pairCallArgs = z.strictObject({
  stateId,
  call: z.enum(['higher', 'lower'], { error: 'a pair is called "higher" or "lower"' }),
});

/** R31: a newcomer sits on the left of `afterPlayerId`, buying `buyIn` chips (the ante goes in at once). */
const seatPlayerArgs = z.strictObject({
  stateId,
  player: newPlayerSchema,
  afterPlayerId: playerId,
  buyIn: wholeChips('a buy-in'),
  paid: paymentSchema.optional(),
});

/** R31: between deals, `playerId` moves to sit on the left of `afterPlayerId`. */
const movePlayerArgs = z.strictObject({ stateId, playerId, afterPlayerId: playerId });

/** R32: sit a player out, or bring them back. */
const playerArgs = z.strictObject({ stateId, playerId });

const nightId = z.string({ error: 'a night id is text' }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'not a night id');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD');

/** @internal exported for tests only */
export const updatePlayerArgs = z.strictObject({
  playerId,
  name: playerName.optional(),
  /** A CSS hex colour such as #e0a030. */
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb')
    .optional(),
  initials: z.string().trim().min(1).max(3, 'initials are at most 3 letters').optional(),
  archived: z.boolean().optional(),
});

const nightArgs = z.strictObject({ nightId });

/**
 * R34 "Checking": an ended night's export for a phone to recompute, and the
 * phone asking (`checker`, 16 hex characters it keeps: its witness id when
 * it helped deal), so the table can say how many phones checked the night.
 */
const nightToCheckArgs = z.strictObject({
  nightId,
  checker: z
    .string({ error: 'the checker is 16 lower-case hex characters' })
    .regex(/^[0-9a-f]{16}$/, 'the checker is 16 lower-case hex characters'),
});

const standingsArgs = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  playerIds: z.array(playerId).max(64).optional(),
});

const exportNightArgs = z.strictObject({
  nightId,
  format: z.enum(['json', 'csv']),
  /** The JSON holds how each payee of the night's transfers likes to be paid only when the host asks (never by default). */
  payDetails: z.boolean({ error: 'payDetails is true or false' }).default(false),
});

/** A backup file is at most 64 MiB of JSON text. */
const restoreArgs = z.strictObject({
  content: z
    .string()
    .min(2)
    .max(64 * 1024 * 1024, 'a backup file is at most 64 MiB'),
  /** Replacing existing data must be confirmed. */
  replace: z.boolean().default(false),
});

const showOnTableArgs = z.strictObject({
  screen: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('live') }),
    z.strictObject({ kind: z.literal('standings') }),
    /** In the lobby the console sends the rules being chosen for tonight; during a night the night's own are shown. */
    z.strictObject({ kind: z.literal('rules'), settings: ruleSettingsSchema.optional() }),
    z.strictObject({ kind: z.literal('phones') }),
    z.strictObject({ kind: z.literal('night'), nightId }),
    /** M3: the running tab, who owes whom across nights. */
    z.strictObject({ kind: z.literal('tab') }),
  ]) satisfies z.ZodType<TableScreen>,
});

/** Which settle-up list both screens show (docs/design.md: what both screens show lives in main's view). */
const setSettleModeArgs = z.strictObject({
  mode: settleModeSchema,
  /** M3: the night settled this way (kept with the tab, used by the tab and the export); absent, only what the screens show changes. */
  nightId: nightId.optional(),
});
/** The host's language or sound preference; what is left out stays as it is. */
const updatePreferencesArgs = z.strictObject({
  language: z.enum(LANGUAGES, { error: `a language is one of ${LANGUAGES.join(', ')}` }).optional(),
  muted: z.boolean({ error: 'muted is true or false' }).optional(),
  fourColourDeck: z.boolean({ error: 'fourColourDeck is true or false' }).optional(),
  updateChecks: z.boolean({ error: 'updateChecks is true or false' }).optional(),
});
/** A storage notice the host has read (AppView.storageNotices). */
const dismissNoticeArgs = z.strictObject({
  id: z.string({ error: 'a notice id is text' }).min(1, 'a notice id is needed').max(64),
  /**
   * The host's answer to a journal cut short (docs/night-journal.md): keep
   * the index's figures for that night, or accept the shorter journal's; or
   * to a lost data-folder pointer: keep the folder in use, or use the other.
   */
  keep: z
    .enum(['index', 'journal', 'this-folder', 'other-folder'], {
      error: 'keep is "index" or "journal" (a journal cut short), or "this-folder" or "other-folder" (a lost data-folder pointer)',
    })
    .optional(),
});

/** M3: the running tab as a file, JSON (`in-between-tab/1`) or CSV. */
const exportTabArgs = z.strictObject({ format: z.enum(['json', 'csv'], { error: 'the tab is exported as "json" or "csv"' }) });

/** Night transfers (RunningTab.transfers ids) to mark paid or unpaid (M3). */
const markTransfersPaidArgs = z.strictObject({
  ids: z
    .array(z.string({ error: 'a transfer id is text' }).min(1).max(200))
    .min(1, 'name at least one transfer')
    .max(10_000),
  paid: z.boolean({ error: 'paid is true or false' }),
});

/** The most expenses one night keeps (M4): far more than any table's pizzas, and a bound on what a phone draws. */
export const EXPENSES_PER_NIGHT_MAX = 100;

/** The night an expense belongs to: absent means the night on the table (open, or ended and still shown). */
const expenseNight = nightId.optional();
const expenseId = z.string({ error: 'an expense id is text' }).min(1, 'an expense id is needed').max(64);

/** A shared expense (M4): who paid, how much in whole minor units, what for, and who shares it. */
const expenseFields = {
  payer: playerId,
  amount: z
    .number({ error: 'an expense is a whole number of minor units (cents) (M4)' })
    .int('an expense is a whole number of minor units (cents), e.g. 1250 for 12.50 (M4)')
    .positive('an expense is at least 1 minor unit (M4)')
    .max(MAX_MINOR_AMOUNT, `an expense is at most ${MAX_MINOR_AMOUNT} minor units (M4)`),
  description: z
    .string({ error: 'a description is text' })
    .trim()
    .refine((text) => nameLength(text) <= EXPENSE_DESCRIPTION_MAX, `a description is at most ${EXPENSE_DESCRIPTION_MAX} characters`)
    .default(''),
  sharers: z
    .array(playerId, { error: 'the sharers are a list of player ids' })
    .min(1, 'an expense is shared by at least one player (M4)')
    .max(64)
    .refine((ids) => new Set(ids).size === ids.length, 'a sharer is named twice'),
};

const addExpenseArgs = z.strictObject({ nightId: expenseNight, ...expenseFields });
/** The expense as it should now be: its shares are worked out again from the seating in force now (M4). */
const editExpenseArgs = z.strictObject({ nightId: expenseNight, expenseId, ...expenseFields });
const removeExpenseArgs = z.strictObject({ nightId: expenseNight, expenseId });
/** Let phones on the LAN watch (a read-only listener with the viewer link), or stop them all at once. */
const setPhoneAccessArgs = z.strictObject({ on: z.boolean({ error: 'on is true or false' }) });

/** One person under two roster names: `playerId` is counted as `intoPlayerId` (the name the host keeps). */
const mergePlayersArgs = z.strictObject({ playerId, intoPlayerId: playerId });
const unmergePlayerArgs = z.strictObject({ playerId });

/** A kept backup's id: its file name in the backups folder, nothing that could name another folder. */
const BACKUP_ID_PATTERN = /^in-between-dealer-backup-[0-9A-Za-z-]{1,80}\.json$/;
const restoreBackupArgs = z.strictObject({
  id: z.string({ error: 'a backup id is text' }).regex(BACKUP_ID_PATTERN, 'not a backup of the backups folder'),
  /** As `restore`: replacing existing data must be confirmed. */
  replace: z.boolean().default(false),
});

/** The folder the data moves to: a whole path, empty or not there yet. */
const moveDataArgs = z.strictObject({
  to: z.string({ error: 'a folder is text' }).trim().min(1, 'name the folder').max(1024, 'a folder path is at most 1024 characters'),
});
/** A group's name (docs/group.md). */
/** A player's payment details shared with the group (every laptop of it shows and may edit them), or no longer. */
const groupSharePayArgs = z.strictObject({
  party: playerId,
  share: z.boolean({ error: 'share is true or false' }),
});
/** docs/group.md "Keys that change": the laptop whose new key this laptop trusts (its old one lost). */
const trustLaptopKeyArgs = z.strictObject({
  laptopId: z.string({ error: 'a laptop id is text' }).regex(/^l-[0-9a-f]{16}$/, 'a laptop id is l- and 16 hex digits'),
});
const renameLaptopArgs = z.strictObject({
  name: z
    .string({ error: 'a laptop name is text' })
    .trim()
    .min(1, 'name the laptop')
    .max(LAPTOP_NAME_MAX, `a laptop name is at most ${LAPTOP_NAME_MAX} characters`)
    // One line: a name is shown in lists and notices, and signed between fixed lines (night/signature.ts laptopStatement).
    .refine((name) => !/\p{Cc}/u.test(name), 'a laptop name is one line of text, without tabs or line breaks'),
});
const groupCreateArgs = z.strictObject({
  name: z.string({ error: 'a group name is text' }).trim().min(1, 'name the group').max(60, 'a group name is at most 60 characters'),
});
/** The group folder a sync tool shares, or null to stop using one. */
const groupSetFolderArgs = z.strictObject({
  path: z
    .string({ error: 'a folder is text' })
    .trim()
    .min(1, 'name the folder')
    .max(1024, 'a folder path is at most 1024 characters')
    .nullable(),
});
/** A group file to merge in, by its path on this computer. */
const groupImportArgs = z.strictObject({
  path: z.string({ error: 'a file is text' }).trim().min(1, 'name the file').max(1024, 'a file path is at most 1024 characters'),
});
/**
 * How a party likes to be paid: a roster player by id, or `bank` (the host's
 * cash box, M2). The details replace the party's whole set; `{}` removes them.
 */
const setPayDetailsArgs = z.strictObject({
  party: playerId,
  pay: payDetailsSchema,
});

/** The kinds of payment detail the host turned off for a night (kept with its settle mode); absent night: the night on the table. */
const hidePayKindsArgs = z.strictObject({
  nightId: nightId.optional(),
  hidden: z
    .array(z.enum(PAY_KINDS, { error: `a kind of payment detail is one of ${PAY_KINDS.join(', ')}` }))
    .max(PAY_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'a kind is named twice'),
});

const noArgs = z.strictObject({});

/** The arguments of every command of the registry (registry.ts), by `window.api` method name. */
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
  pass: stateArgs,
  callPair: pairCallArgs,
  seatPlayer: seatPlayerArgs,
  movePlayer: movePlayerArgs,
  sitOut: playerArgs,
  comeBack: playerArgs,
  reopenNight: stateArgs,
  closeNight: stateArgs,
  updatePlayer: updatePlayerArgs,
  listNights: noArgs,
  getNight: nightArgs,
  getStandings: standingsArgs,
  verifyNight: nightArgs,
  getNightToCheck: nightToCheckArgs,
  exportNight: exportNightArgs,
  backup: noArgs,
  restore: restoreArgs,
  showOnTable: showOnTableArgs,
  setSettleMode: setSettleModeArgs,
  updatePreferences: updatePreferencesArgs,
  dismissNotice: dismissNoticeArgs,
  getTab: noArgs,
  markTransfersPaid: markTransfersPaidArgs,
  addExpense: addExpenseArgs,
  editExpense: editExpenseArgs,
  removeExpense: removeExpenseArgs,
  setPhoneAccess: setPhoneAccessArgs,
  newPhoneLink: noArgs,
  exportTab: exportTabArgs,
  mergePlayers: mergePlayersArgs,
  unmergePlayer: unmergePlayerArgs,
  listBackups: noArgs,
  restoreBackup: restoreBackupArgs,
  moveData: moveDataArgs,
  setPayDetails: setPayDetailsArgs,
  getPayDetails: noArgs,
  hidePayKinds: hidePayKindsArgs,
  groupCreate: groupCreateArgs,
  groupLeave: noArgs,
  groupSetFolder: groupSetFolderArgs,
  groupExport: noArgs,
  groupImport: groupImportArgs,
  groupSyncNow: noArgs,
  groupSharePay: groupSharePayArgs,
  groupNewLaptopId: noArgs,
  renameLaptop: renameLaptopArgs,
  rotateLaptopKey: noArgs,
  trustLaptopKey: trustLaptopKeyArgs,
  groupPairStart: noArgs,
  groupPairJoin: groupPairJoinArgs,
  groupUnpair: groupUnpairArgs,
  groupPeerClaim: groupPeerClaimArgs,
  groupPeerManifest: peerCredentialArgs,
  groupPeerFiles: groupPeerFilesArgs,
  groupPeerNightLines: groupPeerNightLinesArgs,
  groupPeerPhones: groupPeerPhonesArgs,
  takeOverNight: takeOverNightArgs,
  handOverNight: handOverNightArgs,
} as const satisfies { readonly [K in CommandName]: z.ZodType };

export type { CommandName };
export type CommandArgs<K extends CommandName> = z.input<(typeof commandArgs)[K]>;
export type ParsedCommandArgs<K extends CommandName> = z.output<(typeof commandArgs)[K]>;
export type BetAmount = z.output<typeof betAmount>;
