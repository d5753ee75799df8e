/**
 * R34 "Checking": the phones that fetched a night to check it, counted once
 * each (by the `checker` id the phone keeps), so the table can say how many
 * did. Kept in memory only: it is what happened since the host started, a
 * read, never part of the night's journal. Bounded, so a script asking with
 * made-up ids cannot grow it without end.
 */

/**
 * Nights whose checkers are remembered, the oldest forgotten first.
 * @internal exported for tests only
 */
export const CHECKED_NIGHTS_KEPT = 16;
/**
 * Checkers counted per night: more than any table holds phones.
 * @internal exported for tests only
 */
export const CHECKERS_PER_NIGHT_MAX = 256;

export class NightChecks {
  private readonly byNight = new Map<string, Set<string>>();

  /** Counts `checker` for `nightId`; true when it had not checked that night before (the count changed). */
  record(nightId: string, checker: string): boolean {
    let checkers = this.byNight.get(nightId);
    if (!checkers) {
      checkers = new Set();
      this.byNight.set(nightId, checkers);
      const oldest = this.byNight.keys().next().value;
      if (this.byNight.size > CHECKED_NIGHTS_KEPT && oldest !== undefined) this.byNight.delete(oldest);
    }
    if (checkers.has(checker) || checkers.size >= CHECKERS_PER_NIGHT_MAX) return false;
    checkers.add(checker);
    return true;
  }

  /** How many phones checked `nightId`. */
  count(nightId: string): number {
    return this.byNight.get(nightId)?.size ?? 0;
  }
}
