import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { figuresOfBenchOutput, type Figures } from './lib/benchFigures';
import { compareRounds, mannWhitneyP } from './lib/benchComparison';

/**
 * bench:compare's judgement, fed rounds recorded from real `npm run bench:compare -- HEAD --quick --no-ui --save DIR`
 * runs on the shared 2-core machine (load average about 23): the same build on both sides, and this tree
 * slowed on purpose (`--added-work-ms 3`: 3 ms of busy work added to every timed session action and replay).
 */
const ROUNDS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/benchRounds');

function rounds(run: string, side: 'ref' | 'this'): Figures[] {
  return [1, 2, 3].map((k) => figuresOfBenchOutput(fs.readFileSync(path.join(ROUNDS, run, `${side}-${k}.jsonl`), 'utf8')));
}

const line = (figures: Record<string, unknown>) =>
  `${JSON.stringify({ bench: 'session-durable-actions', history: '1 night', ...figures })}\n`;

describe('bench:compare', () => {
  it('flags a build slowed on purpose: its session actions fail, more than 10 % worse beyond the noise', () => {
    const comparison = compareRounds(rounds('slowed', 'ref'), rounds('slowed', 'this'));
    expect(comparison.failed).toBe(true);
    const p50 = comparison.figures.find((f) => f.name === 'session-durable-actions [1 night] p50Ms');
    expect(p50).toMatchObject({ verdict: 'worse', beyondNoise: true, fails: true });
    expect(p50?.ratio).toBeGreaterThan(1.1);
  });

  it('passes a build no slower (the same code, and changes that only sped it up) on the same loaded machine', () => {
    const comparison = compareRounds(rounds('same', 'ref'), rounds('same', 'this'));
    expect(comparison.figures.length).toBeGreaterThan(20);
    expect(comparison.figures.filter((f) => f.fails)).toEqual([]);
    expect(comparison.failed).toBe(false);
  });

  it('"beyond the noise" with 3 rounds each means no overlap: every round of one side worse than every round of the other', () => {
    expect(mannWhitneyP([4, 5, 6], [1, 2, 3])).toBeCloseTo(1 / 20);
    expect(mannWhitneyP([3, 5, 6], [1, 2, 4])).toBeCloseTo(2 / 20);
    const apart = compareRounds(
      [1.0, 1.02, 0.98].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
      [1.5, 1.6, 1.55].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
    );
    expect(apart.figures[0]).toMatchObject({ verdict: 'worse', beyondNoise: true, fails: true });
    const overlapping = compareRounds(
      [1.0, 1.02, 1.7].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
      [1.5, 1.6, 1.55].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
    );
    expect(overlapping.figures[0]).toMatchObject({ verdict: 'worse', beyondNoise: false, fails: false });
  });

  it('within the 10 % allowed, rounds apart are reported but do not fail; a rate that drops is worse', () => {
    const slightly = compareRounds(
      [1.0, 1.01, 0.99].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
      [1.05, 1.06, 1.07].map((p50Ms) => figuresOfBenchOutput(line({ p50Ms }))),
    );
    expect(slightly.figures[0]).toMatchObject({ verdict: 'worse', beyondNoise: true, fails: false });
    const slower = compareRounds(
      [5000, 5100, 4900].map((actionsPerSecond) => figuresOfBenchOutput(line({ actionsPerSecond }))),
      [2000, 2100, 2050].map((actionsPerSecond) => figuresOfBenchOutput(line({ actionsPerSecond }))),
    );
    expect(slower.figures[0]).toMatchObject({ lowerIsBetter: false, verdict: 'worse', fails: true });
  });

  it('reports but never fails on the time a bench spends making its own data (a setup field, the history-made line)', () => {
    const startup = (setupSeconds: number, ms: number) =>
      figuresOfBenchOutput(`${JSON.stringify({ bench: 'group-startup-3x1000', ms, setupSeconds })}\n`);
    const comparison = compareRounds(
      [startup(31, 140), startup(32, 138), startup(30, 141)],
      [startup(52, 139), startup(51, 141), startup(53, 137)],
    );
    expect(comparison.figures.find((f) => f.name === 'group-startup-3x1000 setupSeconds')).toMatchObject({
      verdict: 'worse',
      beyondNoise: true,
      gates: false,
      fails: false,
    });
    expect(comparison.figures.find((f) => f.name === 'group-startup-3x1000 ms')).toMatchObject({ gates: true });
    expect(comparison.failed).toBe(false);
  });

  it("reads an older bench's text lines when it printed no JSON, and skips what is not a figure", () => {
    const figures = figuresOfBenchOutput(
      'starting the bench\nnight load: 7.0 ms\nactions a second = 5087\n{"bench":"bet-to-table-ms","skipped":"needs a build"}\n',
    );
    expect(figures.get('night load (ms)')).toMatchObject({ value: 7, lowerIsBetter: true });
    expect(figures.get('actions a second')).toMatchObject({ value: 5087, lowerIsBetter: false });
    expect(figures.size).toBe(2);
  });

  it('fails when a figure the ref measured is no longer measured (a bench that broke prints no value), not for a diagnostic one', () => {
    const arrival = (ms: number | null, maxMs: number | null = 10) =>
      figuresOfBenchOutput(
        `${JSON.stringify({ bench: 'group-folder-arrival', ms, ...(maxMs === null ? {} : { maxMs }), target: 2000 })}\n`,
      );
    const broken = compareRounds([arrival(966), arrival(1005), arrival(977)], [arrival(null), arrival(null), arrival(null)]);
    expect(broken.lost).toEqual(['group-folder-arrival ms']);
    expect(broken.failed).toBe(true);
    const diagnosticGone = compareRounds(
      [arrival(966), arrival(1005), arrival(977)],
      [966, 990, 970].map((ms) => arrival(ms, null)),
    );
    expect(diagnosticGone.onlyRef).toEqual(['group-folder-arrival maxMs']);
    expect(diagnosticGone.lost).toEqual([]);
    expect(diagnosticGone.failed).toBe(false);
  });
});
