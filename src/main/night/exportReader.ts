import { majorToMinorUnits } from '../../shared/money';
import { firstIssueText } from '../../shared/zodIssue';
import { NIGHT_EXPORT_FORMAT, nightExportSchema, type NightExport } from './export';

/**
 * Reads a night export of any version (docs/export-format.md) as the current
 * one, so a file written by an older app stays readable: `in-between-night/1`
 * is upcast (its chip value, a float in major units, becomes minor units
 * (M1); its turns gain `call` and `limit`, null as nothing was called or
 * capped then; its `seating` is one entry, the players in seat order, as
 * nobody changed seats or sat out then), `in-between-night/2` too (it gains
 * `table: null`: its cards came from shuffled decks, as R34 did not exist),
 * `in-between-night/3` as it is (it has no `hostActions`: when between
 * two turns the host acted is not in it, and the night checker says so),
 * and `in-between-night/4` with `record: null` (written before nights were
 * signed, R35), then checked by the same strict schema as a new file.
 * @internal exported for tests only
 */
export type ReadNightExport =
  | { ok: true; night: NightExport; upcastFrom: typeof VERSION_1 | typeof VERSION_2 | typeof VERSION_3 | typeof VERSION_4 | null }
  | { ok: false; problem: string };

const VERSION_1 = 'in-between-night/1';
const VERSION_2 = 'in-between-night/2';
const VERSION_3 = 'in-between-night/3';
const VERSION_4 = 'in-between-night/4';

/** @internal exported for tests only */
export function readNightExport(text: string): ReadNightExport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'the file is not JSON' };
  }
  if (!isObject(data)) return { ok: false, problem: 'a night export is a JSON object' };
  if (data.format === VERSION_1) {
    const upcast = upcastVersion1(data);
    if (typeof upcast === 'string') return { ok: false, problem: upcast };
    return checked(upcastVersion2(upcast), VERSION_1);
  }
  if (data.format === VERSION_2) return checked(upcastVersion2(data), VERSION_2);
  if (data.format === VERSION_3 || data.format === VERSION_4) {
    if ('record' in data) return { ok: false, problem: `record: a ${data.format} file has none (it came with ${NIGHT_EXPORT_FORMAT})` };
  }
  if (data.format === VERSION_3) {
    if ('hostActions' in data) return { ok: false, problem: `hostActions: a ${VERSION_3} file has none (they came with ${VERSION_4})` };
    return checked(upcastVersion3(data), VERSION_3);
  }
  if (data.format === VERSION_4) return checked(upcastVersion4(data), VERSION_4);
  if (data.format === NIGHT_EXPORT_FORMAT) return checked(data, null);
  return {
    ok: false,
    problem: `unknown format ${JSON.stringify(String(data.format)).slice(0, 60)}; this app reads ${VERSION_1}, ${VERSION_2}, ${VERSION_3}, ${VERSION_4} and ${NIGHT_EXPORT_FORMAT}`,
  };
}

function checked(
  data: unknown,
  upcastFrom: typeof VERSION_1 | typeof VERSION_2 | typeof VERSION_3 | typeof VERSION_4 | null,
): ReadNightExport {
  const parsed = nightExportSchema.safeParse(data);
  if (parsed.success) return { ok: true, night: parsed.data, upcastFrom };
  return { ok: false, problem: firstIssueText(parsed.error, 'not a night export') };
}

/** Version 1 as version 2, or why it cannot be. */
function upcastVersion1(data: Record<string, unknown>): Record<string, unknown> | string {
  const night = data.night;
  if (!isObject(night)) return 'night: a night export has a night object';
  const currency = typeof night.currency === 'string' ? night.currency : '';
  if (typeof night.chipValue !== 'number') return 'night.chipValue: a chip value is a number';
  const chipValue = majorToMinorUnits(night.chipValue, currency);
  if (chipValue === null) return `night.chipValue: ${night.chipValue} is not an amount of ${currency || 'money'}`;
  const turns = Array.isArray(data.turns)
    ? data.turns.map((turn: unknown) => (isObject(turn) ? { call: null, limit: null, ...turn } : turn))
    : data.turns;
  // Nobody changed seats or sat out before R31 and R32: the seating at the draw held all night.
  const players = Array.isArray(data.players) ? data.players.filter(isObject) : [];
  const order = [...players].sort((a, b) => Number(a.seat) - Number(b.seat)).map((p) => p.id);
  return { ...data, format: VERSION_2, night: { ...night, chipValue }, turns, seating: [{ beforeTurn: 1, order, sittingOut: [] }] };
}

/** Version 2 as version 3: no card was drawn by the table before R34 (a /2 file with a `table` field is not a /2 file, and is refused by the schema). */
function upcastVersion2(data: Record<string, unknown>): Record<string, unknown> {
  return upcastVersion3({ table: null, ...data });
}

/** Version 3 as version 4: the same fields, without version 4's `hostActions`. */
function upcastVersion3(data: Record<string, unknown>): Record<string, unknown> {
  return upcastVersion4(data);
}

/** Version 4 as version 5: no signed record (nights were not signed then, R35). */
function upcastVersion4(data: Record<string, unknown>): Record<string, unknown> {
  return { ...data, format: NIGHT_EXPORT_FORMAT, record: null };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
