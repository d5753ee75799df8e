/**
 * `tsx scripts/stalledViewers.ts [--commands N] [--stalled K]`: what a client
 * that stops reading its socket costs the headless host. K raw
 * WebSocket clients finish the handshake and then never read; a console plays
 * N commands; the host's memory and each client's buffer are reported as one
 * JSON line: the bytes held for clients at their peak, after the commands,
 * and once the host has had time to close clients that stay stuck
 * (`--stuck-ms`, default 2000).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import type { ApiResult, WireMessage } from '../src/shared';
import { openDealerService } from '../src/main/session';
import { createConfBackend } from '../src/main/store/confBackend';
import { startHost } from '../src/main/host/server';
import { rawClient } from '../src/main/host/testing/rawClient';

/**
 * Every socket the host has sent on, found by watching `send` (ws's own
 * class, so this measures any version of the server without its help).
 */
const hostSockets = new Set<WebSocket>();
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function watchedSend(this: WebSocket, ...args: Parameters<WebSocket['send']>) {
  if (this !== consoleSocket) hostSockets.add(this);
  return send.apply(this, args);
} as WebSocket['send'];
let consoleSocket: WebSocket | null = null;

/** Bytes the host holds for its clients: queued in ws and in each socket's write buffer. */
function bufferedOnHost(): number {
  return [...hostSockets].reduce((sum, socket) => sum + socket.bufferedAmount, 0);
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { commands: { type: 'string' }, stalled: { type: 'string' }, 'stuck-ms': { type: 'string' } },
  });
  const commands = Number(values.commands ?? 2000);
  const stalledCount = Number(values.stalled ?? 5);
  const stuckMs = Number(values['stuck-ms'] ?? 2000);
  const work = mkdtempSync(join(tmpdir(), 'dealer-stall-'));
  const rendererDir = join(work, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Dealer</title>');
  const service = await openDealerService({ storage: createConfBackend(join(work, 'data')) });
  const host = await startHost({ service, port: 0, rendererDir, flow: { stuckMs } });
  const stalled = await Promise.all(Array.from({ length: stalledCount }, () => rawClient(host.port, '/ws?role=table')));

  const console_ = new WebSocket(`ws://127.0.0.1:${host.port}/ws`);
  consoleSocket = console_;
  await new Promise((done) => console_.once('open', done));
  const waiting = new Map<number, (result: ApiResult<unknown>) => void>();
  console_.on('message', (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    if (message.type === 'reply') waiting.get(message.id)?.(message.result);
  });
  let id = 0;
  const run = (method: string, args: unknown): Promise<ApiResult<unknown>> =>
    new Promise((done) => {
      waiting.set(++id, done);
      console_.send(JSON.stringify({ id, method, args }));
    });

  const names = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];
  const started = await run('startNight', { players: names.map((name) => ({ name })), startingChips: 50, chipValue: 1 });
  if (!started.ok) throw new Error(started.error.message);
  const before = process.memoryUsage();
  let view = started.view;
  let peakBuffered = 0;
  const t0 = performance.now();
  for (let n = 0; n < commands; n++) {
    const player = view.night?.players[n % names.length];
    const result = await run('buyIn', { stateId: view.night?.stateId ?? 0, playerId: player?.id ?? '', amount: 1 });
    if (!result.ok) throw new Error(`buy-in ${n} refused: ${result.error.message}`);
    view = result.view;
    peakBuffered = Math.max(peakBuffered, bufferedOnHost());
  }
  const elapsed = performance.now() - t0;
  const bufferedAfterCommands = bufferedOnHost();
  // Long enough for the host to give up on a client that stays stuck.
  await new Promise((done) => setTimeout(done, stuckMs * 2 + 500));
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  const openOnHost = [...hostSockets].filter((socket) => socket.readyState === WebSocket.OPEN).length;
  process.stdout.write(
    `${JSON.stringify({
      name: 'stalled-viewers',
      commands,
      stalled: stalledCount,
      viewBytes: JSON.stringify(view).length,
      ms: Math.round(elapsed),
      arrayBuffersGrowthMB: megabytes(after.arrayBuffers - before.arrayBuffers),
      externalGrowthMB: megabytes(after.external - before.external),
      rssGrowthMB: megabytes(after.rss - before.rss),
      peakBufferedMB: megabytes(peakBuffered),
      bufferedAfterCommandsMB: megabytes(bufferedAfterCommands),
      bufferedAfterStuckWaitMB: megabytes(bufferedOnHost()),
      hostSocketsStillOpen: openOnHost,
    })}\n`,
  );
  console_.close();
  for (const client of stalled) client.socket.destroy();
  await host.close();
  service.close();
  rmSync(work, { recursive: true, force: true });
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
