import type { AppView } from '../../shared';
import { DONE } from '../session/outcome';
import type { PartContext, PhoneCommand, SessionPart } from '../session/parts';
import { NightChecks } from './nightChecks';
import { PhoneAccess, type PhoneAccessOptions } from './phoneAccess';

/** The phones' part, and its listener for what the shell and tests ask of it directly (the menu's tick, the sockets open). */
export interface PhonesPart extends SessionPart<PhoneCommand> {
  readonly access: PhoneAccess;
}

/**
 * Phones watching on the LAN, a domain of the session (parts.ts): its two
 * commands (setPhoneAccess, newPhoneLink) start, stop or re-key the phones'
 * own listener (phoneAccess.ts), which serves the session itself, so phones
 * see the views the TV sees. Its slice of the view says whether phones may
 * watch (`phones`) and how many phones fetched the night on the table to
 * check it (`nightChecks`, R34), counted after each getNightToCheck.
 */
export function phonesPart(context: Pick<PartContext, 'service' | 'changed'>, options: PhoneAccessOptions): PhonesPart {
  const access = new PhoneAccess(options);
  const checks = new NightChecks();
  /** The phones connected as the view last said. */
  let shownConnected = 0;
  access.onChange(() => context.changed());
  return {
    access,
    handlers: {
      setPhoneAccess: async ({ on }) => {
        if (on) await access.turnOn(context.service);
        else await access.turnOff();
        return DONE;
      },
      newPhoneLink: async () => {
        await access.newLink();
        return DONE;
      },
    },
    viewPart(core: AppView): Partial<AppView> {
      const nightId = core.night?.id;
      const checked = nightId === undefined ? 0 : checks.count(nightId);
      shownConnected = access.connectedCount;
      return { phones: access.view(), ...(nightId !== undefined && checked > 0 ? { nightChecks: { nightId, phones: checked } } : {}) };
    },
    // Phones coming and going are told a few times a second (phoneAccess.ts); asked, the view says the count now.
    outdated: () => access.connectedCount !== shownConnected,
    after: {
      // A phone fetched a night to check it: the TV says how many did, once per phone.
      getNightToCheck: ({ nightId, checker }) => checks.record(nightId, checker),
    },
    close: () => access.close(),
  };
}
