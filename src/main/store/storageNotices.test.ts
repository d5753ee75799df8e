import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StorageNotice } from '../../shared';
import { StorageNotices } from './storageNotices';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-notices-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const at = () => new Date('2026-11-22T21:30:00.000Z');

describe('the storage notices the host is shown (storageNotices.ts)', () => {
  it('keeps each notice until dismissed, and does not repeat one still shown', () => {
    const kept: (readonly StorageNotice[])[] = [];
    const notices = new StorageNotices(at, (list) => kept.push([...list]));
    notices.report('missing', '/data/nights/n1.jsonl', 'its file is missing');
    notices.report('missing', '/data/nights/n1.jsonl', 'its file is missing again');
    expect(notices.list).toHaveLength(1);
    expect(kept.at(-1)).toHaveLength(1);
    expect(notices.dismiss(notices.list[0]?.id ?? '')).toBe(true);
    expect(notices.dismiss('no-such-notice')).toBe(false);
    expect(kept.at(-1)).toEqual([]);
  });

  it('still shows a notice when the disk refuses to keep it', () => {
    const notices = new StorageNotices(at, () => {
      throw new Error('EROFS');
    });
    notices.report('rebuilt', '/data/nights-index.json', 'rebuilt from the journals');
    expect(notices.list.map((n) => n.kind)).toEqual(['rebuilt']);
  });

  it('sets a damaged file aside under a new name, never deleting it, and names the copy in the notice', () => {
    const file = path.join(root, 'roster.json');
    fs.writeFileSync(file, 'not json');
    const notices = new StorageNotices(at, () => {});
    notices.setAside(file, 'it is not valid JSON');
    const [notice] = notices.list;
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(notice?.setAsideAs ?? '', 'utf8')).toBe('not json');
    expect(notice?.setAsideAs).toBe(`${file}.corrupt-2026-11-22T21-30-00-000Z`);
  });

  it('copies a file aside before it is repaired, and says so when the copy cannot be made', () => {
    const file = path.join(root, 'n1.jsonl');
    fs.writeFileSync(file, 'lines');
    const notices = new StorageNotices(at, () => {});
    expect(notices.copyAside(file, 'line 2 cannot be used')).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('lines');
    expect(notices.copyAside(path.join(root, 'gone.jsonl'), 'line 2 cannot be used')).toBe(false);
    expect(notices.list[1]?.reason).toMatch(/could not be copied aside .* left as it is and not opened/);
  });
});
