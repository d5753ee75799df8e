import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_RULES } from '../src/shared/settings';
import { groupLanPart, type GroupLanPart } from '../src/main/host/groupLanPart';
import { playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { openSimulatedTable, planFor, type SimulatedTable } from './lib/simulation';

/**
 * R35, taking a night over (docs/group-lan.md "Taking a night over"):
 *
 * - `takeover-ms`: a night of `turns` turns played on Ann's laptop and held
 *   live on Bob's (two real sessions paired over loopback in one process);
 *   Ann's laptop is switched off mid-turn; then from Bob's `takeOverNight`
 *   (the host's key, after the question) to its answer: Ann's laptop asked
 *   and found off, the copy replayed, the takeover line decided and written,
 *   the night open on Bob's console, ready for the cut.
 */

const TARGET_MS = 2_000;

export async function benchTakeOver(options: { turns: number }): Promise<Record<string, unknown>> {
  const roots = ['ann', 'bob'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `in-between-bench-takeover-${name}-`)));
  const open: SimulatedTable[] = [];
  try {
    const [annRoot, bobRoot] = roots as [string, string];
    const laptop = async (seed: string, root: string): Promise<{ table: SimulatedTable; lan: GroupLanPart }> => {
      let lan: GroupLanPart | null = null;
      const table = openSimulatedTable(Buffer.from(seed), root, undefined, (context) => {
        lan = groupLanPart(context, {
          dataRoot: root,
          rendererDir: root,
          ports: [0],
          listenAddress: '127.0.0.1',
          addresses: () => ['127.0.0.1'],
        });
        return { groupLan: lan };
      });
      open.push(table);
      await table.session.startParts();
      if (!lan) throw new Error('composed without the group part');
      return { table, lan };
    };
    const ann = await laptop('bench-takeover-ann', annRoot);
    const bob = await laptop('bench-takeover-bob', bobRoot);
    const created = await ann.table.session.run('host', 'groupCreate', { name: 'Bench' });
    if (!created.ok) throw new Error(created.error.message);

    // The night played first, then the pairing: the copy takes it in whole batches, as after a late pairing.
    const plan = planFor({ players: 6, turns: options.turns, rules: DEFAULT_RULES, startingChips: 100 });
    const table = sessionTable(ann.table.session);
    startNight(table, plan);
    playTurns(table, ann.table.bot, plan);
    // Mid-turn, as a laptop dies: the posts out, the bet awaited.
    for (let step = 0; step < 4 && table.night()?.phase !== 'bet'; step++) {
      const night = table.night();
      if (night?.phase === 'ready') table.run('deal', { stateId: night.stateId });
      else if (night?.phase === 'cut') table.run('cut', { stateId: night.stateId, cut: 7 });
    }
    const nightId = ann.table.session.currentNight?.state.nightId ?? '';
    const lines = ann.table.session.currentNight?.entries.length ?? 0;

    const started = await ann.table.session.run('host', 'groupPairStart', {});
    if (!started.ok) throw new Error(started.error.message);
    const joined = await bob.table.session.run('host', 'groupPairJoin', { address: started.data.addresses[0], code: started.data.code });
    if (!joined.ok) throw new Error(joined.error.message);
    const end = performance.now() + 120_000;
    while ((bob.lan.live.copies.held(nightId)?.lines ?? 0) < lines) {
      if (performance.now() > end)
        throw new Error(`the copy holds ${bob.lan.live.copies.held(nightId)?.lines ?? 0} of ${lines} lines after 120 s`);
      ann.lan.live.round();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    open.splice(open.indexOf(ann.table), 1);
    await ann.table.session.shutDown();
    const before = performance.now();
    const taken = await bob.table.session.run('host', 'takeOverNight', { nightId });
    const elapsed = performance.now() - before;
    if (!taken.ok) throw new Error(taken.error.message);
    const phase = bob.table.session.getView().night?.phase;
    return {
      bench: 'takeover-ms',
      value: Math.round(elapsed * 10) / 10,
      unit: 'ms',
      target: `<= ${TARGET_MS}`,
      met: elapsed <= TARGET_MS,
      turns: options.turns,
      lines,
      voidedTurn: taken.data.voidedTurn,
      phaseAfter: phase,
      note: "a night held live on a paired laptop, its holder switched off mid-turn: from the takeover command to the night on the new laptop's console, ready to deal",
    };
  } finally {
    for (const table of open) await table.session.shutDown();
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  }
}
