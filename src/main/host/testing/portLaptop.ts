import net from 'node:net';
import { join } from 'node:path';
import { GameSession } from '../../session/gameSession';
import { createConfBackend } from '../../store/confBackend';
import { groupLanPart, type GroupLanPart } from '../groupLanPart';

/**
 * A laptop of the kill tests of a night on two laptops (scripts/killMoves.ts): a real session on `root/session`
 * composed with the group's LAN part, listening on loopback at a port of its own, the same each time it starts on
 * that folder (a paired laptop finds it again after a restart, as at GROUP_PORT on a real network). Real clock, real
 * random bytes: what the app runs.
 */
export interface PortLaptop {
  session: GameSession;
  lan: GroupLanPart;
  root: string;
}

export async function portLaptop(
  root: string,
  port: number,
  options: { syncEveryMs?: number; onLiveLinesHeld?: (nightId: string, lines: number) => void } = {},
): Promise<PortLaptop> {
  let lan: GroupLanPart | null = null;
  const session = new GameSession({ storage: createConfBackend(join(root, 'session')), groupFolderWatchMs: 0 }, (context) => {
    lan = groupLanPart(context, {
      dataRoot: root,
      rendererDir: root,
      ports: [port],
      listenAddress: '127.0.0.1',
      addresses: () => ['127.0.0.1'],
      ...(options.syncEveryMs !== undefined ? { syncEveryMs: options.syncEveryMs } : {}),
      ...(options.onLiveLinesHeld ? { onLiveLinesHeld: options.onLiveLinesHeld } : {}),
    });
    return { groupLan: lan };
  });
  await session.startParts();
  if (!lan) throw new Error('composed without the group part');
  return { session, lan, root };
}

/** A loopback port free now (listened on, then closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Pairs `bob` with `ann` (Ann creates the group): each then holds the other's key and port. */
export async function pairLaptops(ann: PortLaptop, bob: PortLaptop): Promise<void> {
  const created = await ann.session.run('host', 'groupCreate', { name: 'Kills' });
  if (!created.ok) throw new Error(created.error.message);
  const started = await ann.session.run('host', 'groupPairStart', {});
  if (!started.ok) throw new Error(started.error.message);
  const joined = await bob.session.run('host', 'groupPairJoin', { address: started.data.addresses[0], code: started.data.code });
  if (!joined.ok) throw new Error(joined.error.message);
}
