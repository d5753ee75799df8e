import type { CommandData, SettleMode } from '../../shared';
import type { PlayedNight } from '../night';
import type { NightSummary } from '../store';

/**
 * The answers about ended nights (getNight, verifyNight, getNightToCheck), computed once and
 * kept: an ended night does not change, so replaying its journal again for
 * every phone that asks would only cost the host its time. An answer is
 * kept with the index line it was made from, and the session replaces a
 * night's index line whenever the night changes (an expense edited after the
 * end, a reopen, a restore): a kept answer whose line is no longer the one in
 * the index is stale and made again. The settle mode chosen for the night is
 * part of getNight's answer, so it is part of the key too, and so are the
 * paid marks for getNightToCheck's export (the session replaces the set of
 * marks whenever one changes: it is compared by identity). Bounded: the
 * least recently asked night goes first.
 *
 * A phone asks the three questions one after the other, and each would read
 * and replay the night's journal again (about 10 MB of short-lived objects
 * and 20-50 ms for a night of 300 turns): the night read for the first
 * question is kept for the next ones, one night at a time, and let go once
 * its three answers are kept.
 */

export type CachedQuestion = 'getNight' | 'verifyNight' | 'getNightToCheck';

interface Kept {
  summary: NightSummary;
  settleMode: SettleMode | undefined;
  /** Each answer with the paid marks it was made with (none for the answers that do not read them). */
  answers: { [Q in CachedQuestion]?: { data: CommandData[Q]; paid: ReadonlySet<string> | undefined } };
}

/** Nights kept at once: the history screens and the phones ask about a few recent nights at a time. */
const ENDED_NIGHTS_KEPT = 16;

const CACHED_QUESTIONS: readonly CachedQuestion[] = ['getNight', 'verifyNight', 'getNightToCheck'];

export class EndedNightAnswers {
  private readonly kept = new Map<string, Kept>();
  /** The ended night last read from its journal, while some of its answers are still to be made. */
  private opened: { summary: NightSummary; night: PlayedNight } | null = null;

  constructor(private readonly capacity = ENDED_NIGHTS_KEPT) {}

  /** The answer kept for this night as its index line is now, or undefined. */
  get<Q extends CachedQuestion>(
    question: Q,
    summary: NightSummary,
    settleMode: SettleMode | undefined,
    paid?: ReadonlySet<string>,
  ): CommandData[Q] | undefined {
    const entry = this.kept.get(summary.id);
    if (!entry || entry.summary !== summary || entry.settleMode !== settleMode) return undefined;
    // Most recently asked last, so the first is the one to let go.
    this.kept.delete(summary.id);
    this.kept.set(summary.id, entry);
    const answer = entry.answers[question] as { data: CommandData[Q]; paid: ReadonlySet<string> | undefined } | undefined;
    return answer && answer.paid === paid ? answer.data : undefined;
  }

  /** Keeps an answer about an ended night (an open night changes with every command: never kept). */
  set<Q extends CachedQuestion>(
    question: Q,
    summary: NightSummary,
    settleMode: SettleMode | undefined,
    data: CommandData[Q],
    paid?: ReadonlySet<string>,
  ): void {
    if (summary.endedAt === null) return;
    let entry = this.kept.get(summary.id);
    if (!entry || entry.summary !== summary || entry.settleMode !== settleMode) {
      entry = { summary, settleMode, answers: {} };
    }
    (entry.answers as Record<CachedQuestion, unknown>)[question] = { data, paid };
    this.kept.delete(summary.id);
    this.kept.set(summary.id, entry);
    if (this.opened?.summary === summary && CACHED_QUESTIONS.every((q) => entry.answers[q])) this.opened = null;
    while (this.kept.size > this.capacity) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  /** The night read for an earlier answer, if its index line is still this one. */
  openedNight(summary: NightSummary): PlayedNight | undefined {
    return this.opened?.summary === summary ? this.opened.night : undefined;
  }

  /** Keeps an ended night just read, for its other answers (an open night is never kept); the one kept before is let go. */
  keepOpened(summary: NightSummary, night: PlayedNight): void {
    if (summary.endedAt === null) return;
    this.opened = { summary, night };
  }

  get size(): number {
    return this.kept.size;
  }
}
