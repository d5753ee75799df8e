import v8 from 'node:v8';

/**
 * The flags Node starts the headless host with: `npm run serve` passes them
 * (package.json), and the phones' bench starts its host processes with them
 * (scripts/phoneLoad.ts, scripts/phoneAbuse.ts), so it measures the host as
 * people run it. Nothing imported but Node's own: the bench and the tests
 * read it without loading the host.
 *
 * `--max-semi-space-size=8`: V8's young generation, where short-lived
 * objects are made, at most 8 MB per semi-space (16 MB in all). Left to grow,
 * bursts of allocation (the first answers about an ended night: verifyNight
 * alone makes 20 MB of short-lived objects) take it to 64 MB, and the process
 * keeps those pages after a full GC: +26-29 MB of RSS after a phone flood,
 * for 3.5 MB of live data. Capped at 8, the same flood leaves +6.5-11.2 MB
 * and the host starts 15 MB lighter, while a night's replay costs what it
 * did (at 1 MB the flood left less, but each replay took twice as long in
 * scavenges): docs/benchmarks.md, "2026-12-06 11:38-13:05 UTC: the headless
 * host's young generation capped (load average 4-12)". V8 reads the flag
 * only as the process starts: set later (`v8.setFlagsFromString`) it does
 * not bound the young generation.
 */
export const HOST_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/**
 * `--no-allocation-site-pretenuring`, which V8 honours set at any time, so
 * every host process sets it as it starts, before its session opens,
 * whatever its command line: the headless host (cli.ts), the Electron main
 * process, whose Node flags cannot be given (electron/app.ts), and the
 * bench's own process, to measure the host as it runs (Node refuses it in
 * NODE_OPTIONS). V8 otherwise learns from a live night, whose turns, lines
 * and ledger entries live on, that what that code makes lives long, and
 * makes it in the old generation from then on; a night read and dropped
 * after that (a replay, a check, another laptop's night taken in) then
 * fills the old generation with garbage, and each young collection keeps
 * alive what that garbage points to. Without it, a 300-turn night replayed
 * after live play takes 3.7-3.9 ms a read instead of 7.0-8.6 ms, and the
 * group's import of 1,000 nights 5.7-7.3 s and 500-550 MB at its peak
 * instead of 8.1-10.2 s and 846-873 MB; a live night's commands cost the
 * same within the noise (docs/benchmarks.md, "2026-12-08 00:45 UTC: V8's
 * pretenuring off in every host process (load average 1.7-6.8)").
 * @internal exported for tests only
 */
export const HOST_RUNTIME_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

/** Sets HOST_RUNTIME_FLAGS in this process. */
export function setHostRuntimeFlags(): void {
  for (const flag of HOST_RUNTIME_FLAGS) v8.setFlagsFromString(flag);
}
