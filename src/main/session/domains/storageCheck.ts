import type { RosterPlayer } from '../../../shared';
import { initialsOf, paletteColour } from '../../store/playerStyle';
import { DOCUMENT_NAMES, type DealerRepository } from '../../store/repository';

/**
 * What the app checks in its data folder at start: a document
 * that should be there and is not is reported, never silently replaced by an
 * empty one, and what can be rebuilt from the nights is rebuilt.
 */

/** The small documents every data folder in use has: settings, the roster, the nights index. */
const CORE_DOCUMENTS = [DOCUMENT_NAMES.settings, DOCUMENT_NAMES.roster, DOCUMENT_NAMES.nights] as const;
export type CoreDocument = (typeof CORE_DOCUMENTS)[number];

/**
 * The core documents missing from a folder that is in use. The first night
 * writes all three (settings, roster and index, with its night file), so in a
 * folder holding any of them, or any night, a missing one was lost: deleted,
 * or never restored. A fresh folder misses all of them and reports nothing.
 */
export function missingCoreDocuments(repo: DealerRepository): Set<CoreDocument> {
  const present = CORE_DOCUMENTS.filter((name) => repo.exists(name));
  const inUse = present.length > 0 || repo.listNightIds().length > 0;
  // A file set aside (or already found missing) is gone until its next save: its notice, still shown, says so.
  const reported = new Set(repo.notices.map((n) => n.file));
  return new Set(inUse ? CORE_DOCUMENTS.filter((name) => !present.includes(name) && !reported.has(repo.pathOf(name))) : []);
}

/** Why each missing core document matters, for its notice. */
export const MISSING_CONSEQUENCE: Record<CoreDocument, string> = {
  settings: 'it was not found: the setup of the last night is forgotten',
  roster: 'it was not found',
  'nights-index': 'it was not found: the list of nights is rebuilt from the night files',
};

/** One night as far as the roster is concerned: who sat at it, under which names. */
export interface NightPlayers {
  startedAt: string;
  /** Null when the night's file could not be read: only its index line names its players. */
  players: readonly { id: string; name: string }[] | null;
  playerIds: readonly string[];
}

const MAX_NAME = 32;

/**
 * A roster rebuilt from the nights (a damaged or deleted roster): everyone who
 * played, by id, under the name of their latest night. A player only an
 * unreadable night names keeps their id as a name, so no result is lost and
 * the host can rename them. Names stay unique (a roster's names are, ignoring
 * case): a repeat gets " (2)". Colours and initials are made as for new
 * players, by order of first appearance.
 */
export function rosterFromNights(nights: readonly NightPlayers[]): RosterPlayer[] {
  const names = new Map<string, string>();
  const ordered = [...nights].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const night of ordered) {
    for (const id of night.playerIds) if (!names.has(id)) names.set(id, id.slice(0, MAX_NAME));
    for (const player of night.players ?? []) names.set(player.id, player.name);
  }
  const taken = new Set<string>();
  return [...names].map(([id, wanted], position) => {
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = wanted.slice(0, MAX_NAME - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return { id, name, colour: paletteColour(position), initials: initialsOf(name), archived: false };
  });
}
