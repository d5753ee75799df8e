import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { commandError, COMMAND_NAMES, commandsFor, type ApiResult, type AppView, type CommandName, type WireMessage } from '../../shared';
import { admit } from '../session/door';
import type { DealerService } from '../session/service';
import type { AccessTokens } from './access';
import { PRODUCTION_CSP } from './csp';
import { ClientLink } from './clientLink';
import { startHost, type HostOptions, type RunningHost } from './server';
import { rawClient } from './testing/rawClient';

/**
 * A stand-in core: `buyIn` is accepted and changes the view, everything else
 * is refused. `padBytes` makes every view that much bigger (a long night).
 */
function fakeService({ padBytes = 0 } = {}): DealerService & { runs: { command: CommandName; args: unknown }[] } {
  const padding = padBytes > 0 ? [{ id: 'pad', name: 'x'.repeat(padBytes), colour: '#000000', initials: 'X', archived: true }] : [];
  let view: AppView = {
    night: null,
    roster: padding,
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: false },
  };
  const listeners = new Set<(view: AppView) => void>();
  const runs: { command: CommandName; args: unknown }[] = [];
  return {
    runs,
    getView: () => view,
    // The session's one door first, as GameSession.run does: the transport only says who asks.
    async run(role, command, args): Promise<ApiResult> {
      const admitted = admit(role, command);
      if (!admitted.ok) return admitted;
      runs.push({ command, args });
      if (command === 'undo') throw new Error('disk on fire');
      if (command !== 'buyIn') return { ok: false, error: commandError('no-night', 'There is no open night.') };
      // Only the newest player is kept, so a view's size stays the same however many buy-ins come.
      view = { ...view, roster: [...padding, { id: `p${runs.length}`, name: 'Maya', colour: '#e6194b', initials: 'MA', archived: false }] };
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

async function start(service: DealerService = fakeService(), tokens?: AccessTokens, more: Partial<HostOptions> = {}): Promise<RunningHost> {
  host = await startHost({ service, port: 0, rendererDir, ...(tokens ? { tokens } : {}), maxMessageBytes: 4096, ...more });
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
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
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

  it("a console opened with views=once gets a command's view once: pushed, then `answered` without it; without views=once the reply carries it", async () => {
    const service = fakeService({ padBytes: 2000 });
    const running = await start(service);
    const once = await connect(socketUrl(running, '?views=once'));
    const plain = await connect(socketUrl(running));

    once.socket.send(JSON.stringify({ id: 1, method: 'buyIn', args: { stateId: 0, playerId: 'p1', amount: 20 } }));
    const pushed = await once.next();
    expect(pushed.type === 'view' && pushed.view.roster.at(-1)?.id).toBe('p1');
    const answered = await once.next();
    expect(answered).toEqual({ type: 'answered', id: 1 });
    // A view of 2 kB went to this console once, not twice.
    expect(JSON.stringify(answered).length).toBeLessThan(100);
    // The other console was pushed the same view.
    expect((await plain.next()).type).toBe('view');

    plain.socket.send(JSON.stringify({ id: 2, method: 'buyIn', args: { stateId: 0, playerId: 'p1', amount: 20 } }));
    const plainMessages = [await plain.next(), await plain.next()];
    expect(plainMessages.map((m) => m.type)).toEqual(['view', 'reply']);
    const reply = plainMessages[1]!;
    expect(reply.type === 'reply' && reply.result.ok && reply.result.view.roster.at(-1)?.id).toBe('p2');
    // The first console is pushed the view of the other's command, and nothing else.
    expect((await once.next()).type).toBe('view');

    // A refusal comes whole; a question asked after the view it would carry was pushed is `answered` too.
    const refused = await ask(once, 3, 'deal', { stateId: 0 });
    expect(refused).toMatchObject({ type: 'reply', id: 3, result: { ok: false } });
    expect(await ask(once, 4, 'getView')).toEqual({ type: 'answered', id: 4 });
    // A new socket was pushed nothing yet: its first answer carries the view.
    const fresh = await connect(socketUrl(running, '?views=once'));
    const first = await ask(fresh, 1, 'getView');
    expect(first.type === 'reply' && first.result.ok && first.result.view.roster.at(-1)?.id).toBe('p2');
    fresh.socket.close();
    once.socket.close();
    plain.socket.close();
  });

  it('pushes a new view to the TV first, then the console, then the phones, whatever order they connected in', async () => {
    const service = fakeService();
    const running = await start(service);
    const sockets = [
      await connect(socketUrl(running, '?role=phone')),
      await connect(socketUrl(running)),
      await connect(socketUrl(running, '?role=table')),
    ];
    const pushedTo: string[] = [];
    const spy = vi.spyOn(ClientLink.prototype, 'pushView').mockImplementation(function (this: ClientLink) {
      pushedTo.push(this.role);
    });
    await service.run('host', 'buyIn', {});
    spy.mockRestore();
    expect(pushedTo).toEqual(['table', 'host', 'phone']);
    for (const client of sockets) client.socket.close();
  });

  it('with deferViewPushes (the phones listener), views go out after the command, and views of one moment once: the newest', async () => {
    const service = fakeService();
    const running = await start(service, undefined, { deferViewPushes: true });
    const viewer = await connect(socketUrl(running, '?role=phone'));
    // Two commands in the same turn of the event loop, as a script could send them.
    const first = service.run('host', 'buyIn', {});
    const second = service.run('host', 'buyIn', {});
    await Promise.all([first, second]);
    const pushed = await viewer.next();
    expect(pushed.type === 'view' && pushed.view.roster[0]?.id).toBe('p2');
    // Nothing else is waiting: the older view was never sent.
    const more = await Promise.race([viewer.next(), new Promise((done) => setTimeout(() => done('nothing'), 100))]);
    expect(more).toBe('nothing');
    viewer.socket.close();
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

describe('headless host: access tokens (listening beyond loopback)', () => {
  const token = 'tonight-only-9f2c';
  const tokens: AccessTokens = { host: token, viewer: 'watch-only-77ab' };

  it('shows nothing without the token: pages answer 401, sockets are refused', async () => {
    const running = await start(fakeService(), tokens);
    const page = await fetch(running.url);
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain('id="app"');
    expect((await fetch(`${running.url}?token=wrong`)).status).toBe(401);

    for (const query of ['', '?token=wrong']) {
      const socket = new WebSocket(socketUrl(running, query));
      const status = await new Promise<number>((resolve) =>
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      );
      expect(status, query).toBe(401);
    }
  });

  it('serves the page and its files, and accepts the socket, with the token', async () => {
    const running = await start(fakeService(), tokens);
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

  it('asks for a cross-origin opener policy only where a browser takes it (loopback), not from a page on the LAN over http, where it is ignored with a console warning', async () => {
    const running = await start(fakeService(), tokens);
    const onLoopback = await fetch(`${running.url}?token=${token}`);
    expect(onLoopback.status).toBe(200);
    expect(onLoopback.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await fetch(`http://localhost:${running.port}/?token=${token}`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');

    for (const path of [`/?token=${token}`, '/', '/assets/index-abc.js']) {
      const overLan = await new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: running.port, path, headers: { host: `192.168.1.20:${running.port}` } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(overLan.headers['cross-origin-opener-policy'], path).toBeUndefined();
      // The rest of the security headers stay, refusals included.
      expect(overLan.headers['content-security-policy'], path).toBe(PRODUCTION_CSP);
      expect(overLan.headers['x-frame-options'], path).toBe('DENY');
    }
  });
});

describe('headless host: what screens leave behind', () => {
  it('keeps no answer for screens once the last one has gone: a TV that comes later is answered afresh, not from what an earlier one asked', async () => {
    const service = fakeService();
    const asked: string[] = [];
    const history: DealerService = {
      ...service,
      run(role, command, args) {
        if (command !== 'listNights') return service.run(role, command, args);
        asked.push(role);
        return Promise.resolve({ ok: true, view: service.getView(), data: { nights: [] } } as unknown as ApiResult);
      },
    };
    const running = await start(history);
    for (let tv = 1; tv <= 2; tv++) {
      const screen = await connect(socketUrl(running, '?role=table'));
      for (const id of [1, 2]) {
        screen.socket.send(JSON.stringify({ id, method: 'listNights', args: {} }));
        expect(await screen.next()).toMatchObject({ type: 'reply', id, result: { ok: true } });
      }
      screen.socket.close();
      await vi.waitFor(() => expect(running.clientCount()).toBe(0));
    }
    // Each TV's second question is answered from what its first asked (the view did not change); the second TV's
    // first is asked again: what the first TV left was let go when it left.
    expect(asked).toEqual(['table', 'table']);
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

/** Sends one request and waits for the answer to it (views pushed meanwhile are skipped). */
async function ask(client: Awaited<ReturnType<typeof connect>>, id: number, method: string, args?: unknown): Promise<WireMessage> {
  client.socket.send(JSON.stringify({ id, method, args }));
  for (;;) {
    const message = await client.next();
    if (message.type !== 'view') return message;
  }
}

/** A refusal for a command the socket's role may not send. */
function refusedFor(role: string) {
  return {
    type: 'reply',
    result: { ok: false, error: { code: 'forbidden-role', params: { role }, message: expect.stringContaining(`"${role}"`) } },
  };
}

describe('headless host: roles (a table or phone only reads)', () => {
  it('a table socket on loopback needs no token, and every command its role may not send is refused, naming the role, with nothing changed', async () => {
    const service = fakeService();
    const running = await start(service);
    const table = await connect(socketUrl(running, '?role=table'));
    const before = await ask(table, 1, 'getView');
    expect(before).toMatchObject({ type: 'reply', result: { ok: true } });

    const forbidden = COMMAND_NAMES.filter((name) => !commandsFor('table').includes(name));
    expect(forbidden).toContain('buyIn');
    let id = 2;
    for (const command of forbidden) {
      const answer = await ask(table, id++, command, { stateId: 0, playerId: 'p1', amount: 20 });
      expect(answer, command).toMatchObject({ ...refusedFor('table'), id: id - 1 });
    }
    expect(service.runs).toEqual([]);
    expect(await ask(table, id++, 'getView')).toEqual({ ...before, id: id - 1 });
    expect(running.connections().map((c) => c.role)).toEqual(['table']);

    // What the TV may ask (the history) still reaches the core.
    await ask(table, id, 'getStandings', {});
    expect(service.runs.map((r) => r.command)).toEqual(['getStandings']);
    table.socket.close();
  });

  it('gives a read-only socket no room for a large message (a restore-sized one closes it); the console keeps its room', async () => {
    const running = await start(fakeService(), undefined, { maxMessageBytes: 1024 * 1024 });
    const large = JSON.stringify({ id: 1, method: 'getView', pad: 'x'.repeat(100_000) });
    const table = await connect(socketUrl(running, '?role=table'));
    const closed = new Promise<number>((resolve) => table.socket.once('close', (code) => resolve(code)));
    table.socket.send(large);
    expect(await closed).toBe(1009);
    const console_ = await connect(socketUrl(running));
    console_.socket.send(large);
    expect(await console_.next()).toMatchObject({ type: 'reply', id: 1, result: { ok: true } });
    console_.socket.close();
  });

  it('refuses a socket that asks for a role that does not exist', async () => {
    const running = await start();
    const socket = new WebSocket(socketUrl(running, '?role=dealer'));
    const status = await new Promise<number>((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(400);
  });

  it('beyond loopback: only the host token opens a console; the viewer token opens read-only sockets, even one that asks to be the host', async () => {
    const tokens: AccessTokens = { host: 'host-secret-1', viewer: 'viewer-secret-2' };
    const service = fakeService();
    const running = await start(service, tokens);
    const buyIn = { stateId: 0, playerId: 'p1', amount: 5 };

    const phone = await connect(socketUrl(running, `?token=${tokens.viewer}`));
    expect(await ask(phone, 1, 'buyIn', buyIn)).toMatchObject(refusedFor('phone'));
    const sneaky = await connect(socketUrl(running, `?role=host&token=${tokens.viewer}`));
    expect(await ask(sneaky, 1, 'buyIn', buyIn)).toMatchObject(refusedFor('phone'));
    const tv = await connect(socketUrl(running, `?role=table&token=${tokens.viewer}`));
    expect(await ask(tv, 1, 'buyIn', buyIn)).toMatchObject(refusedFor('table'));
    // The TV page opened with the console's link is still a table.
    const tvWithHostLink = await connect(socketUrl(running, `?role=table&token=${tokens.host}`));
    expect(await ask(tvWithHostLink, 1, 'buyIn', buyIn)).toMatchObject(refusedFor('table'));
    expect(service.runs).toEqual([]);
    expect(await ask(phone, 2, 'getView')).toMatchObject({ type: 'reply', result: { ok: true } });

    const console_ = await connect(socketUrl(running, `?token=${tokens.host}`));
    expect(await ask(console_, 1, 'buyIn', buyIn)).toMatchObject({ type: 'reply', result: { ok: true } });
    expect(service.runs).toEqual([{ command: 'buyIn', args: buyIn }]);
    expect(
      running
        .connections()
        .map((c) => c.role)
        .sort(),
    ).toEqual(['host', 'phone', 'phone', 'table', 'table']);

    // The viewer's link opens the pages too (the TV loads the app).
    expect((await fetch(`${running.url}?token=${tokens.viewer}`)).status).toBe(200);
    for (const client of [phone, sneaky, tv, tvWithHostLink, console_]) client.socket.close();
  });
});

describe('headless host: no message may crash it', () => {
  it('answers a method nested 5,000 arrays deep with a short error, quoting none of it, and keeps answering', async () => {
    const running = await start(fakeService(), undefined, { maxMessageBytes: 1024 * 1024 });
    const client = await connect(socketUrl(running));
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const message = `{"id":1,"method":${deep}}`;
    expect(message.length).toBeGreaterThan(10_000);
    client.socket.send(message);
    const answer = await client.next();
    expect(answer).toMatchObject({ type: 'error', id: 1, message: expect.stringContaining('unknown method an array') });
    // Short: the list of known methods, and nothing of the 10,000 characters sent.
    expect(JSON.stringify(answer).length).toBeLessThan(2000);
    expect(JSON.stringify(answer)).not.toContain('[[[');

    // Deep in every other field, and a method name of half a megabyte: short answers too.
    for (const hostile of [
      `{"id":${deep},"method":"getView"}`,
      `{"id":2,"method":{"a":${deep}}}`,
      deep,
      `{"id":3,"method":"${'m'.repeat(500_000)}"}`,
    ]) {
      client.socket.send(hostile);
      const reply = await client.next();
      expect(reply.type).toBe('error');
      expect(JSON.stringify(reply).length).toBeLessThan(2000);
    }
    expect(await ask(client, 4, 'getView')).toMatchObject({ type: 'reply', id: 4, result: { ok: true } });
    expect((await fetch(running.url)).status).toBe(200);
    client.socket.close();
  });
});

describe('headless host: clients that stop reading', () => {
  it('holds a bounded buffer for viewers that stop reading (the newest view replaces older ones), then closes them', async () => {
    const service = fakeService({ padBytes: 20_000 });
    const viewBytes = JSON.stringify({ type: 'view', view: service.getView() }).length;
    const highWater = 64 * 1024;
    const running = await start(service, undefined, { flow: { viewHighWaterBytes: highWater, stuckMs: 500, heartbeatMs: 60_000 } });
    const stalled = await Promise.all(Array.from({ length: 5 }, () => rawClient(running.port, '/ws?role=table')));
    const console_ = await connect(socketUrl(running));

    let mostHeld = 0;
    const commands = 400; // 8 MB of views for each viewer
    for (let n = 1; n <= commands; n++) {
      await ask(console_, n, 'buyIn', { stateId: 0, playerId: 'p1', amount: 1 });
      for (const viewer of running.connections().filter((c) => c.role === 'table')) mostHeld = Math.max(mostHeld, viewer.bufferedBytes);
    }
    const viewers = running.connections().filter((c) => c.role === 'table');
    expect(viewers).toHaveLength(5);
    expect(viewers.every((v) => v.viewWaiting)).toBe(true);
    // At most the high-water mark plus the frame that crossed it, per viewer (8 MB without the bound).
    expect(mostHeld).toBeLessThanOrEqual(highWater + viewBytes + 1024);

    // Stuck for longer than stuckMs: closed, and everything held for them freed. The console stays.
    await vi.waitFor(() => expect(running.connections().map((c) => c.role)).toEqual(['host']), { timeout: 5000, interval: 50 });
    expect(await ask(console_, commands + 1, 'getView')).toMatchObject({ type: 'reply', result: { ok: true } });
    for (const viewer of stalled) viewer.socket.destroy();
    console_.socket.close();
  });

  it('a viewer that pauses and reads again gets the newest view, not every stale one in between', async () => {
    const service = fakeService({ padBytes: 20_000 });
    const running = await start(service, undefined, { flow: { viewHighWaterBytes: 64 * 1024, stuckMs: 60_000, heartbeatMs: 60_000 } });
    const viewer = await connect(socketUrl(running, '?role=table'));
    const console_ = await connect(socketUrl(running));
    viewer.socket.pause();
    const commands = 400;
    for (let n = 1; n <= commands; n++) await ask(console_, n, 'buyIn', { stateId: 0, playerId: 'p1', amount: 1 });
    expect(running.connections().find((c) => c.role === 'table')?.viewWaiting).toBe(true);

    const newest = service.getView();
    const received: AppView[] = [];
    viewer.socket.resume();
    for (;;) {
      const message = await viewer.next();
      if (message.type !== 'view') continue;
      received.push(message.view);
      if (message.view.roster.at(-1)?.id === newest.roster.at(-1)?.id) break;
    }
    expect(received.at(-1)).toEqual(newest);
    // The views that were already in the socket arrive; the rest were replaced by the newest.
    expect(received.length).toBeLessThan(commands);
    viewer.socket.close();
    console_.socket.close();
  }, 15_000);

  it('closes a console that keeps sending requests but never reads the replies, once too much waits for it', async () => {
    const maxBuffered = 256 * 1024;
    const running = await start(fakeService({ padBytes: 20_000 }), undefined, {
      flow: { maxBufferedBytes: maxBuffered, stuckMs: 60_000, heartbeatMs: 60_000 },
    });
    const deaf = await rawClient(running.port, '/ws');
    let mostHeld = 0;
    const sample = setInterval(() => {
      for (const c of running.connections()) mostHeld = Math.max(mostHeld, c.bufferedBytes);
    }, 5);
    for (let id = 1; id <= 2000; id++) deaf.sendText(JSON.stringify({ id, method: 'getView' }));
    await vi.waitFor(() => expect(running.connections()).toEqual([]), { timeout: 10_000, interval: 50 });
    clearInterval(sample);
    expect(mostHeld).toBeLessThanOrEqual(maxBuffered + 30_000);
    deaf.socket.destroy();

    const other = await connect(socketUrl(running));
    expect(await ask(other, 1, 'getView')).toMatchObject({ type: 'reply', result: { ok: true } });
    other.socket.close();
  }, 15_000);

  it('heartbeat: closes a client that neither answers pings nor reads; one that answers stays', async () => {
    const running = await start(fakeService(), undefined, { flow: { heartbeatMs: 100 } });
    const silent = await rawClient(running.port, '/ws?role=phone', { reading: true });
    const alive = await connect(socketUrl(running, '?role=table'));
    await silent.closed;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(running.connections().map((c) => c.role)).toEqual(['table']);
    expect(await ask(alive, 1, 'getView')).toMatchObject({ type: 'reply', result: { ok: true } });
    alive.socket.close();
  });
});
