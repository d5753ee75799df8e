import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { commandChannel, type ApiResult, type WireMessage } from '../../shared';
import { withPhoneAccess } from '../host/phoneService';
import { startHost } from '../host/server';
import type { GameSession } from '../session';
import { advance, currentNight, sessionFolderPerTest, startNight } from '../session/testing/kit';
import { registerIpc } from './ipc';
import { rendererSource } from './renderer';
import type { DealerWindows } from './windows';

vi.mock('electron', () => ({ BrowserWindow: { fromWebContents: () => null }, ipcMain: {} }));

/**
 * One door for every command (src/main/session/door.ts): whichever way a
 * command comes (a window's IPC, the headless host's WebSocket, the phones'
 * listener, or straight to the session), a role that may not send it is
 * refused by the session itself, and nothing changes. A table screen may
 * not bet.
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
  it('straight to the session, and through the phones’ service around it', async () => {
    const { session, bet } = nightAtBet();
    expect(await session.run('table', 'bet', bet)).toMatchObject(refusedAsTable);
    const phones = withPhoneAccess(session, { rendererDir: folder.root, addresses: () => [] });
    expect(await phones.run('table', 'bet', bet)).toMatchObject(refusedAsTable);
    expect(await phones.run('phone', 'setPhoneAccess', { on: true })).toMatchObject({ ok: false, error: { code: 'forbidden-role' } });
    expect(phones.phones.isOn).toBe(false);
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
