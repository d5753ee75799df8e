import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { commandError, type ApiResult, type AppView, type CommandName, type WireMessage } from '../../shared';
import type { DealerService } from '../session/service';
import { PRODUCTION_CSP } from './csp';
import { startHost, type RunningHost } from './server';

/** A stand-in core: `buyIn` is accepted and changes the view, everything else is refused. */
function fakeService(): DealerService & { runs: { command: CommandName; args: unknown }[] } {
  let view: AppView = { night: null, roster: [], lastSetup: null, storageNotices: [], tableScreen: { kind: 'live' } };
  const listeners = new Set<(view: AppView) => void>();
  const runs: { command: CommandName; args: unknown }[] = [];
  return {
    runs,
    getView: () => view,
    async run(command, args): Promise<ApiResult> {
      runs.push({ command, args });
      if (command === 'undo') throw new Error('disk on fire');
      if (command !== 'buyIn') return { ok: false, error: commandError('no-night', 'There is no open night.') };
      view = { ...view, roster: [...view.roster, { id: `p${view.roster.length + 1}`, name: 'Maya', colour: '#e6194b', initials: 'MA', archived: false }] };
      for (const listener of listeners) listener(view);
      return { ok: true, view };
    },
    onView(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {},
  };
}

let rendererDir: string;
let workDir: string;
let host: RunningHost | null = null;

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-host-'));
  rendererDir = join(workDir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Dealer</title><div id="app"></div>');
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log("dealer")');
  await writeFile(join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(workDir, 'secret.txt'), 'the seed of tonight');
});

afterEach(async () => {
  await host?.close();
  host = null;
  await rm(workDir, { recursive: true, force: true });
});

async function start(service: DealerService = fakeService(), token?: string): Promise<RunningHost> {
  host = await startHost({ service, port: 0, rendererDir, ...(token ? { token } : {}), maxMessageBytes: 4096 });
  return host;
}

