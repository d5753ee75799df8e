import { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  commandError,
  firstIssueText,
  type CommandError,
  peerAnswerSchemas,
  WIRE_PATH,
  wireQuery,
  type ApiResult,
  type DataOf,
  type WireMessage,
} from '../../shared';
import { refused } from '../session/outcome';

/**
 * One laptop's socket to another laptop's group listener (docs/group-lan.md):
 * the same wire as the console's (src/shared/wire.ts), role `peer`, the
 * token being the key it was given (or, once, the pairing code). Requests
 * are answered in order; a reply that does not come within `timeoutMs`
 * fails the request and closes the socket, so a laptop that went away
 * costs one timeout, never a hang.
 */

const PEER_REQUEST_TIMEOUT_MS = 5_000;
/** The largest answer taken from another laptop: a batch of night files (groupPeerFiles keeps under it). */
const PEER_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export class PeerUnreachable extends Error {}

export class PeerLink {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: ApiResult<unknown>) => void; reject: (error: Error) => void }>();
  private closedWith: Error | null = null;

  private constructor(
    private readonly socket: WebSocket,
    private readonly timeoutMs: number,
  ) {
    socket.on('message', (data) => this.received(data.toString()));
    socket.on('close', () => this.failAll(new PeerUnreachable('the other laptop closed the connection')));
    socket.on('error', (error) => this.failAll(new PeerUnreachable(error.message)));
  }

  /** Opens a socket to `address` (`host:port`) with `token`; rejects with PeerUnreachable when nothing answers or the token opens nothing. */
  static open(address: string, token: string, timeoutMs = PEER_REQUEST_TIMEOUT_MS): Promise<PeerLink> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${address}${WIRE_PATH}${wireQuery('peer', token)}`, {
        maxPayload: PEER_MAX_MESSAGE_BYTES,
        handshakeTimeout: timeoutMs,
      });
      const fail = (why: string): void => {
        socket.terminate();
        reject(new PeerUnreachable(why));
      };
      socket.once('unexpected-response', (_request, response) => fail(`the other laptop refused the connection (${response.statusCode})`));
      socket.once('error', (error) => fail(error.message));
      socket.once('open', () => {
        socket.removeAllListeners('error');
        socket.removeAllListeners('unexpected-response');
        resolve(new PeerLink(socket, timeoutMs));
      });
    });
  }

  get open(): boolean {
    return this.closedWith === null && this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Sends one request and waits for its reply (a refusal is a reply: `ok: false`). What the other laptop
   * answers is parsed before anyone reads it: an answer of another shape is refused in words.
   */
  request<K extends PeerAsked>(method: K, args: unknown): Promise<PeerAnswer<K>> {
    if (!this.open) return Promise.reject(this.closedWith ?? new PeerUnreachable('the connection is closed'));
    const id = this.nextId++;
    return new Promise<PeerAnswer<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new PeerUnreachable(`no answer to ${method} within ${this.timeoutMs} ms`));
        this.close();
      }, this.timeoutMs);
      timer.unref();
      this.waiting.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(parsedAnswer(method, result));
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ id, method, args }));
    });
  }

  close(): void {
    this.failAll(new PeerUnreachable('the connection was closed'));
    this.socket.terminate();
  }

  private received(text: string): void {
    let message: WireMessage;
    try {
      message = JSON.parse(text) as WireMessage;
    } catch {
      return;
    }
    if (message.type === 'reply') {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.resolve(message.result);
    } else if (message.type === 'error' && message.id !== null) {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.reject(new PeerUnreachable(message.message));
    }
  }

  private failAll(error: Error): void {
    this.closedWith ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

/** The paired laptops' questions whose answers carry data. */
export type PeerAsked = keyof typeof peerAnswerSchemas;
/** A paired laptop's answer, parsed: its data, or a refusal. */
export type PeerAnswer<K extends PeerAsked> = { ok: true; data: DataOf<K> } | { ok: false; error: CommandError };
/** Each answer's schema, typed by its question so a parsed answer is exactly its command's data. */
const PEER_ANSWERS: { readonly [K in PeerAsked]: z.ZodType<DataOf<K>> } = peerAnswerSchemas;

/** Another laptop's answer, checked: its data as its command says, a refusal as it came, or refused in words. */
function parsedAnswer<K extends PeerAsked>(method: K, result: ApiResult<unknown>): PeerAnswer<K> {
  if (!result.ok) return result;
  const schema: z.ZodType<DataOf<K>> = PEER_ANSWERS[method];
  const parsed = schema.safeParse(result.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const why = firstIssueText(parsed.error, 'it is malformed');
  return refused(
    commandError('peer-unreachable', `The other laptop answered in a shape this version does not read (${why}): update both laptops.`),
  );
}
