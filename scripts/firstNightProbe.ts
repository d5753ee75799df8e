import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_RULES } from '../src/shared/settings';
import { endNight, playTurns, sessionTable, startNight, type Table } from '../src/main/simulation/playNight';
import { warmUp } from '../src/main/simulation/warmUp';
import { createConfBackend } from '../src/main/store';
import { openSimulatedTable, planFor } from './lib/simulation';
import { latencySummary } from './lib/stats';
import { setHostRuntimeFlags } from '../src/main/host/hostNodeFlags';

/**
 * `tsx scripts/firstNightProbe.ts <turns> [--no-warm-up]`: the first night
 * after a start against the next, in a process of its own (so the first
 * night is its code's first run, as in the app): a new data folder, the
 * session opened and warmed as the shells do once the first screen is up
 * (simulation/warmUp.ts; `--no-warm-up` leaves it cold), then two nights of
 * `turns` turns played through `runNow` by the bots, every command timed
 * (Start and End included). Prints one JSON line. Run by scripts/bench.ts.
 */
async function probe(turns: number, warm: boolean): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-first-night-'));
  const table = openSimulatedTable(Buffer.from('first-night'), root);
  try {
    const warming = performance.now();
    if (warm) await warmUp(table.session, { storage: createConfBackend });
    const warmUpMs = performance.now() - warming;
    // The host reads the first screen before typing: whatever the app does then is done.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const plan = { ...planFor({ players: 8, turns, rules: DEFAULT_RULES, startingChips: 50 }) };
    const night = (): { samples: number[]; cpu: number[]; slowest: string } => {
      const samples: number[] = [];
      // The process's CPU time per command (all its threads): what a queue for the cores does not inflate, as the clock is.
      const cpu: number[] = [];
      let slowest = { ms: 0, command: '' };
      const driver: Table = {
        night: () => table.session.getView().night,
        run: (command, args) => {
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          const result = sessionTable(table.session).run(command, args);
          const took = performance.now() - started;
          const used = process.cpuUsage(cpuBefore);
          samples.push(took);
          cpu.push((used.user + used.system) / 1000);
          if (took > slowest.ms) slowest = { ms: took, command };
          return result;
        },
      };
      startNight(driver, plan);
      playTurns(driver, table.bot, plan);
      endNight(driver);
      return { samples, cpu, slowest: `${slowest.command} ${Math.round(slowest.ms * 1000) / 1000} ms` };
    };
    const figures = (played: ReturnType<typeof night>) => {
      const cpu = latencySummary(played.cpu);
      return { ...latencySummary(played.samples), cpuP50Ms: cpu.p50Ms, cpuP99Ms: cpu.p99Ms, cpuMaxMs: cpu.maxMs, slowest: played.slowest };
    };
    const first = night();
    // Let the work left for after the answers run (the index write), as between two nights at a table.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = night();
    process.stdout.write(
      `${JSON.stringify({
        first: figures(first),
        second: figures(second),
        warmUpMs: warm ? Math.round(warmUpMs) : null,
      })}\n`,
    );
  } finally {
    table.session.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const turns = Number(process.argv[2] ?? 60);
// The host's own V8 flags (hostNodeFlags.ts), as in the app.
setHostRuntimeFlags();
if (!Number.isInteger(turns) || turns < 1) {
  process.stderr.write('usage: tsx scripts/firstNightProbe.ts <turns> [--no-warm-up]\n');
  process.exit(2);
}
probe(turns, !process.argv.includes('--no-warm-up')).catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
