import type { NightSummary } from '../store';
import { groupPaths } from './groupFile';
import type { GroupNight } from './groupTypes';
import { compareText } from './membership';
import { readNightsIndex, writeNightsIndex } from './nightsIndex';

/** A night of another laptop that counts here, with the sha256 of the copy the night checker passed. */
export interface HeldNight {
  laptopId: string;
  sha256: string;
  /** R35: its laptop's signature checked; false for a night shared before nights were signed. */
  signed: boolean;
  summary: NightSummary;
}

/**
 * The nights of other laptops that count on this laptop, by night id, and
 * `group/index.json`, where they are kept with their summaries so a
 * start-up replays none of them (nightsIndex.ts).
 */
export class CountedNights {
  private readonly nights = new Map<string, HeldNight>();
  /** sorted(), kept until a night is counted. */
  private sortedNights: GroupNight[] | null = null;
  private readonly indexFile: string;

  constructor(dataRoot: string) {
    this.indexFile = groupPaths(dataRoot).nightsIndex;
  }

  get(nightId: string): HeldNight | undefined {
    return this.nights.get(nightId);
  }

  has(nightId: string): boolean {
    return this.nights.has(nightId);
  }

  count(night: HeldNight): void {
    this.nights.set(night.summary.id, night);
    this.sortedNights = null;
  }

  /** The nights that count, oldest first. */
  sorted(): readonly GroupNight[] {
    this.sortedNights ??= [...this.nights.values()]
      .map(({ laptopId, signed, summary }) => ({ laptopId, signed, summary }))
      .sort((a, b) =>
        a.summary.startedAt === b.summary.startedAt
          ? compareText(a.summary.id, b.summary.id)
          : compareText(a.summary.startedAt, b.summary.startedAt),
      );
    return this.sortedNights;
  }

  /** What the index file holds now (start-up reads it before counting anything). */
  readIndex(): ReturnType<typeof readNightsIndex> {
    return readNightsIndex(this.indexFile);
  }

  /** The index written whole and durably with the nights that count. */
  save(): void {
    writeNightsIndex(
      this.indexFile,
      [...this.nights.values()].map(({ laptopId, sha256, signed, summary }) => ({ laptopId, sha256, signed, summary })),
    );
  }

  /** Nights judged again before anything counts (start-up's repair): written into the index at once, replacing their entries. */
  saveJudgedAgain(judged: ReadonlyMap<string, HeldNight>): void {
    const index = this.readIndex();
    const kept = index.kind === 'read' ? index.nights.filter((n) => !judged.has(n.summary.id)) : [];
    writeNightsIndex(this.indexFile, [...kept, ...judged.values()]);
  }
}
