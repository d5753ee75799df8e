import type { LaptopSigner } from '../../night';
import { LaptopKey } from '../../store/laptopKey';
import { joinedLaptop } from '../groupFile';
import type { GroupContext } from '../groupTypes';

/**
 * A group's context for a test's data folder. No signer unless the test
 * gives one (a laptop from before signing, R35): `testSigner(n)` (kit.ts)
 * for a key the same in every test, or `folderSigner` for the key the
 * session would keep in that data folder. Apart from kit.ts, which plays
 * nights with a session: the crash tests' child bundles this alone.
 */
export function testContext(dataRoot: string, context: Partial<GroupContext> = {}): GroupContext {
  return { dataRoot, now: () => new Date(), isOwnNight: () => false, ...context };
}

/**
 * The signer the session makes for a data folder (session/domains/groupCore.ts): its key made
 * and kept in that folder by store/laptopKey.ts (a plain key file), so a group opened again signs
 * with the same key. `laptopId` is group.json's unless given (a group about to start has none yet).
 */
export function folderSigner(dataRoot: string, laptopId?: string): LaptopSigner {
  const id = laptopId ?? joinedLaptop(dataRoot)?.laptopId;
  if (!id) throw new Error(`${dataRoot} holds no group`);
  return new LaptopKey(dataRoot, undefined, () => new Date()).signer(id);
}
