import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult, AppView, WireMessage } from '../../../shared';
import { COMMAND_NAMES } from '../../../shared/registry';
import { createSocketApi, QUEUED_REQUEST_MS, roleFor, socketUrlFor, type SocketLike } from './socket';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: WireMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The requests sent, without the getView the bridge makes on every open. */
  commands(): Record<string, unknown>[] {
    return this.sent.filter((m) => m.method !== 'getView');
  }
}

const lobby: AppView = { night: null, roster: [], lastSetup: null, storageNotices: [], tableScreen: { kind: 'live' }, settleMode: 'fewest', preferences: { language: 'en', muted: false } };
const withRoster: AppView = { ...lobby, roster: [{ id: 'p1', name: 'Maya', colour: '#f2c14e', initials: 'MA', archived: false }] };

function latest(): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket was made');
  return socket;
}

function makeApi() {
  return createSocketApi({ url: 'ws://host/ws', createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socketUrlFor', () => {
  it('points at /ws on the same host and forwards the access token', () => {
    const url = new URL(socketUrlFor({ protocol: 'http:', host: '127.0.0.1:5199', search: '?token=a b', hash: '#/' }));
    expect(`${url.origin}${url.pathname}`).toBe('ws://127.0.0.1:5199/ws');
    expect(url.searchParams.get('token')).toBe('a b');
    expect(socketUrlFor({ protocol: 'https:', host: 'tv.lan', search: '', hash: '#/' })).toBe('wss://tv.lan/ws');
    expect(socketUrlFor({ protocol: 'http:', host: 'h', search: '', hash: '#/history?token=t1' })).toBe('ws://h/ws?token=t1');
  });

  it('opens a table-role socket from the TV route, so the TV can only read whatever link it was opened with', () => {
    expect(socketUrlFor({ protocol: 'http:', host: '127.0.0.1:5199', search: '', hash: '#/table' })).toBe('ws://127.0.0.1:5199/ws?role=table');
    const withToken = new URL(socketUrlFor({ protocol: 'http:', host: 'tv.lan', search: '?token=v1', hash: '#/table' }));
    expect(Object.fromEntries(withToken.searchParams)).toEqual({ role: 'table', token: 'v1' });
  });

  it('roleFor: the TV route is the table, every other route the console', () => {
    expect(roleFor({ hash: '#/table' })).toBe('table');
    expect(roleFor({ hash: '#/table?token=x' })).toBe('table');
    expect(roleFor({ hash: '#/' })).toBe('host');
    expect(roleFor({ hash: '' })).toBe('host');
    expect(roleFor({ hash: '#/history/all' })).toBe('host');
    expect(roleFor({ hash: '#/tables' })).toBe('host');
  });
});

describe('createSocketApi', () => {
  it('sends commands made before the socket opens once it opens, and resolves each by its id', async () => {
    const api = makeApi();
    const bet = api.bet({ stateId: 3, amount: 2 });
    const socket = latest();
    expect(socket.sent).toEqual([]);
    socket.open();
    const sentBet = socket.commands()[0];
    expect(sentBet).toMatchObject({ method: 'bet', args: { stateId: 3, amount: 2 } });
    const refused: ApiResult = { ok: false, error: { code: 'bet-above-pot', message: 'too much', params: { pot: 6 } } };
    socket.push({ type: 'reply', id: sentBet?.id as number, result: refused });
    await expect(bet).resolves.toEqual(refused);
  });

  it('refuses, unsent, a request that waited too long for the connection, so it cannot run minutes later', async () => {
    const api = makeApi();
    const restore = api.restore({ content: '{}', replace: true });
    const refusal = expect(restore).rejects.toThrow(/nothing was sent/);
    vi.advanceTimersByTime(QUEUED_REQUEST_MS + 1);
    await refusal;
    latest().open();
    expect(latest().commands()).toEqual([]);
  });

  it('bridges every command of the contract, and hands back the data a question answers', async () => {
    const api = makeApi();
    for (const name of COMMAND_NAMES) expect(typeof api[name], name).toBe('function');
    latest().open();
    const asked = api.getStandings({ from: '2026-01-01' });
    const sent = latest().commands()[0];
    expect(sent).toMatchObject({ method: 'getStandings', args: { from: '2026-01-01' } });
    const standings = { rows: [], cumulative: [] };
    latest().push({ type: 'reply', id: sent?.id as number, result: { ok: true, view: lobby, data: standings } });
    await expect(asked).resolves.toEqual({ ok: true, view: lobby, data: standings });
  });

  it('passes pushed views to every listener until it unsubscribes', () => {
    const api = makeApi();
    const seen: AppView[] = [];
    const unsubscribe = api.onView((view) => seen.push(view));
    latest().open();
    latest().push({ type: 'view', view: withRoster });
    unsubscribe();
    latest().push({ type: 'view', view: lobby });
    expect(seen).toEqual([withRoster]);
  });

  it('resolves with the refusal when the host says this screen may only watch, so the screen can show it', async () => {
    const api = makeApi();
    latest().open();
    const bet = api.bet({ stateId: 1, amount: 2 });
    const id = latest().commands()[0]?.id as number;
    const refusal: ApiResult = {
      ok: false,
      error: { code: 'forbidden-role', message: 'a table screen (role "table") may only watch', params: { role: 'table', command: 'bet' } },
    };
    latest().push({ type: 'reply', id, result: refusal });
    await expect(bet).resolves.toEqual(refusal);
  });

  it('rejects a request the host calls malformed, with its message', async () => {
    const api = makeApi();
    latest().open();
    const deal = api.deal({ stateId: 1 });
    const id = latest().commands()[0]?.id as number;
    latest().push({ type: 'error', id, message: 'unknown method' });
    await expect(deal).rejects.toThrow('unknown method');
  });

  it('shows reconnecting when the socket drops, rejects what was in flight, then reconnects and refreshes the view', async () => {
    const api = makeApi();
    const statuses: string[] = [];
    api.onStatus((s) => statuses.push(s));
    const views: AppView[] = [];
    api.onView((v) => views.push(v));
    latest().open();
    const deal = api.deal({ stateId: 1 });
    latest().drop();
    await expect(deal).rejects.toThrow('lost');
    expect(api.status()).toBe('reconnecting');

    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    const getView = latest().sent.find((m) => m.method === 'getView');
    latest().push({ type: 'reply', id: getView?.id as number, result: { ok: true, view: withRoster } });
    await vi.waitFor(() => expect(views).toEqual([withRoster]));
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
  });

  it('stops reconnecting once disposed', () => {
    const api = makeApi();
    latest().open();
    api.dispose();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
