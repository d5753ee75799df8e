import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerLine } from '../night';
import { createConfBackend } from './confBackend';
import { DealerRepository } from './repository';
import type { NightSummary } from './schemas';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-index-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const repo = () => new DealerRepository(createConfBackend(root), () => new Date('2026-11-22T21:30:00.000Z'));

const line = (id: string, endedAt: string | null): NightSummary => ({
  id,
  startedAt: '2026-11-22T20:00:00.000Z',
  endedAt,
  playerIds: ['p-ann'],
  turns: 4,
  biggestPot: 3,
  winnerIds: [],
  results: [],
  chipValue: 50,
  currency: 'EUR',
  file: `nights/${id}`,
  carriedOut: 0,
});

describe('the nights index made to agree with the nights on disk (indexRepair.ts)', () => {
  it('an index line whose night has no file is taken out and reported; an open one is said to be gone from the table', () => {
    const r = repo();
    const { index, changed } = r.reconcileIndex([line('2026-11-21-aa11', '2026-11-21T23:00:00.000Z'), line('2026-11-22-bb22', null)]);
    expect([index, changed]).toEqual([[], true]);
    expect(r.notices.map((n) => [n.kind, path.basename(n.file)])).toEqual([
      ['missing', '2026-11-21-aa11.jsonl'],
      ['missing', '2026-11-22-bb22.jsonl'],
    ]);
    expect(r.notices[1]?.reason).toMatch(/the open night started 2026-11-22T20:00:00.000Z has gone from the table/);
  });

  it('an empty index of an empty folder is left as it is', () => {
    expect(repo().reconcileIndex([])).toEqual({ index: [], changed: false, replayed: new Map() });
  });

  for (const ended of [true, false]) {
    it(`a journal cut inside its first command line is a notice, never a night gone without a word (${ended ? 'ended' : 'open'} night)`, () => {
      const id = '2026-11-22-cc33';
      const whole = `${headerLine(id)}{"at":"2026-11-22T20:00:00.000Z","command":{"type":"startNight","players":["p-ann"]}}\n`;
      fs.mkdirSync(path.join(root, 'nights'));
      fs.writeFileSync(path.join(root, 'nights', `${id}.jsonl`), whole.slice(0, headerLine(id).length + 20));
      const listed = { ...line(id, ended ? '2026-11-22T23:00:00.000Z' : null), journalBytes: Buffer.byteLength(whole) };
      const r = repo();
      const { index } = r.reconcileIndex([listed]);
      const [notice] = r.notices;
      expect(notice).toMatchObject({
        kind: 'short-journal',
        shortJournal: { night: id, turnsFound: 0, turnsListed: 4, awaitsChoice: ended },
      });
      // The journal as found is kept whole beside it.
      expect(fs.readFileSync(notice?.setAsideAs ?? '', 'utf8')).toBe(whole.slice(0, headerLine(id).length + 20));
      // An ended night's figures stand until the host chooses; an open one has nothing left to play on.
      expect(index).toEqual(ended ? [listed] : []);
    });
  }
});
