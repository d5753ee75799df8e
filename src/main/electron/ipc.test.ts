import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS, COMMAND_NAMES, commandChannel, commandsFor, type AppView } from '../../shared';
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
