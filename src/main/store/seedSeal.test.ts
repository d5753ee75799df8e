import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitmentOf } from '../engine';
import { SeedKeyFiles, type OsKeychain } from './seedKey';
import { SeedSeal } from './seedSeal';

/** The seal of the seed of the deck in play (R9, R12) and where its key lives. */

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
let root = '';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-seed-seal-'));
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

describe('sealing a seed (R9, R12)', () => {
  it('R12: a sealed seed names its public commitment (R9), hides the seed, and opens only with the key that sealed it', () => {
    const seal = new SeedSeal(new SeedKeyFiles(root, undefined));
    const sealed = seal.seal(SEED);
    expect(sealed.commitment).toBe(commitmentOf(SEED));
    expect(JSON.stringify(sealed)).not.toContain(SEED);
    expect(Buffer.from(sealed.sealed, 'base64url').includes(Buffer.from(SEED, 'hex'))).toBe(false);
    expect(new SeedSeal(new SeedKeyFiles(root, undefined)).open(sealed)).toBe(SEED);
    // Moved to another deck's place, it does not open.
    expect(() => seal.open({ ...sealed, commitment: commitmentOf('ff'.repeat(32)) })).toThrow(/is not the one that sealed it/);
  });

  it('R12: with the OS keychain the key is kept only as the keychain sealed it, and opens in this session only', () => {
    const sealed = new SeedSeal(new SeedKeyFiles(root, keychain('mine'))).seal(SEED);
    expect(fs.existsSync(path.join(root, 'seed-key'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'seed-key.keychain'), 'utf8')).not.toMatch(/[0-9a-f]{64}/);
    expect(new SeedSeal(new SeedKeyFiles(root, keychain('mine'))).open(sealed)).toBe(SEED);
    expect(() => new SeedSeal(new SeedKeyFiles(root, keychain('another user'))).open(sealed)).toThrow(
      /the OS keychain cannot open the key .*another user or on another computer/,
    );
    expect(() => new SeedSeal(new SeedKeyFiles(root, undefined)).open(sealed)).toThrow(/kept by the OS keychain, which is not available/);
  });

  it('R12: a key that cannot be used is set aside, never deleted, when the next seed is sealed, and the host is told', () => {
    fs.writeFileSync(path.join(root, 'seed-key'), 'not a key\n');
    const told: string[][] = [];
    const seal = new SeedSeal(new SeedKeyFiles(root, undefined, () => new Date('2026-01-01T00:00:00Z')), (file, as, reason) =>
      told.push([file, as, reason]),
    );
    expect(() => seal.open({ commitment: commitmentOf(SEED), sealed: 'A'.repeat(80) })).toThrow(/is damaged/);
    const sealed = seal.seal(SEED);
    expect(told).toEqual([
      [
        path.join(root, 'seed-key'),
        `${path.join(root, 'seed-key')}.unusable-2026-01-01T00-00-00-000Z`,
        expect.stringMatching(/is damaged.*a new key seals/),
      ],
    ]);
    expect(fs.readFileSync(told[0]?.[1] ?? '', 'utf8')).toBe('not a key\n');
    expect(seal.open(sealed)).toBe(SEED);
  });
});
