import type { GameSession, SessionOptions } from '../../session/gameSession';
import type { DealerService } from '../../session/service';
import { composeDealer } from '../composeDealer';
import type { PhoneAccess, PhoneAccessOptions } from '../phoneAccess';

/** A dealer for the phones' tests: a real session composed with the phones' part only, and its listener to look at. */
export interface PhonesDealer extends DealerService {
  readonly session: GameSession;
  readonly phones: PhoneAccess;
  shutDown(): Promise<void>;
}

export async function phonesDealer(sessionOptions: SessionOptions, phoneOptions: PhoneAccessOptions): Promise<PhonesDealer> {
  const { session, phones } = await composeDealer({ ...sessionOptions, phones: phoneOptions });
  if (!phones) throw new Error('composed without the phones part');
  return {
    session,
    phones,
    run: (role, command, args) => session.run(role, command, args),
    getView: () => session.getView(),
    onView: (listener) => session.onView(listener),
    tableWitnesses: session.tableWitnesses,
    close: () => session.close(),
    shutDown: () => session.shutDown(),
  };
}
