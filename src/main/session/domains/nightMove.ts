import { commandError } from '../../../shared';
import { SEED_BYTES } from '../../engine';
import { keepStep, nightSummary, replayHeldCopy, takeOverLine, writerSignatures } from '../../night';
import { play } from './nightPlay';
import { addToRoster, rosterPlayer } from './roster';
import { refused, saveOrRefuse, saveQuietly, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';

/**
 * A night that moves between laptops (docs/rules.md R35, docs/group-lan.md
 * "Taking a night over"), as the session sees it: the copy this laptop held
 * of another laptop's open night becomes this laptop's night, one takeover
 * line later; and a night this laptop held, taken over elsewhere, stops
 * here, its journal kept aside whole.
 */

/** What a takeover tells the console: the night, the line it went on from, and the turn voided, if any. */
export interface TakenOver {
  nightId: string;
  line: number;
  voidedTurn: number | null;
}

/**
 * R35 *Taken over*: goes on with the night of laptop `from` from the copy held here (`copyText`, as the copy keeps it:
 * the holder's lines and its signature of the last). The takeover line is decided by the engine (the turn in play
 * voided, the deck in play lost, a new deck at once while a deal is under way, its seed sealed with this laptop's
 * key), the journal written whole and durably, and the night opened here as if it had been started here.
 */
export function takeOverNight(state: SessionState, copyText: string, from: string, thisLaptop: string): Outcome<TakenOver> {
  if (state.openNight)
    return refused(
      commandError('night-open', 'A night is open on this laptop: end it before taking over another laptop’s night (R35).', 'R35'),
    );
  const copy = replayHeldCopy(copyText);
  if (!copy.ok) return refused(commandError('invalid-input', `The copy held here cannot be gone on from: ${copy.problem} (R35).`, 'R35'));
  const nightId = copy.night.state.nightId;
  if (copy.night.state.phase.kind === 'ended')
    return refused(
      commandError('wrong-phase', `Night ${nightId} has ended: it arrives with the group's history, not by a takeover (R35).`, 'R35'),
    );
  if (state.repo.hasNightFiles(nightId))
    return refused(commandError('invalid-input', `This laptop already has a night ${nightId}: it cannot take it over again (R35).`, 'R35'));
  const turn = copy.night.state.turn;
  const inPlay = turn !== null && turn.outcome === null && !turn.void ? turn.n : null;
  const line = takeOverLine(copy, from, thisLaptop, () => state.hex(SEED_BYTES), state.now().toISOString());
  if (!line.ok) return line;
  // The roster is written before the night, so no night on disk names a player the roster lacks (as at a start).
  const known = new Set(state.roster.map((p) => p.id));
  const newcomers = copy.night.state.players
    .filter((p) => !known.has(p.id))
    .map((p, i) => rosterPlayer(p.id, p.name, state.roster.length + i));
  const rostered = addToRoster(state, newcomers, 'The roster could not be saved, so the night was not taken over');
  if (!rostered.ok) return rostered;
  const saved = saveOrRefuse(
    () => state.repo.adoptJournal(nightId, copyText, copy.head, line.entry),
    'The night could not be saved here, so it was not taken over',
  );
  if (!saved.ok) return saved;
  const night = copy.night;
  keepStep(night, line.step, line.entry);
  // R35: every earlier writer's signature of its lines (the one taken from signed the copy's last line) stays with them.
  const earlier = writerSignatures(night.entries, copy.signatures);
  if (earlier.length > 0) night.earlierHolders = earlier;
  state.night = night;
  // As at a start: the settings go with the index, so the next start finds the data folder whole.
  saveQuietly(() => state.repo.saveSettings(state.settings));
  state.index = [...state.index.filter((s) => s.id !== nightId), nightSummary(night, state.repo.journals.size(nightId))];
  state.saveIndexNow(state.index);
  state.tableScreen = { kind: 'live' };
  return { ok: true, data: { nightId, line: copy.lines, voidedTurn: inPlay } };
}

/** What a hand-over tells the console: the night and its last line here, the hand-over's. */
export interface HandedOver {
  nightId: string;
  line: number;
}

/**
 * R35 *Handed over*: this laptop, alive, hands its open night to laptop `to` as at the end of a deal (the engine
 * refuses while a turn is in play or a shuffle, cut or draw is under way): the deck in play is retired with its seed
 * revealed on the hand-over line, written durably like any command. Nothing more is written here for the night (its
 * commands are refused, saying where it went); it goes on at the next epoch once `to` takes it over, and stops here
 * when `to` answers so (nightMovedAway).
 */
export function handOverNight(state: SessionState, to: string, thisLaptop: string): Outcome<HandedOver> {
  const night = state.night;
  if (!night) return refused(commandError('no-night', 'No night is open on this laptop: there is nothing to hand over (R35).', 'R35'));
  if (to === thisLaptop)
    return refused(commandError('invalid-input', 'This laptop already holds the night: hand it to another laptop (R35).', 'R35'));
  const done = play(state, { type: 'hand-over', to }, undefined);
  if (!done.ok) return done;
  return { ok: true, data: { nightId: night.state.nightId, line: night.entries.length } };
}
