import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_RULES } from '../src/shared/settings';
import { groupLanPart } from '../src/main/host/groupLanPart';
import type { GameSession } from '../src/main/session';
import { endNight, nextAction, perform, sessionTable, startNight, type Table } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor, type SimulatedTable } from './lib/simulation';
import { latencySummary, ms, percentile } from './lib/stats';

/**
 * R35, the live copy (docs/group-lan.md "A live copy of the open night"):
 *
 * - `replica-lag-ms`: from the holder's durable write of a line (its command
 *   answered) to the copy's durable write of that line, two real sessions
 *   paired over loopback in one process. Each command waits for its line to
 *   be held before the next, so every sample is one line's own lag.
 * - `replica-host-action-ms`: the holder's durable action (a command, from
 *   the door to its answer, its line fsync'd) with a copy connected and
 *   without, the same night (same seed) played on two data folders, paced
 *   alike; the copy's work runs between the host's commands (in one process
 *   it would otherwise block the host's thread, which on two laptops it
 *   cannot).
 */

const TARGET_LAG_P99_MS = 50;
const TARGET_ACTION_P50_DELTA_MS = 0.1;

interface Played {
  actions: number[];
  lags: number[];
}

export async function benchLiveCopy(options: { turns: number }): Promise<Record<string, unknown>[]> {
  const roots = ['solo', 'ann', 'bob'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `in-between-bench-live-${name}-`)));
  const sessions: GameSession[] = [];
  /** When the copy last made lines durable, by count. */
  let heldAt: { lines: number; at: number } = { lines: 0, at: 0 };
  try {
    const [soloRoot, annRoot, bobRoot] = roots as [string, string, string];
    const laptop = async (seed: string, root: string, onHeld?: (nightId: string, lines: number) => void): Promise<SimulatedTable> => {
      // The copy's laptop joins the holder's group by pairing; the holders each create one.
      const table = openSimulatedTable(Buffer.from(seed), root, undefined, (context) => ({
        groupLan: groupLanPart(context, {
          dataRoot: root,
          rendererDir: root,
          ports: [0],
          listenAddress: '127.0.0.1',
          addresses: () => ['127.0.0.1'],
          ...(onHeld ? { onLiveLinesHeld: onHeld } : {}),
        }),
      }));
      sessions.push(table.session);
      await table.session.startParts();
      if (onHeld) return table;
      const created = await table.session.run('host', 'groupCreate', { name: 'Bench' });
      if (!created.ok) throw new Error(created.error.message);
      return table;
    };
    // The same seed: the same night, command for command, with and without a copy.
    const solo = await laptop('bench-live-ann', soloRoot);
    const ann = await laptop('bench-live-ann', annRoot);
    const bob = await laptop('bench-live-bob', bobRoot, (_nightId, lines) => {
      heldAt = { lines, at: performance.now() };
    });
    const started = await ann.session.run('host', 'groupPairStart', {});
    if (!started.ok) throw new Error(started.error.message);
    const joined = await bob.session.run('host', 'groupPairJoin', { address: started.data.addresses[0], code: started.data.code });
    if (!joined.ok) throw new Error(joined.error.message);

    const lineOf = (): number => ann.session.currentNight?.entries.length ?? 0;
    const [without, withCopy] = (await playLockstep(options.turns, [
      { laptop: solo, settle: () => new Promise((resolve) => setTimeout(resolve, 0)), lagOf: () => null },
      {
        laptop: ann,
        settle: async () => {
          const lines = lineOf();
          const end = performance.now() + 5_000;
          while (heldAt.lines < lines) {
            if (performance.now() > end) throw new Error(`line ${lines} not held by the copy within 5 s`);
            await new Promise((resolve) => setImmediate(resolve));
          }
          // The copy's replay (queued after its answer) done too, as on a laptop of its own it would not share this thread.
          await new Promise((resolve) => setTimeout(resolve, 0));
        },
        lagOf: (answeredAt) => heldAt.at - answeredAt,
      },
    ])) as [Played, Played];
    const lag = latencySummary(withCopy.lags);
    const p50 = (samples: number[]): number => percentile(samples, 0.5);
    const delta = p50(withCopy.actions) - p50(without.actions);
    return [
      {
        bench: 'replica-lag-ms',
        value: lag.p99Ms,
        unit: 'ms p99',
        target: `<= ${TARGET_LAG_P99_MS}`,
        met: lag.p99Ms <= TARGET_LAG_P99_MS,
        ...lag,
        note: "a line's durable write on the holder to its durable write in the live copy, two sessions over loopback",
      },
      {
        bench: 'replica-host-action-ms',
        value: ms(delta),
        unit: 'ms p50 with a copy - without',
        target: `<= ${TARGET_ACTION_P50_DELTA_MS}`,
        met: delta <= TARGET_ACTION_P50_DELTA_MS,
        withCopy: latencySummary(withCopy.actions),
        withoutCopy: latencySummary(without.actions),
        note: "the holder's durable action with a live copy connected and without, the same night paced alike",
      },
    ];
  } finally {
    for (const session of sessions) await session.shutDown();
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  }
}

interface Player {
  laptop: SimulatedTable;
  /** Awaited after each command: the copy catching up, or a turn of the event loop. */
  settle: () => Promise<void>;
  /** The lag of the line just answered, once settled (null: not measured). */
  lagOf: (answeredAt: number) => number | null;
}

/**
 * The same night (`turns` turns, the bots' play) on each laptop, command by command in lockstep, so both see the
 * same machine at the same moments; each command timed from the door to its answer, then its laptop settled.
 */
async function playLockstep(turns: number, players: readonly Player[]): Promise<Played[]> {
  const plan = planFor({ players: 4, turns, rules: DEFAULT_RULES, startingChips: 50 });
  const runs = players.map((player) => {
    const played: Played = { actions: [], lags: [] };
    const table = sessionTable(player.laptop.session);
    let answeredAt = 0;
    const timed: Table = {
      night: table.night,
      run: (command, args) => {
        const before = performance.now();
        const result = table.run(command, args);
        answeredAt = performance.now();
        played.actions.push(answeredAt - before);
        return result;
      },
    };
    const settled = async (): Promise<void> => {
      await player.settle();
      const lag = player.lagOf(answeredAt);
      if (lag !== null) played.lags.push(lag);
    };
    return { player, played, timed, settled, done: false };
  });
  for (const run of runs) {
    startNight(run.timed, plan);
    await run.settled();
  }
  for (let actions = 0; actions < turns * 50 && runs.some((run) => !run.done); actions++) {
    for (const run of runs) {
      if (run.done) continue;
      const night = run.timed.night();
      const action =
        night && night.phase !== 'ended' && !(night.turnsPlayed >= turns && night.phase === 'ready')
          ? nextAction(night, run.player.laptop.bot, plan.startingChips)
          : null;
      if (!action) {
        run.done = true;
        continue;
      }
      perform(run.timed, action);
      await run.settled();
    }
  }
  for (const run of runs) {
    endNight(run.timed);
    await run.settled();
  }
  return runs.map((run) => run.played);
}
