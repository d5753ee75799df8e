import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  ])('refuses %j with a message', (argv, message) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError);
    expect(() => parseServeArgs(argv)).toThrow(message);
  });

  it('answers --help', () => {
    expect(parseServeArgs(['--help'])).toBe('help');
  });
});
