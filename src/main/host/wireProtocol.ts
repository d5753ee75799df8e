import {
  COMMAND_REGISTRY,
  commandError,
  COMMAND_NAMES,
  isCommandName,
  type ApiResult,
  type AppView,
  type Role,
  type WireMessage,
  type WireRequest,
} from '../../shared';
import { isWitnessMethod, WITNESS_METHODS, type WitnessMethod } from '../../shared/witnessWire';
import type { DealerService, WitnessLine } from '../session/service';

/**
 * The headless host's side of src/shared/wire.ts: turn one text message into
 * a request (a known name), hand it with the socket's role to the session's
 * one door (`service.run`), and say what to send back. Anything malformed
 * gets an `error` message. Nothing here throws, and nothing a client sent is
 * echoed back except a short, bounded quote of a method name.
 */

export type ParsedRequest = { ok: true; request: WireRequest } | { ok: false; reply: WireMessage };

/**
 * How much of a client's text a reply may quote.
 * @internal exported for tests only
 */
export const MAX_QUOTED_CHARS = 40;
/** How much of a failure's message a reply may carry. */
const MAX_REASON_CHARS = 300;

function refuse(id: number | null, message: string): { ok: false; reply: WireMessage } {
  return { ok: false, reply: { type: 'error', id, message } };
}

/**
 * A short description of something a client sent, safe to echo whatever its shape or size.
 * @internal exported for tests only
 */
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

/**
 * Run a parsed request for a client of `role`: the service's `run` is the
 * one door (session/door.ts) that refuses a command the role may not send
 * and checks the arguments (zod); a service that throws becomes an `error`
 * reply for that id.
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
    else result = await service.run(role, request.method, request.args);
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
 * A reply as the bytes to send, in parts sent as the fragments of one
 * message: the reply's start with its view (made once for each view), its
 * `data` (made once for each answer object, whatever the view), then its id.
 * The session keeps the answers about ended nights
 * (history/endedNightAnswers.ts) and the read-only screens' answers are kept
 * while the view is the same (ScreenAnswers), so the same detail, asked by
 * every phone, is turned into JSON and UTF-8 once, not once per phone nor
 * once per view: a phone's question then costs the host its id. The id
 * comes last (`result` before `id`): the same JSON as JSON.stringify gives,
 * its keys in another order. Anything else is JSON.stringify's text.
 */
export function replySerialiser(): (message: WireMessage) => string | readonly Buffer[] {
  /** `{"type":"reply","result":{"ok":true,"view":...` for each view. */
  const heads = new WeakMap<object, Buffer>();
  /** `,"data":...` for each answer. */
  const datas = new WeakMap<object, Buffer>();
  const made = <K extends object>(kept: WeakMap<K, Buffer>, key: K, text: () => string): Buffer => {
    let bytes = kept.get(key);
    if (!bytes) {
      bytes = Buffer.from(text(), 'utf8');
      kept.set(key, bytes);
    }
    return bytes;
  };
  return (message) => {
    if (message.type !== 'reply' || !message.result.ok) return JSON.stringify(message);
    const { ok, view, data, ...rest } = message.result;
    if (Object.keys(rest).length > 0 || typeof view !== 'object' || view === null) return JSON.stringify(message);
    if (data !== undefined && (typeof data !== 'object' || data === null)) return JSON.stringify(message);
    const head = made(heads, view, () => `{"type":"reply","result":{"ok":${String(ok)},"view":${JSON.stringify(view)}`);
    const tail = Buffer.from(`},"id":${JSON.stringify(message.id)}}`, 'utf8');
    if (data === undefined) return [head, tail];
    return [head, made(datas, data, () => `,"data":${JSON.stringify(data)}`), tail];
  };
}

/** More answers than this kept at once means many different arguments: all are let go, and kept again as asked. */
const MOST_SCREEN_ANSWERS = 256;
/** Arguments longer than this (as JSON) are answered each time, never kept. */
const LONGEST_KEPT_ARGS = 1024;

/**
 * The read-only screens' answers (the phones' questions and getView), kept
 * while the view is the same object: the session makes a new view for
 * every change it accepts, so an answer given with a view is the answer to
 * the same question until the next one. Two hundred phones asking about the
 * same night are then answered once; each more costs a lookup. Only what
 * changes nothing and was answered is kept; a phone's witness requests, never.
 */
export class ScreenAnswers {
  private view: AppView | null = null;
  private readonly kept = new Map<string, ApiResult<unknown>>();

  constructor(private readonly service: Pick<DealerService, 'getView'>) {}

  async answer(request: WireRequest, role: Role, ask: () => Promise<WireMessage>): Promise<WireMessage> {
    const method = request.method;
    const keepable = method === 'getView' || (isCommandName(method) && !COMMAND_REGISTRY[method].changesState);
    if (!keepable) return ask();
    const view = this.service.getView();
    if (view !== this.view) {
      this.kept.clear();
      this.view = view;
    }
    const key = `${role}\n${method}\n${JSON.stringify('args' in request ? (request.args ?? null) : null)}`;
    const kept = this.kept.get(key);
    if (kept) return { type: 'reply', id: request.id, result: kept };
    const reply = await ask();
    // Kept only if nothing changed while it was answered (the answer was made with this view).
    if (reply.type === 'reply' && reply.result.ok && reply.result.view === view && key.length <= LONGEST_KEPT_ARGS) {
      if (this.kept.size >= MOST_SCREEN_ANSWERS) this.kept.clear();
      this.kept.set(key, reply.result);
    }
    return reply;
  }

  /** Lets every kept answer go (no screen is left to ask again): held only while screens watch. */
  forget(): void {
    this.kept.clear();
    this.view = null;
  }
}
