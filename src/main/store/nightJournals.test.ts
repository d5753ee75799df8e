import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerLine } from '../night';
import { createConfBackend } from './confBackend';
import { DealerRepository } from './repository';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-journals-'));
  fs.mkdirSync(path.join(root, 'nights'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const repo = () => new DealerRepository(createConfBackend(root), () => new Date('2026-11-22T21:30:00.000Z'));
const journal = (id: string) => path.join(root, 'nights', `${id}.jsonl`);

describe('reading a night journal (nightJournals.ts)', () => {
  it('a night with no journal and no old files is no night, and nothing is reported', () => {
    const r = repo();
    expect(r.readNight('2026-11-22-ab12')).toBeNull();
    expect(r.notices).toEqual([]);
  });

  it('a journal that holds another night is set aside, kept whole, and reported', () => {
    fs.writeFileSync(journal('2026-11-22-ab12'), headerLine('2026-11-21-zz99'));
    const r = repo();
    expect(r.readNight('2026-11-22-ab12')).toBeNull();
    expect(r.notices[0]?.reason).toMatch(/journal of night "2026-11-21-zz99", not "2026-11-22-ab12"/);
    expect(fs.readFileSync(r.notices[0]?.setAsideAs ?? '', 'utf8')).toBe(headerLine('2026-11-21-zz99'));
  });

  it('a torn last line, never acknowledged, is cut off; the header stays', () => {
    fs.writeFileSync(journal('2026-11-22-ab12'), `${headerLine('2026-11-22-ab12')}{"command":{"na`);
    const read = repo().readNight('2026-11-22-ab12');
    expect(read?.bytes).toBe(Buffer.byteLength(headerLine('2026-11-22-ab12')));
    expect(fs.readFileSync(journal('2026-11-22-ab12'), 'utf8')).toBe(headerLine('2026-11-22-ab12'));
  });
});