/** A raw GET, so that `..` reaches the server as typed (fetch would normalise it). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A connected client that collects every message it receives. */
async function connect(url: string): Promise<{ socket: WebSocket; next: () => Promise<WireMessage> }> {
  const socket = new WebSocket(url);
  const inbox: WireMessage[] = [];
  const waiting: ((message: WireMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = () => {
    const queued = inbox.shift();
    return queued ? Promise.resolve(queued) : new Promise<WireMessage>((resolve) => waiting.push(resolve));
  };
  return { socket, next };
}

function socketUrl(running: RunningHost, query = ''): string {
  return `${running.url.replace('http:', 'ws:')}ws${query}`;
}

describe('headless host: files', () => {
  it('serves the built renderer with its content type and the strict CSP', async () => {
    const running = await start();
    const page = await fetch(running.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(PRODUCTION_CSP);
    expect(PRODUCTION_CSP).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="app">');

    const script = await fetch(`${running.url}assets/index-abc.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const style = await fetch(`${running.url}assets/index-abc.css`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('lists no directories and answers 404 for missing files', async () => {
    const running = await start();
    expect((await fetch(`${running.url}assets/`)).status).toBe(404);
    expect((await fetch(`${running.url}nope.js`)).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    const running = await start();
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const { status, body } = await rawGet(running.port, path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(body, path).not.toContain('seed');
    }
  });
});

describe('headless host: the WebSocket contract', () => {
  it('answers getView and a command, and pushes the new view to every client', async () => {
    const service = fakeService();
    const running = await start(service);
    const host = await connect(socketUrl(running));
    const table = await connect(socketUrl(running));

    host.socket.send(JSON.stringify({ id: 1, method: 'getView' }));
    expect(await host.next()).toEqual({ type: 'reply', id: 1, result: { ok: true, view: service.getView() } });

    host.socket.send(JSON.stringify({ id: 2, method: 'buyIn', args: { stateId: 0, playerId: 'p1', amount: 20 } }));
    const [first, second] = [await host.next(), await host.next()];
    const reply = [first, second].find((m) => m.type === 'reply');
    expect(reply).toMatchObject({ type: 'reply', id: 2, result: { ok: true } });
    expect(service.runs).toEqual([{ command: 'buyIn', args: { stateId: 0, playerId: 'p1', amount: 20 } }]);

    const pushed = await table.next();
    expect(pushed.type).toBe('view');
    if (pushed.type === 'view') expect(pushed.view.roster.map((p) => p.name)).toEqual(['Maya']);

    host.socket.close();
    table.socket.close();
  });

  it('passes a refusal through unchanged', async () => {
    const running = await start();
    const client = await connect(socketUrl(running));
    client.socket.send(JSON.stringify({ id: 7, method: 'deal', args: { stateId: 0 } }));
    expect(await client.next()).toMatchObject({ type: 'reply', id: 7, result: { ok: false, error: { code: 'no-night' } } });
    client.socket.close();
  });

  it('answers malformed messages with an error and keeps the socket and the server alive', async () => {
    const running = await start();
    const client = await connect(socketUrl(running));

    client.socket.send('{not json');
    expect(await client.next()).toMatchObject({ type: 'error', id: null, message: 'the message is not JSON' });
    client.socket.send(JSON.stringify({ method: 'getView' }));
    expect(await client.next()).toMatchObject({ type: 'error', id: null });
    client.socket.send(JSON.stringify([1, 2]));
    expect(await client.next()).toMatchObject({ type: 'error', id: null });
    client.socket.send(JSON.stringify({ id: 3, method: 'dropTable' }));
    expect(await client.next()).toMatchObject({ type: 'error', id: 3, message: expect.stringContaining('unknown method') });
    client.socket.send(JSON.stringify({ id: 4, method: 'undo', args: { stateId: 0 } }));
    expect(await client.next()).toMatchObject({ type: 'error', id: 4, message: expect.stringContaining('disk on fire') });

    client.socket.send(JSON.stringify({ id: 5, method: 'getView' }));
    expect(await client.next()).toMatchObject({ type: 'reply', id: 5, result: { ok: true } });
    expect((await fetch(running.url)).status).toBe(200);
    client.socket.close();
  });

  it('closes a socket that sends an oversized message, and only that one', async () => {
    const running = await start();
    const big = await connect(socketUrl(running));
    const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.send(JSON.stringify({ id: 1, method: 'getView', pad: 'x'.repeat(10_000) }));
    expect(await closed).toBe(1009);

    const other = await connect(socketUrl(running));
    other.socket.send(JSON.stringify({ id: 2, method: 'getView' }));
    expect(await other.next()).toMatchObject({ type: 'reply', id: 2 });
    other.socket.close();
  });

  it('refuses a socket opened from another web site', async () => {
    const running = await start();
    const socket = new WebSocket(socketUrl(running), { headers: { Origin: 'http://evil.example' } });
    const status = await new Promise<number>((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(403);
  });
});

describe('headless host: access token (listening beyond loopback)', () => {
  const token = 'tonight-only-9f2c';

  it('shows nothing without the token: pages answer 401, sockets are refused', async () => {
    const running = await start(fakeService(), token);
    const page = await fetch(running.url);
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain('id="app"');
    expect((await fetch(`${running.url}?token=wrong`)).status).toBe(401);

    for (const query of ['', '?token=wrong']) {
      const socket = new WebSocket(socketUrl(running, query));
      const status = await new Promise<number>((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      expect(status, query).toBe(401);
    }
  });

  it('serves the page and its files, and accepts the socket, with the token', async () => {
    const running = await start(fakeService(), token);
    const page = await fetch(`${running.url}?token=${token}`);
    expect(page.status).toBe(200);
    // The page's own script requests carry no query: the cookie set with the page lets them in.
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toContain(token);
    expect((await fetch(`${running.url}assets/index-abc.js`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${running.url}assets/index-abc.js`)).status).toBe(401);

    const client = await connect(socketUrl(running, `?token=${token}`));
    client.socket.send(JSON.stringify({ id: 1, method: 'getView' }));
    expect(await client.next()).toMatchObject({ type: 'reply', id: 1, result: { ok: true } });
    client.socket.close();
  });
});

describe('headless host: ordering', () => {
  it('answers one client in request order, so a reply never carries an older view than a push before it', async () => {
    const service = fakeService();
    const running = await start(service);
    const client = await connect(socketUrl(running));
    // Sent together: the getView must be answered (with the empty roster) before the buy-in runs.
    client.socket.send(JSON.stringify({ id: 1, method: 'getView' }));
    client.socket.send(JSON.stringify({ id: 2, method: 'buyIn', args: { stateId: 0, playerId: 'p1', amount: 5 } }));
    const first = await client.next();
    expect(first).toMatchObject({ type: 'reply', id: 1 });
    if (first.type === 'reply' && first.result.ok) expect(first.result.view.roster).toEqual([]);
    client.socket.close();
  });
});
