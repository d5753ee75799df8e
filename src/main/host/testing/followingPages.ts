import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { WebSocket } from 'ws';
import type { AppView, WireMessage } from '../../../shared';
import { startNight } from '../../session/testing/kit';
import { BUILD_MANIFEST, type PageWay, type PhoneAccessOptions } from '../phoneAccess';
import { liveLaptopsPerTest, pair, type LiveLaptop, type LiveLaptopsPerTest } from './liveLaptops';

/**
 * The setting of the tests of R35's "What follows a takeover" (phonesFollow.test.ts, tvFollow.test.ts): Ann's laptop
 * and Bob's, paired, each with a phones' listener on loopback (Ann's links naming the address it is told to show),
 * the pages' ways told every 50 ms, a night open on Ann's; and a page of Ann's link opening its socket somewhere.
 */

/** What a page read where it opened its socket: the night of its view, or the HTTP status it was refused with. */
export type PageRead = { night: string | null } | { refused: number };

export interface FollowingPages extends LiveLaptopsPerTest {
  /** A phones' listener on `address` (port any), its links naming `shown`; a build with the phone page alone. */
  phonesAt(address: string, shown?: string): PhoneAccessOptions;
  /**
   * Ann and Bob paired, a night open on Ann's laptop. Ann's phones listen on 127.0.0.1, their links naming `annShows`;
   * Bob's listen on `bobListens`; `tvWay`: how Ann's TV link gets in, when it has one.
   */
  annsNight(options?: { annShows?: string; bobListens?: string; tvWay?: () => PageWay | null }): Promise<AnnsNight>;
}

interface AnnsNight {
  ann: LiveLaptop;
  bob: LiveLaptop;
  nightId: string;
}

/** The laptops of one test file's tests (liveLaptopsPerTest), their phone-page builds removed after the file. */
export function followingPages(prefix: string): FollowingPages {
  const laptops = liveLaptopsPerTest(prefix);
  const builds: string[] = [];
  afterAll(() => {
    for (const dir of builds.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const phonesAt = (address: string, shown = address): PhoneAccessOptions => {
    const dir = fs.mkdtempSync(join(os.tmpdir(), `${prefix}build-`));
    builds.push(dir);
    fs.writeFileSync(join(dir, 'phone.html'), '<!doctype html><title>Phone</title>');
    fs.writeFileSync(join(dir, BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));
    return { rendererDir: dir, ports: [0], listenAddress: address, addresses: () => [shown], networkCheckMs: 60_000 };
  };
  return {
    get clock() {
      return laptops.clock;
    },
    laptop: (name, extra) => laptops.laptop(name, extra),
    switchedOff: (laptop) => laptops.switchedOff(laptop),
    phonesAt,
    async annsNight({ annShows = '127.0.0.1', bobListens = '127.0.0.2', tvWay } = {}) {
      const ann = await laptops.laptop('ann', {
        phones: phonesAt('127.0.0.1', annShows),
        pageWaysEveryMs: 50,
        ...(tvWay ? { tvWay } : {}),
      });
      const bob = await laptops.laptop('bob', { phones: phonesAt(bobListens), pageWaysEveryMs: 50 });
      await pair(ann, bob);
      const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
      return { ann, bob, nightId };
    },
  };
}

/** `laptop` lets phones watch (W on): its phones' way in, as the TV's links show it. */
export async function phonesOn(laptop: LiveLaptop): Promise<PageWay> {
  const on = await laptop.session.run('host', 'setPhoneAccess', { on: true });
  if (!on.ok) throw new Error(on.error.message);
  const way = laptop.phones?.way();
  if (!way) throw new Error('phones are not on');
  return way;
}

/** Ann's laptop is off (`ann` switched off by the test), and Bob's takes night `nightId` over. */
export async function bobTakesOver(bob: LiveLaptop, nightId: string): Promise<void> {
  const taken = await bob.session.run('host', 'takeOverNight', { nightId });
  if (!taken.ok) throw new Error(taken.error.message);
}

/**
 * A page whose origin is `origin` (`host:port`: Ann's link's) opening its socket at `address`:`port` with `token`, as
 * `role` (null: the console): the night it reads, or the HTTP status it was refused with.
 */
export function pageReads(address: string, port: number, token: string, role: string | null, origin: string): Promise<PageRead> {
  const query = `${role ? `role=${role}&` : ''}token=${token}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${address}:${port}/ws?${query}`, { origin: `http://${origin}` });
    socket.once('unexpected-response', (_request, response) => resolve({ refused: response.statusCode ?? 0 }));
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'getView' })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as WireMessage;
      if (message.type !== 'reply' || message.id !== 1) return;
      const result = message.result as { ok: boolean; view?: AppView };
      socket.close();
      resolve({ night: result.view?.night?.id ?? null });
    });
  });
}
