import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../ledger';
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

/** fixtures/night-before-journal holds night('n1') as the format before the journal stored it. */
function oldNightRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'old-night-'));
  folders.push(root);
  fs.cpSync(path.join(import.meta.dirname, 'fixtures', 'night-before-journal'), root, { recursive: true });
  return root;
}

function night(id: string): StoredNight {
  const ledger = Ledger.empty();
  ledger.append([
    { id: `${id}-b1`, move: { code: 'buy-in', player: 'p-ann', amount: 20, from: 'bank', to: 'player:p-ann' }, turn: null },
    { id: `${id}-a1`, move: { code: 'ante', player: 'p-ann', amount: 1, from: 'player:p-ann', to: 'pot' }, turn: null },
  ]);
  return {
    id,
    startedAt: '2026-11-22T20:00:00.000Z',
    endedAt: null,
    events: [{ type: 'night-started', at: '2026-11-22T20:00:00.000Z', players: ['p-ann'] }],
    ledger: [...ledger.entries],
  };
}

describe('a night of the old format that cannot be used', () => {
  let root = '';
  const file = (...parts: string[]) => path.join(root, ...parts);
  const repo = () => new DealerRepository(createConfBackend(root), () => new Date('2026-11-22T21:30:00.000Z'));
  const putOldNight = () => {
    root = oldNightRoot();
  };

  it('R3: sets aside a night whose ledger overdraws a stack', () => {
    putOldNight();
    const bad = JSON.parse(fs.readFileSync(file('nights', 'n1.json'), 'utf8')) as { ledger: unknown[] };
    bad.ledger.push({
      id: 'x',
      seq: bad.ledger.length,
      code: 'bet-lost',
      player: 'p-ann',
      amount: 50,
      from: 'player:p-ann',
      to: 'pot',
      turn: 1,
    });
    fs.writeFileSync(file('nights', 'n1.json'), JSON.stringify(bad)); // the schema allows it; the ledger check on load does not
    const r = repo();
    expect(r.loadNight('n1')).toBeNull();
    expect(r.notices[0]?.reason).toMatch(/chip ledger does not add up: .*player p-ann has only 19 chips/);
  });

  it('sets aside a night file that holds another night', () => {
    putOldNight();
    const r = repo();
    fs.copyFileSync(file('nights', 'n1.json'), file('nights', 'n2.json'));
    expect(r.loadNight('n2')).toBeNull();
    expect(r.notices[0]?.reason).toMatch(/holds night "n1", not "n2"/);
    expect(r.loadNight('n1')).toEqual(night('n1'));
  });

  it('refuses a night id that is not a safe file name', () => {
    putOldNight();
    const r = repo();
    expect(() => r.loadNight('../roster')).toThrow(/is not a night id/);
  });
});
