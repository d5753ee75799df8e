import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { GameSession } from '../../session/gameSession';
import { countingBytes, TestClock } from '../../session/testing/kit';
import { createConfBackend } from '../../store/confBackend';
import { groupLanPart, type GroupLanOptions, type GroupLanPart } from '../groupLanPart';
import type { PhoneAccess, PhoneAccessOptions } from '../phoneAccess';
import { phonesPart } from '../phonesPart';

/** A laptop of the live copy's tests: a real session on its own data folder, composed with the group's LAN part. */
export interface LiveLaptop {
  session: GameSession;
  lan: GroupLanPart;
  root: string;
  /** Its phones' listener, when composed with one (`extra.phones`). */
  phones: PhoneAccess | null;
}

/** What a test may change of a laptop: the group part's options, and a phones' listener to compose it with. */
type LaptopExtras = Partial<GroupLanOptions> & { phones?: PhoneAccessOptions };

/** A laptop listening on loopback (syncing every `syncEveryMs`), dealing repeatable cards from `label`. */
async function liveLaptop(root: string, clock: TestClock, label: string, extras: LaptopExtras = {}): Promise<LiveLaptop> {
  let lan: GroupLanPart | null = null;
  let phones: PhoneAccess | null = null;
  const { phones: phoneOptions, ...extra } = extras;
  const session = new GameSession(
    { storage: createConfBackend(join(root, 'session')), randomBytes: countingBytes(label), now: clock.now, groupFolderWatchMs: 0 },
    (context) => {
      const part = phoneOptions ? phonesPart(context, phoneOptions) : null;
      phones = part?.access ?? null;
      lan = groupLanPart(context, {
        dataRoot: root,
        rendererDir: root,
        ports: [0],
        listenAddress: '127.0.0.1',
        addresses: () => ['127.0.0.1'],
        syncEveryMs: 60_000,
        ...extra,
        ...(phones ? { phoneAccess: phones } : {}),
      });
      return part ? { groupLan: lan, phones: part } : { groupLan: lan };
    },
  );
  await session.startParts();
  if (!lan) throw new Error('composed without the group part');
  return { session, lan, root, phones };
}

/** `bob` pairs with `ann` (Ann creates the group unless `inGroup`): each then holds the other's key. */
export async function pair(ann: LiveLaptop, bob: LiveLaptop, inGroup = false): Promise<void> {
  if (!inGroup) {
    const created = await ann.session.run('host', 'groupCreate', { name: 'Friday' });
    if (!created.ok) throw new Error(created.error.message);
  }
  const started = await ann.session.run('host', 'groupPairStart', {});
  if (!started.ok) throw new Error(started.error.message);
  const joined = await bob.session.run('host', 'groupPairJoin', { address: started.data.addresses[0], code: started.data.code });
  if (!joined.ok) throw new Error(joined.error.message);
  await ann.lan.syncNow();
  await bob.lan.syncNow();
}

/** How many lines of night `nightId` a laptop's journal holds: its command lines, not the header nor the signature lines. */
export function journalLineCount(on: LiveLaptop, nightId: string): number {
  const text = fs.readFileSync(join(on.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8');
  return text.split('\n').filter((row) => row !== '' && !row.startsWith('{"signed"')).length - 1;
}

/**
 * Runs `holder`'s live-copy rounds until `to`'s copy of night `nightId` holds every line of `holder`'s journal, for
 * about 2 s at most (a round can find an old link closed, a later one reaches the laptop): the caller checks it did.
 */
export async function pushUntilHeld(holder: LiveLaptop, to: LiveLaptop, nightId: string): Promise<void> {
  for (let round = 0; round < 40 && to.lan.live.copies.held(nightId)?.lines !== journalLineCount(holder, nightId); round++) {
    holder.lan.live.round();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `done` holds (the loopback's sockets and timers run meanwhile), or fails after `ms`. */
export async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Laptops of one test, each on its own folder under a fresh directory; every one still on is shut down after the test. */
export interface LiveLaptopsPerTest {
  readonly clock: TestClock;
  /** A laptop named `name` on `<test dir>/<name>`: the same folder again for the same name (a laptop coming back). */
  laptop(name: string, extra?: LaptopExtras): Promise<LiveLaptop>;
  /** A laptop switched off (its session shut down, its listener closed): it is not shut down again after the test. */
  switchedOff(laptop: LiveLaptop): Promise<void>;
}

export function liveLaptopsPerTest(prefix: string): LiveLaptopsPerTest {
  let work = '';
  let clock = new TestClock('2026-03-06T20:00:00.000Z');
  const open: LiveLaptop[] = [];
  beforeEach(() => {
    work = fs.mkdtempSync(join(os.tmpdir(), prefix));
    clock = new TestClock('2026-03-06T20:00:00.000Z');
  });
  afterEach(async () => {
    for (const laptop of open.splice(0)) await laptop.session.shutDown();
    fs.rmSync(work, { recursive: true, force: true });
  });
  return {
    get clock() {
      return clock;
    },
    async laptop(name, extra = {}) {
      const made = await liveLaptop(join(work, name), clock, name, extra);
      open.push(made);
      return made;
    },
    async switchedOff(laptop) {
      open.splice(open.indexOf(laptop), 1);
      await laptop.session.shutDown();
    },
  };
}
