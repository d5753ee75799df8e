import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { commandChannel, type ApiResult, type WireMessage } from '../../shared';
import { composeDealer } from '../host/composeDealer';
import { startHost } from '../host/server';
import type { GameSession } from '../session';
import { advance, countingBytes, currentNight, sessionFolderPerTest, startNight } from '../session/testing/kit';
import { createConfBackend } from '../store/confBackend';
import { registerIpc } from './ipc';
import { rendererSource } from './renderer';
import type { DealerWindows } from './windows';

vi.mock('electron', () => ({ BrowserWindow: { fromWebContents: () => null }, ipcMain: {} }));

/**
 * One door for every command (src/main/session/door.ts): whichever way a
 * command comes (a window's IPC, the headless host's WebSocket, the phones'
 * listener, or straight to the session), and whichever domain answers it
 * (the session's own, the phones', the paired laptops'), a role that may not
 * send it is refused by the session itself, and nothing changes. A table
 * screen may not bet.
 */

const folder = sessionFolderPerTest('dealer-one-door-');

/** A night waiting for a bet, and what a bet on it would send. */
function nightAtBet(): { session: GameSession; bet: { stateId: number; amount: number } } {
  const session = folder.start();
  startNight(session);
  for (let step = 0; step < 40 && currentNight(session).phase !== 'bet'; step++) advance(session);
  expect(currentNight(session).phase).toBe('bet');
  return { session, bet: { stateId: currentNight(session).stateId, amount: 1 } };
}

const refusedAsTable = { ok: false, error: { code: 'forbidden-role', params: { role: 'table', command: 'bet' } } };

describe("one door: run('table', 'bet') is refused through every transport, and nothing changes", () => {
  it('straight to the session, and for the phones’ commands at the same door', async () => {
    const { session, bet } = nightAtBet();
    expect(await session.run('table', 'bet', bet)).toMatchObject(refusedAsTable);
    const dealer = await composedDealer();
    expect(await dealer.session.run('phone', 'setPhoneAccess', { on: true })).toMatchObject({
      ok: false,
      error: { code: 'forbidden-role', params: { role: 'phone', command: 'setPhoneAccess' } },
    });
    expect(dealer.phones?.isOn).toBe(false);
    expect(currentNight(session).stateId).toBe(bet.stateId);
    // The same bet from the host is taken: the refusal was the role's.
    expect((await session.run('host', 'bet', bet)).ok).toBe(true);
  });

  it("over IPC, from the table window (Electron's ipcMain stood in for)", async () => {
    const { session, bet } = nightAtBet();
    const handlers = new Map<string, (event: IpcMainInvokeEvent, args: unknown) => unknown>();
    const ipcMain = {
      handle: (channel: string, handler: (event: IpcMainInvokeEvent, args: unknown) => unknown) => handlers.set(channel, handler),
      removeHandler: (channel: string) => handlers.delete(channel),
    } as unknown as IpcMain;
    const table = { id: 2 } as WebContents;
    const windows = { all: () => [], roleOf: (c: WebContents) => (c === table ? 'table' : null) } as unknown as DealerWindows;
    const unregister = registerIpc({ service: session, windows, source: rendererSource(true, {}) }, ipcMain);
    const event = { sender: table, senderFrame: { origin: 'app://dealer', parent: null, url: 'app://dealer/table.html' } };
    const result = await handlers.get(commandChannel('bet'))!(event as unknown as IpcMainInvokeEvent, bet);
    expect(result).toMatchObject(refusedAsTable);
    expect(currentNight(session).stateId).toBe(bet.stateId);
    unregister();
  });

  it("over the headless host's WebSocket, from a table socket", async () => {
    const { session, bet } = nightAtBet();
    const host = await startHost({ service: session, port: 0, rendererDir: folder.root });
    try {
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/ws?role=table`);
      const reply = new Promise<ApiResult<unknown>>((done) =>
        socket.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString('utf8')) as WireMessage;
          if (message.type === 'reply' && message.id === 1) done(message.result);
        }),
      );
      await new Promise((done) => socket.once('open', done));
      socket.send(JSON.stringify({ id: 1, method: 'bet', args: bet }));
      expect(await reply).toMatchObject(refusedAsTable);
      expect(currentNight(session).stateId).toBe(bet.stateId);
      socket.terminate();
    } finally {
      await host.close();
    }
  });
});

/** A dealer composed as the app composes it: the session with the phones' and the paired laptops' parts. */
async function composedDealer(): Promise<Awaited<ReturnType<typeof composeDealer>>> {
  const dealer = await composeDealer({
    storage: createConfBackend(`${folder.root}/composed`),
    randomBytes: countingBytes('one-door'),
    now: folder.clock.now,
    groupFolderWatchMs: 0,
    phones: { rendererDir: folder.root, ports: [0], listenAddress: '127.0.0.1', addresses: () => [] },
    groupLan: { dataRoot: `${folder.root}/composed`, rendererDir: folder.root, ports: [0], listenAddress: '127.0.0.1' },
  });
  composed.push(dealer.session);
  return dealer;
}
const composed: GameSession[] = [];
afterEach(async () => {
  await Promise.all(composed.splice(0).map((session) => session.shutDown()));
});

describe('one refusal shape, whichever role sends and whichever domain answers', () => {
  const malformed = (command: string, field: string) => ({
    ok: false,
    error: { code: 'invalid-input', params: { command, field, problem: 'invalid' } },
  });

  it("the host's console: a phones' command and a paired laptops' command refused as the session's own are", async () => {
    const { session } = await composedDealer();
    expect(await session.run('host', 'setPhoneAccess', { on: 'yes' })).toMatchObject(malformed('setPhoneAccess', 'on'));
    expect(await session.run('host', 'groupUnpair', { laptopId: 7 })).toMatchObject(malformed('groupUnpair', 'laptopId'));
    expect(await session.run('host', 'getNight', { nightId: 7 })).toMatchObject(malformed('getNight', 'nightId'));
  });

  it('a phone and the TV: a question refused with the same code and params as from the console, a change refused by role', async () => {
    const { session } = await composedDealer();
    const fromPhone = await session.run('phone', 'getNightToCheck', { nightId: 7, checker: 'c-1' });
    expect(fromPhone).toMatchObject(malformed('getNightToCheck', 'nightId'));
    expect(await session.run('table', 'getNightToCheck', { nightId: 7, checker: 'c-1' })).toEqual(fromPhone);
    expect(await session.run('host', 'getNightToCheck', { nightId: 7, checker: 'c-1' })).toEqual(fromPhone);
    for (const role of ['phone', 'table'] as const)
      expect(await session.run(role, 'newPhoneLink', {})).toMatchObject({
        ok: false,
        error: { code: 'forbidden-role', params: { role, command: 'newPhoneLink' } },
      });
  });

  it("a paired laptop: its sync messages refused with the params the console's commands carry", async () => {
    const { session } = await composedDealer();
    expect(await session.run('peer', 'groupPeerManifest', { laptop: 7, key: 'k' })).toMatchObject(malformed('groupPeerManifest', 'laptop'));
    expect(await session.run('peer', 'bet', { stateId: 1, amount: 1 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden-role', params: { role: 'peer', command: 'bet' } },
    });
    expect(await session.run('host', 'groupPeerManifest', { laptop: 'l-1', key: 'k' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden-role', params: { role: 'host', command: 'groupPeerManifest' } },
    });
  });
});
