import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AsideLog } from './asideLog';

/** docs/group.md "The way in": what fails is kept aside, listed naming its laptop, and reported once. */

let root = '';
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'group-aside-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const at = () => new Date('2026-01-02T22:00:00.000Z');
const laptop = 'l-00000000000000a0';

describe('the set-aside log', () => {
  it('keeps the file as it came under group/aside/<laptop>/ and lists it with the laptop and the reason', () => {
    const log = new AsideLog(root, at);
    const notice = log.add(laptop, 'Ann’s laptop', 'nights/n1.jsonl', Buffer.from('not a night'), 'it does not replay');
    expect(notice).toMatchObject({ laptop: 'Ann’s laptop', laptopId: laptop, reason: 'it does not replay', at: at().toISOString() });
    expect(path.dirname(notice?.file ?? '')).toBe(path.join(root, 'group', 'aside', laptop));
    expect(fs.readFileSync(notice?.file ?? '', 'utf8')).toBe('not a night');
    expect(log.entries()).toEqual([notice]);
  });

  it('the same bytes of the same file are set aside once, even after a restart; other bytes are set aside again', () => {
    const log = new AsideLog(root, at);
    const bytes = Buffer.from('bad');
    expect(log.add(laptop, 'Ann', 'docs.yjs', bytes, 'unreadable')).not.toBeNull();
    expect(log.add(laptop, 'Ann', 'docs.yjs', bytes, 'unreadable')).toBeNull();
    const again = new AsideLog(root, at);
    expect(again.entries()).toHaveLength(1);
    expect(again.add(laptop, 'Ann', 'docs.yjs', bytes, 'unreadable')).toBeNull();
    expect(again.add(laptop, 'Ann', 'docs.yjs', Buffer.from('worse'), 'unreadable')).not.toBeNull();
    expect(again.entries()).toHaveLength(2);
  });

  it('a log that is not one reads as empty (nothing set aside is trusted from it)', () => {
    fs.mkdirSync(path.join(root, 'group'), { recursive: true });
    fs.writeFileSync(path.join(root, 'group', 'aside.json'), '{"setAside": 3');
    expect(new AsideLog(root, at).entries()).toEqual([]);
  });
});
