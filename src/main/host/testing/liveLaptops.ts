import { join } from 'node:path';
import { GameSession } from '../../session/gameSession';
import { countingBytes, type TestClock } from '../../session/testing/kit';
import { createConfBackend } from '../../store/confBackend';
import { groupLanPart, type GroupLanOptions, type GroupLanPart } from '../groupLanPart';

/** A laptop of the live copy's tests: a real session on its own data folder, composed with the group's LAN part. */
export interface LiveLaptop {
  session: GameSession;
  lan: GroupLanPart;
  root: string;
}

/** A laptop listening on loopback (syncing every `syncEveryMs`), dealing repeatable cards from `label`. */
export async function liveLaptop(root: string, clock: TestClock, label: string, extra: Partial<GroupLanOptions> = {}): Promise<LiveLaptop> {
  let lan: GroupLanPart | null = null;
  const session = new GameSession(
    { storage: createConfBackend(join(root, 'session')), randomBytes: countingBytes(label), now: clock.now, groupFolderWatchMs: 0 },
    (context) => {
      lan = groupLanPart(context, {
        dataRoot: root,
        rendererDir: root,
        ports: [0],
        listenAddress: '127.0.0.1',
        addresses: () => ['127.0.0.1'],
        syncEveryMs: 60_000,
        ...extra,
      });
      return { groupLan: lan };
    },
  );
  await session.startParts();
  if (!lan) throw new Error('composed without the group part');
  return { session, lan, root };
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

/** Waits until `done` holds (the loopback's sockets and timers run meanwhile), or fails after `ms`. */
export async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
