import { commandError, type ParsedCommandArgs } from '../../../shared';
import { applyCommand, emptyState, type EngineCommand } from '../../engine';
import { emptyNight, nightSummary } from '../../night';
import { historyIndex, hostedElsewhere } from './groupDomain';
import { loadNight, withLine } from './nightIndex';
import { play } from './nightPlay';
import { DONE, refused, saveQuietly, type HandlerMap, type Outcome } from '../outcome';
import { clearPaidMarks, paidMarksOf } from './paidMarks';
import { addToRoster, findOrAddPlayer, findOrAddPlayers } from './roster';
import type { SessionState } from '../sessionState';

/** A night's start and end at the table, seating newcomers, and reopening the last night. */
export type NightLifecycleCommand = 'startNight' | 'seatPlayer' | 'reopenNight' | 'closeNight';

export function nightLifecycleHandlers(state: SessionState): HandlerMap<NightLifecycleCommand> {
  return {
    startNight: (args) => startNight(state, args),
    seatPlayer: (args) => seatPlayer(state, args),
    reopenNight: (args) => reopenNight(state, args),
    closeNight: (args) => closeNight(state, args),
  };
}

function startNight(state: SessionState, args: ParsedCommandArgs<'startNight'>): Outcome {
  if (state.openNight) return refused(commandError('night-open', 'A night is already open: end it before starting another.'));
  const found = findOrAddPlayers(state, args.players);
  if (!found.ok) return found;
  const { players: seated, added } = found;
  const at = state.now();
  // Unique even when the random source repeats itself (a --deck-seed demo restarted), and never a file already there
  // (asked of the disk for the id drawn, not by listing the 1,000 nights' folder).
  const listed = new Set(state.index.map((s) => s.id));
  const nightId = state.newId(at.toISOString().slice(0, 10), (id) => listed.has(id) || state.repo.hasNightFiles(id), 3);
  const start: EngineCommand = {
    type: 'start',
    nightId,
    at: at.toISOString(),
    players: seated.map((p) => ({ id: p.id, name: p.name })),
    startingChips: args.startingChips,
    chipValue: args.chipValue,
    currency: args.currency,
    settings: args.settings,
    carryIn: carryFromLastNight(state),
    payment: args.payment,
  };
  // Refused setups (too few chips...) must not add names to the roster; and the roster is
  // written before the night, so no night on disk ever names a player the roster lacks.
  const check = applyCommand(emptyState(), start, 0);
  if (!check.ok) return check;
  const rostered = addToRoster(state, added, 'The roster could not be saved, so the night did not start');
  if (!rostered.ok) return rostered;
  const previous = state.night;
  const night = emptyNight();
  state.night = night;
  const result = play(state, start, 0);
  if (!result.ok) {
    state.night = previous;
    return result;
  }
  const { startingChips, chipValue, currency, settings, payment } = args;
  state.settings = {
    ...state.settings,
    lastSetup: { playerIds: seated.map((p) => p.id), startingChips, chipValue, currency, settings, payment },
    nextCarry: 0,
  };
  saveQuietly(() => state.repo.saveSettings(state.settings));
  state.index = [...state.index, nightSummary(night)];
  // After the answer: a journal with no index line is listed from the journal at the next start. The first
  // night's is written at once (one short line), so a crash then is not reported as the index file missing.
  if (state.index.length === 1) state.saveIndexNow(state.index);
  else state.saveIndexAfterAnswer();
  return DONE;
}

/**
 * The pot the next night starts with (R22 carry): a fact of the last
 * night's ledger, replayed from its journal, never a number kept on the
 * side (a damaged settings file or an edited backup cannot change it). The
 * ledger's figure is kept from when the night ended here or was replayed
 * ahead of Start (rememberLastCarry), for as long as its journal is the
 * size it was read at; a journal changed since is replayed again.
 */
function carryFromLastNight(state: SessionState): number {
  const last = state.index.at(-1);
  if (!last || last.endedAt === null) return 0;
  // A journal cut short that lost its end holds no carry: the index's figures stand for it (shortJournal.ts).
  if (state.repo.shortJournalAwaitingChoice(last.id)) return last.carriedOut;
  const known = state.lastCarry;
  if (known?.id === last.id && knownSize(state, last.id) === known.bytes) return known.carriedOut;
  const read = state.repo.readNight(last.id);
  if (read && read.night.state.phase.kind !== 'ended') return last.carriedOut;
  if (!read) return 0;
  const carriedOut = read.night.ledger.balances().carriedOut;
  const bytes = knownSize(state, last.id);
  if (bytes !== null) state.lastCarry = { id: last.id, bytes, carriedOut };
  return carriedOut;
}

