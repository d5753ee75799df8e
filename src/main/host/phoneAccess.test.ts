import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppView, PhonesView, WireMessage } from '../../shared';
import { GameSession } from '../session';
import { createConfBackend } from '../store/confBackend';
import { PRODUCTION_CSP } from './csp';
import { BUILD_MANIFEST, lanAddresses, PHONE_PAGE, phonePageFiles, type PhoneAccessOptions } from './phoneAccess';
import { phonesDealer, type PhonesDealer } from './testing/phonesDealer';
import { LINK_REPLACED_CLOSE_CODE } from './server';

/**
 * "Let phones watch": the LAN listener around a
 * real session, with a built renderer stand-in that has a console and a phone
 * page. Phones reach it on 127.0.0.1 here, naming the LAN address in `Host`
 * as a phone on the Wi-Fi would.
 */

const LAN = '192.168.1.20';
let workDir: string;
let rendererDir: string;
let service: PhonesDealer | null = null;
const sockets: WebSocket[] = [];
const blockers: Server[] = [];

/** A build with a console (index.html) and a phone page sharing the Vue chunk, as Vite's manifest describes it. */
async function writeBuild(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Console</title>',
    'phone.html': '<!doctype html><title>Phone</title>',
    'assets/index-a1.js': 'console.log("console")',
    'assets/index-a1.css': 'body{}',
    'assets/phone-b2.js': 'console.log("phone")',
    'assets/phone-b2.css': 'main{}',
    'assets/vue-c3.js': 'export const vue = 1',
    'assets/PhoneHistory-d4.js': 'export const later = 1',
    'assets/HistoryView-e5.js': 'export const consoleOnly = 1',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const manifest = {
    'index.html': {
      file: 'assets/index-a1.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_vue-c3.js'],
      css: ['assets/index-a1.css'],
      dynamicImports: ['src/views/HistoryView.vue'],
    },
    'phone.html': {
      file: 'assets/phone-b2.js',
      src: 'phone.html',
      isEntry: true,
      imports: ['_vue-c3.js'],
      css: ['assets/phone-b2.css'],
      dynamicImports: ['src/phone/PhoneHistory.vue'],
    },
    '_vue-c3.js': { file: 'assets/vue-c3.js' },
    'src/phone/PhoneHistory.vue': { file: 'assets/PhoneHistory-d4.js', isDynamicEntry: true, imports: ['_vue-c3.js'] },
    'src/views/HistoryView.vue': { file: 'assets/HistoryView-e5.js', isDynamicEntry: true },
  };
  await writeFile(join(dir, BUILD_MANIFEST), JSON.stringify(manifest));
}

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-phones-'));
  rendererDir = join(workDir, 'renderer');
  await writeBuild(rendererDir);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await service?.shutDown();
  service = null;
  await Promise.all(blockers.splice(0).map((server) => new Promise((done) => server.close(done))));
  await rm(workDir, { recursive: true, force: true });
});

