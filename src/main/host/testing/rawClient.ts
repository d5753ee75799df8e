import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket client written by hand on a raw TCP socket, for what a real
 * client library would never do: stop reading, never answer a ping. Tests
 * and scripts/stalledViewers.ts use it against the headless host.
 */
export interface RawClient {
  socket: Socket;
  /** Sends one masked text frame (clients must mask, RFC 6455 5.3). */
  sendText(text: string): void;
  /** Resolves when the host closes the connection. */
  closed: Promise<void>;
}

/**
 * Opens `path` (e.g. `/ws?role=table`) with the opening handshake; the socket is paused unless `reading`.
 * `localAddress` (another 127.x address) makes it another device as far as the host can tell.
 */
export function rawClient(port: number, path: string, { reading = false, localAddress = '' } = {}): Promise<RawClient> {
  return new Promise((done, failed) => {
    const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let answer = '';
    socket.once('error', failed);
    const look = (chunk: Buffer): void => {
      answer += chunk.toString('latin1');
      if (!answer.includes('\r\n\r\n')) return;
      socket.off('data', look);
      socket.on('error', () => undefined);
      if (!answer.startsWith('HTTP/1.1 101')) {
        socket.destroy();
        failed(new Error(answer.split('\r\n')[0]));
        return;
      }
      if (reading) socket.on('data', () => undefined);
      else socket.pause();
      done({ socket, closed, sendText: (text) => socket.write(maskedTextFrame(text)) });
    };
    socket.on('data', look);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x81, 0x80 | length]) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (length >= 126 && length < 65536) {
    header[0] = 0x81;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else if (length >= 65536) {
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, masked]);
}
