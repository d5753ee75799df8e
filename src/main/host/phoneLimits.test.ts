import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppView, WireMessage } from '../../shared';
import type { DealerService } from '../session/service';
import { createConfBackend } from '../store/confBackend';
import { BUILD_MANIFEST, type PhoneAccessOptions } from './phoneAccess';
import { phonesPart } from './phonesPart';
import { phonesDealer, type PhonesDealer } from './testing/phonesDealer';
import { TABLE_FULL_CLOSE_CODE, TABLE_FULL_REASON } from './server';
import { rawClient } from './testing/rawClient';

/**
 * What phones may cost the host (docs/design.md "Phones on the LAN"): so many
 * sockets, so many questions each, bounded bytes for a phone that stops
 * reading, few view pushes however many come and go; strangers held briefly;
 * no token kept by a cache; W off ends the link.
 */

const LAN = '192.168.1.20';
let workDir: string;
let rendererDir: string;
let service: PhonesDealer | null = null;
/** A phones' part composed by hand (no session): closed after the test. */
let afterPhones: (() => Promise<void>) | null = null;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-phone-limits-'));
  rendererDir = join(workDir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'phone.html'), '<!doctype html><title>Phone</title>');
  await writeFile(join(rendererDir, 'assets/phone-b2.js'), 'console.log("phone")');
  await writeFile(
    join(rendererDir, BUILD_MANIFEST),
    JSON.stringify({ 'phone.html': { file: 'assets/phone-b2.js', src: 'phone.html', isEntry: true } }),
  );
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await service?.shutDown();
  service = null;
  await afterPhones?.();
  afterPhones = null;
  await rm(workDir, { recursive: true, force: true });
});

