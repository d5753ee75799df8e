/**
 * The flags Node starts the headless host with: `npm run serve` passes them
 * (package.json), and the phones' bench starts its host processes with them
 * (scripts/phoneLoad.ts, scripts/phoneAbuse.ts), so it measures the host as
 * people run it. No imports: the bench and the tests read it without
 * loading the host.
 *
 * `--max-semi-space-size=1`: V8's young generation, where short-lived
 * objects are made, at most 1 MB per semi-space. Left to grow, one burst of
 * allocation (the first answers about an ended night: verifyNight alone makes
 * 20 MB of short-lived objects) takes it towards 64 MB, and the process
 * keeps those pages after a full GC: +26-29 MB of RSS after a phone flood,
 * for 3.5 MB of live data. Capped, the same flood leaves +6-12 MB and the
 * host starts 26-30 MB lighter; its commands cost the same CPU, but a whole
 * night's replay (History opening a night) spends more time in the GC
 * (docs/benchmarks.md, "2026-12-06 11:38-12:50 UTC: the headless host's
 * young generation capped (load average 4-12)"). V8 reads the flag only as the process starts:
 * set later (`v8.setFlagsFromString`) it does not bound the young generation.
 */
export const HOST_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
