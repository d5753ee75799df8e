import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from './confBackend';
import { StoreReadError } from './jsonFile';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-conf-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('createConfBackend', () => {
  it('writes a whole JSON file and reads it back', () => {
    const doc = createConfBackend(root).open('roster');
    expect(doc.path).toBe(path.join(root, 'roster.json'));
    doc.write({ players: [{ id: 'a', name: 'Ann' }], 'dotted.key': 1 });
    doc.write({ players: [] });
    expect(doc.read()).toEqual({ players: [] });
    expect(JSON.parse(fs.readFileSync(doc.path, 'utf8'))).toEqual({ players: [] });
  });

  it('puts a name with a folder in that folder, creating it', () => {
    const doc = createConfBackend(root).open('nights/2026-11-22-ab12');
    expect(doc.path).toBe(path.join(root, 'nights', '2026-11-22-ab12.json'));
    doc.write({ id: '2026-11-22-ab12' });
    expect(fs.readdirSync(path.join(root, 'nights'))).toEqual(['2026-11-22-ab12.json']);
  });

  it('reads a missing file as undefined, without creating it', () => {
    const doc = createConfBackend(root).open('settings');
    expect(doc.read()).toBeUndefined();
    expect(fs.existsSync(doc.path)).toBe(false);
  });

  it('reports a file that is not JSON, and can still replace it', () => {
    const doc = createConfBackend(root).open('settings');
    fs.writeFileSync(doc.path, '{"format": "in-betw');
    expect(() => doc.read()).toThrow(StoreReadError);
    expect(() => doc.read()).toThrow(/settings\.json is not valid JSON/);
    fs.writeFileSync(doc.path, '');
    expect(() => doc.read()).toThrow(/the file is empty/);
    doc.write({ nextCarry: 0 });
    expect(doc.read()).toEqual({ nextCarry: 0 });
  });

  it('reads any JSON value as it is (a bare array stays an array)', () => {
    const doc = createConfBackend(root).open('roster');
    fs.writeFileSync(doc.path, '[{"id":"a","name":"Ann"}]');
    expect(doc.read()).toEqual([{ id: 'a', name: 'Ann' }]);
  });

  it('leaves no temp files behind after writing', () => {
    const doc = createConfBackend(root).open('roster');
    for (let i = 0; i < 5; i++) doc.write({ n: i });
    expect(fs.readdirSync(root)).toEqual(['roster.json']);
  });

  it('refuses names that could reach outside the data folder', () => {
    const backend = createConfBackend(root);
    for (const name of ['../escape', '/etc/passwd', 'a/b/c', '', 'nights/', '.hidden', 'nights/..']) {
      expect(() => backend.open(name), name).toThrow(/is not a document name/);
    }
  });
});
