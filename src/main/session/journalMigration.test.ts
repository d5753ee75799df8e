import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../engine';
import { nightSummary } from '../night';
import { createConfBackend, DealerRepository } from '../store';
import { ask, closeNight, openSession, playNight, TestClock } from './testing/kit';
import type { GameSession } from './gameSession';

/**
 * The first start after the upgrade: nights stored the old way (a head file
 * plus night-parts/, the engine's whole event stream and the ledger) are
 * moved to journals, checked by replaying both.
 */

let root: string;
let clock: TestClock;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-migrate-'));
  clock = new TestClock();
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Everything the host can see of the history. */
function everything(session: GameSession) {
  const list = ask(session, 'listNights');
  return {
    roster: session.getView().roster,
    list,
    nights: list.map((n) => ask(session, 'getNight', { nightId: n.id })),
    exports: list.map((n) => ask(session, 'exportNight', { nightId: n.id, format: 'json' }).content),
    standings: ask(session, 'getStandings', {}),
    fairness: list.map((n) => ask(session, 'verifyNight', { nightId: n.id })),
  };
}

const FIXTURES = path.join(import.meta.dirname, '..', 'store', 'fixtures');

/**
 * fixtures/three-nights-before-journal: three nights (the last one left open)
 * as the last version before the journal stored them, every night a head file
 * and parts (events + ledger), no journals; its `.expected.json` holds the ids,
 * the open night's state id and everything the host could see of them then.
 */
function oldFolder(): { ids: string[]; before: ReturnType<typeof everything>; openStateId: number } {
  fs.cpSync(path.join(FIXTURES, 'three-nights-before-journal'), root, { recursive: true });
  clock.setDay('2026-01-16');
  const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'three-nights-before-journal.expected.json'), 'utf8')) as ReturnType<
    typeof oldFolder
  >;
  return { ...expected, before: asToday(expected.before) };
}

/**
 * What the host sees of the same nights today where the app changed on purpose since the fixture was made: exports are
 * `in-between-night/5`, with no record as these nights were never signed, and the night checker says so (R35); the
 * nights list says which laptop hosted a night (none: they are this laptop's own) and which is unsigned.
 */
function asToday(before: ReturnType<typeof everything>): ReturnType<typeof everything> {
  const unsigned = expect.objectContaining({
    rule: 'R35',
    kind: 'cannot-check',
    expected: expect.stringMatching(/^unsigned: from before signing/),
  });
  return {
    ...before,
    list: before.list.map((night) => ({ ...night, hostedOn: null, unsigned: false })),
    nights: before.nights.map((detail) => ({ ...detail, night: { ...detail.night, hostedOn: null, unsigned: false } })),
    exports: before.exports.map(
      (text) => `${JSON.stringify({ ...(JSON.parse(text) as object), format: 'in-between-night/5', record: null }, undefined, 2)}\n`,
    ),
    fairness: before.fairness.map((report) => ({ ...report, rules: [...(report.rules ?? []), unsigned as never] })),
  };
}

/** Makes the first recorded bet of a night's old files disagree with the chips it moved. */
function tamperFirstBet(id: string): void {
  const files = [
    ...fs
      .readdirSync(path.join(root, 'night-parts'))
      .filter((f) => f.startsWith(id))
      .sort()
      .map((f) => path.join(root, 'night-parts', f)),
    path.join(root, 'nights', `${id}.json`),
  ];
  for (const file of files) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { events: EngineEvent[] };
    const bet = stored.events.findIndex((e) => e.type === 'bet-placed');
    const placed = stored.events[bet];
    if (placed?.type !== 'bet-placed') continue;
    stored.events[bet] = { ...placed, amount: placed.amount + 1 };
    fs.writeFileSync(file, JSON.stringify(stored));
    return;
  }
  throw new Error(`night ${id} has no bet to tamper with`);
}

