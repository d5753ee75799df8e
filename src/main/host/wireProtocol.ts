import {
  commandError,
  forbiddenRoleError,
  COMMAND_NAMES,
  isCommandName,
  roleMaySend,
  type ApiResult,
  type Role,
  type WireMessage,
  type WireRequest,
} from '../../shared';
import { isWitnessMethod, WITNESS_METHODS, type WitnessMethod } from '../../shared/witnessWire';
import type { DealerService, WitnessLine } from '../session/service';

/**
 * The headless host's side of src/shared/wire.ts: turn one text message into
 * a request, check it against the command registry (a known name, a role
 * allowed to send it), run it, and say what to send back. Anything malformed
 * gets an `error` message. Nothing here throws, and nothing a client sent is
 * echoed back except a short, bounded quote of a method name.
 */

export type ParsedRequest = { ok: true; request: WireRequest } | { ok: false; reply: WireMessage };

/** How much of a client's text a reply may quote. */
export const MAX_QUOTED_CHARS = 40;
/** How much of a failure's message a reply may carry. */
const MAX_REASON_CHARS = 300;

function refuse(id: number | null, message: string): { ok: false; reply: WireMessage } {
  return { ok: false, reply: { type: 'error', id, message } };
}

/** A short description of something a client sent, safe to echo whatever its shape or size. */
export function describeUntrusted(value: unknown): string {
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value.length > MAX_QUOTED_CHARS ? value.slice(0, MAX_QUOTED_CHARS) : value);
    return value.length > MAX_QUOTED_CHARS ? `${quoted.slice(0, -1)}…" (${value.length} characters)` : quoted;
  }
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function bounded(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

export function parseWireRequest(text: string): ParsedRequest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // Also a nesting too deep for the parser: it is not a request either way.
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
  if (isWitnessMethod(method)) return { ok: true, request: { id, method, args } };
  if (!isCommandName(method)) {
    return refuse(
      id,
      `unknown method ${describeUntrusted(method)}; known: getView, ${COMMAND_NAMES.join(', ')}, ${WITNESS_METHODS.join(', ')}`,
    );
  }
  return { ok: true, request: { id, method, args } };
}

/** The refusal a read-only screen gets for a command it may not send. */
export function notAllowed(role: Role, command: string): ApiResult<unknown> {
  return { ok: false, error: forbiddenRoleError(role, command) };
}

/**
 * Run a parsed request for a client of `role`: a command its role may not
 * send is refused before it reaches the service; the service checks the
 * arguments (zod); a service that throws becomes an `error` reply for that id.
 */
export async function answerWireRequest(
  service: DealerService,
  request: WireRequest,
  role: Role,
  line?: WitnessLine,
): Promise<WireMessage> {
  try {
    let result: ApiResult<unknown>;
    if (request.method === 'getView') result = { ok: true, view: service.getView() };
    else if (isWitnessMethod(request.method)) result = await answerWitness(service, request.method, request.args, role, line);
    else if (!roleMaySend(role, request.method)) result = notAllowed(role, request.method);
    else result = await service.run(request.method, request.args);
    return { type: 'reply', id: request.id, result };
  } catch (error) {
    const reason = bounded(error instanceof Error ? error.message : String(error), MAX_REASON_CHARS);
    return { type: 'error', id: request.id, message: `the host could not run ${request.method}: ${reason}` };
  }
}

/** A phone's witness request (docs/table-draw.md): the `phone` role only, on a socket the desk can push to. */
async function answerWitness(
  service: DealerService,
  method: WitnessMethod,
  args: unknown,
  role: Role,
  line: WitnessLine | undefined,
): Promise<ApiResult<unknown>> {
  if (role !== 'phone')
    return {
      ok: false,
      error: commandError(
        'forbidden-role',
        `${method} is for a phone helping deal (R34); ${role} screens do not deal. Nothing changed.`,
        'R34',
        { role, command: method },
      ),
    };
  const desk = service.tableWitnesses;
  if (!desk || !line)
    return {
      ok: false,
      error: commandError('phones-unavailable', 'This dealer takes no phone witnesses (R34): the laptop draws alone.', 'R34'),
    };
  return desk.answer(method, args, line);
}

/**
 * A reply as text, its `data` serialised once per answer object: the
 * session keeps the answers about ended nights (history/endedNightAnswers.ts),
 * so the same detail, asked by every phone, is turned into JSON once, not
 * once per phone. The text is what JSON.stringify would give.
 */
export function replySerialiser(): (message: WireMessage) => string {
  const serialised = new WeakMap<object, string>();
  return (message) => {
    if (message.type !== 'reply' || !message.result.ok || typeof message.result.data !== 'object' || message.result.data === null)
      return JSON.stringify(message);
    const { data, ...rest } = message.result;
    let dataText = serialised.get(data);
    if (dataText === undefined) {
      dataText = JSON.stringify(data);
      serialised.set(data, dataText);
    }
    return `{"type":"reply","id":${JSON.stringify(message.id)},"result":${JSON.stringify(rest).slice(0, -1)},"data":${dataText}}}`;
  };
}
