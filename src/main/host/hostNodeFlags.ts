/**
 * The flags Node starts the headless host with: `npm run serve` passes them
 * (package.json), and the phones' bench starts its host processes with them
 * (scripts/phoneLoad.ts, scripts/phoneAbuse.ts), so it measures the host as
 * people run it. No imports: the bench and the tests read it without
 * loading the host.
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
