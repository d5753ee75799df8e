import {
  commandError,
  type CommandData,
  type CommandError,
  type ParsedCommandArgs,
  type PayDirectory,
  type PayKind,
  type RosterPlayer,
} from '../../shared';
import type { DealerRepository, NightSummary } from '../store';
import { playerAlias, type PlayerMerge } from './aliases';
import { makeBackup } from './backup';
import type { KeptBoard } from './keptBoard';
import type { CachedQuestion, EndedNightAnswers } from './endedNightAnswers';
import { nightExportFile } from './exportFiles';
import { checkNight } from '../../checker';
import { exportNight, ownRecord, type ExportedRecord, type LaptopSigner } from '../night';
import { verifyNight } from './fairness';
import { nightDetail } from './nightDetail';
import type { PlayedNight } from '../night';
import { readNightRecord } from './nightRecord';
import { listNights, type NightHost } from './nightsList';
import { standings } from './standings';
import { shownDetails, tabPayees } from './payments';
import { tabOf, type SettleModes } from './tab';
import { tabExportFile } from './tabExport';

/** The commands that only ask: they answer with `data` and change nothing. */
export type QuestionName =
  | 'listNights'
  | 'getNight'
  | 'getStandings'
  | 'verifyNight'
  | 'getNightToCheck'
  | 'exportNight'
  | 'backup'
  | 'getTab'
  | 'exportTab'
  | 'getPayDetails';

/** What the questions read: the session's own index and roster (kept in memory) and the repository for night files. */
export interface HistorySource {
  repo: DealerRepository;
  index: readonly NightSummary[];
  roster: readonly RosterPlayer[];
  now: Date;
  /** The night transfers marked paid (M3). */
  paidTransfers: ReadonlySet<string>;
  /** How each night is settled where the host chose (M3); the fewest transfers otherwise. */
  settleModes: SettleModes;
  /**
   * The night the session holds (open, or ended and still on screen): asked
   * about, it is answered from memory. Its journal is the file being appended
   * to, and reading it back could set it aside under the writer.
   */
  live: PlayedNight | null;
  /** Roster players counted as another (aliases.ts): the leaderboard and the tab apply them. */
  merges: readonly PlayerMerge[];
  /** Everyone's payment details, and the kinds the host turned off per night: the tab shows its payees' only. */
  pay: { directory: PayDirectory; hidden: Readonly<Record<string, PayKind[]>> };
  /** A night hosted on another laptop of the group (docs/group.md), read from its checked copy; absent outside a group. */
  readGroupNight?: (nightId: string) => PlayedNight | null;
  /** Who hosted a night of another laptop, and whether its copy is signed (R35); absent outside a group. */
  hostOf?: NightHost;
  /** Answers about ended nights kept from earlier questions (endedNightAnswers.ts); none kept when absent. */
  endedAnswers?: EndedNightAnswers;
  /** The whole history's board kept from an earlier ask (keptBoard.ts); folded at every ask when absent. */
  board?: KeptBoard;
  /**
   * R35: the signed record of a night held from another laptop (its copy as shared), for its exports; null when the
   * night is not one held from another laptop (`record` null: a copy shared before signing).
   */
  groupRecord?: (nightId: string) => { record: ExportedRecord | null } | null;
  /** R35: what signs this laptop's own ended nights in their exports, and the name the group knows this laptop by; absent, they go unsigned. */
  signer?: { signer: LaptopSigner; name: string };
}

export type Answer<Q extends QuestionName> = { ok: true; data: CommandData[Q] } | { ok: false; error: CommandError };

function openNight(
  source: HistorySource,
  nightId: string,
): { ok: true; summary: NightSummary; night: PlayedNight } | { ok: false; error: CommandError } {
  const summary = source.index.find((s) => s.id === nightId);
  if (!summary)
    return {
      ok: false,
      error: commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }),
    };
  if (source.live?.state.nightId === nightId) return { ok: true, summary, night: source.live };
  // Read once for the night's answers that are kept, not once for each (endedNightAnswers.ts).
  const opened = source.endedAnswers?.openedNight(summary);
  if (opened) return { ok: true, summary, night: opened };
  const fromGroup = source.readGroupNight?.(nightId);
  if (fromGroup) return { ok: true, summary, night: fromGroup };
  const read = readNightRecord(source.repo, nightId);
  if (!read.ok) return { ok: false, error: commandError('storage', read.reason, undefined, { night: nightId }) };
  source.endedAnswers?.keepOpened(summary, read.night);
  return { ok: true, summary, night: read.night };
}

/**
 * The `record` of a night's export (R35): another laptop's night carries the copy it signed, this laptop's own ended
 * night the journal signed now by this laptop; null without either (the checker then says the night is unsigned).
 */
function recordOf(source: HistorySource, night: PlayedNight): ExportedRecord | null {
  const held = source.groupRecord?.(night.state.nightId);
  if (held) return held.record;
  return source.signer ? ownRecord(night, source.signer.signer, source.signer.name) : null;
}

