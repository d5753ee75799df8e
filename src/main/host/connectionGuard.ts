import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * What a stranger (a connection that has shown no valid token yet) may cost
 * a listener beyond loopback: anyone on the Wi-Fi can open connections, so
 * only so many strangers are held at once (the oldest is closed for a new one),
 * and each has a short time to show a token (in a request or a socket
 * upgrade) before it is closed. Idle and slow (slowloris) connections are
 * ended by the server's own timeouts, set here, checked every second.
 */
export interface ConnectionLimits {
  /** Connections without a valid token held at once; one more closes the oldest. */
  maxStrangers: number;
  /** How long a connection may stay a stranger before it is closed. */
  strangerMs: number;
  /** The time a client has to send a request's headers (server.headersTimeout). */
  headersTimeoutMs: number;
  /** The time a client has to send a whole request (server.requestTimeout). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after a response (server.keepAliveTimeout). */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxStrangers: 32,
  strangerMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
};

/** How often the server looks for requests past their timeouts (Node checks every 30 s unless told). */
export const CONNECTIONS_CHECK_MS = 1_000;

export interface ConnectionGuard {
  /** The connection showed a valid token: it no longer counts as a stranger. */
  trust(socket: Duplex): void;
  /** Connections not trusted yet, for tests and diagnostics. */
  strangers(): number;
}

/** Sets the server's timeouts and, when `guardStrangers`, keeps strangers few and short-lived. */
export function guardConnections(server: Server, limits: ConnectionLimits, guardStrangers: boolean): ConnectionGuard {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  /** Strangers, oldest first, each with the timer that closes it. */
  const waiting = new Map<Duplex, ReturnType<typeof setTimeout>>();
  const forget = (socket: Duplex): void => {
    clearTimeout(waiting.get(socket));
    waiting.delete(socket);
  };
  const evict = (socket: Duplex): void => {
    forget(socket);
    socket.destroy();
  };
  if (guardStrangers) {
    server.on('connection', (socket: Socket) => {
      // The oldest stranger goes, not the newcomer: idle connections cannot keep a phone from getting in.
      const oldest = waiting.size >= limits.maxStrangers ? waiting.keys().next().value : undefined;
      if (oldest) evict(oldest);
      const timer = setTimeout(() => evict(socket), limits.strangerMs);
      timer.unref();
      waiting.set(socket, timer);
      socket.once('close', () => forget(socket));
    });
  }
  return {
    trust: forget,
    strangers: () => waiting.size,
  };
}
