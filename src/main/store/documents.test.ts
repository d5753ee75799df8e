import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type RosterPlayer } from '../../shared';
import { Ledger } from '../ledger';
import type { StorageBackend } from './adapter';
import { createConfBackend } from './confBackend';
import { DealerRepository } from './repository';
import type { NightSummary, StoredNight, StoredSettings } from './schemas';

let root: string;
let backend: StorageBackend;
const fixedNow = () => new Date('2026-11-22T21:30:00.000Z');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-repo-'));
  backend = createConfBackend(root);
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const repo = () => new DealerRepository(backend, fixedNow);
const file = (...parts: string[]) => path.join(root, ...parts);

const roster: RosterPlayer[] = [
  { id: 'p-ann', name: 'Ann', colour: '#e6194b', initials: 'AN', archived: false },
  { id: 'p-bo', name: 'Bo', colour: '#3cb44b', initials: 'BO', archived: true },
];

const settings: StoredSettings = {
  lastSetup: { playerIds: ['p-ann', 'p-bo'], startingChips: 20, chipValue: 25, currency: 'EUR', settings: DEFAULT_RULES },
  nextCarry: 3,
};

/** fixtures/night-before-journal holds night('n1') as the format before the journal stored it (the app only reads it now). */
const putOldNight = () => fs.cpSync(path.join(import.meta.dirname, 'fixtures', 'night-before-journal'), root, { recursive: true });

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

const summary = (id: string): NightSummary => ({
  id,
  startedAt: '2026-11-22T20:00:00.000Z',
  endedAt: '2026-11-22T23:00:00.000Z',
  playerIds: ['p-ann', 'p-bo'],
  turns: 42,
  biggestPot: 17,
  winnerIds: ['p-ann'],
  results: [
    { playerId: 'p-ann', boughtIn: 20, finalChips: 30, netChips: 10, netMoney: 500, biggestWin: 6 },
    { playerId: 'p-bo', boughtIn: 20, finalChips: 10, netChips: -10, netMoney: -500, biggestWin: 0 },
  ],
  chipValue: 50,
  currency: 'EUR',
  file: `nights/${id}`,
  carriedOut: 0,
});

