import { COMMAND_NAMES, type ApiResult, type CommandName, type WireMessage, type WireRequest } from '../../shared';
import type { DealerService } from '../session/service';

/**
 * The headless host's side of src/shared/wire.ts: turn one text message into
 * a request, run it, and say what to send back. Anything malformed gets an
 * `error` message; nothing here throws.
 */

const COMMANDS: ReadonlySet<string> = new Set(COMMAND_NAMES);

export type ParsedRequest = { ok: true; request: WireRequest } | { ok: false; reply: WireMessage };

function refuse(id: number | null, message: string): { ok: false; reply: WireMessage } {
  return { ok: false, reply: { type: 'error', id, message } };
}

export function parseWireRequest(text: string): ParsedRequest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse(null, 'the message is not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return refuse(null, 'a request is a JSON object {id, method, args}');
  }
  const { id, method, args } = data as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return refuse(null, 'a request needs a whole-number id');
  }
  if (method === 'getView') return { ok: true, request: { id, method } };
  if (typeof method !== 'string' || !COMMANDS.has(method)) {
    return refuse(id, `unknown method ${JSON.stringify(method)}; known: getView, ${COMMAND_NAMES.join(', ')}`);
  }
  return { ok: true, request: { id, method: method as CommandName, args } };
}

/** Run a parsed request; a service that throws becomes an `error` reply for that id. */
export async function answerWireRequest(service: DealerService, request: WireRequest): Promise<WireMessage> {
  try {
    const result: ApiResult<unknown> =
      request.method === 'getView'
        ? { ok: true, view: service.getView() }
        : await service.run(request.method, request.args);
    return { type: 'reply', id: request.id, result };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { type: 'error', id: request.id, message: `the host could not run ${request.method}: ${reason}` };
  }
}
