import {
  commandError,
  type CommandData,
  type CommandError,
  type ParsedCommandArgs,
  type RosterPlayer,
} from '../../shared';
import type { DealerRepository, NightSummary } from '../store';
import { makeBackup } from './backup';
import { nightExportFile } from './exportFiles';
import { verifyNight } from './fairness';
import { nightDetail } from './nightDetail';
import type { PlayedNight } from '../night';
import { readNightRecord } from './nightRecord';
import { listNights } from './nightsList';
import { standings } from './standings';

/** The commands that only ask: they answer with `data` and change nothing (issue 4). */
export const QUESTION_NAMES = ['listNights', 'getNight', 'getStandings', 'verifyNight', 'exportNight', 'backup'] as const;
export type QuestionName = (typeof QUESTION_NAMES)[number];

const QUESTIONS: ReadonlySet<string> = new Set(QUESTION_NAMES);
export function isQuestion(command: string): command is QuestionName {
  return QUESTIONS.has(command);
}

/** What the questions read: the session's own index and roster (kept in memory) and the repository for night files. */
export interface HistorySource {
  repo: DealerRepository;
  index: readonly NightSummary[];
  roster: readonly RosterPlayer[];
  now: Date;
}

export type Answer<Q extends QuestionName> = { ok: true; data: CommandData[Q] } | { ok: false; error: CommandError };

function openNight(source: HistorySource, nightId: string): { ok: true; summary: NightSummary; night: PlayedNight } | { ok: false; error: CommandError } {
  const summary = source.index.find((s) => s.id === nightId);
  if (!summary) return { ok: false, error: commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }) };
  const read = readNightRecord(source.repo, nightId);
  if (!read.ok) return { ok: false, error: commandError('storage', read.reason, undefined, { night: nightId }) };
  return { ok: true, summary, night: read.night };
}

/** Answers one question from the history; never writes (a night file found corrupt is set aside and reported). */
export function answerQuestion<Q extends QuestionName>(question: Q, args: ParsedCommandArgs<Q>, source: HistorySource): Answer<Q> {
  return answer(question, args, source) as Answer<Q>;
}

function answer(question: QuestionName, args: unknown, source: HistorySource): Answer<QuestionName> {
  switch (question) {
    case 'listNights':
      return { ok: true, data: listNights(source.index) };
    case 'getStandings':
      return { ok: true, data: standings(source.index, source.roster, args as ParsedCommandArgs<'getStandings'>) };
    case 'backup':
      return { ok: true, data: makeBackup(source.repo, source.index, source.now).file };
    case 'getNight': {
      const opened = openNight(source, (args as ParsedCommandArgs<'getNight'>).nightId);
      if (!opened.ok) return opened;
      try {
        return { ok: true, data: nightDetail(opened.summary, opened.night) };
      } catch (error) {
        return { ok: false, error: commandError('storage', `Night ${opened.summary.id} does not replay: ${(error as Error).message}`) };
      }
    }
    case 'verifyNight': {
      const opened = openNight(source, (args as ParsedCommandArgs<'verifyNight'>).nightId);
      if (!opened.ok) return opened;
      return { ok: true, data: verifyNight(opened.summary.id, opened.night.events) };
    }
    case 'exportNight': {
      const { nightId, format } = args as ParsedCommandArgs<'exportNight'>;
      const opened = openNight(source, nightId);
      if (!opened.ok) return opened;
      try {
        return { ok: true, data: nightExportFile(opened.night, format) };
      } catch (error) {
        return { ok: false, error: commandError('storage', `Night ${nightId} cannot be exported: ${(error as Error).message}`) };
      }
    }
  }
}
