import type { ApiResult, AppView, CommandName, DataOf, Role } from '../../shared';
import type { WitnessMethod, WitnessPush } from '../../shared/witnessWire';

/**
 * What the Electron shell and the headless host need from the core: one
 * writer behind a small surface. `run` is the one door (door.ts): it checks
 * the sender's role, the arguments against the contract's zod schema and
 * the state they were sent for, so a transport passes who asked and what
 * arrived, untouched.
 */
export interface DealerService {
  getView(): AppView;
  /** Resolves with the new view; questions (listNights, getNight, ...) also carry `data` (CommandData). */
  run<K extends CommandName>(role: Role, command: K, args: unknown): Promise<ApiResult<DataOf<K>>>;
  /** Called after every accepted change; returns the unsubscribe. */
  onView(listener: (view: AppView) => void): () => void;
  close(): void;
  /** The phones helping deal (docs/table-draw.md); absent where phones cannot help (a dealer without the witness desk). */
  readonly tableWitnesses?: TableWitnessDesk;
}

/** One phone's socket as the witness desk sees it: where its reveal requests and status go. */
export interface WitnessLine {
  send(message: WitnessPush): void;
}

/** Answers a phone's two witness requests (src/shared/witnessWire.ts), each tied to the socket it came on. */
export interface TableWitnessDesk {
  answer(method: WitnessMethod, args: unknown, line: WitnessLine): Promise<ApiResult<unknown>>;
  /** The socket closed: its witness misses the draws until it sends `helpDeal` again. */
  lineClosed(line: WitnessLine): void;
}
