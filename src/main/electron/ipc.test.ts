import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  CHANNELS,
  COMMAND_NAMES,
  commandChannel,
  commandsFor,
  type ApiResult,
  type AppView,
  type CommandName,
  type Role,
} from '../../shared';
import { admit } from '../session/door';
import type { DealerService } from '../session/service';
import { registerIpc } from './ipc';
import { rendererSource, type WindowRole } from './renderer';
import type { DealerWindows } from './windows';

vi.mock('electron', () => ({ BrowserWindow: { fromWebContents: () => null } }));

type Handler = (event: IpcMainInvokeEvent, args: unknown) => unknown;

/** ipcMain, the service and the windows as the wiring sees them; the service records what ran. */
function wire() {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  const ran: string[] = [];
  const view = { night: null } as unknown as AppView;
  const service: DealerService = {
    getView: () => view,
    // The session's one door first, as GameSession.run does: IPC only says which window asks.
    run: async (role, command) => {
      const admitted = admit(role, command);
      if (!admitted.ok) return admitted;
      ran.push(command);
      return { ok: true, view };
    },
    onView: () => () => undefined,
    close: () => undefined,
  };
  const contents: Record<WindowRole, WebContents> = { host: { id: 1 } as WebContents, table: { id: 2 } as WebContents };
  const shown: string[] = [];
  const windows = {
    all: () => [],
    roleOf: (c: WebContents | null | undefined) => (c === contents.host ? 'host' : c === contents.table ? 'table' : null),
    showTable: () => shown.push('table'),
  } as unknown as DealerWindows;
  const unregister = registerIpc({ service, windows, source: rendererSource(true, {}) }, ipcMain);
  const event = (role: WindowRole | 'stranger', origin = 'app://dealer', parent: unknown = null) =>
    ({
      sender: role === 'stranger' ? { id: 3 } : contents[role],
      senderFrame: { origin, parent, url: `${origin}/index.html` },
    }) as unknown as IpcMainInvokeEvent;
  const call = (channel: string, e: IpcMainInvokeEvent, args: unknown = {}) =>
    Promise.resolve().then(() => handlers.get(channel)!(e, args));
  return { handlers, ran, shown, event, call, unregister };
}

