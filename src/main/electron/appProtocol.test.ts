import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_CSP } from '../host/csp';
import { createAppRequestHandler } from './appProtocol';

/** A small out/renderer with a secret beside it, and symlinks pointing in and out. */
let base: string;
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'dealer-app-protocol-'));
  const root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>dealer</title>');
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(root, 'assets', 'blob.bin'), 'x');
  await writeFile(join(root, '.env'), 'SECRET=1');
  await writeFile(join(base, 'secret.txt'), 'the host token');
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'leak.txt'));
  await symlink(join(root, 'index.html'), join(root, 'assets', 'home.html'));
  handler = createAppRequestHandler(root, PRODUCTION_CSP);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app://dealer serves out/renderer and nothing else', () => {
  it('serves index.html at / and by name, with the CSP as a response header', async () => {
    for (const url of ['app://dealer/', 'app://dealer/index.html']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(PRODUCTION_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<title>dealer</title>');
    }
  });

  it('gives each file its MIME type (a module script must be JavaScript)', async () => {
    const types: Record<string, string> = {
      'app://dealer/assets/index-abc.js': 'text/javascript; charset=utf-8',
      'app://dealer/assets/index-abc.css': 'text/css; charset=utf-8',
      'app://dealer/assets/logo.svg': 'image/svg+xml',
      'app://dealer/assets/blob.bin': 'application/octet-stream',
    };
    for (const [url, type] of Object.entries(types)) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
    }
  });

  it('a symlink that stays inside the folder is served', async () => {
    expect((await get('app://dealer/assets/home.html')).status).toBe(200);
  });

  it('refuses to climb out: .., encoded dots and slashes, backslashes, NUL', async () => {
    const attempts = [
      'app://dealer/..%2fsecret.txt',
      'app://dealer/%2e%2e/secret.txt',
      'app://dealer/%2E%2E%2Fsecret.txt',
      'app://dealer/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://dealer/assets/..%5c..%5csecret.txt',
      'app://dealer/%00index.html',
      'app://dealer/%E0%A4%A', // not decodable
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.status);
      expect(await response.text(), url).not.toContain('host token');
    }
    // Plain `..` is resolved by the URL parser before it reaches us: still nothing outside.
    const dotted = await get('app://dealer/../secret.txt');
    expect(dotted.status).toBe(404);
  });

  it('refuses a symlink that resolves outside the folder, dot-files and folders', async () => {
    for (const url of ['app://dealer/assets/leak.txt', 'app://dealer/.env', 'app://dealer/assets', 'app://dealer/missing.js']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe('');
    }
  });

  it('answers only GET and HEAD, and only for the app://dealer host', async () => {
    expect((await get('app://dealer/index.html', 'POST')).status).toBe(405);
    const head = await get('app://dealer/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://other/index.html')).status).toBe(404);
  });
});
