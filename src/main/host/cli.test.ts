import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WireMessage } from '../../shared';
import { openLinks } from './cli';

/**
 * `npm run serve` as a person or a script meets it: the two lines it prints,
 * and what the links in them open.
 */

const CLI = resolve('src/main/host/cli.ts');
let child: ChildProcess | null = null;
let workDir = '';

afterEach(async () => {
  child?.kill('SIGKILL');
  child = null;
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Starts the CLI and resolves with everything it printed once both links are out. */
async function serve(extra: string[]): Promise<{ stdout: string; console: string; table: string; phone: string }> {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-cli-'));
  await writeFile(join(workDir, 'index.html'), '<!doctype html><title>Dealer</title><div id="app"></div>');
  await writeFile(join(workDir, 'phone.html'), '<!doctype html><title>Dealer</title><div id="app"></div>');
  const args = ['--import', 'tsx', CLI, '--port', '0', '--data', join(workDir, 'data'), '--renderer', workDir, ...extra];
  const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  let stdout = '';
  return new Promise((done, failed) => {
    started.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const consoleLink = /^console: (\S+)$/m.exec(stdout)?.[1];
      const tableLink = /^table: (\S+)$/m.exec(stdout)?.[1];
      const phoneLink = /^phone: (\S+)$/m.exec(stdout)?.[1];
      if (consoleLink && tableLink && phoneLink && stdout.endsWith('\n'))
        done({ stdout, console: consoleLink, table: tableLink, phone: phoneLink });
    });
    started.once('exit', (code) => failed(new Error(`the host exited with ${String(code)}:\n${stdout}`)));
  });
}

/** The socket a page at `pageUrl` opens (as src/renderer/src/api/socket.ts builds it), and one request's answer. */
async function askFrom(pageUrl: string, method: string, args: unknown): Promise<WireMessage | number> {
  const page = new URL(pageUrl);
  const query = new URLSearchParams();
  if (page.hash.startsWith('#/table')) query.set('role', 'table');
  if (page.pathname.endsWith('/phone.html')) query.set('role', 'phone');
  const token = page.searchParams.get('token');
  if (token) query.set('token', token);
  const socket = new WebSocket(`ws://${page.host}/ws${query.size > 0 ? `?${query.toString()}` : ''}`);
  return new Promise((done, failed) => {
    socket.once('unexpected-response', (_request, response) => done(response.statusCode ?? 0));
    socket.once('error', failed);
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method, args })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as WireMessage;
      if (message.type === 'view') return;
      socket.close();
      done(message);
    });
  });
}

const renamePlayer = { playerId: 'p-nobody', name: 'Nobody' };

describe('npm run serve prints one console link, one table link and one phone link', () => {
  it('on loopback: no tokens; the console link changes things, the table and phone links only read', async () => {
    const printed = await serve([]);
    expect(printed.stdout.match(/^console: /gm)).toHaveLength(1);
    expect(printed.stdout.match(/^table: /gm)).toHaveLength(1);
    expect(printed.stdout.match(/^phone: /gm)).toHaveLength(1);
    expect(printed.phone).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/phone\.html$/);
    expect((await fetch(printed.phone)).status).toBe(200);
    expect(await askFrom(printed.phone, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'forbidden-role', params: { role: 'phone' } } },
    });
    expect(printed.console).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/$/);
    expect(printed.table).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/table$/);
    expect((await fetch(printed.table)).status).toBe(200);

    // The console reaches the core (which refuses an unknown player); the table is refused before it.
    expect(await askFrom(printed.console, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'unknown-player' } },
    });
    expect(await askFrom(printed.table, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'forbidden-role', params: { role: 'table' } } },
    });
  }, 30_000);

  it('beyond loopback (--listen 0.0.0.0): both links carry their own token, and nothing opens without one', async () => {
    const printed = await serve(['--listen', '0.0.0.0']);
    expect(printed.stdout.match(/^console: /gm)).toHaveLength(1);
    expect(printed.stdout.match(/^table: /gm)).toHaveLength(1);
    const hostToken = new URL(printed.console).searchParams.get('token');
    const viewerToken = new URL(printed.table).searchParams.get('token');
    // The phones' page carries the viewer token, never the host's.
    expect(printed.stdout.match(/^phone: /gm)).toHaveLength(1);
    expect(new URL(printed.phone).pathname).toBe('/phone.html');
    expect(new URL(printed.phone).searchParams.get('token')).toBe(viewerToken);
    expect(hostToken).toMatch(/^[\w-]{32}$/);
    expect(viewerToken).toMatch(/^[\w-]{32}$/);
    expect(viewerToken).not.toBe(hostToken);

    for (const link of [printed.console, printed.table, printed.phone]) expect((await fetch(link)).status, link).toBe(200);
    const bare = new URL(printed.console);
    bare.search = '';
    expect((await fetch(bare)).status).toBe(401);
    expect(await askFrom(bare.toString(), 'getView', undefined)).toBe(401);

    expect(await askFrom(printed.console, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'unknown-player' } },
    });
    expect(await askFrom(printed.table, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'forbidden-role', params: { role: 'table' } } },
    });
    expect(await askFrom(printed.phone, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'forbidden-role', params: { role: 'phone' } } },
    });
    // The viewer's token on the console route opens a phone: it watches, never commands.
    const phoneLink = printed.table.replace('#/table', '#/');
    expect(await askFrom(phoneLink, 'updatePlayer', renamePlayer)).toMatchObject({
      result: { ok: false, error: { code: 'forbidden-role', params: { role: 'phone' } } },
    });
  }, 30_000);
});

describe('openLinks', () => {
  it('puts each token in its own link, and none on loopback', () => {
    expect(openLinks('http://127.0.0.1:8080/', null)).toEqual({
      console: 'http://127.0.0.1:8080/#/',
      table: 'http://127.0.0.1:8080/#/table',
      phone: 'http://127.0.0.1:8080/phone.html',
    });
    expect(openLinks('http://192.168.1.20:8080/', { host: 'H', viewer: 'V' })).toEqual({
      console: 'http://192.168.1.20:8080/?token=H#/',
      table: 'http://192.168.1.20:8080/?token=V#/table',
      phone: 'http://192.168.1.20:8080/phone.html?token=V',
    });
  });
});
