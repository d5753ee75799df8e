import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_RULES } from '../src/shared/settings';
import { groupLanPart } from '../src/main/host/groupLanPart';
import type { GameSession } from '../src/main/session';
import { endNight, perform, playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor } from './lib/simulation';
import { latencySummary } from './lib/stats';

/**
 * `group-lan-arrival` (docs/group-lan.md): two real sessions on their own
 * data folders, paired over loopback as two laptops at the table; a night
 * is played and ended on the first, and the clock runs from its end until
 * the second laptop's history lists it (asked every 5 ms, as the console
 * would show it). The laptops sync every second, as the app does.
 */

const TARGET_MS = 2000;

export async function benchGroupLan(options: { nights: number; turns: number }): Promise<Record<string, unknown>[]> {
  const roots = [0, 1].map((i) => fs.mkdtempSync(path.join(os.tmpdir(), `in-between-bench-lan-${i}-`)));
  const laptops: GameSession[] = [];
  try {
    const [annRoot, bobRoot] = roots as [string, string];
    // Each laptop's session composed with the paired laptops' part, as the app composes it.
    const laptop = async (seed: string, root: string) => {
      const table = openSimulatedTable(Buffer.from(seed), root, undefined, (context) => ({
        groupLan: groupLanPart(context, {
          dataRoot: root,
          rendererDir: root,
          ports: [0],
          listenAddress: '127.0.0.1',
          addresses: () => ['127.0.0.1'],
        }),
      }));
      laptops.push(table.session);
      await table.session.startParts();
      return table;
    };
    const ann = await laptop('bench-lan-ann', annRoot);
    const bob = await laptop('bench-lan-bob', bobRoot);
    const annLan = ann.session;
    const bobLan = bob.session;
    const created = await annLan.run('host', 'groupCreate', { name: 'Bench' });
    if (!created.ok) throw new Error(created.error.message);
    const started = await annLan.run('host', 'groupPairStart', {});
    if (!started.ok) throw new Error(started.error.message);
    const start = started.data;
    const joined = await bobLan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    if (!joined.ok) throw new Error(joined.error.message);

    const samples: number[] = [];
    const table = sessionTable(ann.session);
    const plan = planFor({ players: 4, turns: options.turns, rules: DEFAULT_RULES, startingChips: 50 });
    for (let night = 0; night < options.nights; night++) {
      startNight(table, plan);
      const nightId = ann.session.currentNight?.state.nightId ?? '';
      playTurns(table, ann.bot, plan);
      endNight(table);
      const ended = performance.now();
      for (;;) {
        const listed = await bobLan.run('host', 'listNights', {});
        if (listed.ok && listed.data.some((n) => n.id === nightId)) break;
        if (performance.now() - ended > 10_000) throw new Error(`night ${nightId} did not arrive within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      samples.push(performance.now() - ended);
      const open = ann.session.getView().night;
      if (open) perform(table, { command: 'closeNight', args: { stateId: open.stateId } });
    }
    const summary = latencySummary(samples);
    return [
      {
        bench: 'group-lan-arrival',
        value: summary.maxMs,
        unit: 'ms max',
        target: `<= ${TARGET_MS}`,
        met: summary.maxMs <= TARGET_MS,
        nights: options.nights,
        ...summary,
        note: 'a night ended on one laptop until the paired laptop lists it, two sessions over loopback, syncing every 1 s',
      },
    ];
  } finally {
    for (const laptop of laptops) await laptop.shutDown();
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  }
}
