import type { ApiResult } from './api';
import type { CommandName } from './commands';
import type { AppView } from './view';

/**
 * The headless host's WebSocket protocol: the same contract as `window.api`,
 * as JSON messages. The access token (when the host listens beyond loopback)
 * travels in the socket URL's `token` query parameter.
 */
export type WireRequest =
  | { id: number; method: 'getView' }
  | { id: number; method: CommandName; args: unknown };

export type WireMessage =
  /** A command's answer; questions carry their `data` (CommandData). */
  | { type: 'reply'; id: number; result: ApiResult<unknown> }
  | { type: 'view'; view: AppView }
  /** The request itself was malformed (not JSON, no id, unknown method) or unauthorised. */
  | { type: 'error'; id: number | null; message: string };
