/**
 * `node --cpu-prof --cpu-prof-dir=DIR --import tsx scripts/profileSession.ts [--nights N] [--turns T]`:
 * the bench's session loop alone (scripts/bench.ts "session-durable-actions"), for a CPU profile:
 * N nights of T turns played by bots through a real GameSession on a fresh data folder, every
 * command through runNow (decide, post the chips, append + fdatasync, build the view).
 * `tsx scripts/profileSummary.ts DIR/*.cpuprofile` turns the profile into the table in
 * docs/benchmarks-profile.md. Prints each night's latencies, then all of them: the first night
 * in a process is its code's first run (each command's first call), the nights after it are not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_RULES } from '../src/shared/settings';
import { endNight, playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor } from './lib/simulation';
import { latencySummary } from './lib/stats';

const { values } = parseArgs({ options: { nights: { type: 'string', default: '4' }, turns: { type: 'string', default: '300' } } });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-profile-session-'));
try {
  const samples: number[] = [];
  for (let n = 0; n < Number(values.nights); n++) {
    const firstOfNight = samples.length;
    const table = openSimulatedTable(Buffer.from(`profile-${n}`), root);
    try {
      const inner = sessionTable(table.session);
      const driver = {
        night: inner.night,
        run: (command: Parameters<typeof inner.run>[0], args: unknown) => {
          const started = performance.now();
          const result = inner.run(command, args);
          samples.push(performance.now() - started);
          return result;
        },
      };
      const plan = planFor({ players: 8, turns: Number(values.turns), rules: DEFAULT_RULES, startingChips: 50 });
      startNight(driver, plan);
      playTurns(driver, table.bot, plan);
      endNight(driver);
    } finally {
      table.session.close();
    }
    process.stdout.write(`${JSON.stringify({ night: n + 1, ...latencySummary(samples.slice(firstOfNight)) })}\n`);
  }
  process.stdout.write(`${JSON.stringify({ actions: samples.length, ...latencySummary(samples) })}\n`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
