import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { GameSession } from '../src/main/session/gameSession';
import { createConfBackend } from '../src/main/store';

/**
 * `tsx scripts/historyProbe.ts <data folder> [--asked-later]`: what the main
 * process does at start-up with a long history, measured in a process of its
 * own (as small as the app's main: the session and the store, nothing of the
 * benchmark), printed as one JSON line. Run by scripts/bench.ts.
 *
 * The questions are asked in start-up's own task, as versions before this
 * one measured them; the garbage collector is then often still marking
 * start-up's garbage, in steps taken from the question's time (`node
 * --trace-gc` shows them). With `--asked-later` they are asked as the app
 * asks them: an event of their own, once start-up's work is done (a host
 * takes seconds to reach All time), the code still as cold.
 */
async function probe(root: string, askedLater: boolean): Promise<void> {
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
  if (askedLater) await sleep(STARTUP_SETTLES_MS);
  const ask = (command: 'listNights' | 'getStandings') => {
    const result = session.runNow(command, {});
    if (!result.ok) throw new Error(`${command} was refused: ${result.error.message}`);
  };
  const [, listMs] = timedRun(() => ask('listNights'));
  const [, leaderboardMs] = timedRun(() => ask('getStandings'));
  // The same question again, the code warm: what every ask after the first costs.
  const warm = Array.from({ length: 5 }, () => timedRun(() => ask('getStandings'))[1]).sort((a, b) => a - b);
  const memory = process.memoryUsage();
  session.close();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  process.stdout.write(
    `${JSON.stringify({ openMs, listMs, leaderboardMs, leaderboardWarmMs: warm[2], sinceProcessStartMs, rssBeforeMb, rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed) })}\n`,
  );
}

/** How long start-up's work is left to finish before the questions are asked with `--asked-later`. */
const STARTUP_SETTLES_MS = 200;

const [root, mode] = process.argv.slice(2);
if (!root || (mode !== undefined && mode !== '--asked-later')) {
  process.stderr.write('usage: tsx scripts/historyProbe.ts <data folder> [--asked-later]\n');
  process.exit(2);
}
await probe(root, mode === '--asked-later');
