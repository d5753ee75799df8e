import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ApiResult, AppView } from '../../shared';
import type { DealerService } from '../session/service';
import { NOT_READING_CLOSE_CODE } from './listenerPolicy';
import { BUILD_MANIFEST } from './phoneAccess';
import { phonesPart, type PhonesPart } from './phonesPart';
import { startHost, type HostOptions, type RunningHost } from './server';
import { rawClient, type RawClient } from './testing/rawClient';

/**
 * Every listener closes a socket that stops reading, whatever its role but
 * the console's: too much waiting and none of it taken, or no answer to a
 * ping for a while. It is told why (a close code and words), so a page that
 * reads again finds its socket closed and opens a new one.
 */

/** A table whose every view is `padBytes` bigger (a long night), and whose views change on `change()`. */
function paddedTable(padBytes: number): DealerService & { change: () => void } {
  const listeners = new Set<(view: AppView) => void>();
  let turn = 0;
  const viewOf = (n: number): AppView =>
    ({
      night: null,
      roster: [{ id: `p${n}`, name: 'x'.repeat(padBytes), colour: '#000000', initials: 'X', archived: false }],
      lastSetup: null,
      storageNotices: [],
      tableScreen: { kind: 'live' },
      settleMode: 'fewest',
      preferences: { language: 'en', muted: false },
    }) as AppView;
  let view = viewOf(0);
  return {
    getView: () => view,
    run: () => Promise.resolve({ ok: true, view } as ApiResult),
    onView(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => undefined,
    change() {
      view = viewOf(++turn);
      for (const listener of listeners) listener(view);
    },
  };
}

/** The close frame among what a client that did not read was sent (read once its connection is gone). */
function closeFrameIn(bytes: Buffer): { code: number; reason: string } | null {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      start = at + 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (opcode === 0x8 && start + length <= bytes.length) {
      return { code: bytes.readUInt16BE(start), reason: bytes.subarray(start + 2, start + length).toString('utf8') };
    }
    at = start + length;
  }
  return null;
}

/** Reads, once the host has closed it, everything a paused client was sent. */
async function sentTo(client: RawClient): Promise<Buffer> {
  const chunks: Buffer[] = [];
  client.socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  client.socket.resume();
  await client.closed;
  return Buffer.concat(chunks);
}

let workDir: string;
let rendererDir: string;
let host: RunningHost | null = null;
let phones: PhonesPart | null = null;
const clients: RawClient[] = [];

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-not-reading-'));
  rendererDir = join(workDir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Dealer</title>');
  await writeFile(join(rendererDir, 'phone.html'), '<!doctype html><title>Phone</title>');
  await writeFile(join(rendererDir, BUILD_MANIFEST), JSON.stringify({ 'phone.html': { file: 'phone.html', isEntry: true } }));
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.destroy();
  await host?.close();
  host = null;
  await phones?.close();
  phones = null;
  await rm(workDir, { recursive: true, force: true });
});

async function mainHost(service: DealerService, more: Partial<HostOptions>): Promise<{ running: RunningHost; dropped: string[] }> {
  const dropped: string[] = [];
  host = await startHost({
    service,
    port: 0,
    rendererDir,
    // The old heartbeat would take a minute: what closes these sockets is the unread policy alone.
    flow: { heartbeatMs: 60_000, stuckMs: 60_000 },
    onClientDropped: (role, why) => dropped.push(`${role}: ${why}`),
    ...more,
  });
  return { running: host, dropped };
}

async function until(look: () => boolean, what: string, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!look()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('a socket that stops reading is closed, with a reason', () => {
  it("the main host's TV that reads nothing is closed once it has answered no ping for the set time; a TV that reads and the console stay", async () => {
    const table = paddedTable(100);
    const { running, dropped } = await mainHost(table, { unread: { silentMs: 1500 } });
    const tv = await rawClient(running.port, '/ws?role=table');
    clients.push(tv);
    const console_ = new WebSocket(`${running.url.replace('http:', 'ws:')}ws`);
    // A second TV that reads (and so answers pings) stays, however long.
    const reading = new WebSocket(`${running.url.replace('http:', 'ws:')}ws?role=table`);
    await Promise.all([console_, reading].map((socket) => new Promise((done) => socket.once('open', done))));
    const opened = performance.now();
    await until(() => running.connections().filter((c) => c.role === 'table').length === 1, 'the TV to be closed');
    expect(performance.now() - opened).toBeLessThan(4000);
    expect(dropped).toEqual(['table: not reading: no answer for 1.5 s']);
    expect(closeFrameIn(await sentTo(tv))).toEqual({ code: NOT_READING_CLOSE_CODE, reason: 'not reading: no answer for 1.5 s' });
    await new Promise((done) => setTimeout(done, 2000));
    expect(
      running
        .connections()
        .map((c) => c.role)
        .sort(),
    ).toEqual(['host', 'table']);
    expect(dropped).toHaveLength(1);
    console_.close();
    reading.close();
  });

  it("the main host's TV that holds more than the set amount unread, and takes none of it, is closed at the next check", async () => {
    const table = paddedTable(20_000);
    const { running, dropped } = await mainHost(table, { unread: { maxUnreadBytes: 64 * 1024, silentMs: 60_000 } });
    const tv = await rawClient(running.port, '/ws?role=table');
    clients.push(tv);
    await until(() => running.connections().length === 1, 'the TV');
    // 20 views of 20 KB: far more than the kernel's buffers and 64 KB take.
    const pushing = setInterval(() => table.change(), 10);
    try {
      await until(() => running.connections().length === 0, 'the TV to be closed');
    } finally {
      clearInterval(pushing);
    }
    expect(dropped).toEqual(['table: not reading: more than 64 KB waiting']);
  });

  it("a phone on the phones' listener that reads nothing is closed with the same reason, and a new socket of it gets in", async () => {
    const table = paddedTable(100);
    const dropped: string[] = [];
    // The phones' part alone, serving the padded table's view.
    const part = phonesPart(
      { service: table, changed: () => undefined },
      {
        rendererDir,
        ports: [0],
        listenAddress: '127.0.0.1',
        addresses: () => ['192.168.1.20'],
        newToken: () => 'tokenabcdefghijk',
        limits: { flow: { heartbeatMs: 60_000 }, unread: { silentMs: 1500 } },
        onClientDropped: (role, why) => dropped.push(`${role}: ${why}`),
      },
    );
    phones = part;
    await part.handlers.setPhoneAccess({ on: true });
    const port = part.access.view().port ?? 0;
    const service = { phones: part.access };
    const phone = await rawClient(port, '/ws?role=phone&token=tokenabcdefghijk');
    clients.push(phone);
    await until(() => service.phones.connectedCount === 1, 'the phone');
    await until(() => service.phones.connectedCount === 0, 'the phone to be closed');
    expect(dropped).toEqual(['phone: not reading: no answer for 1.5 s']);
    expect(closeFrameIn(await sentTo(phone))).toEqual({ code: NOT_READING_CLOSE_CODE, reason: 'not reading: no answer for 1.5 s' });

    // Reading again, the page opens a new socket: it is let in.
    const back = await rawClient(port, '/ws?role=phone&token=tokenabcdefghijk', { reading: true });
    clients.push(back);
    await until(() => service.phones.connectedCount === 1, 'the phone back');
  });
});