let tokens = 0;
/** The phones' listener, on: its port and the viewer token of its link. */
async function phonesOn(options: Partial<PhoneAccessOptions> = {}): Promise<{ s: PhonesDealer; port: number; token: string }> {
  const s = await phonesDealer(
    { storage: createConfBackend(join(workDir, 'data')) },
    {
      rendererDir,
      ports: [0],
      listenAddress: '127.0.0.1',
      addresses: () => [LAN],
      newToken: () => `token${++tokens}abcdefghijk`,
      ...options,
    },
  );
  service = s;
  const on = await s.run('host', 'setPhoneAccess', { on: true });
  const link = on.ok ? on.view.phones?.links[0] : undefined;
  if (!link) throw new Error('the phones listener did not start');
  return { s, port: on.ok ? (on.view.phones?.port ?? 0) : 0, token: new URL(link).searchParams.get('token') ?? '' };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${LAN}:${port}`, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Phone {
  socket: WebSocket;
  messages: WireMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A phone's socket; `localAddress` (another 127.x address) makes it another device. */
function phone(port: number, query: string, headers: Record<string, string> = {}, localAddress?: string): Promise<Phone> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, {
      headers: { host: `${LAN}:${port}`, ...headers },
      ...(localAddress ? { localAddress } : {}),
    });
    sockets.push(socket);
    const messages: WireMessage[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as WireMessage));
    socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    socket.once('error', reject);
    socket.once('open', () => resolve({ socket, messages, closed }));
  });
}

function reply(p: Phone, id: number): Promise<WireMessage> {
  return until(() => p.messages.find((m) => m.type === 'reply' && m.id === id), `the reply to ${id}`);
}

async function until<T>(look: () => T | undefined | false, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = look();
    if (found !== undefined && found !== false) return found;
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

describe('what phones may cost the host', () => {
  it('holds at most maxPhones sockets: one more is closed with "the table is full" (4503); when one leaves, the next gets in', async () => {
    const { s, port, token } = await phonesOn({ limits: { maxPhones: 2 } });
    const first = await phone(port, `?role=phone&token=${token}`);
    await phone(port, `?role=phone&token=${token}`);
    const third = await phone(port, `?role=phone&token=${token}`);
    expect(await third.closed).toEqual({ code: TABLE_FULL_CLOSE_CODE, reason: TABLE_FULL_REASON });
    expect(s.getView().phones?.connected).toBe(2);

    first.socket.close();
    await until(() => s.getView().phones?.connected === 1, 'the first phone to go');
    const fourth = await phone(port, `?role=phone&token=${token}`);
    fourth.socket.send(JSON.stringify({ id: 1, method: 'getView' }));
    const answered = await reply(fourth, 1);
    expect(answered.type === 'reply' && answered.result.ok).toBe(true);
  });

  it('refuses a phone asking faster than its rate (too-many-questions, with when to ask again), and answers it again once it waited', async () => {
    const { port, token } = await phonesOn({ limits: { questionRate: { perSecond: 4, burst: 3 } } });
    const p = await phone(port, `?role=phone&token=${token}`);
    for (let id = 1; id <= 5; id++) p.socket.send(JSON.stringify({ id, method: 'listNights', args: {} }));
    const answers = await Promise.all([1, 2, 3, 4, 5].map((id) => reply(p, id)));
    const codes = answers.map((m) => (m.type === 'reply' ? (m.result.ok ? 'ok' : m.result.error.code) : m.type));
    expect(codes).toEqual(['ok', 'ok', 'ok', 'too-many-questions', 'too-many-questions']);
    const refused = answers[3]!;
    expect(refused.type === 'reply' && !refused.result.ok && refused.result.error.params).toEqual({ seconds: 1 });

    await new Promise((done) => setTimeout(done, 1000));
    p.socket.send(JSON.stringify({ id: 6, method: 'listNights', args: {} }));
    const again = await reply(p, 6);
    expect(again.type === 'reply' && again.result.ok).toBe(true);
  });

  it('counts a phone by its link and its address, not its socket: a second socket, or coming back, gives it no fresh allowance', async () => {
    const { port, token } = await phonesOn({ limits: { questionRate: { perSecond: 0.2, burst: 3 } } });
    const codeOf = (m: WireMessage): string => (m.type === 'reply' ? (m.result.ok ? 'ok' : m.result.error.code) : m.type);
    const first = await phone(port, `?role=phone&token=${token}`);
    for (let id = 1; id <= 3; id++) first.socket.send(JSON.stringify({ id, method: 'listNights', args: {} }));
    expect((await Promise.all([1, 2, 3].map((id) => reply(first, id)))).map(codeOf)).toEqual(['ok', 'ok', 'ok']);
    // Another socket of the same phone shares what is left: nothing.
    const second = await phone(port, `?role=phone&token=${token}`);
    second.socket.send(JSON.stringify({ id: 1, method: 'listNights', args: {} }));
    expect(codeOf(await reply(second, 1))).toBe('too-many-questions');
    // Gone and back: still nothing. (The refused socket is held unread for a while: it is cut, not closed.)
    second.socket.terminate();
    first.socket.close();
    await Promise.all([first.closed, second.closed]);
    const back = await phone(port, `?role=phone&token=${token}`);
    back.socket.send(JSON.stringify({ id: 1, method: 'getView' }));
    expect(codeOf(await reply(back, 1))).toBe('too-many-questions');
    // Another phone at the table (another address) has its own.
    const other = await phone(port, `?role=phone&token=${token}`, {}, '127.0.0.2');
    other.socket.send(JSON.stringify({ id: 1, method: 'listNights', args: {} }));
    expect(codeOf(await reply(other, 1))).toBe('ok');
  });

  it('R34: counts a reveal no reveal request asked for like any question: a phone cannot flood the host with them', async () => {
    const { port, token } = await phonesOn({ limits: { questionRate: { perSecond: 0.2, burst: 3 } } });
    const p = await phone(port, `?role=phone&token=${token}`);
    const reveal = { night: '2026-04-03-ab', witness: '00000000000000a1', request: 1, values: ['a'.repeat(64)] };
    for (let id = 1; id <= 5; id++) p.socket.send(JSON.stringify({ id, method: 'revealDraws', args: reveal }));
    const answers = await Promise.all([1, 2, 3, 4, 5].map((id) => reply(p, id)));
    const codes = answers.map((m) => (m.type === 'reply' && !m.result.ok ? m.result.error.code : m.type));
    expect(codes.slice(3)).toEqual(['too-many-questions', 'too-many-questions']);
    expect(codes.slice(0, 3)).not.toContain('too-many-questions');
  });

  it('closes a phone that keeps asking but never reads, not even a ping, within two heartbeats (its replies sink into the kernel unread)', async () => {
    const dropped: string[] = [];
    const { s, port, token } = await phonesOn({
      limits: { questionRate: { perSecond: 10_000, burst: 10_000 }, flow: { heartbeatMs: 200 } },
      onClientDropped: (role, why) => dropped.push(`${role}: ${why}`),
    });
    const deaf = await rawClient(port, `/ws?role=phone&token=${token}`);
    const asking = setInterval(() => deaf.sendText(JSON.stringify({ id: 1, method: 'getView' })), 20);
    const opened = performance.now();
    try {
      await until(() => s.phones.connections().length === 0, 'the deaf phone to be closed');
    } finally {
      clearInterval(asking);
      deaf.socket.destroy();
    }
    expect(performance.now() - opened).toBeLessThan(2000);
    expect(dropped).toEqual(['phone: it stopped answering']);
  });

  it('holds at most about 256 KB for a phone that asks and never reads, then closes it', async () => {
    // A big table's view (20 KB): 2000 answers are 40 MB, more than the kernel's buffers take.
    const pad = { id: 'pad', name: 'x'.repeat(20_000), colour: '#000000', initials: 'X', archived: true };
    const view = {
      night: null,
      roster: [pad],
      lastSetup: null,
      storageNotices: [],
      tableScreen: { kind: 'live' },
      settleMode: 'fewest',
      preferences: { language: 'en', muted: false },
    } as AppView;
    const bigTable: DealerService = {
      getView: () => view,
      run: () => Promise.resolve({ ok: true, view }),
      onView: () => () => undefined,
      close: () => undefined,
    };
    const dropped: string[] = [];
    // The phones' part alone, serving the big table's view.
    const part = phonesPart(
      { service: bigTable, changed: () => undefined },
      {
        rendererDir,
        ports: [0],
        listenAddress: '127.0.0.1',
        addresses: () => [LAN],
        limits: { questionRate: { perSecond: 10_000, burst: 10_000 } },
        onClientDropped: (role, why) => dropped.push(`${role}: ${why}`),
      },
    );
    const s = { phones: part.access };
    afterPhones = () => part.close();
    await part.handlers.setPhoneAccess({ on: true });
    const link = new URL(part.access.view().links[0] ?? '');
    const deaf = await rawClient(Number(link.port), `/ws?role=phone&token=${link.searchParams.get('token')}`);
    let mostHeld = 0;
    for (let id = 1; id <= 2000 && dropped.length === 0; id++) {
      deaf.sendText(JSON.stringify({ id, method: 'getView' }));
      if (id % 10 === 0) {
        await new Promise((done) => setTimeout(done, 1));
        for (const c of s.phones.connections()) mostHeld = Math.max(mostHeld, c.bufferedBytes);
      }
    }
    // Dropped by the host (the client, never reading, does not even see its connection end).
    await until(() => s.phones.connections().length === 0, 'the deaf phone to be dropped');
    deaf.socket.destroy();
    expect(dropped).toEqual(['phone: it stopped reading its replies']);
    expect(mostHeld).toBeLessThanOrEqual(256 * 1024 + 30_000);
  }, 15_000);

  it('tells the screens of phones coming and going a few times a second, not once per phone', async () => {
    const { s, port, token } = await phonesOn();
    const pushed: number[] = [];
    s.onView((view) => pushed.push(view.phones?.connected ?? -1));
    const started = performance.now();
    for (let round = 0; round < 5; round++) {
      const crowd = await Promise.all(Array.from({ length: 10 }, () => phone(port, `?role=phone&token=${token}`)));
      for (const p of crowd) p.socket.close();
      await Promise.all(crowd.map((p) => p.closed));
    }
    await until(() => s.getView().phones?.connected === 0 && pushed.at(-1) === 0, 'the last count');
    const seconds = (performance.now() - started) / 1000;
    // 100 arrivals and departures: at most one push per 250 ms, and the last one carries the final count.
    expect(pushed.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);
    expect(pushed.length).toBeGreaterThan(0);
  });
});

describe('strangers and caches', () => {
  it('answers a page or anything asked with a token no-store, sets the cookie only with a page, and serves assets cacheable without a cookie', async () => {
    const { port, token } = await phonesOn();
    for (const path of [`/phone.html?token=${token}`, `/?token=${token}`]) {
      const page = await get(port, path);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-store');
      expect(String(page.headers['set-cookie'])).toContain(`dealer_phone_token=${token}`);
    }
    const cookie = `dealer_phone_token=${token}`;
    const reloaded = await get(port, '/phone.html', { cookie });
    expect(reloaded.headers['cache-control']).toBe('no-store');
    const asset = await get(port, '/assets/phone-b2.js', { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect(asset.headers['cache-control']).toBe('private, max-age=3600');
    const assetWithToken = await get(port, `/assets/phone-b2.js?token=${token}`);
    expect(assetWithToken.headers['set-cookie']).toBeUndefined();
    expect(assetWithToken.headers['cache-control']).toBe('no-store');
  });

  it("opens a reloaded page's socket with its cookie (no token in the address), from its own origin only", async () => {
    const { s, port, token } = await phonesOn();
    const cookie = `dealer_phone_token=${token}`;
    const origin = `http://${LAN}:${port}`;
    const p = await phone(port, '?role=phone', { cookie, origin });
    await until(() => s.getView().phones?.connected === 1, 'the reloaded phone');
    expect(p.socket.readyState).toBe(WebSocket.OPEN);
    // A cookie alone, without the browser's Origin, opens nothing; nor does another site's page.
    await expect(phone(port, '?role=phone', { cookie })).rejects.toThrow('401');
    await expect(phone(port, '?role=phone', { cookie, origin: 'http://evil.example' })).rejects.toThrow('403');
  });

  it('W off ends the link: on again, a new token; phones, pages and cookies holding the old one are refused', async () => {
    const { s, port: oldPort, token: old } = await phonesOn({ ports: [0] });
    const watching = await phone(oldPort, `?role=phone&token=${old}`);
    const off = await s.run('host', 'setPhoneAccess', { on: false });
    expect(off.ok).toBe(true);
    await watching.closed;
    const on = await s.run('host', 'setPhoneAccess', { on: true });
    const link = on.ok ? on.view.phones?.links[0] : undefined;
    const port = on.ok ? (on.view.phones?.port ?? 0) : 0;
    const fresh = new URL(link ?? 'http://x/').searchParams.get('token');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    await expect(phone(port, `?role=phone&token=${old}`)).rejects.toThrow('401');
    expect((await get(port, `/phone.html?token=${old}`)).status).toBe(401);
    expect((await get(port, '/assets/phone-b2.js', { cookie: `dealer_phone_token=${old}` })).status).toBe(401);
    await phone(port, `?role=phone&token=${fresh}`);
    await until(() => s.getView().phones?.connected === 1, 'a phone with the new link');
  });

  it('holds only so many strangers, each briefly, and ends the connection of a refused request (nothing pipelined behind it is read)', async () => {
    const { port } = await phonesOn({ limits: { connections: { maxStrangers: 3, strangerMs: 300 } } });
    const idle = await Promise.all(
      Array.from({ length: 4 }, () => {
        const socket = connect(port, '127.0.0.1');
        const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
        socket.on('error', () => undefined);
        return new Promise<{ closed: Promise<number> }>((done) => socket.once('connect', () => done({ closed })));
      }),
    );
    const opened = performance.now();
    const closedAt = await Promise.all(idle.map((c) => c.closed));
    // One (the oldest) was closed as the fourth came; the three others once their time was up.
    const early = closedAt.filter((at) => at - opened < 150).length;
    expect(early).toBeGreaterThanOrEqual(1);
    expect(closedAt.every((at) => at - opened < 2000)).toBe(true);

    // Two requests pipelined without a token: one refusal, then the connection ends.
    const answer = await new Promise<string>((done) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => done(text));
      socket.on('error', () => undefined);
      const request = `GET /phone.html HTTP/1.1\r\nHost: ${LAN}:${port}\r\n\r\n`;
      socket.write(request + request);
    });
    expect(answer.match(/HTTP\/1\.1 401/g)).toHaveLength(1);
  });
});
