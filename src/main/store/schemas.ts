import { z } from 'zod';
import {
  ledgerEntrySchema,
  PAY_KINDS,
  PAYMENTS,
  preferencesSchema,
  ruleSettingsSchema,
  SETTLE_MODES,
  storedPayDetailsSchema,
} from '../../shared';
import { nightIdSchema, nightSummarySchema } from '../night/summary';

export { nightIdSchema };

/**
 * The files in the data folder, each a JSON object with a `format` naming what
 * it is and a `version` of that format. Older versions are migrated before
 * these schemas see them (migrations.ts). Unknown fields are dropped, except
 * in engine events, which the engine checks itself.
 */
export const FORMATS = {
  settings: 'in-between-dealer/settings',
  roster: 'in-between-dealer/roster',
  nights: 'in-between-dealer/nights',
  night: 'in-between-dealer/night',
  nightPart: 'in-between-dealer/night-part',
  notices: 'in-between-dealer/notices',
  tab: 'in-between-dealer/tab',
  aliases: 'in-between-dealer/aliases',
} as const;
export type FileKind = keyof typeof FORMATS;

/** The version each format is written in today. */
export const CURRENT_VERSION: Record<FileKind, number> = {
  settings: 2,
  roster: 2,
  nights: 2,
  night: 3,
  nightPart: 2,
  notices: 1,
  tab: 1,
  aliases: 1,
};

/** Times are ISO 8601 as written; not re-checked, since an odd timestamp is no reason to set a night aside. */
const isoTime = z.string().min(1);
const playerId = z.string().min(1);
const chips = z.number().int().nonnegative();
/** Money in whole minor units of the night's currency (M1); files of older versions held major-unit floats. */
const minorUnits = z.number().int();

const nightSetupSchema = z.object({
  playerIds: z.array(playerId),
  startingChips: z.number().int().positive(),
  chipValue: minorUnits.nonnegative(),
  currency: z.string(),
  settings: ruleSettingsSchema,
  /** M2: the night's default payment; absent in files from before it was kept (credit). */
  payment: z.enum(PAYMENTS).optional(),
});

/** @internal exported for tests only */
export const settingsFileSchema = z.object({
  format: z.literal(FORMATS.settings),
  version: z.literal(2),
  lastSetup: nightSetupSchema.nullable(),
  /** Chips carried from the last night's pot into the next one (R22 carry). */
  nextCarry: chips,
  /** The host's language and sound preference; absent in files written before it existed. */
  preferences: preferencesSchema.optional(),
  /** How the bank (the host's cash box, M2) likes to be paid; absent until the host says. */
  bankPay: storedPayDetailsSchema.optional(),
});

const rosterPlayerSchema = z.object({
  id: playerId,
  name: z.string().min(1),
  /** #rrggbb (roster version 2). */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb'),
  initials: z.string().min(1).max(3),
  archived: z.boolean(),
  /** How the player likes to be paid (all optional); never in the view, only a payee's in a settling up. */
  pay: storedPayDetailsSchema.optional(),
});

/** A roster player as the group shares them, payment details left out: another laptop's copy is checked with it before it counts here (group/groupDocs.ts). */
export const sharedPlayerSchema = rosterPlayerSchema.omit({ pay: true });

/** One player merged into another (history/aliases.ts), as kept here and as the group shares it. */
export const playerMergeSchema = z.object({ from: playerId, into: playerId, at: isoTime, wasArchived: z.boolean() });

/** @internal exported for tests only */
export const rosterFileSchema = z.object({
  format: z.literal(FORMATS.roster),
  version: z.literal(2),
  players: z.array(rosterPlayerSchema).refine((players) => new Set(players.map((p) => p.id)).size === players.length, {
    message: 'two roster players share an id',
  }),
});

/** @internal exported for tests only */
export const nightsFileSchema = z.object({
  format: z.literal(FORMATS.nights),
  version: z.literal(2),
  nights: z.array(nightSummarySchema),
});

/** An engine event as stored: the engine checks the rest of it when it replays the night. */
export const storedEventSchema = z.looseObject({ type: z.string().min(1) });

/**
 * A night's head file, as versions before the journal wrote it (now only read,
 * to move the night to a journal). A long night's history was split into parts
 * (`night-parts/<id>-<n>`), written once each; `parts` counts the parts that
 * belong to the night; `events` and `ledger` hold the tail that follows them.
 * @internal exported for tests only
 */
