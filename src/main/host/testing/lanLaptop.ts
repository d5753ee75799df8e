import { join } from 'node:path';
import type { DealerService } from '../../session/service';
import { createConfBackend } from '../../store/confBackend';
import { composeDealer } from '../composeDealer';
import type { GroupLanOptions } from '../groupLanPart';

/** A laptop for the LAN's tests: a real session in `dataRoot/session` with only the group's part, the way the shell composes it. */
export interface LanLaptop extends DealerService {
  syncNow(): Promise<void>;
  readonly listening: string | null;
  shutDown(): Promise<void>;
}

export async function lanLaptop(options: GroupLanOptions): Promise<LanLaptop> {
  const { session, groupLan } = await composeDealer({
    storage: createConfBackend(join(options.dataRoot, 'session')),
    groupFolderWatchMs: 0,
    groupLan: options,
  });
  if (!groupLan) throw new Error('composed without the group part');
  return {
    run: (role, command, args) => session.run(role, command, args),
    getView: () => session.getView(),
    onView: (listener) => session.onView(listener),
    close: () => session.close(),
    syncNow: () => groupLan.syncNow(),
    get listening() {
      return groupLan.listening;
    },
    shutDown: () => session.shutDown(),
  };
}

/** The group of the pairing crash tests' laptops. */
export const CRASH_GROUP = { id: 'g-00000000000000cc', name: 'Crash' };
