import type { ApiResult, AppView, CommandName } from '../../shared';

/**
 * What the Electron shell and the headless host need from the core: one
 * writer behind a small surface. `run` checks its arguments against the
 * contract's zod schema, so callers pass what arrived untouched.
 */
export interface DealerService {
  getView(): AppView;
  /** Resolves with the new view; questions (listNights, getNight, ...) also carry `data` (CommandData). */
  run(command: CommandName, args: unknown): Promise<ApiResult<unknown>>;
  /** Called after every accepted change; returns the unsubscribe. */
  onView(listener: (view: AppView) => void): () => void;
  close(): void;
}
