import { commandError, DEFAULT_PREFERENCES, type ParsedCommandArgs } from '../../../shared';
import { answerFolderChoice } from './dataFolderChoice';
import { afterEndedNightChanged } from './nightIndex';
import { DONE, refused, saveOrRefuse, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import { acceptShorterJournal, keepIndexFigures } from './shortJournalChoice';

/** What the screens show: the TV's screen, the preferences (language, sound), and the storage notices the host dismisses. */
export type ScreensCommand = 'showOnTable' | 'updatePreferences' | 'dismissNotice';

export function screensHandlers(state: SessionState): HandlerMap<ScreensCommand> {
  return {
    showOnTable: (args) => showOnTable(state, args),
    updatePreferences: (args) => updatePreferences(state, args),
    dismissNotice: (args) => dismissNotice(state, args),
  };
}

/** Puts the live table, the leaderboard or one night on the TV (kept in memory, pushed with the view). */
function showOnTable(state: SessionState, args: ParsedCommandArgs<'showOnTable'>): Outcome {
  const screen = args.screen;
  if (screen.kind === 'night' && !state.knowsNight(screen.nightId)) {
    return refused(
      commandError('unknown-night', `There is no night "${screen.nightId}" in the history.`, undefined, { night: screen.nightId }),
    );
  }
  state.tableScreen = screen;
  return DONE;
}

/** The language of both screens, or muting the table's sounds: kept in the settings file. */
function updatePreferences(state: SessionState, args: ParsedCommandArgs<'updatePreferences'>): Outcome {
  const current = state.settings.preferences ?? DEFAULT_PREFERENCES;
  const preferences = {
    language: args.language ?? current.language,
    muted: args.muted ?? current.muted,
    fourColourDeck: args.fourColourDeck ?? current.fourColourDeck,
    updateChecks: args.updateChecks ?? current.updateChecks,
  };
  const settings = { ...state.settings, preferences };
  const saved = saveOrRefuse(() => state.repo.saveSettings(settings), 'The preferences could not be saved, so nothing changed');
  if (saved.ok) state.settings = settings;
  return saved;
}

/**
 * Forgets a storage notice the host has read (notices stay until
 * dismissed). An ended night's journal cut short is dismissed only with
 * the host's choice: keep the index's figures, or accept the shorter journal.
 */
function dismissNotice(state: SessionState, args: ParsedCommandArgs<'dismissNotice'>): Outcome {
  const notice = state.repo.notices.find((n) => n.id === args.id);
  if (!notice) return refused(commandError('invalid-input', `There is no notice "${args.id}" (already dismissed?).`));
  if (notice.kind === 'data-location') return answerFolderChoice(state, notice, args.keep);
  const short = notice.shortJournal?.awaitsChoice ? notice.shortJournal : undefined;
  if (short && args.keep !== 'index' && args.keep !== 'journal')
    return refused(
      commandError(
        'invalid-input',
        `Choose first: keep the index's figures for night ${short.night}, or accept its shorter journal.`,
        undefined,
        { night: short.night },
      ),
    );
  if (!short && args.keep)
    return refused(
      commandError(
        'invalid-input',
        'Only the notice of a journal cut short asks which figures to keep, and that of a lost data-folder pointer which folder to use.',
      ),
    );
  const line = short && state.index.find((s) => s.id === short.night);
  if (line && args.keep === 'index') {
    const index = state.index.map((s) => (s === line ? keepIndexFigures(state.repo, line) : s));
    const saved = saveOrRefuse(() => state.writeIndex(index), 'The nights index could not be saved, so nothing changed');
    if (!saved.ok) return saved;
    state.index = index;
  } else if (line) {
    const accepted = acceptShorterJournal(state.repo, line);
    if (!accepted.ok) return accepted;
    afterEndedNightChanged(state, accepted.night);
  }
  state.repo.dismissNotice(args.id);
  return DONE;
}
