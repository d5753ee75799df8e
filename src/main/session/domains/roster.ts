import { commandError, type CommandError, type ParsedCommandArgs, type RosterPlayer } from '../../../shared';
import type { StoredRosterPlayer } from '../../store/schemas';
import { initialsOf, paletteColour } from '../../store/playerStyle';
import { mergePlayers, unmergePlayer, type MergeOutcome } from './playerMerges';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';

export type RosterCommand = 'updatePlayer' | 'mergePlayers' | 'unmergePlayer';

export function rosterHandlers(state: SessionState): HandlerMap<RosterCommand> {
  return {
    updatePlayer: (args) => updatePlayer(state, args),
    mergePlayers: (args) => applyMerge(state, mergePlayers(mergeContext(state), args)),
    unmergePlayer: (args) => applyMerge(state, unmergePlayer(mergeContext(state), args)),
  };
}

type Wanted = { id?: string | undefined; name: string };
type Refusal = { ok: false; error: CommandError };

/** The players a command names (findOrAddPlayer), with the new ones to add to the roster. */
export function findOrAddPlayers(
  state: SessionState,
  wanted: readonly Wanted[],
): { ok: true; players: RosterPlayer[]; added: RosterPlayer[] } | Refusal {
  const players: RosterPlayer[] = [];
  const added: RosterPlayer[] = [];
  for (const one of wanted) {
    const found = findOrAddPlayer(state, one, added);
    if (!found.ok) return found;
    if (found.isNew) added.push(found.player);
    players.push(found.player);
  }
  return { ok: true, players, added };
}

/**
 * A player a command names: by roster id (refused if the roster has none),
 * or by name, found in the roster or made new (`isNew`, not yet written)
 * with the next colour after the roster and `alsoAdded`.
 */
export function findOrAddPlayer(
  state: SessionState,
  one: Wanted,
  alsoAdded: readonly RosterPlayer[] = [],
): { ok: true; player: RosterPlayer; isNew: boolean } | Refusal {
  const known = one.id
    ? state.roster.find((p) => p.id === one.id)
    : state.roster.find((p) => p.name.toLowerCase() === one.name.toLowerCase());
  if (one.id && !known)
    return refused(commandError('unknown-player', `There is no player "${one.id}" in the roster.`, undefined, { player: one.id }));
  if (known) return { ok: true, player: known, isNew: false };
  return { ok: true, player: newPlayer(state, one.name, state.roster.length + alsoAdded.length, alsoAdded), isNew: true };
}

/** The roster with `added` players written before any night names them; refused (with `failure`) if the disk refuses. */
export function addToRoster(state: SessionState, added: readonly RosterPlayer[], failure: string): Outcome {
  if (added.length === 0) return DONE;
  const roster = [...state.roster, ...added];
  const saved = saveOrRefuse(() => state.repo.saveRoster(roster), failure);
  if (saved.ok) state.roster = roster;
  return saved;
}

/** A new roster player: the next palette colour by position, initials from the name. */
function newPlayer(state: SessionState, name: string, position: number, alsoTaken: readonly RosterPlayer[]): RosterPlayer {
  return rosterPlayer(state.newId('p', [...state.roster, ...alsoTaken]), name, position);
}

/** A roster player known by `id` (a new one, or one who played a night taken over from another laptop, R35): the palette colour of `position`, initials from the name. */
export function rosterPlayer(id: string, name: string, position: number): RosterPlayer {
  return { id, name, colour: paletteColour(position), initials: initialsOf(name), archived: false };
}

/**
 * Renames, recolours or archives a roster player. Past nights keep the
 * name they were played under (their journal holds it); a seated player's
 * name at tonight's table changes from the next night on.
 */
function updatePlayer(state: SessionState, args: ParsedCommandArgs<'updatePlayer'>): Outcome {
  const player = state.roster.find((p) => p.id === args.playerId);
  if (!player)
    return refused(
      commandError('unknown-player', `There is no player "${args.playerId}" in the roster.`, undefined, { player: args.playerId }),
    );
  if (args.name !== undefined) {
    const wanted = args.name.toLowerCase();
    const taken = state.roster.find((p) => p.id !== player.id && p.name.toLowerCase() === wanted);
    if (taken)
      return refused(commandError('duplicate-player', `Another player is already called ${taken.name}.`, undefined, { name: taken.name }));
  }
  const updated: StoredRosterPlayer = {
    ...player,
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.colour !== undefined ? { colour: args.colour.toLowerCase() } : {}),
    ...(args.initials !== undefined ? { initials: args.initials.toUpperCase() } : {}),
    ...(args.archived !== undefined ? { archived: args.archived } : {}),
  };
  const roster = state.roster.map((p) => (p.id === player.id ? updated : p));
  const saved = saveOrRefuse(() => state.repo.saveRoster(roster), 'The roster could not be saved, so nothing changed');
  if (saved.ok) state.roster = roster;
  return saved;
}

/** What a merge or its undo reads: the open night's players may not be merged until it has ended. */
function mergeContext(state: SessionState) {
  const seated = new Set(state.openNight?.state.players.map((p) => p.id) ?? []);
  return { repo: state.repo, roster: state.roster, merges: state.merges, seated, now: state.now() };
}

function applyMerge(state: SessionState, outcome: MergeOutcome): Outcome {
  if (!outcome.ok) return outcome;
  state.roster = outcome.roster;
  state.merges = outcome.merges;
  return DONE;
}
