import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameSession } from '../session/gameSession';
import { createConfBackend } from '../store/confBackend';
import { warmUp } from '../simulation/warmUp';

/**
 * The warm-up (simulation/warmUp.ts), as composeDealer's shells start it: a small built-in night played once after the
 * first screen is up, one command per step, in a session and folder of its
 * own, so the host's first night runs code that has run before.
 */

let root: string;
let live: GameSession;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-warm-up-'));
  live = new GameSession({ storage: createConfBackend(root), groupFolderWatchMs: 0 });
});
afterEach(() => {
  live.close();
  fs.rmSync(root, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** The warm-up's steps, each run only when the test says (as the event loop would, one a turn). */
function stepped(): { steps: (() => void)[]; runAll: () => number } {
  const steps: (() => void)[] = [];
  return {
    steps,
    runAll: () => {
      let ran = 0;
      for (let step = steps.shift(); step; step = steps.shift()) {
        step();
        ran++;
      }
      return ran;
    },
  };
}

describe('the warm-up after the first screen (simulation/warmUp.ts)', () => {
  it('plays a whole night and asks its questions one command per step, in a folder of its own it removes, writing nothing of the host’s', async () => {
    const before = filesUnder(root);
    const { steps, runAll } = stepped();
    const commands: string[] = [];
    const askedOfLive: string[] = [];
    const runNow = GameSession.prototype.runNow;
    vi.spyOn(GameSession.prototype, 'runNow').mockImplementation(function (this: GameSession, command, args) {
      (this === live ? askedOfLive : commands).push(command);
      return runNow.call(this, command, args) as never;
    });
    const folders = vi.spyOn(fs, 'mkdtempSync');
    const done = warmUp(live, { storage: createConfBackend, next: (step) => steps.push(step) });
    // Nothing runs until its turn comes.
    expect(commands).toEqual([]);
    const ran = runAll();
    await done;
    // One command a step at most: a keypress waits for one command of the warm-up, never the whole night.
    expect(ran).toBeGreaterThanOrEqual(commands.length);
    expect(commands).toContain('startNight');
    expect(commands).toContain('bet');
    expect(commands).toContain('endNight');
    expect(commands).toContain('verifyNight');
    expect(commands).toContain('getNightToCheck');
    expect(filesUnder(root)).toEqual(before);
    // Last, the live history's board is folded ahead, to be kept (session/keptBoard.test.ts), in the live session's
    // turn: the steps run here back to back have not left it to come yet. Nothing else is asked of the live session.
    await new Promise((settled) => setImmediate(settled));
    expect(askedOfLive).toEqual(['getStandings']);
    const [made] = folders.mock.results.map((r) => r.value as string);
    expect(made).toBeDefined();
    expect(fs.existsSync(made as string)).toBe(false);
  });

  it('stops, and removes its folder, once the session it warms has closed', async () => {
    const { steps } = stepped();
    let closed = false;
    const folders = vi.spyOn(fs, 'mkdtempSync');
    const done = warmUp(live, { storage: createConfBackend, next: (step) => steps.push(step), stopped: () => closed });
    for (let n = 0; n < 5; n++) steps.shift()?.();
    closed = true;
    steps.shift()?.();
    await done;
    expect(steps).toEqual([]);
    const [made] = folders.mock.results.map((r) => r.value as string);
    expect(fs.existsSync(made as string)).toBe(false);
  });
});
