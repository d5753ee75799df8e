import type { ApiResult } from './api';
import type { CommandName } from './commands';
import type { Role } from './registry';
import type { AppView } from './view';
import type { WitnessMethod, WitnessPush } from './witnessWire';

/**
 * The headless host's WebSocket protocol: the same contract as `window.api`,
 * as JSON messages on `ws(s)://HOST/ws?role=ROLE&token=TOKEN`.
 *
 * - `role` is what the page asks to be: `host` (the console, the default),
 *   `table` (the TV) or `phone`. A table or phone socket is read-only: a
 *   command the registry does not allow it is refused, naming the role.
 * - `token` (only when the host listens beyond loopback): the host token
 *   grants the role asked for; the viewer token grants `table` when asked,
 *   otherwise `phone`, never `host`. On loopback no token is needed.
 */
export const WIRE_PATH = '/ws';
export const WIRE_ROLE_PARAM = 'role';
export const WIRE_TOKEN_PARAM = 'token';
/**
 * `views=once` on the console's socket: a command's answer whose view the
 * host has just pushed on that socket comes as `answered` (no view), so the
 * view of one command is written and read once. Without it, every answer
 * carries its view (a script, a test, an older page).
 */
export const WIRE_VIEWS_PARAM = 'views';
export const WIRE_VIEWS_ONCE = 'once';
/** The close code of a socket whose link was replaced (a new link, or phones turned off and on): the application's own range, 4000-4999. */
export const WIRE_CLOSE_LINK_REPLACED = 4401;
/** The close code of a read-only socket the host turned away because it holds as many as it takes ("the table is full"). */
export const WIRE_CLOSE_TABLE_FULL = 4503;
/** How long a page turned away because the table is full waits before it tries again: a seat rarely frees sooner. */
export const WIRE_TABLE_FULL_RETRY_MS = 5000;

export type WireRequest =
  | { id: number; method: 'getView' }
  | { id: number; method: CommandName; args: unknown }
  /** A phone helping deal (witnessWire.ts): the `phone` role only. */
  | { id: number; method: WitnessMethod; args: unknown };

export type WireMessage =
  /** A command's answer; questions carry their `data` (CommandData). A role's refusal is an `ok: false` result. */
  | { type: 'reply'; id: number; result: ApiResult<unknown> }
  /** A command's success on a `views=once` socket: its view is the newest view pushed on that socket before it. */
  | { type: 'answered'; id: number; data?: unknown }
  | { type: 'view'; view: AppView }
  /** To a phone helping deal (witnessWire.ts): a reveal request or its status as a witness. */
  | { type: 'witness'; message: WitnessPush }
  /** The request itself was malformed (not JSON, no id, unknown method). */
  | { type: 'error'; id: number | null; message: string };

/** The socket URL's query for a page that wants `role`, keeping its access token. */
export function wireQuery(role: Role, token: string | null, viewsOnce = false): string {
  const params = new URLSearchParams();
  if (role !== 'host') params.set(WIRE_ROLE_PARAM, role);
  if (token) params.set(WIRE_TOKEN_PARAM, token);
  if (viewsOnce) params.set(WIRE_VIEWS_PARAM, WIRE_VIEWS_ONCE);
  const query = params.toString();
  return query ? `?${query}` : '';
}
