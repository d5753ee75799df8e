import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_NODE_FLAGS, HOST_RUNTIME_FLAGS } from './hostNodeFlags';

/** `npm run serve`'s command line, as package.json has it. */
function serveScript(): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  return (manifest.scripts['serve'] ?? '').split(' ');
}

/**
 * A process started with these Node flags makes 400 MB of short-lived objects (a first verifyNight makes 20 MB, a crowd of phones more),
 * then reports the megabytes its young generation holds after a full GC.
 */
function youngGenerationAfterBurst(flags: readonly string[]): number {
  const probe = `
    const v8 = require('node:v8');
    let kept = 0;
    for (let round = 0; round < 400; round++) {
      const burst = [];
      for (let i = 0; i < 10000; i++) burst.push({ turn: i, cards: [i, i + 1, i + 2], note: 'turn ' + i });
      kept += burst.length;
    }
    globalThis.gc();
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    process.stdout.write(String(young.physical_space_size / 1e6));`;
  const run = spawnSync(process.execPath, [...flags, '--expose-gc', '-e', probe], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(run.stderr).toBe('');
  return Number(run.stdout);
}

/**
 * A process with these flags set once it runs (as every host process does) keeps 300,000 objects made by one
 * function, as a live night keeps its lines, then makes a million more with that function and drops them, as a
 * night read and let go; reports how many megabytes its old generation grew by meanwhile. Its young generation is
 * at the host's full size from the start (V8 decides only on collections of a full-sized one, and how soon it grows
 * there depends on the machine's load).
 */
function oldGenerationAfterReplays(setOnceRunning: readonly string[]): number {
  const probe = `
    const v8 = require('node:v8');
    for (const flag of ${JSON.stringify(setOnceRunning)}) v8.setFlagsFromString(flag);
    const line = (i) => ({ n: i, cards: [i, i + 1, i + 2], note: 'turn ' + i });
    const old = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
    const kept = [];
    for (let i = 0; i < 300000; i++) kept.push(line(i));
    globalThis.gc();
    const before = old();
    let dropped = 0;
    for (let round = 0; round < 200; round++) {
      const replay = [];
      for (let i = 0; i < 5000; i++) replay.push(line(i));
      dropped += replay.length;
    }
    process.stdout.write(String((old() - before) / 1e6));
    if (kept.length + dropped === 0) process.exit(1);`;
  const run = spawnSync(process.execPath, ['--min-semi-space-size=8', '--max-semi-space-size=8', '--expose-gc', '-e', probe], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(run.stderr).toBe('');
  return Number(run.stdout);
}

describe("the headless host's Node flags (hostNodeFlags.ts)", () => {
  it('npm run serve starts Node with them, the flags the phones bench measured', () => {
    expect(serveScript()).toEqual(['node', ...HOST_NODE_FLAGS, '--import', 'tsx', 'src/main/host/cli.ts']);
  });

  it('keep the young generation the process holds after a burst of short-lived objects at 16 MB or under (over 32 MB without)', () => {
    expect(youngGenerationAfterBurst([])).toBeGreaterThan(32);
    expect(youngGenerationAfterBurst(HOST_NODE_FLAGS)).toBeLessThanOrEqual(16.8);
  });

  it('set once the process runs, as every host process does, keep what a night read and dropped makes out of the old generation after a live night kept the same kind (over 50 MB without)', () => {
    expect(oldGenerationAfterReplays([])).toBeGreaterThan(50);
    expect(oldGenerationAfterReplays(HOST_RUNTIME_FLAGS)).toBeLessThan(5);
  });
});