export const nightFileSchema = z.object({
  format: z.literal(FORMATS.night),
  version: z.literal(3),
  id: nightIdSchema,
  startedAt: isoTime,
  endedAt: isoTime.nullable(),
  parts: z.number().int().nonnegative(),
  events: z.array(storedEventSchema),
  ledger: z.array(ledgerEntrySchema),
});

/**
 * One closed part of a night's history, in order after the parts before it.
 * @internal exported for tests only
 */
export const nightPartFileSchema = z.object({
  format: z.literal(FORMATS.nightPart),
  version: z.literal(2),
  night: nightIdSchema,
  index: z.number().int().positive(),
  events: z.array(storedEventSchema),
  ledger: z.array(ledgerEntrySchema),
});

/** Storage notices the host has not dismissed yet: they survive a restart. */
const noticesFileSchema = z.object({
  format: z.literal(FORMATS.notices),
  version: z.literal(1),
  notices: z.array(
    z.object({
      id: z.string().min(1),
      kind: z.enum([
        'set-aside',
        'missing',
        'rebuilt',
        'short-journal',
        'future-backups',
        'unknown-merge',
        'data-location',
        'new-laptop-id',
      ]),
      file: z.string(),
      setAsideAs: z.string(),
      reason: z.string(),
      at: isoTime,
      shortJournal: z
        .object({
          night: z.string().min(1),
          turnsListed: chips,
          turnsFound: chips,
          awaitsChoice: z.boolean(),
          nothingLeft: z.boolean().optional(),
        })
        .optional(),
      dataFolders: z.object({ inUse: z.string().min(1), other: z.string() }).optional(),
      newLaptopId: z.object({ other: z.string(), moved: chips }).optional(),
      nightMoved: z
        .object({ night: z.string(), by: z.string(), line: z.number().int().positive(), after: chips, handed: z.boolean() })
        .optional(),
      copyCutBack: z
        .object({ night: z.string(), from: z.string(), by: z.string(), line: chips, after: z.number().int().positive() })
        .optional(),
    }),
  ),
});

/**
 * The running tab (M3): the ids of the night transfers marked paid, and how
 * each night is settled up when the host chose banker mode for it (a night
 * not listed settles with the fewest transfers). Files from before `modes`
 * have none: every night settled with the fewest transfers.
 */
const tabFileSchema = z.object({
  format: z.literal(FORMATS.tab),
  version: z.literal(1),
  paid: z.array(z.string().min(1)),
  modes: z.record(z.string().min(1), z.enum(SETTLE_MODES)).optional(),
  /** The kinds of payment detail the host turned off for a night, by night id; a night not listed shows them all. */
  hiddenPay: z.record(z.string().min(1), z.array(z.enum(PAY_KINDS))).optional(),
});

/**
 * One person under many names: each roster player merged into another, in
 * the order merged (history/aliases.ts). The journals are never edited;
 * this is what the leaderboard and the running tab apply. A player is
 * merged away once, and never into itself.
 */
const aliasesFileSchema = z.object({
  format: z.literal(FORMATS.aliases),
  version: z.literal(1),
  merges: z
    .array(playerMergeSchema)
    .refine((merges) => merges.every((m) => m.from !== m.into), { message: 'a player is merged into itself' })
    .refine((merges) => new Set(merges.map((m) => m.from)).size === merges.length, { message: 'a player is merged away twice' }),
});

export const FILE_SCHEMAS = {
  settings: settingsFileSchema,
  roster: rosterFileSchema,
  nights: nightsFileSchema,
  night: nightFileSchema,
  nightPart: nightPartFileSchema,
  notices: noticesFileSchema,
  tab: tabFileSchema,
  aliases: aliasesFileSchema,
} as const;

type SettingsFile = z.infer<typeof settingsFileSchema>;
/** A roster player as kept: the view's RosterPlayer and the payment details the view never carries. */
export type StoredRosterPlayer = z.infer<typeof rosterPlayerSchema>;
type NightFile = z.infer<typeof nightFileSchema>;
export type { NightSummary } from '../night/summary';

/** What the settings file holds, without its envelope. */
export type StoredSettings = Omit<SettingsFile, 'format' | 'version'>;
/** One night as the app uses it: the whole history, whatever parts it is stored in. */
export type StoredNight = Omit<NightFile, 'format' | 'version' | 'parts'>;