let tokens = 0;
async function open(options: Partial<PhoneAccessOptions> = {}): Promise<PhonesDealer> {
  service = await phonesDealer(
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
  return service;
}

function phonesOf(view: AppView): PhonesView {
  if (!view.phones) throw new Error('the view has no phones field');
  return view.phones;
}

async function turnOn(s: PhonesDealer): Promise<PhonesView> {
  const result = await s.run('host', 'setPhoneAccess', { on: true });
  if (!result.ok) throw new Error(result.error.message);
  return phonesOf(result.view);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: `${LAN}:${port}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A phone's socket: resolves once open with its first view, or rejects with the refusal's status. */
function phoneSocket(
  port: number,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket; messages: WireMessage[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, { headers: { host: `${LAN}:${port}`, ...headers } });
    sockets.push(socket);
    const messages: WireMessage[] = [];
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as WireMessage));
    socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    socket.once('error', reject);
    socket.once('open', () => resolve({ socket, messages, closed }));
  });
}

/** Sends a request and resolves with its reply. */
function ask(socket: WebSocket, messages: WireMessage[], id: number, method: string, args?: unknown): Promise<WireMessage> {
  socket.send(JSON.stringify({ id, method, args }));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = (): void => {
      const reply = messages.find((m) => (m.type === 'reply' || m.type === 'error') && m.id === id);
      if (reply) resolve(reply);
      else if (Date.now() - started > 5000) reject(new Error(`no reply to ${method}`));
      else setTimeout(look, 5);
    };
    look();
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

function refusedConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', method: 'GET' }, () => resolve(false));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    req.end();
  });
}

describe('lanAddresses', () => {
  it('keeps the IPv4 addresses others can reach, home networks first, without loopback, internal, link-local or IPv6', () => {
    const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
      family === 'IPv4'
        ? { address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }
        : { address, family, internal, netmask: 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: null, scopeid: 0 };
    const found = lanAddresses({
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      docker0: [entry('172.17.0.1', 'IPv4')],
      eth0: [entry('169.254.10.2', 'IPv4'), entry('fe80::1', 'IPv6')],
      wlan0: [entry('192.168.1.20', 'IPv4'), entry('fd00::20', 'IPv6')],
      vpn: [entry('100.64.0.7', 'IPv4')],
    });
    expect(found).toEqual(['192.168.1.20', '172.17.0.1', '100.64.0.7']);
    expect(lanAddresses({ lo: [entry('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});

describe('phonePageFiles', () => {
  it('is the phone page and what it loads (now or later), never the console page or its own chunks', async () => {
    const files = await phonePageFiles(rendererDir);
    expect([...files].sort()).toEqual([
      'assets/PhoneHistory-d4.js',
      'assets/phone-b2.css',
      'assets/phone-b2.js',
      'assets/vue-c3.js',
      PHONE_PAGE,
    ]);
  });

  it('is empty for a build without a manifest or without a phone page', async () => {
    expect((await phonePageFiles(workDir)).size).toBe(0);
    await writeFile(join(rendererDir, BUILD_MANIFEST), JSON.stringify({ 'index.html': { file: 'assets/index-a1.js' } }));
    expect((await phonePageFiles(rendererDir)).size).toBe(0);
  });
});

describe('letting phones watch', () => {
  it('is off until the host turns it on; a bare session refuses the commands (phones-unavailable)', async () => {
    const s = await open();
    expect(s.getView().phones).toEqual({ state: 'off', links: [], port: null, connected: 0, refusal: null });
    const bare = new GameSession({ storage: createConfBackend(join(workDir, 'bare')) });
    const refused = await bare.run('host', 'setPhoneAccess', { on: true });
    expect(refused.ok ? null : refused.error.code).toBe('phones-unavailable');
    bare.close();
    const bad = await s.run('host', 'setPhoneAccess', { on: 'yes' });
    expect(bad.ok ? null : bad.error.code).toBe('invalid-input');
    expect(s.getView().phones?.state).toBe('off');
  });

  it('turned on, gives one viewer link per LAN address; a phone holding it reads every view but any change is refused (forbidden-role)', async () => {
    const s = await open();
    const pushed: PhonesView[] = [];
    s.onView((view) => pushed.push(phonesOf(view)));
    const phones = await turnOn(s);
    expect(phones.state).toBe('on');
    expect(phones.links).toEqual([`http://${LAN}:${phones.port}/phone.html?token=${tokenOf(phones.links[0]!)}`]);

    const phone = await phoneSocket(phones.port!, `?role=phone&token=${tokenOf(phones.links[0]!)}`);
    await until(() => s.getView().phones?.connected === 1, 'the phone to be counted');
    // The count reaches the screens a moment later (phones coming and going are told a few times a second at most).
    await until(() => pushed.at(-1)?.connected === 1, 'the count to be pushed');
    const view = await ask(phone.socket, phone.messages, 1, 'getView');
    expect(view.type === 'reply' && view.result.ok && view.result.view.phones?.state).toBe('on');

    for (const [id, method, args] of [
      [2, 'startNight', { playerIds: ['p-1', 'p-2'], startingChips: 20, chipValue: 0, currency: '', settings: {} }],
      [3, 'setPhoneAccess', { on: false }],
      [4, 'newPhoneLink', {}],
      [5, 'backup', {}],
    ] as const) {
      const reply = await ask(phone.socket, phone.messages, id, method, args);
      expect(reply.type === 'reply' && !reply.result.ok && reply.result.error.code).toBe('forbidden-role');
    }
    // A history question is for every screen.
    const nights = await ask(phone.socket, phone.messages, 6, 'listNights', {});
    expect(nights.type === 'reply' && nights.result.ok).toBe(true);
    expect(s.getView().phones?.state).toBe('on');

    // Asking to be the host with the viewer link makes a phone, nothing more.
    const console = await phoneSocket(phones.port!, `?token=${tokenOf(phones.links[0]!)}`);
    const denied = await ask(console.socket, console.messages, 1, 'startNight', {});
    expect(denied.type === 'reply' && !denied.result.ok && denied.result.error.params?.['role']).toBe('phone');
  });

  it('refuses without the link (401), a wrong token, or a Host or Origin that is not this listener (403)', async () => {
    const s = await open();
    const phones = await turnOn(s);
    const port = phones.port!;
    const token = tokenOf(phones.links[0]!);

    expect((await get(port, '/phone.html')).status).toBe(401);
    expect((await get(port, '/phone.html?token=wrong')).status).toBe(401);
    await expect(phoneSocket(port, '?role=phone')).rejects.toThrow('401');
    await expect(phoneSocket(port, '?role=phone&token=wrong')).rejects.toThrow('401');

    // DNS rebinding: a page's own name that resolves to this computer is not one of its addresses.
    expect((await get(port, `/phone.html?token=${token}`, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(port, `/phone.html?token=${token}`, { host: `${LAN}:${port + 1}` })).status).toBe(403);
    await expect(phoneSocket(port, `?role=phone&token=${token}`, { host: `evil.example:${port}` })).rejects.toThrow('403');
    // Another site's page opening a socket with a stolen link.
    await expect(phoneSocket(port, `?role=phone&token=${token}`, { origin: 'http://evil.example' })).rejects.toThrow('403');
    expect((await get(port, `/phone.html?token=${token}`, { origin: 'http://evil.example' })).status).toBe(403);

    // The phone's own page is fine from the LAN address or loopback.
    expect((await get(port, `/phone.html?token=${token}`)).status).toBe(200);
    expect((await get(port, `/phone.html?token=${token}`, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(
      200,
    );
    expect(s.getView().phones?.connected).toBe(0);
  });

  it('serves the phone page and its files only: never the console, its chunks or the manifest, with the strict CSP', async () => {
    const s = await open();
    const phones = await turnOn(s);
    const port = phones.port!;
    const token = tokenOf(phones.links[0]!);

    const page = await get(port, `/phone.html?token=${token}`);
    expect(page.body).toContain('<title>Phone</title>');
    expect(page.headers['content-security-policy']).toBe(PRODUCTION_CSP);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`dealer_phone_token=${token}`);
    // The short link: the root is the phone page, not the console.
    expect((await get(port, `/?token=${token}`)).body).toContain('<title>Phone</title>');

    for (const file of ['assets/phone-b2.js', 'assets/phone-b2.css', 'assets/vue-c3.js', 'assets/PhoneHistory-d4.js']) {
      expect((await get(port, `/${file}`, { cookie })).status, file).toBe(200);
    }
    for (const file of [
      'index.html',
      'assets/index-a1.js',
      'assets/index-a1.css',
      'assets/HistoryView-e5.js',
      BUILD_MANIFEST,
      'assets/',
      '../renderer/index.html',
      '%2e%2e/secret',
    ]) {
      const answer = await get(port, `/${file}?token=${token}`);
      expect(answer.status, file).toBeGreaterThanOrEqual(400);
      expect(answer.body).not.toContain('Console');
    }
  });

  it('a new link closes the sockets holding the old one at once; the old link then opens nothing', async () => {
    const s = await open();
    const before = await turnOn(s);
    const port = before.port!;
    const old = tokenOf(before.links[0]!);
    const phone = await phoneSocket(port, `?role=phone&token=${old}`);
    const oldPage = await get(port, `/phone.html?token=${old}`);
    const oldCookie = String(oldPage.headers['set-cookie']).split(';')[0]!;

    const result = await s.run('host', 'newPhoneLink', {});
    const after = result.ok ? phonesOf(result.view) : null;
    const fresh = tokenOf(after!.links[0]!);
    expect(fresh).not.toBe(old);
    expect(after!.port).toBe(port);
    expect(await phone.closed).toBe(LINK_REPLACED_CLOSE_CODE);
    await until(() => s.getView().phones?.connected === 0, 'the old phone to go');

    await expect(phoneSocket(port, `?role=phone&token=${old}`)).rejects.toThrow('401');
    expect((await get(port, '/assets/phone-b2.js', { cookie: oldCookie })).status).toBe(401);
    const renewed = await phoneSocket(port, `?role=phone&token=${fresh}`);
    await until(() => s.getView().phones?.connected === 1, 'the new phone to be counted');
    expect(renewed.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('turned off, closes every phone at once and stops listening', async () => {
    const s = await open();
    const phones = await turnOn(s);
    const token = tokenOf(phones.links[0]!);
    const watching = await Promise.all([1, 2, 3].map(() => phoneSocket(phones.port!, `?role=phone&token=${token}`)));
    await until(() => s.getView().phones?.connected === 3, 'three phones');

    const result = await s.run('host', 'setPhoneAccess', { on: false });
    expect(result.ok && result.view.phones).toEqual({ state: 'off', links: [], port: null, connected: 0, refusal: null });
    await Promise.all(watching.map((phone) => phone.closed));
    expect(await refusedConnection(phones.port!)).toBe(true);
  });

  it('says "no-network" while this computer has no LAN address, and gives the links once it joins one', async () => {
    let addresses: string[] = [];
    const s = await open({ addresses: () => addresses, networkCheckMs: 20 });
    const phones = await turnOn(s);
    expect(phones).toMatchObject({ state: 'no-network', links: [], refusal: null });
    expect(phones.port).toBeGreaterThan(0);
    addresses = [LAN];
    await until(() => s.getView().phones?.state === 'on', 'the network to be found');
    expect(s.getView().phones?.links[0]).toMatch(new RegExp(`^http://${LAN.replaceAll('.', '\\.')}:${phones.port}/phone\\.html\\?token=`));
  });

  it('tries the next port when one is in use, and says "refused" when every port it may use is taken', async () => {
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const taken = (blocker.address() as { port: number }).port;

    const fallsBack = await open({ ports: [taken, 0] });
    const phones = await turnOn(fallsBack);
    expect(phones.state).toBe('on');
    expect(phones.port).not.toBe(taken);
    await fallsBack.shutDown();

    const stuck = await open({ ports: [taken] });
    const refused = await turnOn(stuck);
    expect(refused).toMatchObject({ state: 'refused', links: [], port: null, refusal: { code: 'port-in-use', port: taken } });
  });

  it('says "refused" when the operating system will not let it listen (EACCES), and tries again when turned on again', async () => {
    let allowed = false;
    const s = await open({
      listen: async (options) => {
        if (!allowed) throw Object.assign(new Error(`listen EACCES: permission denied 0.0.0.0:${options.port}`), { code: 'EACCES' });
        const { startHost } = await import('./server');
        return startHost(options);
      },
      ports: [80, 0],
    });
    const refused = await turnOn(s);
    // A refusal is not worth trying the next port: the OS would say the same.
    expect(refused).toMatchObject({ state: 'refused', refusal: { code: 'port-not-allowed', port: 80 } });
    expect(refused.refusal?.message).toContain('EACCES');
    allowed = true;
    const again = await turnOn(s);
    expect(again.state).toBe('on');
  });

  it('never puts a host token in the view: only the viewer link, which phones and the TV may see', async () => {
    const s = await open();
    const phones = await turnOn(s);
    // Every answer's view carries the phones too, questions included.
    const answered = await s.run('host', 'listNights', {});
    expect(answered.ok && answered.view.phones).toEqual(phones);
    const text = JSON.stringify(s.getView());
    const tokensInView = [...text.matchAll(/token=([a-z0-9]+)/g)].map((m) => m[1]);
    expect(new Set(tokensInView)).toEqual(new Set([tokenOf(phones.links[0]!)]));
  });
});
