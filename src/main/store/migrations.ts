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

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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

const REGISTRY: Record<FileKind, FormatMigrations> = {
  settings: { steps: {} },
  roster: { steps: { 0: rosterV0toV1, 1: rosterV1toV2 }, legacyVersion: (raw) => (Array.isArray(raw) ? 0 : undefined) },
  nights: { steps: {} },
  night: { steps: { 1: nightV1toV2 } },
  nightPart: { steps: {} },
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
