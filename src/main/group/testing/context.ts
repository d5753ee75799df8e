import { LaptopKey } from '../../store/laptopKey';
import { joinedLaptop } from '../groupFile';
import type { GroupContext } from '../groupTypes';

/**
 * A group's context for a test's data folder, as the session makes it
 * (session/domains/groupCore.ts): the laptop's signer from the key kept in
 * that data folder (store/laptopKey.ts, a plain key file), so a group opened
 * again signs with the same key. `laptopId` is group.json's unless given (a
 * group about to start has none yet). Apart from kit.ts, which plays nights
 * with a session: the crash tests' child bundles this alone.
 */
export function testContext(dataRoot: string, context: Partial<GroupContext> = {}, laptopId?: string): GroupContext {
  const id = laptopId ?? joinedLaptop(dataRoot)?.laptopId;
  if (!id) throw new Error(`${dataRoot} holds no group`);
  return {
    dataRoot,
    now: () => new Date(),
    isOwnNight: () => false,
    signer: new LaptopKey(dataRoot, undefined, () => new Date()).signer(id),
    ...context,
  };
}
