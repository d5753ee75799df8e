/** The simulated clock starts here and ticks one second each time the session asks the time. */
const SIMULATED_EPOCH = Date.parse('2026-01-01T20:00:00.000Z');

/** A clock for a simulated or replayed night: the same times on every run, one second apart. */
export function tickingClock(start = SIMULATED_EPOCH): () => Date {
  let ticks = 0;
  return () => new Date(start + 1000 * ticks++);
}
