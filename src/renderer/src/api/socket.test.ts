import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIRE_CLOSE_TABLE_FULL, WIRE_TABLE_FULL_RETRY_MS, type ApiResult, type AppView, type WireMessage } from '../../../shared';
import { COMMAND_NAMES, COMMAND_REGISTRY, commandsFor } from '../../../shared/registry';
import {
  CONNECT_TIMEOUT_MS,
  createPhoneSocketApi,
  createSocketApi,
  PROBE_TIMEOUT_MS,
  QUEUED_REQUEST_MS,
  retryOnWake,
  roleFor,
  socketUrlFor,
  type SocketLike,
} from './socket';

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
  drop(code?: number): void {
    this.readyState = 3;
    this.onclose?.(code === undefined ? {} : { code });
  }
  /** The requests sent, without the getView the bridge makes on every open. */
  commands(): Record<string, unknown>[] {
    return this.sent.filter((m) => m.method !== 'getView');
  }
}

const lobby: AppView = {
  night: null,
  roster: [],
  lastSetup: null,
  storageNotices: [],
  tableScreen: { kind: 'live' },
  settleMode: 'fewest',
  preferences: { language: 'en', muted: false },
};
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
    expect(socketUrlFor({ protocol: 'https:', host: 'tv.lan', search: '', hash: '#/' })).toBe('wss://tv.lan/ws?views=once');
    expect(socketUrlFor({ protocol: 'http:', host: 'h', search: '', hash: '#/history?token=t1' })).toBe('ws://h/ws?token=t1&views=once');
  });

  it('opens a table-role socket from the TV route, so the TV can only read whatever link it was opened with', () => {
    expect(socketUrlFor({ protocol: 'http:', host: '127.0.0.1:5199', search: '', hash: '#/table' })).toBe(
      'ws://127.0.0.1:5199/ws?role=table',
    );
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

  it('a command answered as `answered` (views=once) resolves with the view pushed just before it, and its data', async () => {
    const api = makeApi();
    latest().open();
    const asked = api.getStandings({ from: '2026-01-01' });
    const bet = api.bet({ stateId: 3, amount: 2 });
    const [standingsId, betId] = latest()
      .commands()
      .map((m) => m.id as number);
    latest().push({ type: 'view', view: withRoster });
    const standings = { rows: [], cumulative: [] };
    latest().push({ type: 'answered', id: standingsId!, data: standings });
    await expect(asked).resolves.toEqual({ ok: true, view: withRoster, data: standings });
    latest().push({ type: 'view', view: lobby });
    latest().push({ type: 'answered', id: betId! });
    await expect(bet).resolves.toEqual({ ok: true, view: lobby });
  });

  it('an `answered` on a socket that was pushed no view yet (a new link) fails in words instead of answering without a view', async () => {
    const api = makeApi();
    latest().open();
    const bet = api.bet({ stateId: 3, amount: 2 });
    latest().push({ type: 'answered', id: latest().commands()[0]?.id as number });
    await expect(bet).rejects.toThrow(/never sent/);
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

/** Answers the newest getView the socket was sent with `view`. */
function answerGetView(socket: FakeSocket, view: AppView): void {
  const asked = socket.sent.filter((m) => m.method === 'getView').at(-1);
  if (!asked) throw new Error('no getView was sent');
  socket.push({ type: 'reply', id: asked.id as number, result: { ok: true, view } });
}

describe('coming back after Wi-Fi drops or the phone sleeps', () => {
  it('retryNow skips the backoff: a page that is visible again reconnects at once, and from the shortest delay', () => {
    const api = createSocketApi({ url: 'ws://host/ws', createSocket: (url) => new FakeSocket(url), backoff: () => 60_000 });
    latest().open();
    latest().drop();
    expect(api.status()).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    api.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(api.status()).toBe('open');
    // The waiting retry was cancelled: no third socket when its time would have come.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a socket stuck connecting (the first try after the network came back) is given up and tried again', () => {
    const api = makeApi();
    expect(api.status()).toBe('connecting');
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all[0]?.readyState).toBe(3);
    expect(api.status()).toBe('reconnecting');
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(api.status()).toBe('open');
  });

  it('a socket that looks open but no longer answers (the phone slept) is dropped on waking and replaced, and the new one resyncs', async () => {
    const api = makeApi();
    const views: AppView[] = [];
    api.onView((v) => views.push(v));
    latest().open();
    answerGetView(latest(), lobby);
    await vi.waitFor(() => expect(views).toEqual([lobby]));

    const asleep = latest();
    api.retryNow();
    api.retryNow(); // a second wake signal does not start a second check
    expect(asleep.sent.filter((m) => m.method === 'getView')).toHaveLength(2);
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS);
    expect(asleep.readyState).toBe(3);
    expect(api.status()).toBe('reconnecting');
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    answerGetView(latest(), withRoster);
    await vi.waitFor(() => expect(views).toEqual([lobby, withRoster]));
    expect(api.status()).toBe('open');
  });

  it('a socket that answers the wake-up check is kept, and its fresh view is taken', async () => {
    const api = makeApi();
    const views: AppView[] = [];
    api.onView((v) => views.push(v));
    latest().open();
    answerGetView(latest(), lobby);
    api.retryNow();
    answerGetView(latest(), withRoster);
    await vi.waitFor(() => expect(views).toEqual([lobby, withRoster]));
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
    expect(api.status()).toBe('open');
  });

  it('lastViewAt says when the last view arrived, so the page can say how far behind it may be', async () => {
    vi.setSystemTime(new Date('2026-11-23T20:00:00Z'));
    const api = makeApi();
    expect(api.lastViewAt()).toBeNull();
    latest().open();
    latest().push({ type: 'view', view: lobby });
    expect(api.lastViewAt()).toBe(Date.parse('2026-11-23T20:00:00Z'));
    vi.advanceTimersByTime(7000);
    latest().drop();
    expect(api.lastViewAt()).toBe(Date.parse('2026-11-23T20:00:00Z'));
    vi.advanceTimersByTime(100);
    latest().open();
    answerGetView(latest(), withRoster);
    // (waitFor moves the fake clock as it polls, so the resync is at least 7.1 s later)
    await vi.waitFor(() => expect(api.lastViewAt()).toBeGreaterThanOrEqual(Date.parse('2026-11-23T20:00:07.100Z')));
  });

  it('retryOnWake: a page made visible, shown from the cache, or the network coming or going asks for a retry; hiding does not', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const retry = vi.fn();
    const stop = retryOnWake({ window: win, document: doc }, retry);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(retry).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    win.dispatchEvent(new Event('offline'));
    win.dispatchEvent(new Event('pageshow'));
    expect(retry).toHaveBeenCalledTimes(4);
    stop();
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(4);
  });
});

describe('createPhoneSocketApi', () => {
  it('has no method that changes anything: only the questions the registry lets a phone ask, and the view', () => {
    const api = createPhoneSocketApi({ url: 'ws://host/ws?role=phone', createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
    const writes = COMMAND_NAMES.filter((name) => COMMAND_REGISTRY[name].changesState);
    expect(writes.length).toBeGreaterThan(0);
    for (const name of writes) expect(name in api, name).toBe(false);
    for (const name of commandsFor('phone')) expect(typeof (api as unknown as Record<string, unknown>)[name], name).toBe('function');
    expect(commandsFor('phone')).toContain('getTab');
    expect(
      Object.keys(api)
        .filter((k) => (COMMAND_NAMES as readonly string[]).includes(k))
        .sort(),
    ).toEqual([...commandsFor('phone')].sort());
  });

  it('asks the running tab over its socket and hands back the answer', async () => {
    const api = createPhoneSocketApi({ url: 'ws://host/ws?role=phone', createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
    latest().open();
    const asked = api.getTab({});
    const sent = latest().commands()[0];
    expect(sent).toMatchObject({ method: 'getTab', args: {} });
    const tab = { tab: [{ from: 'p1', to: 'p2', amount: 450, nights: ['n1'], covers: ['n1:p1>p2'] }], transfers: [] };
    latest().push({ type: 'reply', id: sent?.id as number, result: { ok: true, view: lobby, data: tab } });
    await expect(asked).resolves.toEqual({ ok: true, view: lobby, data: tab });
  });

  it('opens a phone-role socket carrying the token of its own link', () => {
    const url = new URL(socketUrlFor({ protocol: 'http:', host: '192.168.1.20:5199', search: '?token=V1', hash: '' }, 'phone'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ role: 'phone', token: 'V1' });
    expect(socketUrlFor({ protocol: 'http:', host: '127.0.0.1:5199', search: '', hash: '' }, 'phone')).toBe(
      'ws://127.0.0.1:5199/ws?role=phone',
    );
  });

  it('says why the host closed it (the table is full) and, turned away, waits longer before trying again; the reason clears once a socket opens', () => {
    const api = createPhoneSocketApi({ url: 'ws://host/ws?role=phone', createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
    latest().open();
    latest().drop(WIRE_CLOSE_TABLE_FULL);
    expect(api.status()).toBe('reconnecting');
    expect(api.lastCloseCode()).toBe(WIRE_CLOSE_TABLE_FULL);
    vi.advanceTimersByTime(WIRE_TABLE_FULL_RETRY_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(api.lastCloseCode()).toBeNull();
    // Any other loss: the usual short backoff.
    latest().drop(1006);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it("R34: helping deal, it sends its head and its values as requests and hands the host's pushes about dealing to the page, never the console's bridge", async () => {
    const api = createPhoneSocketApi({ url: 'ws://host/ws?role=phone', createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
    latest().open();
    const pushes: unknown[] = [];
    api.onWitness((message) => pushes.push(message));
    const head = 'ab'.repeat(32);
    const offered = api.helpDeal({ night: 'n1', witness: '00000000000000a1', head });
    const sent = latest().commands()[0];
    expect(sent).toMatchObject({ method: 'helpDeal', args: { night: 'n1', witness: '00000000000000a1', head } });
    latest().push({
      type: 'reply',
      id: sent?.id as number,
      result: { ok: true, view: lobby, data: { witness: '00000000000000a1', head, from: 'next-deal' } },
    });
    await expect(offered).resolves.toMatchObject({ ok: true, data: { from: 'next-deal' } });
    const request = {
      kind: 'reveal-request',
      night: 'n1',
      witness: '00000000000000a1',
      request: 4,
      head,
      k: 1,
      count: 1,
      waitMs: 1500,
    } as const;
    latest().push({ type: 'witness', message: request });
    expect(pushes).toEqual([request]);
    void api.revealDraws({ night: 'n1', witness: '00000000000000a1', request: 4, values: ['cd'.repeat(32)] });
    expect(latest().commands()[1]).toMatchObject({ method: 'revealDraws', args: { request: 4, values: ['cd'.repeat(32)] } });
    expect('helpDeal' in makeApi()).toBe(false);
  });
});

describe('R35: a phone whose laptop stops answering looks for its night on the alternates it was told', () => {
  const own = 'ws://10.0.0.1:47800/ws?role=phone&token=V1';
  const bob = 'ws://10.0.0.2:47800/ws?role=phone&token=V1';

  it('R35: its own laptop first; once it stopped answering, the alternates at the same time, and the one that let it in is kept', () => {
    const api = createPhoneSocketApi({ url: own, createSocket: (url) => new FakeSocket(url), backoff: () => 100, alternates: () => [bob] });
    expect(FakeSocket.all.map((s) => s.url)).toEqual([own]);
    latest().open();
    expect(api.currentUrl()).toBe(own);
    // Ann's laptop went: its own address and Bob's at once. Bob's laptop has not taken the night over yet, and refuses too.
    latest().drop(1006);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all.slice(1).map((s) => s.url)).toEqual([own, bob]);
    FakeSocket.all[1]?.drop(1006);
    expect(api.status()).toBe('reconnecting');
    FakeSocket.all[2]?.drop(1006);
    vi.advanceTimersByTime(100);
    const [again, onBob] = FakeSocket.all.slice(3);
    onBob?.open();
    expect(api.status()).toBe('open');
    expect(api.currentUrl()).toBe(bob);
    // The other attempt is given up, and says nothing more.
    expect(again?.readyState).toBe(3);
    expect(onBob?.sent.map((m) => m.method)).toEqual(['getView']);
    // Lost again later: Bob's address is now the page's first.
    onBob?.drop(1006);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all.slice(5).map((s) => s.url)).toEqual([bob]);
  });

  it('R35: with no alternates it behaves as before: its own address, again and again', () => {
    createPhoneSocketApi({ url: own, createSocket: (url) => new FakeSocket(url), backoff: () => 100 });
    for (let i = 0; i < 3; i++) {
      latest().drop(1006);
      vi.advanceTimersByTime(100);
    }
    expect(new Set(FakeSocket.all.map((s) => s.url))).toEqual(new Set([own]));
  });
});
