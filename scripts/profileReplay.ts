/**
 * `node --cpu-prof --cpu-prof-dir=DIR --import tsx scripts/profileReplay.ts [--turns T] [--runs N]`:
 * the bench's replay alone (scripts/bench.ts "night-load"), for a CPU profile: one 8-player
 * night of T turns played by the bots, then DealerRepository.readNight of it N times, each on
 * a fresh repository as the bench does. Prints the median and fastest replay, by the clock and in CPU time
 * (process.cpuUsage: what a loaded machine's queue does not inflate).
 * `tsx scripts/profileSummary.ts DIR/*.cpuprofile --under readNight` summarises the profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_RULES } from '../src/shared/settings';
import { createConfBackend, DealerRepository } from '../src/main/store';
import { makeHistory } from './lib/history';
import { percentile } from './lib/stats';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '300' }, runs: { type: 'string', default: '200' } } });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-profile-replay-'));
try {
  const turns = Number(values.turns);
  const { summaries } = makeHistory(root, {
    turns,
    players: 8,
    rules: DEFAULT_RULES,
    startingChips: 50,
    seed: Buffer.from('bench', 'utf8'),
    distinct: 1,
    nights: 1,
  });
  const id = summaries[0]?.id;
  if (!id) throw new Error('no night was made');
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const repo = new DealerRepository(createConfBackend(root));
    const cpu = process.cpuUsage();
    const started = performance.now();
    if (!repo.readNight(id)) throw new Error(`night ${id} did not replay`);
    samples.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  process.stdout.write(
    `${JSON.stringify({ turns, runs: samples.length, medianMs: round(percentile(samples, 0.5)), fastestMs: round(Math.min(...samples)), cpuMedianMs: round(percentile(cpuSamples, 0.5)), cpuFastestMs: round(Math.min(...cpuSamples)) })}\n`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
