import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfBackend } from './confBackend';
import { DealerRepository, NIGHT_PART_EVENTS, nightPartName } from './repository';
import type { StoredNight } from './schemas';

const folders: string[] = [];
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'night-parts-'));
  folders.push(root);
  return root;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A night whose history grows one event per command, as the session saves it. */
function nightWith(events: number): StoredNight {
  return {
    id: '2026-11-22-abc',
    startedAt: '2026-11-22T20:00:00.000Z',
    endedAt: null,
    events: Array.from({ length: events }, (_, n) => ({ type: 'command', stateId: n + 1, name: 'deal' })),
    ledger: [],
  };
}

const headPath = (root: string) => path.join(root, 'nights', '2026-11-22-abc.json');
const partPath = (root: string, index: number) => path.join(root, `${nightPartName('2026-11-22-abc', index)}.json`);

describe('a night stored in parts', () => {
  it('rewrites only a bounded tail however long the night runs, and loads whole', { timeout: 30_000 }, () => {
    const root = tempRoot();
    const repo = new DealerRepository(createConfBackend(root));
    const total = NIGHT_PART_EVENTS * 2 + 37;
    let biggestHead = 0;
    for (let n = 1; n <= total; n++) {
      repo.saveNight(nightWith(n));
      biggestHead = Math.max(biggestHead, fs.statSync(headPath(root)).size);
    }
    expect(fs.existsSync(partPath(root, 1))).toBe(true);
    expect(fs.existsSync(partPath(root, 2))).toBe(true);
    expect(fs.existsSync(partPath(root, 3))).toBe(false);
    // The head never grows past one part's worth of events.
    const onePart = fs.statSync(partPath(root, 1)).size;
    expect(biggestHead).toBeLessThanOrEqual(onePart * 1.1);

    const reloaded = new DealerRepository(createConfBackend(root)).loadNight('2026-11-22-abc');
    expect(reloaded).toEqual(nightWith(total));
  });

  it('a closed part is never rewritten by later commands, also after a reload', () => {
    const root = tempRoot();
    new DealerRepository(createConfBackend(root)).saveNight(nightWith(NIGHT_PART_EVENTS + 1));
    const before = fs.readFileSync(partPath(root, 1), 'utf8');
    const again = new DealerRepository(createConfBackend(root));
    const night = again.loadNight('2026-11-22-abc');
    expect(night?.events).toHaveLength(NIGHT_PART_EVENTS + 1);
    again.saveNight(nightWith(NIGHT_PART_EVENTS + 5));
    expect(fs.readFileSync(partPath(root, 1), 'utf8')).toBe(before);
    expect(new DealerRepository(createConfBackend(root)).loadNight('2026-11-22-abc')).toEqual(nightWith(NIGHT_PART_EVENTS + 5));
  });

  it('reads a version 1 night, which kept its whole history in one file', () => {
    const root = tempRoot();
    fs.mkdirSync(path.join(root, 'nights'), { recursive: true });
    const { id, startedAt, endedAt, events, ledger } = nightWith(3);
    fs.writeFileSync(headPath(root), JSON.stringify({ format: 'in-between-dealer/night', version: 1, id, startedAt, endedAt, events, ledger }));
    expect(new DealerRepository(createConfBackend(root)).loadNight(id)).toEqual(nightWith(3));
  });

  it('a night with a missing part is set aside and reported, not half loaded', () => {
    const root = tempRoot();
    new DealerRepository(createConfBackend(root)).saveNight(nightWith(NIGHT_PART_EVENTS + 3));
    fs.rmSync(partPath(root, 1));
    const repo = new DealerRepository(createConfBackend(root));
    expect(repo.loadNight('2026-11-22-abc')).toBeNull();
    expect(repo.notices).toHaveLength(1);
    expect(repo.notices[0]?.reason).toMatch(/part 1 is missing/);
    expect(fs.existsSync(headPath(root))).toBe(false);
  });
});

describe('a night written again with another history (a restore)', () => {
  it('is stored whole after forgetWrittenParts, not spliced onto the parts written before', { timeout: 30_000 }, () => {
    const root = tempRoot();
    const repo = new DealerRepository(createConfBackend(root));
    const later = nightWith(NIGHT_PART_EVENTS * 2 + 50);
    for (let n = 1; n <= later.events.length; n++) repo.saveNight({ ...later, events: later.events.slice(0, n) });
    // An earlier version of the same night, as a backup taken mid-night holds it, with a different first event.
    const earlier = nightWith(NIGHT_PART_EVENTS + 50);
    earlier.events[0] = { type: 'command', stateId: 1, name: 'restored' };
    repo.forgetWrittenParts();
    repo.saveNight(earlier);
    expect(new DealerRepository(createConfBackend(root)).loadNight(earlier.id)).toEqual(earlier);
  });
});
