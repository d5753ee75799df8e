import { performance } from 'node:perf_hooks';
import { GameSession } from '../src/main/session/gameSession';
import { createConfBackend } from '../src/main/store';

/**
 * `tsx scripts/historyProbe.ts <data folder>`: what the main process does at
 * start-up with a long history, measured in a process of its own (as small
 * as the app's main: the session and the store, nothing of the benchmark),
 * printed as one JSON line. Run by scripts/bench.ts.
 */
function probe(root: string): void {
  const timedRun = <T>(run: () => T): [T, number] => {
    const started = performance.now();
    const value = run();
    return [value, performance.now() - started];
  };
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const [session, openMs] = timedRun(() => {
    const opened = new GameSession({ storage: createConfBackend(root) });
    opened.getView();
    return opened;
  });
  const sinceProcessStartMs = performance.now();
  const ask = (command: 'listNights' | 'getStandings') => {
    const result = session.runNow(command, {});
    if (!result.ok) throw new Error(`${command} was refused: ${result.error.message}`);
  };
  const [, listMs] = timedRun(() => ask('listNights'));
  const [, leaderboardMs] = timedRun(() => ask('getStandings'));
  const memory = process.memoryUsage();
  // The same question again, the code warm (after the memory is read, so their garbage is not counted): what every ask after the first costs.
  const warm = Array.from({ length: 5 }, () => timedRun(() => ask('getStandings'))[1]).sort((a, b) => a - b);
  // What the session keeps, its garbage collected: heapUsed above is sampled between collections, so it moves by
  // 20 MB with where the last scavenge happened to fall (the same code allocates 51 MB to open 1,000 nights either way).
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const retainedHeapMb = collect ? Math.round(process.memoryUsage().heapUsed / 2 ** 20) : null;
  session.close();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  process.stdout.write(
    `${JSON.stringify({ openMs, listMs, leaderboardMs, leaderboardWarmMs: warm[2], sinceProcessStartMs, rssBeforeMb, rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), retainedHeapMb })}\n`,
  );
}

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: tsx scripts/historyProbe.ts <data folder>\n');
  process.exit(2);
}
probe(root);
