import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../night';
import { LaptopKey } from './laptopKey';
import type { OsKeychain } from './seedKey';

/** The laptop's signing key (docs/group.md "The laptop's key"): made once, kept as the seed key is, never a crash. */

const ME = 'l-00000000000000a1';
const AT = () => new Date('2026-03-01T20:00:00Z');
let root = '';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-laptop-key-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** A keychain that keeps a blob only it can open (the OS's, in the app). */
function keychain(name: string): OsKeychain {
  return {
    encrypt: (text) => Buffer.from(`${name}:${Buffer.from(text).toString('base64')}`),
    decrypt: (blob) => {
      const [by, body] = blob.toString().split(':');
      if (by !== name) throw new Error('made by another keychain');
      return Buffer.from(body ?? '', 'base64').toString();
    },
  };
}

function told(): { list: string[][]; hook: (file: string, as: string, reason: string) => void } {
  const list: string[][] = [];
  return { list, hook: (file, as, reason) => list.push([file, as, reason]) };
}

describe("the laptop's key", () => {
  it('is made once and read back the same after a restart: what it signed still verifies under the same public key', () => {
    const first = new LaptopKey(root, undefined, AT).signer(ME);
    expect(first.laptopId).toBe(ME);
    expect(first.publicKey).toMatch(/^[0-9a-f]{64}$/);
    const signature = first.sign('in-between-dealer/laptop\nhello');
    const again = new LaptopKey(root, undefined, AT).signer(ME);
    expect(again.publicKey).toBe(first.publicKey);
    expect(verifySignature(again.publicKey, 'in-between-dealer/laptop\nhello', signature)).toBe(true);
    expect(verifySignature(again.publicKey, 'in-between-dealer/laptop\nhellO', signature)).toBe(false);
  });

  it('without the OS keychain it is a key file readable by this user only (0600), never the public key alone', () => {
    const signer = new LaptopKey(root, undefined, AT).signer(ME);
    const file = path.join(root, 'laptop-key');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(signer.publicKey);
    // Beside the seed key, never in the group folder a sync tool copies.
    expect(fs.existsSync(path.join(root, 'group'))).toBe(false);
  });

  it('with the OS keychain it is kept only as the keychain sealed it, and the same key opens after a restart', () => {
    const signer = new LaptopKey(root, keychain('mine'), AT).signer(ME);
    expect(fs.existsSync(path.join(root, 'laptop-key'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'laptop-key.keychain'), 'utf8')).not.toMatch(/[0-9a-f]{64}/);
    expect(new LaptopKey(root, keychain('mine'), AT).signer(ME).publicKey).toBe(signer.publicKey);
  });

  it('a damaged key is set aside (never deleted), the host told that the group will learn the new key, and a new key signs', () => {
    fs.writeFileSync(path.join(root, 'laptop-key'), 'not a key\n');
    const notices = told();
    const signer = new LaptopKey(root, undefined, AT, notices.hook).signer(ME);
    const aside = `${path.join(root, 'laptop-key')}.unusable-2026-03-01T20-00-00-000Z`;
    expect(notices.list).toEqual([
      [
        path.join(root, 'laptop-key'),
        aside,
        expect.stringMatching(/is damaged.*new key.*tells the group in its next manifest.*until each of them trusts the new key \(Alt\+T/),
      ],
    ]);
    expect(fs.readFileSync(aside, 'utf8')).toBe('not a key\n');
    expect(new LaptopKey(root, undefined, AT).signer(ME).publicKey).toBe(signer.publicKey);
  });

  it('a key the OS keychain cannot open (another user, another computer) gives a notice and a new key, not a crash', () => {
    const before = new LaptopKey(root, keychain('another user'), AT).signer(ME);
    const notices = told();
    const after = new LaptopKey(root, keychain('mine'), AT, notices.hook).signer(ME);
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(notices.list).toEqual([
      [path.join(root, 'laptop-key.keychain'), expect.stringContaining('.unusable-'), expect.stringMatching(/cannot open the key/)],
    ]);
  });

  it('a key gone while the group knows one is told as lost; a first key is made without a word', () => {
    const notices = told();
    const first = new LaptopKey(root, undefined, AT, notices.hook).signer(ME);
    expect(notices.list).toEqual([]);
    fs.rmSync(path.join(root, 'laptop-key'));
    const made = new LaptopKey(root, undefined, AT, notices.hook).signer(ME, first.publicKey);
    expect(made.publicKey).not.toBe(first.publicKey);
    expect(notices.list).toEqual([
      [
        path.join(root, 'laptop-key'),
        '',
        expect.stringMatching(/signing key is gone.*tells the group in its next manifest.*until each of them trusts the new key \(Alt\+T/),
      ],
    ]);
  });

  it('a disk that refuses the new key gives a notice and a key kept in memory for this run, not a crash', () => {
    // A data folder whose parent is a file: nothing can be written under it, whoever runs the test (root too).
    fs.writeFileSync(path.join(root, 'a-file'), '');
    const refusing = path.join(root, 'a-file', 'data');
    const notices = told();
    const signer = new LaptopKey(refusing, undefined, AT, notices.hook).signer(ME);
    expect(verifySignature(signer.publicKey, 'x', signer.sign('x'))).toBe(true);
    expect(notices.list).toEqual([[path.join(refusing, 'laptop-key'), '', expect.stringMatching(/could not be written.*kept in memory/)]]);
  });
});
