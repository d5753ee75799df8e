import { WebSocket } from 'ws';
import { rawClient, type RawClient } from '../../src/main/host/testing/rawClient';
import { WIRE_CLOSE_TABLE_FULL, WIRE_TABLE_FULL_RETRY_MS, type WireMessage } from '../../src/shared';

/**
 * The phones of scripts/phoneAbuse.ts, in a process of their own: what each
 * scenario's phones do until told `done`, and what they counted.
 */
export type Scenario = 'flood' | 'stalled' | 'churn';

export interface PhonesReport {
  answered: number;
  refused: number;
  turnedAway: number;
  connections: number;
  sent: number;
}

export async function runPhones(scenario: Scenario, link: string, count: number, nightId: string): Promise<void> {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  const socketUrl = `ws://${url.host}/ws?role=phone&token=${token}`;
  const report: PhonesReport = { answered: 0, refused: 0, turnedAway: 0, connections: 0, sent: 0 };
  let running = true;
  const hex = (length: number, seed: number): string => seed.toString(16).padStart(length, '0').slice(-length);
  /** Every message a phone may send (the registry's open questions, getView, and the two witness requests), in turn. */
  const questions = (index: number) => [
    { method: 'getNight', args: { nightId } },
    { method: 'verifyNight', args: { nightId } },
    { method: 'getNightToCheck', args: { nightId, checker: hex(16, index + 1) } },
    { method: 'getTab', args: {} },
    { method: 'listNights', args: {} },
    { method: 'getStandings', args: {} },
    { method: 'getView' },
    { method: 'revealDraws', args: { night: nightId, witness: hex(16, index + 1), request: 1, values: [hex(64, index)] } },
    { method: 'helpDeal', args: { night: nightId, witness: hex(16, index + 1), head: hex(64, index) } },
  ];
  /** Each phone its own address on loopback (127.0.0.2, .3, ...): other devices, as the host counts phones. */
  const addressOf = (index: number): string => `127.0.${Math.floor(index / 250)}.${(index % 250) + 2}`;
  const open: WebSocket[] = [];
  const raw: RawClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];

  const flooder = (index: number): void => {
    if (!running) return;
    const socket = new WebSocket(socketUrl, { localAddress: addressOf(index) });
    open.push(socket);
    let id = 0;
    const asked = questions(index);
    const ask = (): void => {
      const question = asked[(index + id) % asked.length]!;
      socket.send(JSON.stringify({ id: ++id, ...question }));
      report.sent++;
    };
    socket.on('open', () => {
      report.connections++;
      ask();
    });
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as WireMessage;
      if (message.type === 'view') return;
      if (message.type === 'reply' && !message.result.ok && message.result.error.code === 'too-many-questions') report.refused++;
      else report.answered++;
      if (running && socket.readyState === WebSocket.OPEN) ask();
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (code === WIRE_CLOSE_TABLE_FULL) report.turnedAway++;
      // As the phone page does (src/renderer/src/api/socket.ts): 5 s after being turned away, else 250 ms.
      if (running) setTimeout(() => flooder(index), code === WIRE_CLOSE_TABLE_FULL ? WIRE_TABLE_FULL_RETRY_MS : 250);
    });
  };

  const churner = (): void => {
    if (!running) return;
    const socket = new WebSocket(socketUrl);
    socket.on('open', () => {
      report.connections++;
      socket.close();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => setImmediate(churner));
  };

  for (let i = 0; i < count; i++) {
    if (scenario === 'flood') flooder(i);
    else if (scenario === 'churn') churner();
    else {
      const client = await rawClient(Number(url.port), `/ws?role=phone&token=${token}`, { localAddress: addressOf(i) });
      raw.push(client);
      let id = 0;
      const asked = questions(i);
      timers.push(
        setInterval(() => {
          client.sendText(JSON.stringify({ id: ++id, ...asked[id % asked.length]! }));
          report.sent++;
        }, 10),
      );
    }
  }
  process.send?.({ type: 'ready' });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'done') return;
    running = false;
    for (const timer of timers) clearInterval(timer);
    for (const socket of open) socket.terminate();
    for (const client of raw) client.socket.destroy();
    process.send?.({ type: 'report', report }, () => process.exit(0));
  });
}
