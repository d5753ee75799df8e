import { performance } from 'node:perf_hooks';
import { GameSession } from '../src/main/session/gameSession';
import { warmUp } from '../src/main/simulation/warmUp';
import { createConfBackend } from '../src/main/store';
import { setHostRuntimeFlags } from '../src/main/host/hostNodeFlags';

/**
 * `tsx scripts/historyProbe.ts <data folder> [--warm-up]`: what the main
 * process does at start-up with a long history, measured in a process of
 * its own (as small as the app's main: the session and the store, nothing
 * of the benchmark), printed as one JSON line. Run by scripts/bench.ts.
 * With `--warm-up` the history's first questions come after the warm-up the
 * shells start once the first screen is up (simulation/warmUp.ts), as a
 * host's do in the app; without it their code is still cold.
 */
async function probe(root: string, warmedUp: boolean): Promise<void> {
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
  const warmUpStarted = performance.now();
  if (warmedUp) await warmUp(session, { storage: createConfBackend });
  const warmUpMs = warmedUp ? performance.now() - warmUpStarted : null;
  const ask = (command: 'listNights' | 'getStandings', args: object = {}) => {
    const result = session.runNow(command, args);
    if (!result.ok) throw new Error(`${command} was refused: ${result.error.message}`);
  };
  const [, listMs] = timedRun(() => ask('listNights'));
  const [, leaderboardMs] = timedRun(() => ask('getStandings'));
  const memory = process.memoryUsage();
  // The fold itself with its code warm (after the memory is read, so its garbage is not counted): a board asked from a
  // date is folded at every ask (the whole history's is kept, history/keptBoard.ts), and this date keeps every night.
  const later = Array.from({ length: 5 }, () => timedRun(() => ask('getStandings', { from: '1970-01-01' }))[1]).sort((a, b) => a - b);
  // What the session keeps, its garbage collected: heapUsed above is sampled between collections, so it moves by
  // 20 MB with where the last scavenge happened to fall (the same code allocates 51 MB to open 1,000 nights either way).
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const retainedHeapMb = collect ? Math.round(process.memoryUsage().heapUsed / 2 ** 20) : null;
  session.close();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  process.stdout.write(
    `${JSON.stringify({ openMs, warmUpMs, listMs, leaderboardMs, leaderboardWarmMs: later[2], sinceProcessStartMs, rssBeforeMb, rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), retainedHeapMb })}\n`,
  );
}

const [root, ...flags] = process.argv.slice(2);
if (!root || flags.some((flag) => flag !== '--warm-up')) {
  process.stderr.write('usage: tsx scripts/historyProbe.ts <data folder> [--warm-up]\n');
  process.exit(2);
}
// The host's own V8 flags (hostNodeFlags.ts), as in the app.
setHostRuntimeFlags();
await probe(root, flags.includes('--warm-up'));