describe('IPC: every command checked against the sender and its role (registry)', () => {
  it('a handler exists for every command of the registry and the window channels; unregister removes them all', () => {
    const { handlers, unregister } = wire();
    for (const name of COMMAND_NAMES) expect(handlers.has(commandChannel(name)), name).toBe(true);
    for (const channel of [CHANNELS.getView, CHANNELS.toggleFullScreen, CHANNELS.openTableWindow]) expect(handlers.has(channel)).toBe(true);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it("the host console may send every command but a paired laptop's sync messages", async () => {
    const { ran, event, call } = wire();
    const allowed = commandsFor('host');
    for (const name of COMMAND_NAMES) {
      const result = await call(commandChannel(name), event('host'));
      if (allowed.includes(name)) expect(result, name).toMatchObject({ ok: true });
      else expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden-role' } });
    }
    expect(ran).toEqual([...allowed]);
    expect(COMMAND_NAMES.filter((name) => !allowed.includes(name))).toEqual(commandsFor('peer'));
  });

  it('the table window may ask the history questions; a change from it is refused naming its role, and nothing runs', async () => {
    const { ran, event, call } = wire();
    const allowed = commandsFor('table');
    expect(allowed.length).toBeGreaterThan(0);
    for (const name of COMMAND_NAMES) {
      const result = await call(commandChannel(name), event('table'));
      if (allowed.includes(name)) {
        expect(result, name).toMatchObject({ ok: true });
      } else {
        expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden-role', params: { role: 'table', command: name } } });
        expect((result as { error: { message: string } }).error.message).toContain('table');
      }
    }
    expect(ran).toEqual([...allowed]);
  });

  it('only the console may reopen the table window; both may read the view', async () => {
    const { shown, event, call } = wire();
    await call(CHANNELS.openTableWindow, event('host'));
    expect(shown).toEqual(['table']);
    await expect(call(CHANNELS.openTableWindow, event('table'))).rejects.toThrow(/table window may not call openTableWindow/);
    expect(shown).toEqual(['table']);
    await expect(call(CHANNELS.getView, event('table'))).resolves.toEqual({ night: null });
  });

  it('another origin, a subframe, or a window that is not ours is refused before anything runs', async () => {
    const { ran, event, call } = wire();
    const start = commandChannel('startNight');
    await expect(call(start, event('host', 'https://example.com'))).rejects.toThrow(/unexpected origin https:\/\/example.com/);
    await expect(call(start, event('host', 'file://'))).rejects.toThrow(/unexpected origin/);
    await expect(call(start, event('host', 'null'))).rejects.toThrow(/unexpected origin/);
    await expect(call(start, event('host', 'app://dealer', {}))).rejects.toThrow(/top frame/);
    await expect(call(start, event('stranger'))).rejects.toThrow(/not one of our windows/);
    await expect(call(CHANNELS.getView, event('host', 'http://localhost:5173'))).rejects.toThrow(/unexpected origin/);
    expect(ran).toEqual([]);
  });
});

/** A session that pushes a new view on every change, and two windows that record what main sends them. */
function pushingWire() {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  const listeners = new Set<(view: AppView) => void>();
  let current = { night: null, group: { id: 'g1' }, step: 0 } as unknown as AppView;
  const run = async (role: Role, command: CommandName): Promise<ApiResult<unknown>> => {
    const admitted = admit(role, command);
    if (!admitted.ok) return admitted;
    if (command === 'listNights') return { ok: true, view: current, data: [] };
    if (command === 'bet') {
      current = { ...current, step: (current as unknown as { step: number }).step + 1 } as AppView;
      for (const listener of listeners) listener(current);
    }
    return { ok: true, view: current };
  };
  const service: DealerService = {
    getView: () => current,
    run: run as DealerService['run'],
    onView: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => undefined,
  };
  const sent: Record<WindowRole, unknown[][]> = { host: [], table: [] };
  const contents = (role: WindowRole) =>
    ({ id: role === 'host' ? 1 : 2, send: (...args: unknown[]) => sent[role].push(args) }) as unknown as WebContents;
  const webContents: Record<WindowRole, WebContents> = { host: contents('host'), table: contents('table') };
  const windows = {
    all: () => [{ webContents: webContents.host }, { webContents: webContents.table }],
    roleOf: (c: WebContents | null | undefined) => (c === webContents.host ? 'host' : c === webContents.table ? 'table' : null),
  } as unknown as DealerWindows;
  registerIpc({ service, windows, source: rendererSource(true, {}) }, ipcMain);
  const call = (channel: string, role: WindowRole, args: unknown = {}) =>
    Promise.resolve(
      handlers.get(channel)!(
        {
          sender: webContents[role],
          senderFrame: { origin: 'app://dealer', parent: null, url: 'app://dealer/index.html' },
        } as unknown as IpcMainInvokeEvent,
        args,
      ),
    );
  return { sent, call, current: () => current };
}

describe('IPC: a view crosses to a window once', () => {
  it('a change is pushed to both windows, numbered, and its answer names that push instead of carrying the view again', async () => {
    const { sent, call, current } = pushingWire();
    const answer = await call(commandChannel('bet'), 'host');
    expect(answer).toEqual({ ok: true, pushed: 1 });
    expect(sent.host).toEqual([[CHANNELS.view, current(), 1]]);
    // The TV's copy leaves out the group, which is the console's alone.
    expect(sent.table).toEqual([[CHANNELS.view, { night: null, step: 1 }, 1]]);
    expect(await call(commandChannel('bet'), 'host')).toEqual({ ok: true, pushed: 2 });
    expect(sent.host.map(([, , pushed]) => pushed)).toEqual([1, 2]);
  });

  it("a question's answer keeps its data and names the newest push, from either window", async () => {
    const { call } = pushingWire();
    await call(commandChannel('bet'), 'host');
    expect(await call(commandChannel('listNights'), 'host')).toEqual({ ok: true, pushed: 1, data: [] });
    expect(await call(commandChannel('listNights'), 'table')).toEqual({ ok: true, pushed: 1, data: [] });
  });

  it('before any push, an answer carries its view, the TV’s without the group', async () => {
    const { call, current } = pushingWire();
    expect(await call(commandChannel('listNights'), 'host')).toEqual({ ok: true, view: current(), data: [] });
    expect(await call(commandChannel('listNights'), 'table')).toEqual({ ok: true, view: { night: null, step: 0 }, data: [] });
  });

  it('a refusal is passed on as it is, with nothing pushed', async () => {
    const { sent, call } = pushingWire();
    expect(await call(commandChannel('bet'), 'table')).toMatchObject({ ok: false, error: { code: 'forbidden-role' } });
    expect(sent.host).toEqual([]);
  });
});
