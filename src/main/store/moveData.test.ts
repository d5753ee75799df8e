import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDataFolder, MoveDataError } from './moveData';

let work = '';
let data = '';
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-move-'));
  data = path.join(work, 'data');
  fs.mkdirSync(path.join(data, 'nights'), { recursive: true });
  fs.writeFileSync(path.join(data, 'roster.json'), '{"players":[]}');
  fs.writeFileSync(path.join(data, 'nights', 'n1.jsonl'), 'line\n');
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

describe('copying the data folder before a move', () => {
  it('copies every file and checks it; the data folder stays as it was', () => {
    const to = path.join(work, 'stick', 'dealer');
    expect(copyDataFolder(data, to)).toBe(2);
    expect(fs.readFileSync(path.join(to, 'nights', 'n1.jsonl'), 'utf8')).toBe('line\n');
    expect(fs.readFileSync(path.join(data, 'roster.json'), 'utf8')).toBe('{"players":[]}');
  });

  it('refuses a relative path, a folder inside the data or holding it, and a folder with files, writing nothing', () => {
    const busy = path.join(work, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'mine.txt'), 'keep');
    for (const to of ['relative/dir', path.join(data, 'inner'), work, busy, data]) {
      expect(() => copyDataFolder(data, to)).toThrow(MoveDataError);
    }
    expect(fs.readdirSync(busy)).toEqual(['mine.txt']);
    expect(fs.existsSync(path.join(data, 'inner'))).toBe(false);
  });
});
