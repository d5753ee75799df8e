import { majorToMinorUnits } from '../../shared/money';
import { initialsOf, paletteColour } from './playerStyle';
import { CURRENT_VERSION, FORMATS, type FileKind } from './schemas';

/** A stored document that cannot be brought to the current version. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** Turns a document of version n into version n + 1 (throws MigrationError when it cannot). */
type Step = (doc: unknown) => unknown;

interface FormatMigrations {
  /** `steps[n]` migrates version n to n + 1. */
  steps: Partial<Record<number, Step>>;
  /**
   * The version of a document written before files carried a format and
   * version, or undefined when `raw` is no such legacy document.
   */
  legacyVersion?: (raw: unknown) => number | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Roster version 0, the first roster the app wrote: a bare JSON array of
 * `{ "id": string, "name": string }`, no envelope, no archived flag
 * (fixture: fixtures/roster-v0.json). Version 1 wraps it and adds
 * `archived: false`.
 */
function rosterV0toV1(doc: unknown): unknown {
  if (!Array.isArray(doc)) throw new MigrationError('a version 0 roster is a list of players');
  const players = doc.map((entry: unknown, index) => {
    if (!isObject(entry) || typeof entry.id !== 'string' || entry.id === '' || typeof entry.name !== 'string' || entry.name === '') {
      throw new MigrationError(`player ${index} of the version 0 roster has no id or no name`);
    }
    return { id: entry.id, name: entry.name, archived: false };
  });
  return { format: FORMATS.roster, version: 1, players };
}

/** Night version 1 kept the whole history in one file: it is a head with no parts. */
function nightV1toV2(doc: unknown): unknown {
  if (!isObject(doc)) throw new MigrationError('a version 1 night is a JSON object');
  return { ...doc, version: 2, parts: 0 };
}

/**
 * Roster version 1 -> 2 (fixture: fixtures/roster-v1.json): every player gets
 * a colour from the fixed palette by their position in the roster and
 * initials from their name, as a new player would.
 */
function rosterV1toV2(doc: unknown): unknown {
  if (!isObject(doc) || !Array.isArray(doc.players)) throw new MigrationError('a version 1 roster holds a list of players');
  const players = doc.players.map((entry: unknown, index) => {
    if (!isObject(entry) || typeof entry.name !== 'string') throw new MigrationError(`player ${index} of the version 1 roster has no name`);
    return { ...entry, colour: paletteColour(index), initials: initialsOf(entry.name) };
  });
  return { ...doc, version: 2, players };
}

/**
 * A chip value (or any amount of money) as older versions stored it, a float
 * in major units of `currency` (0.25 EUR), in whole minor units (25), as M1
 * wants it. Binary noise is ignored (0.29 * 100 is 28.999999999999996) and a
 * value finer than the currency's minor unit (0.125 EUR) is rounded to the
 * nearest unit, halves away from zero. The one conversion for every stored
 * document: settings, the nights index, night files, backups and journals
 * upcast from those files.
 * @internal exported for tests only
 */
export function chipValueToMinorUnits(old: number, currency: string): number {
  if (!Number.isFinite(old)) throw new MigrationError(`the amount ${old} is not a number`);
  const minor = majorToMinorUnits(old, currency);
  if (minor === null) throw new MigrationError(`the amount ${old} ${currency} is too large`);
  return minor;
}

/** `doc[key]` converted to minor units of `currency` when it is a number; anything else is left for the schema to judge. */
function toMinorField(doc: Record<string, unknown>, key: string, currency: unknown): Record<string, unknown> {
  const value = doc[key];
  if (typeof value !== 'number') return doc;
  return { ...doc, [key]: chipValueToMinorUnits(value, typeof currency === 'string' ? currency : '') };
}

/** Settings version 1 -> 2: the last night's chip value, a major-unit float, in minor units (M1). */
function settingsV1toV2(doc: unknown): unknown {
  if (!isObject(doc)) throw new MigrationError('version 1 settings are a JSON object');
  const lastSetup = isObject(doc.lastSetup) ? toMinorField(doc.lastSetup, 'chipValue', doc.lastSetup.currency) : doc.lastSetup;
  return { ...doc, version: 2, lastSetup };
}

/**
 * Nights index version 1 -> 2: each night's chip value in minor units (M1),
 * and each result's money recomputed from its chips, net chips x chip value,
 * so it is exact (version 1 kept it rounded to cents).
 */
function nightsV1toV2(doc: unknown): unknown {
  if (!isObject(doc) || !Array.isArray(doc.nights)) throw new MigrationError('a version 1 nights index holds a list of nights');
  const nights = doc.nights.map((night: unknown) => {
    if (!isObject(night)) return night;
    const converted = toMinorField(night, 'chipValue', night.currency);
    const chipValue = converted.chipValue;
    if (!Array.isArray(night.results)) return converted;
    const results = night.results.map((result: unknown) => {
      if (!isObject(result)) return result;
      if (typeof chipValue === 'number' && typeof result.netChips === 'number')
        return { ...result, netMoney: result.netChips * chipValue || 0 };
      return toMinorField(result, 'netMoney', night.currency);
    });
    return { ...converted, results };
  });
  return { ...doc, version: 2, nights };
}

/**
 * The events of a night or night part with the `night-started` event's chip
 * value in minor units of its currency (M1). Exported for backups, whose
 * nights carry their events without a version of their own.
 */
export function nightEventsToMinorUnits(events: unknown): unknown {
  if (!Array.isArray(events)) return events;
  return events.map((event: unknown) =>
    isObject(event) && event.type === 'night-started' ? toMinorField(event, 'chipValue', event.currency) : event,
  );
}

/** Night version 2 -> 3 and night part version 1 -> 2: chip values in minor units (M1). */
function eventsToMinorUnits(nextVersion: number): Step {
  return (doc: unknown) => {
    if (!isObject(doc)) throw new MigrationError('a night is a JSON object');
    return { ...doc, version: nextVersion, events: nightEventsToMinorUnits(doc.events) };
  };
}

const REGISTRY: Record<FileKind, FormatMigrations> = {
  settings: { steps: { 1: settingsV1toV2 } },
  roster: { steps: { 0: rosterV0toV1, 1: rosterV1toV2 }, legacyVersion: (raw) => (Array.isArray(raw) ? 0 : undefined) },
  nights: { steps: { 1: nightsV1toV2 } },
  night: { steps: { 1: nightV1toV2, 2: eventsToMinorUnits(3) } },
  nightPart: { steps: { 1: eventsToMinorUnits(2) } },
  notices: { steps: {} },
  tab: { steps: {} },
  aliases: { steps: {} },
};

/** The result of bringing a stored document up to date. */
export interface Migrated {
  value: unknown;
  /** The version the file was in; equal to the current one when nothing changed. */
  fromVersion: number;
}

/**
 * Brings a raw document of `kind` to the current version, step by step,
 * before its schema is checked. Throws MigrationError for a document of
 * another format, of an unknown or newer version, or one a step refuses.
 */
export function migrate(kind: FileKind, raw: unknown): Migrated {
  const current = CURRENT_VERSION[kind];
  const { steps, legacyVersion } = REGISTRY[kind];
  let version = legacyVersion?.(raw);
  if (version === undefined) {
    if (!isObject(raw)) throw new MigrationError(`expected a JSON object holding ${FORMATS[kind]}`);
    if (raw.format !== FORMATS[kind]) {
      throw new MigrationError(`expected format "${FORMATS[kind]}", found ${JSON.stringify(raw.format ?? null)}`);
    }
    if (typeof raw.version !== 'number' || !Number.isInteger(raw.version) || raw.version < 0) {
      throw new MigrationError(`the version must be a whole number, found ${JSON.stringify(raw.version ?? null)}`);
    }
    version = raw.version;
  }
  if (version > current) {
    throw new MigrationError(`written by a newer version of the app (format version ${version}; this one reads up to ${current})`);
  }
  const fromVersion = version;
  let value = raw;
  for (; version < current; version++) {
    const step = steps[version];
    if (step === undefined) throw new MigrationError(`no migration from version ${version} of ${FORMATS[kind]}`);
    value = step(value);
  }
  return { value, fromVersion };
}
