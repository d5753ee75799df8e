import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_NODE_FLAGS } from './hostNodeFlags';

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

describe("the headless host's Node flags (hostNodeFlags.ts)", () => {
  it('npm run serve starts Node with them, the flags the phones bench measured', () => {
    expect(serveScript()).toEqual(['node', ...HOST_NODE_FLAGS, '--import', 'tsx', 'src/main/host/cli.ts']);
  });

  it('keep the young generation the process holds after a burst of short-lived objects at 16 MB or under (over 32 MB without)', () => {
    expect(youngGenerationAfterBurst([])).toBeGreaterThan(32);
    expect(youngGenerationAfterBurst(HOST_NODE_FLAGS)).toBeLessThanOrEqual(16.8);
  });
});
