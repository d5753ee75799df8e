import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededByteStream } from './cli';
import { parseServeArgs, UsageError } from './serveArgs';

describe('npm run serve arguments', () => {
  it('listens on this computer only, without a token, unless --listen says otherwise', () => {
    const options = parseServeArgs(['--port', '8080', '--data', 'nights']);
    expect(options).toMatchObject({ port: 8080, listen: '127.0.0.1', needsToken: false, dataDir: resolve('nights') });
  });

  it('requires a token for any address beyond loopback', () => {
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--listen', '0.0.0.0'])).toMatchObject({ needsToken: true });
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--listen', '192.168.1.20'])).toMatchObject({ needsToken: true });
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--listen', '127.0.0.1'])).toMatchObject({ needsToken: false });
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--listen', '::1'])).toMatchObject({ needsToken: false });
  });

  it.each([
    [[], '--port is required'],
    [['--port', '80'], '--data DIR is required'],
    [['--port', 'eighty', '--data', 'd'], 'whole number'],
    [['--port', '70000', '--data', 'd'], 'whole number'],
    [['--port', '1', '--data', 'd', '--listen', 'my laptop'], 'IP address'],
    [['--port', '1', '--data', 'd', '--colour', 'red'], 'colour'],
    [['--port', '1', '--data', 'd', 'extra'], 'extra'],
    [['--port', '1', '--data', 'd', '--phone-port', '99999'], '--phone-port must be'],
    [['--port', '1', '--data', 'd', '--phone-address', 'fe80::1'], '--phone-address must be an IPv4'],
  ])('refuses %j with a message', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError);
    expect(() => parseServeArgs(argv)).toThrow(message);
  });

  it('deals from the secure random source unless --deck-seed is given', () => {
    expect(parseServeArgs(['--port', '0', '--data', 'd'])).toMatchObject({ deckSeed: null });
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--deck-seed', 'C0FFEE'])).toMatchObject({ deckSeed: 'c0ffee' });
  });

  it.each([['xyz'], ['abc'], [''], ['00'.repeat(65)]])('refuses --deck-seed %j: it is not 1 to 64 bytes of hex', (seed) => {
    expect(() => parseServeArgs(['--port', '0', '--data', 'd', '--deck-seed', seed])).toThrow('--deck-seed must be');
  });

  it('exits with code 2 and the usage on a bad --deck-seed, before touching the data folder', () => {
    const tsx = resolve('node_modules/.bin/tsx');
    const run = spawnSync(tsx, ['src/main/host/cli.ts', '--port', '0', '--data', 'never-created', '--deck-seed', 'nothex'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--deck-seed must be');
    expect(run.stderr).toContain('Usage: npm run serve');
  }, 20_000);

  it('R9: a deck seed gives the same byte stream every run, and a different seed another', () => {
    const first = seededByteStream('c0ffee');
    const again = seededByteStream('c0ffee');
    const drawn = [first(32), first(5), first(40)].map((b) => Buffer.from(b).toString('hex')).join('');
    const redrawn = Buffer.from(again(77)).toString('hex');
    expect(drawn).toBe(redrawn);
    expect(Buffer.from(seededByteStream('c0fff0')(77)).toString('hex')).not.toBe(redrawn);
  });

  it('lets phones watch on the port and address given, else leaves both to the phones listener', () => {
    expect(parseServeArgs(['--port', '0', '--data', 'd'])).not.toHaveProperty('phonePort');
    expect(parseServeArgs(['--port', '0', '--data', 'd', '--phone-port', '0', '--phone-address', '192.168.1.20'])).toMatchObject({
      phonePort: 0,
      phoneAddress: '192.168.1.20',
    });
  });

  it('answers --help', () => {
    expect(parseServeArgs(['--help'])).toBe('help');
  });
});