/** The answer kept about an ended night, when its index line has not changed since. */
function keptAnswer<Q extends CachedQuestion>(
  question: Q,
  nightId: string,
  source: HistorySource,
  paid?: ReadonlySet<string>,
): CommandData[Q] | undefined {
  const summary = source.index.find((s) => s.id === nightId);
  return summary ? source.endedAnswers?.get(question, summary, source.settleModes[nightId], paid) : undefined;
}

/** One answer per question; the compiler checks that none is missing and that each gets its own arguments. */
const ANSWERS: { readonly [Q in QuestionName]: (args: ParsedCommandArgs<Q>, source: HistorySource) => Answer<Q> } = {
  listNights: (_args, source) => ({ ok: true, data: listNights(source.index, source.hostOf) }),
  getStandings: (args, source) => ({
    ok: true,
    data: source.board ? source.board.answer(args, source) : standings(source.index, source.roster, args, playerAlias(source.merges)),
  }),
  backup: (_args, source) => ({ ok: true, data: makeBackup(source.repo, source.index, source.now, source.live).file }),
  getTab: (_args, source) => {
    const tab = tabOf(source.index, source.paidTransfers, source.settleModes, playerAlias(source.merges));
    return { ok: true, data: { ...tab, pay: tabPayees(tab, source.index, source.pay.directory, source.pay.hidden) } };
  },
  getPayDetails: (_args, source) => ({ ok: true, data: source.pay.directory }),
  exportTab: ({ format }, source) => {
    const tab = tabOf(source.index, source.paidTransfers, source.settleModes, playerAlias(source.merges));
    return {
      ok: true,
      data: tabExportFile({ tab, index: source.index, roster: source.roster, modes: source.settleModes, now: source.now }, format),
    };
  },
  getNight: ({ nightId }, source) => {
    const kept = keptAnswer('getNight', nightId, source);
    if (kept) return { ok: true, data: kept };
    const opened = openNight(source, nightId);
    if (!opened.ok) return opened;
    try {
      const data = nightDetail(opened.summary, opened.night, source.settleModes[nightId]);
      source.endedAnswers?.set('getNight', opened.summary, source.settleModes[nightId], data);
      return { ok: true, data };
    } catch (error) {
      return { ok: false, error: commandError('storage', `Night ${opened.summary.id} does not replay: ${(error as Error).message}`) };
    }
  },
  verifyNight: ({ nightId }, source) => {
    const kept = keptAnswer('verifyNight', nightId, source);
    if (kept) return { ok: true, data: kept };
    const opened = openNight(source, nightId);
    if (!opened.ok) return opened;
    // The deck check (R9-R12), then the whole night re-judged from the rules by the checker, which shares no code with the engine.
    const data = {
      ...verifyNight(opened.summary.id, opened.night.events),
      rules: checkNight(exportNight(opened.night, undefined, undefined, recordOf(source, opened.night))),
    };
    source.endedAnswers?.set('verifyNight', opened.summary, source.settleModes[nightId], data);
    return { ok: true, data };
  },
  // What anyone may read to check a night by hand once it has ended: the export, with no payment details.
  // Kept once the night has ended, as its detail is (every phone at the table may ask): with the paid marks it was made with.
  getNightToCheck: ({ nightId }, source) => {
    const kept = keptAnswer('getNightToCheck', nightId, source, source.paidTransfers);
    if (kept) return { ok: true, data: kept };
    const opened = openNight(source, nightId);
    if (!opened.ok) return opened;
    if (opened.summary.endedAt === null) {
      return {
        ok: false,
        error: commandError('wrong-phase', `Night ${nightId} has not ended: it is checked once it has.`, undefined, {
          night: nightId,
          phase: opened.night.state.phase.kind,
        }),
      };
    }
    try {
      const data = nightExportFile(
        opened.night,
        'json',
        source.paidTransfers,
        source.settleModes[nightId],
        undefined,
        recordOf(source, opened.night),
      );
      source.endedAnswers?.set('getNightToCheck', opened.summary, source.settleModes[nightId], data, source.paidTransfers);
      return { ok: true, data };
    } catch (error) {
      return { ok: false, error: commandError('storage', `Night ${nightId} cannot be exported: ${(error as Error).message}`) };
    }
  },
  exportNight: ({ nightId, format, payDetails }, source) => {
    const opened = openNight(source, nightId);
    if (!opened.ok) return opened;
    try {
      const hidden = source.pay.hidden[nightId] ?? [];
      const { players, bank } = source.pay.directory;
      const payDetailsOf = payDetails ? (party: string) => shownDetails(party === 'bank' ? bank : players[party], hidden) : undefined;
      const record = format === 'json' ? recordOf(source, opened.night) : null;
      return {
        ok: true,
        data: nightExportFile(opened.night, format, source.paidTransfers, source.settleModes[nightId], payDetailsOf, record),
      };
    } catch (error) {
      return { ok: false, error: commandError('storage', `Night ${nightId} cannot be exported: ${(error as Error).message}`) };
    }
  },
};

/** Answers one question from the history; never writes (a night file found corrupt is set aside and reported). */
export function answerQuestion<Q extends QuestionName>(question: Q, args: ParsedCommandArgs<Q>, source: HistorySource): Answer<Q> {
  return ANSWERS[question](args, source);
}
