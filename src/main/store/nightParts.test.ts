import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfBackend } from './confBackend';
import { DealerRepository, nightPartName } from './repository';
import type { StoredNight } from './schemas';

/**
 * Nights stored the way versions before the journal stored them: a head file
 * and `night-parts/`. The app only reads them now, to move them to journals;
 * fixtures/night-in-parts is such a night, as the last version that wrote the
 * format left it (two closed parts of 200 events and a tail of 37).
 */

const folders: string[] = [];
function fixtureRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'night-parts-'));
  folders.push(root);
  fs.cpSync(path.join(import.meta.dirname, 'fixtures', 'night-in-parts'), root, { recursive: true });
  return root;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** The history the fixture holds: one event per command. */
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
  it('loads whole: every part in order, then the tail in its head file', () => {
    const root = fixtureRoot();
    const repo = new DealerRepository(createConfBackend(root));
    expect(repo.loadNight('2026-11-22-abc')).toEqual(nightWith(437));
    expect(repo.notices).toEqual([]);
  });

  it('reads a version 1 night, which kept its whole history in one file', () => {
    const root = fixtureRoot();
    const { id, startedAt, endedAt, events, ledger } = nightWith(3);
    fs.writeFileSync(
      headPath(root),
      JSON.stringify({ format: 'in-between-dealer/night', version: 1, id, startedAt, endedAt, events, ledger }),
    );
    expect(new DealerRepository(createConfBackend(root)).loadNight(id)).toEqual(nightWith(3));
  });

  it('a night with a missing part is set aside and reported, not half loaded', () => {
    const root = fixtureRoot();
    fs.rmSync(partPath(root, 1));
    const repo = new DealerRepository(createConfBackend(root));
    expect(repo.loadNight('2026-11-22-abc')).toBeNull();
    expect(repo.notices).toHaveLength(1);
    expect(repo.notices[0]?.reason).toMatch(/part 1 is missing/);
    expect(fs.existsSync(headPath(root))).toBe(false);
  });
});
