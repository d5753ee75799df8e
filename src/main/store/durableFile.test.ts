import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileDurably } from './durableFile';
import { removeInterruptedWrites } from './jsonFile';

/** The one whole-file writer (the store's files and the group's alike) and the clean-up of what a kill leaves of it. */

let root = '';
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'durable-file-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a file written whole', () => {
  it('replaces the file, makes its folder when missing, and leaves no temporary file', () => {
    const file = path.join(root, 'group', 'laptops', 'l-1', 'docs.yjs');
    writeFileDurably(file, Uint8Array.of(1, 2, 3));
    writeFileDurably(file, 'text', { durable: false });
    expect(fs.readFileSync(file, 'utf8')).toBe('text');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['docs.yjs']);
  });

  it('a secret is this user’s alone, even over a temporary file a kill left with other permissions', () => {
    const file = path.join(root, 'seed-key');
    fs.writeFileSync(path.join(root, `~seed-key.${process.pid}.tmp`), 'old', { mode: 0o644 });
    writeFileDurably(file, 'secret', { mode: 0o600 });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('what a kill left before the rename is removed at start, in the form written now and in the form earlier versions wrote', () => {
    const leftovers = [
      '~roster.jsonl.4242.tmp',
      'nights/~2026-02-20-abc.jsonl.4242.tmp',
      'nights/~n.witness.7.tmp',
      '~seed-key.4242.tmp',
      '~laptop-key.4242.tmp',
      '~laptop-key.keychain.4242.tmp',
    ];
    const older = ['nights/2026-02-20-abc.jsonl.tmp-4242', 'seed-key.tmp-4242'];
    const kept = ['nights/~notes.txt', 'nights/2026-02-20-abc.jsonl', 'roster.json', 'laptop-key'];
    fs.mkdirSync(path.join(root, 'nights'));
    for (const name of [...leftovers, ...older, ...kept]) fs.writeFileSync(path.join(root, name), 'x');
    const removed = removeInterruptedWrites(root).map((file) => path.relative(root, file));
    expect(removed.sort()).toEqual([...leftovers, ...older].sort());
    for (const name of kept) expect(fs.existsSync(path.join(root, name))).toBe(true);
  });
});
