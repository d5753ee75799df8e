import type { ApiResult, AppView } from '../../../shared';
import { admit } from '../../session/door';
import type { DealerService } from '../../session/service';

export const CRASH_GROUP = { id: 'g-00000000000000cc', name: 'Crash' };

/** A session with nothing to say: the pairing is all that runs here. */
export function quietSession(): DealerService {
  const view: AppView = {
    night: null,
    roster: [],
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: false },
  };
  return {
    getView: () => view,
    run: (role, command): Promise<ApiResult> => {
      const admitted = admit(role, command);
      return Promise.resolve(admitted.ok ? { ok: true, view } : admitted);
    },
    onView: () => () => undefined,
    close() {},
  };
}