describe('moving old night files to journals', () => {
  it(
    "writes each night's journal, replays both, and only then sets the old files aside; every view is as before",
    { timeout: 30_000 },
    () => {
      const { ids, before, openStateId } = oldFolder();
      const parts = fs.readdirSync(path.join(root, 'night-parts'));
      expect(parts.length).toBeGreaterThan(0);
      const session = openSession(root, clock, 'after');
      expect(session.getView().storageNotices).toEqual([]);
      expect(everything(session)).toEqual(before);
      // The open night resumes where it was.
      expect(session.getView().night?.stateId).toBe(openStateId);
      const nights = fs.readdirSync(path.join(root, 'nights'));
      for (const id of ids) {
        expect(nights).toContain(`${id}.jsonl`);
        expect(nights).not.toContain(`${id}.json`);
        expect(nights.some((f) => f.startsWith(`${id}.json.pre-journal-`))).toBe(true);
      }
      expect(fs.readdirSync(path.join(root, 'night-parts')).every((f) => f.includes('.pre-journal-'))).toBe(true);
      session.close();
      // And again after a restart, with nothing left to migrate.
      const again = openSession(root, clock, 'again');
      expect(everything(again)).toEqual(before);
      again.close();
    },
  );

  it('a night whose journal would replay differently keeps its old files in use, and says so', { timeout: 30_000 }, () => {
    const { ids } = oldFolder();
    tamperFirstBet(ids[0] ?? '');
    const session = openSession(root, clock, 'after');
    const notices = session.getView().storageNotices;
    expect(notices).toEqual([
      expect.objectContaining({ setAsideAs: '', reason: expect.stringMatching(/could not be moved to a night journal.*stays in use/) }),
    ]);
    const nights = fs.readdirSync(path.join(root, 'nights'));
    expect(nights).toContain(`${ids[0]}.json`);
    expect(nights).not.toContain(`${ids[0]}.jsonl`);
    // Still listed and readable from its old files; the others were moved.
    expect(ask(session, 'listNights').map((n) => n.id)).toContain(ids[0]);
    expect(ask(session, 'getNight', { nightId: ids[0] ?? '' }).turns.length).toBeGreaterThan(0);
    expect(nights).toContain(`${ids[1]}.jsonl`);
    session.close();
  });

  it('the index is rebuilt from the journals whenever it disagrees with them', { timeout: 30_000 }, () => {
    const session = openSession(root, clock, 'index');
    const id = playNight(session, clock, { players: ['Ana', 'Ben'], day: '2026-01-02', turns: 20 });
    closeNight(session);
    const truth = ask(session, 'getStandings', {});
    session.close();
    const indexFile = path.join(root, 'nights-index.json');
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {
      nights: { results: { netChips: number; netMoney: number }[]; journalBytes: number }[];
    };
    const line = index.nights[0];
    const result = line?.results[0];
    if (!line || !result) throw new Error('no index line');
    result.netChips += 100;
    result.netMoney += 25;
    // Smaller than the journal: a line made before its last commands (a larger one would say the journal was cut short).
    line.journalBytes -= 1;
    fs.writeFileSync(indexFile, JSON.stringify(index));
    const again = openSession(root, clock, 'index-again');
    expect(ask(again, 'getStandings', {})).toEqual(truth);
    const repo = new DealerRepository(createConfBackend(root));
    const read = repo.readNight(id);
    expect(read && nightSummary(read.night, read.bytes ?? undefined)).toEqual(repo.loadIndex()[0]);
    again.close();
  });

  it(
    'moves a folder written by an earlier version (fixture: major-unit money, a head file and a part) to journals, results in cents',
    { timeout: 30_000 },
    () => {
      fs.cpSync(path.join(import.meta.dirname, '..', 'store', 'fixtures', 'data-before-minor-units'), root, { recursive: true });
      const session = openSession(root, clock, 'fixture');
      expect(session.getView().storageNotices).toEqual([]);
      expect(fs.existsSync(path.join(root, 'nights', '2026-11-20-d4d209.jsonl'))).toBe(true);
      expect(fs.existsSync(path.join(root, 'nights', '2026-11-20-d4d209.json'))).toBe(false);
      const detail = ask(session, 'getNight', { nightId: '2026-11-20-d4d209' });
      expect(detail.chipValue).toBe(29);
      expect(detail.results?.map((r) => r.netMoney)).toEqual([-174, -87, 0]);
      expect(ask(session, 'verifyNight', { nightId: '2026-11-20-d4d209' }).verified).toBe(true);
      session.close();
    },
  );
});