/** A journal's size, or null when it has none (a night still in the old files). */
function knownSize(state: SessionState, id: string): number | null {
  try {
    return state.repo.journals.size(id);
  } catch {
    return null;
  }
}

/**
 * The last ended night replayed for its carry ahead of the next Start, so
 * Start does not replay it (at 1,000 nights a 300-turn night is 5-10 ms
 * of a 16 ms frame). Run between commands, off the first screen's path
 * (GameSession.prepareNextStart); nothing when a night is open.
 */
export function rememberLastCarry(state: SessionState): void {
  if (state.openNight) return;
  carryFromLastNight(state);
}

/**
 * R31: seats a newcomer (a roster player, or a new one added to the
 * roster) between two seated players. Checked by the engine first, so a
 * refused seat adds no name to the roster.
 */
function seatPlayer(state: SessionState, args: ParsedCommandArgs<'seatPlayer'>): Outcome {
  const night = state.night;
  if (!night) return refused(commandError('no-night', 'No night is open: start one first.'));
  const found = findOrAddPlayer(state, args.player);
  if (!found.ok) return found;
  const { player } = found;
  const seat: EngineCommand = {
    type: 'seat',
    playerId: player.id,
    name: player.name,
    afterPlayerId: args.afterPlayerId,
    buyIn: args.buyIn,
    paid: args.paid ?? state.nightPayment(),
  };
  const check = applyCommand(night.state, seat, args.stateId);
  if (!check.ok) return check;
  const rostered = addToRoster(state, found.isNew ? [player] : [], 'The roster could not be saved, so nobody was seated');
  if (!rostered.ok) return rostered;
  return play(state, seat, args.stateId);
}

/**
 * R33: reopens the most recently ended night (still on the table, or the
 * last in the history), unless a later night has started. The end's split
 * or carry is reversed by the engine; the next night no longer starts with
 * that carry, and the history lists the night as open again.
 */
function reopenNight(state: SessionState, args: ParsedCommandArgs<'reopenNight'>): Outcome {
  if (state.openNight)
    return refused(
      commandError('not-latest-night', 'A night is open: a night can be reopened only when no later night has started (R33).', 'R33'),
    );
  // In a group, the most recent night may have been hosted elsewhere: only its laptop can reopen it (docs/group.md).
  const groupLatest = historyIndex(state).at(-1);
  const elsewhere = groupLatest ? hostedElsewhere(state, groupLatest.id) : null;
  if (elsewhere !== null)
    return refused(
      commandError('night-elsewhere', `This night was hosted on ${elsewhere}: only that laptop can reopen it (R33).`, 'R33', {
        laptop: elsewhere,
      }),
    );
  const latest = state.index.at(-1);
  const night = state.night ?? (latest ? loadNight(state, latest.id) : null);
  if (!night) return refused(commandError('no-night', 'There is no night to reopen.'));
  if (night.state.nightId !== latest?.id) {
    return refused(commandError('not-latest-night', 'A later night has started: only the most recent night can be reopened (R33).', 'R33'));
  }
  const previous = state.night;
  state.night = night;
  const result = play(state, { type: 'reopen', at: state.now().toISOString() }, args.stateId);
  if (!result.ok) {
    state.night = previous;
    return result;
  }
  const id = night.state.nightId;
  if (state.settings.nextCarry !== 0) {
    state.settings = { ...state.settings, nextCarry: 0 };
    saveQuietly(() => state.repo.saveSettings(state.settings));
  }
  // After the answer, as at End: the reopen is in the journal, and the next start remakes the line from it.
  state.index = withLine(state.index, nightSummary(night, state.repo.journals.size(id)));
  state.saveIndexAfterAnswer();
  // R33, M3: its settling up is recomputed when it ends again, so any payment marked for it is unpaid again.
  clearPaidMarks(state, paidMarksOf(state, id));
  return DONE;
}

function closeNight(state: SessionState, args: ParsedCommandArgs<'closeNight'>): Outcome {
  const night = state.night;
  if (!night) return refused(commandError('no-night', 'No night is open.'));
  if (night.state.stateId !== args.stateId)
    return refused(commandError('stale-state', 'The table changed since this was typed: look again and retry.'));
  if (night.state.phase.kind !== 'ended') return refused(commandError('wrong-phase', 'End the night before closing it (R22).', 'R22'));
  state.repo.journals.close(night.state.nightId);
  state.night = null;
  return DONE;
}
