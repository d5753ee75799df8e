import { FolderReader, type GroupHistory, type GroupNight } from '../../group';
import type { PlayedNight } from '../../night';
import type { NightSummary } from '../../store';

/**
 * The group as the session holds it (groupDomain.ts): the group's history
 * while this laptop is in one, the group folder's reader while one is used,
 * and what the domain keeps between changes so that a command that changes
 * nothing of the group costs nothing. One field of the session's state;
 * only the group domain changes it.
 */
export class GroupSync {
  private joined: GroupHistory | null = null;
  private reader: FolderReader | null = null;
  /** The roster, merges, paid marks and settle modes as last recorded in the group documents, by reference. */
  private recorded: readonly unknown[] | null = null;
  /** This laptop's nights and the group's, merged, kept while neither changed. */
  private merged: { own: readonly NightSummary[]; others: readonly GroupNight[]; all: readonly NightSummary[] } | null = null;

  /** The group this laptop shares its history with; null when it is in none. */
  get history(): GroupHistory | null {
    return this.joined;
  }

  /** The group folder's reader while one is used. */
  get folderReader(): FolderReader | null {
    return this.reader;
  }

  /** In a group from now on: nothing recorded yet, the merged history made again. */
  join(history: GroupHistory): void {
    this.joined = history;
    this.recorded = null;
    this.merged = null;
    this.watchFolder();
  }

  /** In no group any more. */
  leave(): void {
    this.joined = null;
    this.reader = null;
    this.recorded = null;
    this.merged = null;
  }

  /** The group folder group.json names read from now on (none when it names none). */
  watchFolder(): void {
    const folder = this.joined?.file.folder ?? null;
    this.reader = this.joined && folder ? new FolderReader(this.joined, folder) : null;
  }

  stopWatchingFolder(): void {
    this.reader = null;
  }

  /**
   * Whether the shared parts of the session's state changed since they were
   * last recorded: the session replaces them whole when they change, so
   * comparing references is enough (a bet, which changes none, costs nothing).
   */
  changedSinceRecorded(now: readonly unknown[]): boolean {
    if (this.recorded?.length === now.length && this.recorded.every((value, i) => value === now[i])) return false;
    this.recorded = now;
    return true;
  }

  /** Other laptops' nights were taken in: the merged history is made again when next asked. */
  nightsChanged(): void {
    this.merged = null;
  }

  /** Nights of this laptop (`own`) and of the group's other laptops, oldest first. */
  historyIndex(own: readonly NightSummary[]): readonly NightSummary[] {
    const others = this.joined?.groupNights() ?? [];
    if (others.length === 0) return own;
    if (this.merged?.own === own && this.merged.others === others) return this.merged.all;
    const all = [...own, ...others.map((n) => n.summary)].sort((a, b) =>
      a.startedAt === b.startedAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.startedAt < b.startedAt ? -1 : 1,
    );
    this.merged = { own, others, all };
    return all;
  }

  /** The laptop that hosted a night of another laptop; null for this laptop's own nights and outside a group. */
  writerOf(nightId: string): string | null {
    return this.joined?.writerOf(nightId) ?? null;
  }

  /** Who hosted a night of another laptop, by name, and whether its copy is signed (R35); null for this laptop's own. */
  hostOf(nightId: string): { laptop: string; signed: boolean } | null {
    return this.joined?.hostOf(nightId) ?? null;
  }

  /** Another laptop's night replayed from its copy, for the history's questions; null when none is held. */
  readGroupNight(nightId: string): PlayedNight | null {
    return this.joined?.readGroupNight(nightId) ?? null;
  }
}