describe('the documents of the data folder (documents.ts)', () => {
  it('starts empty on a fresh data folder, with nothing to report', () => {
    const r = repo();
    expect(r.loadSettings()).toEqual({ lastSetup: null, nextCarry: 0 });
    expect(r.loadRoster()).toEqual([]);
    expect(r.loadIndex()).toEqual([]);
    expect(r.loadNight('2026-11-22-ab12')).toBeNull();
    expect(r.notices).toEqual([]);
  });

  it('round-trips settings, roster and the index through files on disk, and reads a night of the old format', () => {
    putOldNight();
    const r = repo();
    r.saveSettings(settings);
    r.saveRoster(roster);
    r.saveIndex([summary('n1')]);

    const fresh = repo();
    expect(fresh.loadSettings()).toEqual(settings);
    expect(fresh.loadRoster()).toEqual(roster);
    expect(fresh.loadIndex()).toEqual([summary('n1')]);
    expect(fresh.loadNight('n1')).toEqual(night('n1'));
    expect(fresh.notices).toEqual([]);
    expect(JSON.parse(fs.readFileSync(file('roster.json'), 'utf8'))).toMatchObject({ format: 'in-between-dealer/roster', version: 2 });
  });

  it('sets a file that is not JSON aside, reports it, and still loads the others', () => {
    const r = repo();
    r.saveSettings(settings);
    r.saveRoster(roster);
    putOldNight();
    fs.writeFileSync(file('roster.json'), '{"format": "in-between-dealer/roster", "players": [');

    const fresh = repo();
    expect(fresh.loadRoster()).toEqual([]);
    expect(fresh.loadSettings()).toEqual(settings);
    expect(fresh.loadNight('n1')).toEqual(night('n1'));

    const setAsideAs = file('roster.json.corrupt-2026-11-22T21-30-00-000Z');
    expect(fresh.notices).toEqual([
      {
        id: expect.any(String),
        kind: 'set-aside',
        file: file('roster.json'),
        setAsideAs,
        reason: expect.stringMatching(/not valid JSON/),
        at: '2026-11-22T21:30:00.000Z',
      },
    ]);
    expect(fs.readFileSync(setAsideAs, 'utf8')).toBe('{"format": "in-between-dealer/roster", "players": [');
    expect(fs.existsSync(file('roster.json'))).toBe(false);
    // The notice is kept (notices.json) for the next start, until the host dismisses it.
    expect(repo().notices).toEqual(fresh.notices);

    // Nothing stands in the way of saving a new roster.
    fresh.saveRoster(roster);
    expect(repo().loadRoster()).toEqual(roster);
  });

  it('sets aside a file that fails its schema, saying which field', () => {
    fs.writeFileSync(
      file('roster.json'),
      JSON.stringify({
        format: 'in-between-dealer/roster',
        version: 2,
        players: [{ id: 'p-ann', colour: '#000000', initials: 'A', archived: false }],
      }),
    );
    const r = repo();
    expect(r.loadRoster()).toEqual([]);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]?.reason).toMatch(/does not match in-between-dealer\/roster: players\.0\.name/);
    expect(fs.existsSync(r.notices[0]?.setAsideAs ?? '')).toBe(true);
  });

  it('keeps two files set aside in the same millisecond apart', () => {
    const r = repo();
    fs.writeFileSync(file('roster.json'), 'nope');
    r.loadRoster();
    fs.writeFileSync(file('roster.json'), 'nope again');
    r.loadRoster();
    expect(r.notices.map((n) => path.basename(n.setAsideAs))).toEqual([
      'roster.json.corrupt-2026-11-22T21-30-00-000Z',
      'roster.json.corrupt-2026-11-22T21-30-00-000Z-1',
    ]);
  });

  it('sets aside a file written by a newer version of the app', () => {
    fs.writeFileSync(file('settings.json'), JSON.stringify({ format: 'in-between-dealer/settings', version: 3, nextCarry: 0 }));
    const r = repo();
    expect(r.loadSettings()).toEqual({ lastSetup: null, nextCarry: 0 });
    expect(r.notices[0]?.reason).toMatch(/newer version of the app \(format version 3; this one reads up to 2\)/);
  });

  it('migrates a version 0 roster on load (fixture), and writes the current version on the next save', () => {
    fs.copyFileSync(path.join(import.meta.dirname, 'fixtures', 'roster-v0.json'), file('roster.json'));
    const r = repo();
    const players = r.loadRoster();
    expect(players).toEqual([
      { id: 'p-ann', name: 'Ann', colour: '#e6194b', initials: 'AN', archived: false },
      { id: 'p-bo', name: 'Bo', colour: '#3cb44b', initials: 'BO', archived: false },
      { id: 'p-cy', name: 'Cy', colour: '#ffe119', initials: 'CY', archived: false },
    ]);
    expect(r.notices).toEqual([]);
    r.saveRoster(players);
    expect(JSON.parse(fs.readFileSync(file('roster.json'), 'utf8'))).toMatchObject({ format: 'in-between-dealer/roster', version: 2 });
  });

  it('migrates a version 1 roster on load (fixture): colours by position, initials from names', () => {
    fs.copyFileSync(path.join(import.meta.dirname, 'fixtures', 'roster-v1.json'), file('roster.json'));
    const r = repo();
    expect(r.loadRoster().map((p) => [p.name, p.colour, p.initials, p.archived])).toEqual([
      ['Ana Lopez', '#e6194b', 'AL', false],
      ['Leo', '#3cb44b', 'LE', true],
      ['zoë', '#ffe119', 'ZO', false],
    ]);
    expect(r.notices).toEqual([]);
  });

  it('loads an index written before results carried biggestWin, chipValue and currency', () => {
    const old = { ...summary('n1'), results: summary('n1').results.map(({ biggestWin: _b, ...rest }) => rest) } as Record<string, unknown>;
    delete old.chipValue;
    delete old.currency;
    fs.writeFileSync(file('nights-index.json'), JSON.stringify({ format: 'in-between-dealer/nights', version: 1, nights: [old] }));
    const [loaded] = repo().loadIndex();
    expect(loaded?.results.map((r) => r.biggestWin)).toEqual([0, 0]);
    expect([loaded?.chipValue, loaded?.currency]).toEqual([0, '']);
  });

  it('M1: a data folder written before money was in minor units (fixture) loads with every chip value and result in cents, nothing set aside', () => {
    fs.cpSync(path.join(import.meta.dirname, 'fixtures', 'data-before-minor-units'), root, { recursive: true });
    const r = repo();
    expect(r.loadSettings().lastSetup?.chipValue).toBe(29);
    const [summary] = r.loadIndex();
    expect([summary?.chipValue, summary?.results.map((x) => x.netMoney)]).toEqual([29, [-174, -87, 0]]);
    const night = r.loadNight('2026-11-20-d4d209');
    expect(night?.events.find((e) => e.type === 'night-started')).toMatchObject({ chipValue: 29, currency: 'EUR' });
    expect(r.notices).toEqual([]);
  });

  it('refuses to write a document it could not read back, and writes nothing', () => {
    const r = repo();
    expect(() => r.saveRoster([roster[0] as RosterPlayer, roster[0] as RosterPlayer])).toThrow(/refusing to write roster: .*share an id/);
    expect(() => r.saveSettings({ lastSetup: null, nextCarry: -1 })).toThrow(/refusing to write settings/);
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
