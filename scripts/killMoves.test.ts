import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChild } from '../harness/childBuild';
import { copyKills, holderKills, NIGHT_KILL_CHILD } from './killMoves';

/**
 * R35 and R24 under SIGKILL, a few kills of each (`npm run kills:move` runs 30 and prints the numbers): two laptops
 * over loopback, real sessions, the real push of the live copy and the real takeover (docs/group-lan.md "A live copy
 * of the open night", "Taking a night over"). Either laptop is a child process killed at a random moment while the
 * night is played by a host pressing keys at random; the night checker, which shares no code with the engine, judges
 * the night taken over, played on and ended.
 */
const KILLS = 6;
/**
 * The host's commands at most this far apart: some 15 a second, far faster than a table, and well under the 50
 * requests a second the group listener answers a paired laptop (above it the copy falls behind: docs/group-lan.md
 * "A live copy of the open night", the loss window).
 */
const GAP_MS = 100;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-killmoves-'));
let child = '';

beforeAll(async () => {
  child = await buildChild(NIGHT_KILL_CHILD);
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('R35: a night on two laptops, either killed with SIGKILL', () => {
  it(`R35, R24: the holder killed ${KILLS} times: the copy lacks no line answered more than 1 s before, at most those of the last second; taken over, the night is judged right`, async () => {
    const kills = await holderKills(child, work, KILLS, { gapMs: GAP_MS });
    for (const kill of kills) {
      const what = JSON.stringify(kill);
      expect(kill.missingBeforeWindow, what).toBe(0);
      expect(kill.lost, what).toBeLessThanOrEqual(kill.answered - kill.answeredBeforeWindow);
      // The copy is the holder's own first lines, and the takeover goes on from the last of them.
      expect(kill.prefix, what).toBe(true);
      if (kill.held === 0) continue;
      expect(kill.takenOverAt, what).toBe(kill.held);
      // R24 across the move, and the record signed by both laptops: nothing wrong, nothing unexplained.
      expect(kill.findings, what).toEqual([]);
      expect(kill.recordLaptops, what).toBe(2);
    }
    // The kills struck while lines were flowing: most nights were taken over, some after more than a second of play.
    expect(kills.filter((kill) => kill.takenOverAt !== null).length).toBeGreaterThanOrEqual(KILLS - 1);
    expect(kills.some((kill) => kill.answeredBeforeWindow > 0)).toBe(true);
  }, 120_000);

  it(`R35, R24: the copy killed ${KILLS} times: each time a signed prefix with every batch it answered for; started again it catches up; the night taken over from it is judged right`, async () => {
    const run = await copyKills(child, work, KILLS, { gapMs: GAP_MS });
    for (const kill of run.kills) {
      const what = JSON.stringify(kill);
      expect(kill.held, what).toBeGreaterThanOrEqual(kill.answered);
      expect(kill.prefix, what).toBe(true);
      expect(kill.signed, what).toBe(true);
    }
    expect(run.kills.some((kill) => kill.answered > 0)).toBe(true);
    // At the end both laptops hold the same night, line for line; taken over from the copy, it is judged right.
    expect(run.agree).toBe(true);
    expect(run.takenOverAt).toBe(run.lines);
    expect(run.findings).toEqual([]);
    expect(run.recordLaptops).toBe(2);
  }, 120_000);
});
