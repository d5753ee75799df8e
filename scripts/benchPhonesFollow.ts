import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { DEFAULT_RULES } from '../src/shared/settings';
import { groupLanPart, type GroupLanPart } from '../src/main/host/groupLanPart';
import type { PhoneAccess } from '../src/main/host/phoneAccess';
import { phonesPart } from '../src/main/host/phonesPart';
import { playTurns, sessionTable, startNight } from '../src/main/simulation/playNight';
import { createPhoneSocketApi, type PhoneSocketApi, type SocketLike } from '../src/renderer/src/api/socket';
import { PageAlternates } from '../src/renderer/src/api/pageAlternates';
import { openSimulatedTable, planFor, type SimulatedTable } from './lib/simulation';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"):
 *
 * - `phones-back-after-takeover-ms`: Ann's laptop (phones on 127.0.0.1) holds a
 *   night that 20 phones watch, held live on Bob's (phones on 127.0.0.2: two
 *   laptops of one Wi-Fi, on loopback); each phone is the phone page's own
 *   socket client (src/renderer/src/api/socket.ts) with its alternates
 *   (api/pageAlternates.ts), opened on Ann's link. Ann's laptop is switched off;
 *   the phones find it gone and keep trying (for `waitMs`, as long as the
 *   people at the table take to notice and press Alt+O, their backoff at its
 *   longest); then from the answer of Bob's `takeOverNight` to the 20th phone
 *   reading the night from Bob's laptop. The phones run in the hosts' process.
 */

const TARGET_MS = 10_000;

interface Laptop {
  table: SimulatedTable;
  lan: GroupLanPart;
  phones: PhoneAccess;
}

export async function benchPhonesFollow(options: { phones: number; turns: number; waitMs: number }): Promise<Record<string, unknown>> {
  const roots = ['ann', 'bob'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `in-between-bench-phones-follow-${name}-`)));
  const open: SimulatedTable[] = [];
  const pages: PhoneSocketApi[] = [];
  try {
    const [annRoot, bobRoot] = roots as [string, string];
    const laptop = async (seed: string, root: string, address: string): Promise<Laptop> => {
      let lan: GroupLanPart | null = null;
      let phones: PhoneAccess | null = null;
      const table = openSimulatedTable(Buffer.from(seed), root, undefined, (context) => {
        const part = phonesPart(context, { rendererDir: root, ports: [0], listenAddress: address, addresses: () => [address] });
        phones = part.access;
        lan = groupLanPart(context, {
          dataRoot: root,
          rendererDir: root,
          ports: [0],
          listenAddress: address,
          addresses: () => [address],
          phoneAccess: part.access,
        });
        return { groupLan: lan, phones: part };
      });
      open.push(table);
      await table.session.startParts();
      if (!lan || !phones) throw new Error('composed without the group or the phones part');
      return { table, lan, phones };
    };
    const ann = await laptop('bench-phones-follow-ann', annRoot, '127.0.0.1');
    const bob = await laptop('bench-phones-follow-bob', bobRoot, '127.0.0.2');
    // Bob's laptop shows the code, Ann's types it: Ann's then knows Bob's at 127.0.0.2, where its pages will look.
    const created = await bob.table.session.run('host', 'groupCreate', { name: 'Bench' });
    if (!created.ok) throw new Error(created.error.message);
    const started = await bob.table.session.run('host', 'groupPairStart', {});
    if (!started.ok) throw new Error(started.error.message);
    const joined = await ann.table.session.run('host', 'groupPairJoin', { address: started.data.addresses[0], code: started.data.code });
    if (!joined.ok) throw new Error(joined.error.message);

    const plan = planFor({ players: 6, turns: options.turns, rules: DEFAULT_RULES, startingChips: 100 });
    const table = sessionTable(ann.table.session);
    startNight(table, plan);
    playTurns(table, ann.table.bot, plan);
    const nightId = ann.table.session.currentNight?.state.nightId ?? '';
    const on = await ann.table.session.run('host', 'setPhoneAccess', { on: true });
    if (!on.ok) throw new Error(on.error.message);
    const way = ann.phones.way();
    if (!way) throw new Error("Ann's phones are not on");
    const ownOrigin = `http://127.0.0.1:${way.port}`;
    await waitFor(
      () => bob.lan.pageWays.has(nightId),
      30_000,
      () => ann.lan.live.round(),
      'Bob to hold the phones’ way in',
    );

    // The phones, each the page's own client, opened on Ann's link.
    const readOnBob = new Map<number, number>();
    for (let index = 0; index < options.phones; index++) {
      const alternates = new PageAlternates('phone', {
        protocol: 'http:',
        port: String(way.port),
        search: `?token=${way.token}`,
        hash: '',
      });
      const page = createPhoneSocketApi({
        url: `ws://127.0.0.1:${way.port}/ws?role=phone&token=${way.token}`,
        // A browser sends the page's origin with every socket it opens: Ann's, wherever it goes.
        createSocket: (url) => new WebSocket(url, { origin: ownOrigin }) as unknown as SocketLike,
        alternates: () => alternates.urls(),
      });
      page.onView((view) => {
        if (view.phones) alternates.seen(view.phones.alternates, view.phones.links[0]);
        if (view.night?.id === nightId && page.currentUrl().includes('127.0.0.2') && !readOnBob.has(index))
          readOnBob.set(index, performance.now());
      });
      pages.push(page);
    }
    await waitFor(
      () => pages.every((page) => page.status() === 'open' && page.lastViewAt() !== null),
      30_000,
      () => undefined,
      'the phones to read',
    );

    open.splice(open.indexOf(ann.table), 1);
    await ann.table.session.shutDown();
    await new Promise((resolve) => setTimeout(resolve, options.waitMs));
    const taken = await bob.table.session.run('host', 'takeOverNight', { nightId });
    const answered = performance.now();
    if (!taken.ok) throw new Error(taken.error.message);
    await waitFor(
      () => readOnBob.size === options.phones,
      60_000,
      () => undefined,
      'every phone to read the night on Bob',
    );
    const times = [...readOnBob.values()].map((at) => at - answered).sort((a, b) => a - b);
    const last = times[times.length - 1] ?? 0;
    return {
      bench: 'phones-back-after-takeover-ms',
      value: Math.round(last),
      unit: 'ms',
      target: `<= ${TARGET_MS}`,
      met: last <= TARGET_MS,
      phones: options.phones,
      first: Math.round(times[0] ?? 0),
      median: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      waitedBeforeTakeOverMs: options.waitMs,
      samePort: bob.phones.way()?.port === way.port,
      note: "Ann's laptop off, phones retrying; from the takeover's answer to the last phone reading the night on the new laptop, with the token it held and no new scan",
    };
  } finally {
    for (const page of pages) page.dispose();
    for (const table of open) await table.session.shutDown();
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  }
}

async function waitFor(done: () => boolean, ms: number, nudge: () => void, what: string): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    nudge();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const quick = process.argv.includes('--quick');
  console.log(JSON.stringify(await benchPhonesFollow({ phones: 20, turns: quick ? 20 : 200, waitMs: quick ? 2_000 : 10_000 })));
  process.exit(0);
}
