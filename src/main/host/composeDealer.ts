import { GameSession, type SessionOptions } from '../session/gameSession';
import { warmUp } from '../simulation/warmUp';
import { createConfBackend } from '../store/confBackend';
import type { SessionParts } from '../session/parts';
import { groupLanPart, type GroupLanOptions, type GroupLanPart } from './groupLanPart';
import type { PhoneAccess, PhoneAccessOptions } from './phoneAccess';
import { phonesPart } from './phonesPart';

export interface DealerOptions extends SessionOptions {
  /** Phones watching on the LAN (phoneAccess.ts): the listener the console's W starts. Left out, phones cannot watch. */
  phones?: PhoneAccessOptions;
  /** Laptop to laptop (docs/group-lan.md). Left out, this dealer cannot pair. */
  groupLan?: GroupLanOptions;
}

/** The one writer, composed with the parts that have a listener of their own; the shell and tests reach those through here. */
export interface ComposedDealer {
  readonly session: GameSession;
  /** The phones' listener, while composed with it (the app's menu shows its tick; tests look at its sockets). */
  readonly phones: PhoneAccess | null;
  readonly groupLan: GroupLanPart | null;
  /**
   * The first night after a start as fast as the next (simulation/warmUp.ts): a small built-in night played in a
   * session of its own, one command per turn of the event loop. The shells start it once the first screen is up.
   */
  warmUp(): Promise<void>;
}

/**
 * The same stack for the Electron shell and the headless host: one session,
 * whose domains include the phones' and the paired laptops' (parts.ts), so
 * every command of every role comes through its one door and every screen
 * reads its one view. A transport (IPC, the host's WebSocket) is added
 * around it, never a second service.
 */
export async function composeDealer(options: DealerOptions): Promise<ComposedDealer> {
  const { phones: phoneOptions, groupLan: groupLanOptions, ...sessionOptions } = options;
  let phones: ComposedDealer['phones'] = null;
  let groupLan: GroupLanPart | null = null;
  const session = new GameSession(sessionOptions, (context) => {
    const parts: SessionParts = {};
    if (phoneOptions) {
      const part = phonesPart(context, phoneOptions);
      phones = part.access;
      parts.phones = part;
    }
    // R35: the phones follow a night taken over (docs/group-lan.md "What follows a takeover").
    if (groupLanOptions)
      parts.groupLan = groupLan = groupLanPart(context, { ...groupLanOptions, ...(phones ? { phoneAccess: phones } : {}) });
    return parts;
  });
  await session.startParts();
  const warmUpOnce = (): Promise<void> => warmUp(session, { storage: createConfBackend, stopped: () => session.closed });
  return { session, phones, groupLan, warmUp: warmUpOnce };
}
